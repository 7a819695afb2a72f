"""The engine's refusals are codes with their facts, worded elsewhere: str() stays the English sentence.

A refusal a player may read (a rules flag, a history file, a card or an
action written as text) is an :class:`EngineError` with an
:class:`ErrorCode` and ``params``; an illegal play carries its
:class:`Refusal`. Nothing here translates: ``present.refusals`` words them.
"""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

from guinote_tui.engine import (
    ActionError,
    CardError,
    EngineError,
    ErrorCode,
    HistoryError,
    IllegalAction,
    Match,
    Refusal,
    Rules,
    RulesError,
    history_dict,
    parse_action,
    parse_deck,
    read_history,
)
from guinote_tui.engine import errors as engine_errors

ENGINE = Path(engine_errors.__file__).parent
#: The errors that carry a code (a refusal a player may read).
CODED = {"EngineError", "RulesError", "HistoryError", "CardError", "ActionError"}


def test_each_refusal_has_a_code_and_its_facts_and_str_is_english() -> None:
    with pytest.raises(RulesError) as rules:
        Rules.preset("aragones", tute="sometimes")
    assert rules.value.code is ErrorCode.RULES_NOT_CHOICE
    assert dict(rules.value.params) == {"flag": "tute", "choices": "juego | points40 | off", "value": "'sometimes'"}
    assert str(rules.value) == "flag tute must be one of juego | points40 | off, not 'sometimes'"
    with pytest.raises(RulesError) as form:
        Rules.parse_flag("tute")
    assert form.value.code is ErrorCode.RULES_FLAG_FORM
    with pytest.raises(RulesError) as preset:
        Rules.preset("castellano")
    assert str(preset.value) == "unknown rules preset 'castellano': choose one of aragones, libre-100"
    with pytest.raises(CardError) as card:
        parse_deck("1O 2O")
    assert (card.value.code, card.value.params["count"]) == (ErrorCode.DECK_COUNT, 2)
    with pytest.raises(ActionError) as action:
        parse_action("sing:X")
    assert action.value.code is ErrorCode.ACTION_NOT_AN_ACTION


def test_a_history_s_refusal_keeps_the_refusal_it_wraps(tmp_path: Path) -> None:
    """``{path}: bad rules: flag …``: each level is a code, the innermost the rules' own."""
    match = Match(players=2, seed=3)
    data = history_dict(match) | {"rules": {"preset_name": "aragones", "vueltas": "maybe"}}
    data["hands"] = [{"dealer": 0, "deck": data["hands"][0]["deck"], "actions": []}]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    with pytest.raises(HistoryError) as info:
        read_history(path)
    outer = info.value
    assert outer.code is ErrorCode.HISTORY_IN_FILE and outer.params["path"] == str(path)
    rules = outer.params["reason"]
    assert isinstance(rules, HistoryError) and rules.code is ErrorCode.HISTORY_RULES
    flag = rules.params["reason"]
    assert isinstance(flag, RulesError) and flag.code is ErrorCode.RULES_NOT_BOOLEAN
    assert str(outer) == f"{path}: bad rules: flag vueltas must be true or false, not 'maybe'"
    with pytest.raises(HistoryError) as missing:
        read_history(tmp_path / "none.json")
    assert missing.value.code is ErrorCode.HISTORY_NO_FILE


def test_an_illegal_action_in_a_history_carries_the_rule_it_breaks() -> None:
    match = Match(players=2, seed=3)
    data = history_dict(match)
    seat = match.hand.to_move
    assert seat is not None
    held = {str(card) for card in match.hand.hands[seat]}
    other = next(f"{r}{s}" for s in "OCEB" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12) if f"{r}{s}" not in held)
    data["hands"] = [
        {"dealer": data["hands"][0]["dealer"], "deck": data["hands"][0]["deck"], "actions": [f"{seat} {other}"]}
    ]
    from guinote_tui.engine import load_history

    with pytest.raises(HistoryError) as info:
        load_history(data)
    assert info.value.code is ErrorCode.HISTORY_ILLEGAL
    rule = info.value.params["reason"]
    assert isinstance(rule, Refusal) and rule.template == "you don't hold the {name} ({card})"


def test_an_illegal_action_carries_its_refusal() -> None:
    match = Match(players=2, seed=3)
    seat = match.hand.to_move
    assert seat is not None
    with pytest.raises(IllegalAction) as info:
        match.apply(match.legal_actions()[0], (seat + 1) % 2)
    assert info.value.refusal.template == "it is not your turn: seat {seat} is to move"
    assert info.value.rule == f"it is not your turn: seat {seat} is to move"


def test_every_template_names_the_facts_given() -> None:
    """Each code's placeholders are plain names (``{value}``), so a catalog can move them about."""
    for code in ErrorCode:
        fields = [name for _text, name, _spec, _conv in string.Formatter().parse(code.value) if name is not None]
        assert all(name.isidentifier() for name in fields), code
        assert all(
            not spec and not conversion
            for _text, name, spec, conversion in string.Formatter().parse(code.value)
            if name is not None
        ), code
    assert len({code.value for code in ErrorCode}) == len(ErrorCode)


def test_the_engine_raises_its_refusals_with_codes_only() -> None:
    """No coded error is raised with a sentence in the engine's source: ``RulesError(ErrorCode.…, …)``."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name not in CODED:
                continue
            first = node.exc.args[0] if node.exc.args else None
            coded = isinstance(first, ast.Name) and first.id == "kind"  # (a code chosen just before)
            coded = coded or (isinstance(first, ast.Attribute) and ast.unparse(first).startswith("ErrorCode."))
            if not coded:
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node.exc)[:80]}")
    assert found == []


def test_engine_error_is_a_value_error() -> None:
    """Callers that catch ValueError keep working."""
    assert issubclass(EngineError, ValueError) and issubclass(HistoryError, EngineError)
