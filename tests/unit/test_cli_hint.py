"""``guinote hint``: the coach's hint at one decision of a saved history, the review's own analysis of it."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from guinote_tui.ai import NormalBot, decide
from guinote_tui.cli import main
from guinote_tui.coach import COACH_BUDGET, CoachBudget, review_match
from guinote_tui.coach.review import decision_at
from guinote_tui.engine import Match, Rules, history_dict, load_history

SMALL = CoachBudget(min_deals=10, batch=10, max_playouts=200, max_deals=60, arrastre_deals=12, arrastre_nodes=60_000)


def saved(tmp_path: Path, players: int, seed: int) -> Path:
    match = Match(players, Rules(), seed=seed)
    bot, rng, hand = NormalBot(), random.Random(seed), match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        match.apply(decide(bot, hand, seat, rng), seat)
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
