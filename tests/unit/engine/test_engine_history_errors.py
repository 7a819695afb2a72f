"""Loading a bad history fails with one readable message (HistoryError), never a traceback or half a match."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from guinote_tui.engine import HistoryError, Match, history_dict, load_history, read_history


def good_history() -> dict[str, Any]:
    """A short finished two-hand history (random legal play, fixed seed)."""
    rng = random.Random(5)
    match = Match(players=4, seed=5)
    for _ in range(2):
        while not match.hand.is_over:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        if match.is_over:
            break
        match.next_hand()
    return history_dict(match)


def load_error(source: str | dict[str, Any]) -> str:
    with pytest.raises(HistoryError) as info:
        load_history(source)
    message = str(info.value)
    assert message and "\n" not in message and "Traceback" not in message
    return message


def test_history_good_one_loads() -> None:
    """The base history used below is valid, so each failure comes from the one change made."""
    match = load_history(good_history())
    assert len(match.records()) >= 2


def test_history_malformed_json() -> None:
    assert "not valid JSON" in load_error('{"format": "guinote-history", ')
    assert "JSON object" in load_error("[1, 2, 3]")


def test_history_wrong_format_or_version() -> None:
    data = good_history()
    data["format"] = "chess-pgn"
    assert "format" in load_error(data)
    data = good_history()
    data["version"] = 99
    assert "version 99" in load_error(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda deck: deck[:-1], ["hand 1", "40 cards", "39"]),
        (lambda deck: [*deck[:-1], deck[0]], ["hand 1", "twice"]),
        (lambda deck: [*deck[:-1], "13O"], ["hand 1", "not a card"]),
    ],
    ids=["39 cards", "duplicate card", "not a card"],
)
def test_history_bad_deck(change, words: list[str]) -> None:  # type: ignore[no-untyped-def]
    data = good_history()
    deck = data["hands"][0]["deck"].split()
    data["hands"][0]["deck"] = " ".join(change(deck))
    message = load_error(data)
    for word in words:
        assert word in message, message


def test_history_bad_seat() -> None:
    data = good_history()
    data["hands"][0]["actions"][3] = "7 " + data["hands"][0]["actions"][3].split()[1]
    message = load_error(data)
    assert "hand 1, action 4" in message and "seat" in message
    data = good_history()
    data["hands"][0]["dealer"] = 4
    assert "dealer" in load_error(data)
    data = good_history()
    data["players"] = 3
    assert "players" in load_error(data)


def test_history_unknown_action_text() -> None:
    data = good_history()
    data["hands"][0]["actions"][2] = "1 play:1O"
    message = load_error(data)
    assert "hand 1, action 3" in message and "is not an action" in message


def test_history_illegal_action_in_the_middle_names_hand_action_and_rule() -> None:
    """An illegal action: one message with the hand, the action and the rule, and no match returned."""
    data = good_history()
    actions = data["hands"][1]["actions"]
    # Make a seat play a card it does not hold, at the fifth action of hand 2.
    seat = actions[4].split()[0]
    held_by_others = {a.split()[1] for a in actions if a.split()[0] != seat and ":" not in a and a.split()[1] != "pass"}
    card = sorted(held_by_others)[0]
    actions[4] = f"{seat} {card}"
    message = load_error(data)
    assert message.startswith("hand 2, action 5"), message
    assert "illegal" in message and card in message


def test_history_renuncio_names_the_arrastre_rule() -> None:
    """An arrastre card that breaks an obligation is refused with that rule's words."""
    data = good_history()
    match = load_history(data)
    first = match.records()[0]
    hand_actions = data["hands"][0]["actions"]
    # Find an arrastre position where the seat had a choice it was not allowed; replay up to it.
    from guinote_tui.engine import HandState

    state = HandState(first.deck, first.dealer, match.rules, 4)
    for index, (seat, action) in enumerate(first.actions):
        if state.in_arrastre and state.trick:
            allowed = {str(a) for a in state.legal_actions()}
            refused = [str(c) for c in state.hands[seat] if str(c) not in allowed]
            if refused:
                hand_actions[index] = f"{seat} {refused[0]}"
                message = load_error(data)
                assert message.startswith(f"hand 1, action {index + 1}")
                assert "you must" in message, message
                return
        state.apply(action)
    pytest.fail("the sample hand had no arrastre obligation to break")


def test_history_action_after_the_hand_is_over() -> None:
    data = good_history()
    data["hands"][0]["actions"].append("0 1O")
    assert "already over" in load_error(data)


def test_history_bad_rules_and_hands_list() -> None:
    data = good_history()
    data["rules"] = {"tute": "sometimes"}
    assert "bad rules" in load_error(data)
    data = good_history()
    data["hands"] = []
    assert "hands" in load_error(data)


def test_read_history_missing_file(tmp_path: Path) -> None:
    with pytest.raises(HistoryError, match="no such file") as info:
        read_history(tmp_path / "nope.json")
    assert "\n" not in str(info.value)


def test_read_history_directory(tmp_path: Path) -> None:
    with pytest.raises(HistoryError, match="folder") as info:
        read_history(tmp_path)
    assert "\n" not in str(info.value)


def test_read_history_binary_garbage(tmp_path: Path) -> None:
    path = tmp_path / "garbage.json"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(HistoryError) as info:
        read_history(path)
    message = str(info.value)
    assert message.startswith(str(path)) and "\n" not in message


def test_read_history_round_trip_file(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(good_history()), encoding="utf-8")
    assert history_dict(read_history(path)) == good_history()


def test_history_numbers_of_the_wrong_kind() -> None:
    # A float where a whole number belongs, and digits from other scripts, once gave tracebacks.
    data = good_history()
    data["players"] = 4.0
    assert '"players" must be 2 or 4' in load_error(data)
    for seat in ("²", "١"):
        data = good_history()
        data["hands"][0]["actions"][0] = seat + " " + data["hands"][0]["actions"][0].split()[1]
        message = load_error(data)
        assert "hand 1, action 1" in message and "no seat" in message


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"format": ' + "9" * 5000 + "}"],
    ids=["nested too deep", "number too long"],
)
def test_history_json_the_parser_cannot_take(text: str) -> None:
    assert "not a history this program can read" in load_error(text)


def test_saving_a_history_is_atomic_and_keeps_the_files_mode(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A save replaces the file whole or not at all (a failed write leaves the old one), keeping its mode."""
    import contextlib
    import os

    from guinote_tui.engine import Match, read_history, save_history
    from guinote_tui.engine import history as history_module

    target = tmp_path / "match.json"
    target.write_text("old")
    target.chmod(0o640)
    match = Match(2, seed=3)

    def half(*args, **kwargs):  # type: ignore[no-untyped-def]
        return '{"format": "guinote-history", \ud800'  # the write fails part-way (cannot be encoded)

    monkeypatch.setattr(history_module, "dumps", half)
    with contextlib.suppress(OSError, ValueError):
        save_history(match, target)
    assert target.read_text() == "old" and os.listdir(tmp_path) == ["match.json"]
    monkeypatch.undo()
    save_history(match, target)
    assert read_history(target).seed == 3 and target.stat().st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["match.json"]
