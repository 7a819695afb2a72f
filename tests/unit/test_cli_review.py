"""``guinote review``: the coach prices every decision of one seat in a saved history."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from guinote_tui import i18n
from guinote_tui.ai import NormalBot, decide
from guinote_tui.ai.solver import juego_solver
from guinote_tui.ai.tables import mask_of
from guinote_tui.cli import main
from guinote_tui.coach.evaluate import JUEGO_POINTS
from guinote_tui.engine import CARDS, JUEGO, PLAY, Card, Match, Play, Rules, Stage, history_dict


def coach_value(line: int) -> float:
    """An exact line's value as the coach counts it: half its point difference, and the juego's points."""
    juego = 1 if line >= JUEGO / 2 else -1 if line <= -JUEGO / 2 else 0
    return (line - JUEGO * juego) / 2 + JUEGO_POINTS * juego


def blunder_history(seed: int) -> tuple[dict, str, float] | None:
    """A heads-up hand played by bots where seat 0 throws the worst card in an arrastre position.

    Returns the history, the card thrown and its exact cost in the side's points (the juego solver's
    lines as the coach counts them), or None when
    this seed offers no such position costing at least 2 points.
    """
    match = Match(2, Rules.preset("aragones"), seed=seed)
    bot = NormalBot()
    rng = random.Random(seed)
    blunder: tuple[str, float] | None = None
    hand = match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        legal = hand.legal_actions()
        if (
            blunder is None
            and seat == 0
            and hand.muestra is None
            and hand.stage is Stage.PLAY
            and len(legal) > 1
            and all(type(a) is Play for a in legal)
        ):
            lines = juego_solver(hand).action_values(
                [mask_of(h) for h in hand.hands], hand.leader, list(hand.trick), hand.sung
            )
            values = {c: coach_value(v) for c, v in lines.items()}
            worst = min(values, key=lambda c: values[c])
            cost = max(values.values()) - values[worst]
            if cost >= 2:
                blunder = (str(CARDS[worst]), float(cost))
                match.apply(PLAY[worst], seat)
                continue
        match.apply(decide(bot, hand, seat, rng), seat)
    if blunder is None:
        return None
    return history_dict(match), blunder[0], blunder[1]


@pytest.fixture(scope="module")
def blunder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, float]:
    for seed in range(50):
        found = blunder_history(seed)
        if found is not None:
            data, card, cost = found
            path = tmp_path_factory.mktemp("review") / "blunder.json"
            path.write_text(json.dumps(data), encoding="utf-8")
            return path, card, cost
    raise AssertionError("no seed gave an arrastre blunder")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_the_json_report_prices_the_blunder_exactly(blunder: tuple[Path, str, float]) -> None:
    path, card, cost = blunder
    code, out = run("review", str(path), "--json", "--playouts", "100", "--seed", "3")
    assert code == 0, out
    data = json.loads(out)
    decisions = data["decisions"]
    keys = {"hand", "trick", "seat", "played", "best", "cost", "cost_se", "mistake", "about_same", "juego", "reason"}
    assert decisions and all(set(d) == keys for d in decisions)
    assert all(d["seat"] == 0 and d["hand"] == 1 and d["cost"] >= 0 for d in decisions)
    thrown = [d for d in decisions if d["played"] == card]
    assert len(thrown) == 1
    # The arrastre heads-up is solved exactly: the cost is the solver's, with no uncertainty.
    assert thrown[0]["cost"] == cost and thrown[0]["cost_se"] == 0
    assert thrown[0]["mistake"] and not thrown[0]["about_same"]
    assert thrown[0]["best"] != card
    assert data["total_cost"] == pytest.approx(sum(d["cost"] for d in decisions), abs=0.01)
    assert data["total_cost"] >= data["mistakes_cost"] >= cost
    assert data["mistakes_cost"] == pytest.approx(sum(d["cost"] for d in decisions if d["mistake"]), abs=0.01)
    # Repeatable for a given seed.
    assert run("review", str(path), "--json", "--playouts", "100", "--seed", "3") == (code, out)


def test_the_text_report_lists_the_mistakes(blunder: tuple[Path, str, float]) -> None:
    path, card, cost = blunder
    code, out = run("review", str(path), "--playouts", "100", "--seat", "1")
    assert code == 0, out
    assert out.startswith("hand 1: ") and out.splitlines()[-1].startswith("seat 1: ")
    code, out = run("review", str(path), "--playouts", "100")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].startswith("hand 1: ") and "mistake" in lines[0]
    # Cards by their names, the cost as the game's review says it, the coach's reason on the next line.
    named = Card.parse(card).name
    at = next(i for i, x in enumerate(lines) if f"you played {named}" in x)
    _, data = run("review", str(path), "--playouts", "100", "--json")
    (thrown,) = [d for d in json.loads(data)["decisions"] if d["played"] == card]
    if thrown["juego"] == "lost":  # the juego was at stake: that is what the line says, not the points
        assert f"you played {named}, which loses the juego; the coach would play" in lines[at]
    else:
        shown = i18n.number(cost, ".1f", trim=True)  # a whole number without its ".0"
        assert f"about {shown} points better." in lines[at]
    assert "[b]" not in lines[at]
    assert lines[at + 1].startswith("    ") and lines[at + 1].rstrip().endswith(".")
    assert lines[-1].startswith("seat 0: ") and "costing about" in lines[-1]


def test_bad_files_and_seats_are_one_line(tmp_path: Path, blunder: tuple[Path, str, float]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text('{"format": "something else"}', encoding="utf-8")
    for path in (tmp_path / "missing.json", bad, other, tmp_path):
        code, out = run("review", str(path))
        assert code == 1
        assert len(out.strip().splitlines()) == 1 and out.startswith("Error: "), out
        assert "Traceback" not in out
    code, out = run("review", str(blunder[0]), "--seat", "2")
    assert code == 1
    assert out.strip() == "Error: --seat 2: no such seat at a table of 2 (choose 0 to 1)"
