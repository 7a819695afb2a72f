"""``guinote hint``: the coach's hint at one decision of a saved history, the review's own analysis of it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from guinote_tui.ai import NormalBot, decide
from guinote_tui.cli import main
from guinote_tui.coach import COACH_BUDGET, CoachBudget, review_match
from guinote_tui.coach.review import decision_at
from guinote_tui.engine import Card, Match, Rules, history_dict, load_history

SMALL = CoachBudget(min_deals=10, batch=10, max_playouts=200, max_deals=60, arrastre_deals=12, arrastre_nodes=60_000)


def saved(tmp_path: Path, players: int, seed: int, careless: bool = False) -> Path:
    """A hand of the normal bot saved as a history (``careless``: seat 0 plays at random, so it errs)."""
    match = Match(players, Rules(), seed=seed)
    bot, rng, hand = NormalBot(), random.Random(seed), match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        careless_seat = careless and seat == 0
        match.apply(rng.choice(hand.legal_actions()) if careless_seat else decide(bot, hand, seat, rng), seat)
    path = tmp_path / f"h{players}.json"
    path.write_text(json.dumps(history_dict(match)))
    return path


def test_a_decision_read_alone_is_the_one_the_review_judges(tmp_path: Path) -> None:
    match = load_history(json.loads(saved(tmp_path, 4, 8).read_text()))
    reviewed = [d for d in review_match(match, 2, budget=SMALL) if not d.forced]
    log = match.records()[0].actions
    plies = [i for i, (seat, _) in enumerate(log) if seat == 2]
    compared = 0
    for decision in reviewed:
        ply = next(i for i in plies if decision_at(match, 1, i, budget=SMALL)[0] == decision)
        alone, advice = decision_at(match, 1, ply, budget=SMALL)
        assert alone == decision and advice.action == decision.best
        compared += 1
    assert compared > 3


def test_the_command_prints_the_hint_s_analysis_with_the_good_cards(tmp_path: Path) -> None:
    path = saved(tmp_path, 2, 3)
    match = load_history(json.loads(path.read_text()))
    result = CliRunner().invoke(main, ["hint", str(path), "--hand", "1", "--ply", "4", "--think", "0", "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    decision, advice = decision_at(match, 1, 4, budget=COACH_BUDGET)
    assert {k: record[k] for k in decision.to_dict()} == decision.to_dict()
    assert record["analysis"] == "quick" and record["ply"] == 4
    assert record["good"][0] == str(advice.action)
    assert {str(a) for a in advice.good} == set(record["good"])
    assert all(record["cards"][card]["grade"] in ("same", "close") for card in record["good"])
    text = CliRunner().invoke(main, ["hint", str(path), "--hand", "1", "--ply", "4", "--think", "0"])
    assert text.exit_code == 0 and text.output.startswith("Coach: ")


def test_a_hand_or_ply_not_in_the_history_is_one_line(tmp_path: Path) -> None:
    path = saved(tmp_path, 2, 3)
    for args, said in (
        (["--hand", "2", "--ply", "0"], "--hand 2: the history holds 1 hand"),
        (["--hand", "1", "--ply", "199"], "--ply 199: hand 1 holds"),
    ):
        result = CliRunner().invoke(main, ["hint", str(path), *args])
        assert result.exit_code == 1 and said in result.output and "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1


def test_the_json_words_the_tiers_as_the_screens_do(tmp_path: Path) -> None:
    """`guinote review --json` and `guinote hint --json` give each tier with the name, the meaning and the figure the
    screens use: the hint's legend, its table's verdicts ("mistake: 7 ± 2") and its juego column's legend; the
    review's graded decisions with the figure its text prints."""
    from guinote_tui.game.verdicts import card_verdict
    from guinote_tui.present.vocabulary import grade_word, tier_legend

    path = saved(tmp_path, 2, 3, careless=True)
    match = load_history(json.loads(path.read_text()))
    args = ["--playouts", "200", "--jobs", "1"]
    reviewed = CliRunner().invoke(main, ["review", str(path), *args, "--json"])
    assert reviewed.exit_code == 0, reviewed.output
    record = json.loads(reviewed.output)
    text = CliRunner().invoke(main, ["review", str(path), *args]).output
    legend = tier_legend(2, 5, 10)
    assert record["legend"] == legend
    assert [record["tiers"][g]["name"] for g in ("same", "close", "inaccuracy", "mistake", "blunder")] == [
        "about the same",
        "close call",
        "inaccuracy",
        "mistake",
        "blunder",
    ]
    assert [record["tiers"][g]["line"] for g in ("inaccuracy", "mistake", "blunder")] == [2.0, 5.0, 10.0]
    assert "above 5 points" in record["tiers"]["mistake"]["meaning"]
    graded = 0
    for decision in record["decisions"]:
        assert decision["tier"] == grade_word(decision["grade"])
        if decision["mistake"]:
            tier, figure = decision["verdict"].split(": ")
            assert tier == decision["tier"]
            line = next(line for line in text.splitlines() if f"Trick {decision['trick']} · {tier}:" in line)
            assert f"about {figure} points better" in line, (figure, line)
            assert decision["reason_text"] in text
            graded += 1
    assert graded
    # The hint at every decision of seat 0: each card as the hint's table words it.
    seen = 0
    for ply, (seat, _) in enumerate(match.records()[0].actions):
        if seat != 0:
            continue
        asked = ["hint", str(path), "--hand", "1", "--ply", str(ply), "--think", "0"]
        hinted = CliRunner().invoke(main, [*asked, "--json"])
        if hinted.exit_code != 0:
            continue  # no choice there
        hint = json.loads(hinted.output)
        if not hint["cards"]:
            continue
        decision, advice = decision_at(match, 1, ply, budget=COACH_BUDGET)
        assert hint["legend"] == legend and hint["tiers"] == record["tiers"]
        for card, said in hint["cards"].items():
            assert said["verdict"] == card_verdict(advice, Card.parse(card))
            assert said["tier"] == grade_word(said["grade"])
        plain = CliRunner().invoke(main, asked)
        assert legend in plain.output
        assert _unnamed(hint, "hint", "review") == set()  # the hint's help names the review's fields by reference
        seen += 1
    assert seen > 3
    assert _unnamed(record, "review") == set()


def _fields(record: Any) -> set[str]:
    """Every field name of a JSON record, in its objects and lists; a card's or a tier's own name is a value, not a
    field, so under "cards" and "tiers" only the fields of each entry count."""
    if isinstance(record, list):
        return set().union(*(_fields(item) for item in record))
    if not isinstance(record, dict):
        return set()
    names: set[str] = set()
    for key, value in record.items():
        names.add(key)
        entries = value.values() if key in ("cards", "tiers") and isinstance(value, dict) else [value]
        names |= set().union(*(_fields(entry) for entry in entries))
    return names


def _unnamed(record: dict[str, Any], *commands: str) -> set[str]:
    """The fields of a ``--json`` record that the help of none of ``commands`` names (quoted)."""
    helped = "".join(CliRunner().invoke(main, [c, "--help"], terminal_width=10_000).output for c in commands)
    return {name for name in _fields(record) if f'"{name}"' not in helped}
