"""``guinote review``: the coach prices every decision of one seat in a saved history."""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from guinote_tui import i18n
from guinote_tui.ai import NormalBot, decide
from guinote_tui.ai.bitmasks import mask_of
from guinote_tui.ai.solver import juego_solver
from guinote_tui.cli import main
from guinote_tui.coach import CoachBudget, review_match
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


KEYS = {
    "hand",
    "trick",
    "seat",
    "played",
    "best",
    "cost",
    "cost_se",
    "grade",
    "mistake",
    "about_same",
    "juego",
    "played_win",
    "played_loss",
    "best_win",
    "best_loss",
    "reason",
    "loss",
    # The same in the screens' words: the tier's name, the verdict with its figure, the margin, the sentences.
    "tier",
    "verdict",
    "margin",
    "reason_text",
    "loss_text",
}


def exact_cost(path: Path, card: str) -> tuple[float, float, float, float, float]:
    """The coach's exact evaluation of the blunder: its cost, and the juego shares of the card and the best."""
    from guinote_tui.coach import evaluate
    from guinote_tui.engine import load_history, seat_view

    data = json.loads(path.read_text(encoding="utf-8"))
    match = load_history(data)
    (record,) = match.records()
    replay = Match(2, match.rules, seed=match.seed, dealer=record.dealer, deck=record.deck)
    for who, action in record.actions:
        if who == 0 and action == PLAY[Card.parse(card)] and replay.hand.muestra is None:
            found = evaluate(seat_view(replay.hand, 0, events=False), random.Random(0))
            assert found is not None and found.exact
            mine, best = found.cards[Card.parse(card)], found.cards[found.best]
            assert mine.win is not None and mine.loss is not None and best.win is not None and best.loss is not None
            return mine.cost, mine.win, mine.loss, best.win, best.loss
        replay.apply(action, who)
    raise AssertionError("the blunder is not in the history")


def test_the_json_report_prices_the_blunder_exactly(blunder: tuple[Path, str, float]) -> None:
    path, card, _points = blunder
    code, out = run("review", str(path), "--json", "--playouts", "100", "--seed", "3", "--jobs", "1")
    assert code == 0, out
    data = json.loads(out)
    decisions = data["decisions"]
    assert decisions and all(set(d) == KEYS for d in decisions)
    assert all(d["seat"] == 0 and d["hand"] == 1 and d["cost"] >= 0 for d in decisions)
    assert all(d["grade"] in ("same", "close", "inaccuracy", "mistake", "blunder") for d in decisions)
    assert all(d["mistake"] == (d["grade"] in ("inaccuracy", "mistake", "blunder")) for d in decisions)
    assert all(d["about_same"] == (d["grade"] == "same") for d in decisions)
    thrown = [d for d in decisions if d["played"] == card]
    assert len(thrown) == 1
    # The arrastre heads-up is solved exactly: the cost is the solver's, with no uncertainty.
    cost, win, loss, best_win, best_loss = exact_cost(path, card)
    assert thrown[0]["cost"] == round(cost, 2) and thrown[0]["cost_se"] == 0
    assert (thrown[0]["played_win"], thrown[0]["played_loss"]) == (win, loss)
    assert (thrown[0]["best_win"], thrown[0]["best_loss"]) == (best_win, best_loss)
    assert thrown[0]["mistake"] and not thrown[0]["about_same"] and thrown[0]["grade"] != "close"
    assert thrown[0]["best"] != card
    assert data["total_cost"] == pytest.approx(sum(d["cost"] for d in decisions), abs=0.01)
    assert data["total_cost"] >= data["mistakes_cost"] >= round(cost, 2)
    assert data["mistakes_cost"] == pytest.approx(sum(d["cost"] for d in decisions if d["mistake"]), abs=0.01)
    assert data["close_calls"] == sum(1 for d in decisions if d["grade"] == "close")
    # A declaration has no juego shares; a card weighed against others has them.
    assert all(d["played_win"] is None for d in decisions if ":" in d["played"] or d["played"] == "pass")
    # Repeatable for a given seed.
    assert run("review", str(path), "--json", "--playouts", "100", "--seed", "3", "--jobs", "1") == (code, out)


def test_decisions_analysed_side_by_side_give_the_same_report(blunder: tuple[Path, str, float]) -> None:
    path = str(blunder[0])
    serial = run("review", path, "--json", "--playouts", "100", "--jobs", "1")
    parallel = run("review", path, "--json", "--playouts", "100", "--jobs", "2")
    assert serial[0] == 0 and serial == parallel
    # For each decision its own generator: the order the analyses finish in changes nothing (pairs too).
    match = pairs_hand()
    budget = CoachBudget(min_deals=10, batch=10, max_playouts=120, max_deals=40, arrastre_deals=12)
    one = [d.to_dict() for d in review_match(match, 0, 2, budget, jobs=1)]
    done: list[tuple[int, int]] = []
    two = [d.to_dict() for d in review_match(match, 0, 2, budget, lambda n, t: done.append((n, t)), jobs=2)]
    assert one == two and len(one) > 3
    assert [n for n, _t in done] == list(range(len(one) + 1)) and {t for _n, t in done} == {len(one)}


def pairs_hand() -> Match:
    """A pairs hand played by bots."""
    match = Match(4, Rules(), seed=12)
    bot = NormalBot()
    rng = random.Random(12)
    hand = match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        match.apply(decide(bot, hand, seat, rng), seat)
    return match


def test_a_progress_line_is_shown_on_a_terminal_only(
    blunder: tuple[Path, str, float], monkeypatch: pytest.MonkeyPatch
) -> None:
    from guinote_tui.cli import records

    result = CliRunner().invoke(main, ["review", str(blunder[0]), "--json", "--playouts", "100", "--jobs", "1"])
    assert result.exit_code == 0 and "reviewing:" not in result.output + result.stderr
    total = len(json.loads(result.stdout)["decisions"])
    monkeypatch.setattr(records, "_terminal", lambda stream: True)
    result = CliRunner().invoke(main, ["review", str(blunder[0]), "--json", "--playouts", "100", "--jobs", "1"])
    assert result.exit_code == 0
    assert "reviewing:" not in result.stdout
    # A bar at once (before the first analysis, which takes a second or two), then with the time left, then full.
    empty, full = "[" + "-" * 24 + "]", "[" + "#" * 24 + "]"
    assert f"\rreviewing: {empty} 0 of {total} decisions analysed" in result.stderr
    assert re.search(rf" 1 of {total} decisions analysed, about \d+:\d\d", result.stderr)  # (minutes when loaded)
    assert f"\rreviewing: {full} {total} of {total} decisions analysed" in result.stderr
    assert len(json.loads(result.stdout)["decisions"]) == total


def test_the_text_report_lists_the_graded_decisions_with_their_tier(blunder: tuple[Path, str, float]) -> None:
    path, card, _points = blunder
    code, out = run("review", str(path), "--playouts", "100", "--seat", "1")
    assert code == 0, out
    assert out.startswith("hand 1: ") and out.splitlines()[-1].startswith("seat 1: ")
    code, out = run("review", str(path), "--playouts", "100")
    assert code == 0, out
    lines = out.splitlines()
    _, data = run("review", str(path), "--playouts", "100", "--json")
    decisions = json.loads(data)["decisions"]
    graded = [d for d in decisions if d["mistake"]]
    close = sum(1 for d in decisions if d["grade"] == "close")
    assert lines[0].startswith("hand 1: ") and f"graded {len(graded)}," in lines[0]
    assert lines[0].endswith(f"close calls {close}")
    # Cards by their names, the tier, the cost as the game's review says it, the reason on the next line.
    named = Card.parse(card).name
    at = next(i for i, x in enumerate(lines) if f"you played {named}" in x)
    (thrown,) = [d for d in decisions if d["played"] == card]
    assert lines[at].startswith(f"  Trick {thrown['trick']} · {thrown['grade']}: you played {named}")
    shown = i18n.number(thrown["cost"], ".1f", trim=True)  # exact: no margin, a whole number without its ".0"
    assert f"about {shown} points better" in lines[at] and "±" not in lines[at]
    assert "[b]" not in lines[at]
    assert lines[at + 1].startswith("    ") and lines[at + 1].rstrip().endswith(".")
    # Only the graded decisions are listed: never a close call.
    assert sum(1 for x in lines if x.startswith("  Trick ")) == len(graded)
    assert not any(" · close call:" in x for x in lines)
    assert lines[-1].startswith("seat 0: ") and "costing about" in lines[-1]
    # The total carries its margin (the graded decisions' margins added in squares), no more precise than it is:
    # it read "costing about 21.04 points" beside "9 ± 2" and "8 ± 1".
    total = sum(d["cost"] for d in graded)
    margin = math.sqrt(sum(d["margin"] ** 2 for d in graded))
    assert f"costing about {i18n.estimate(total, margin)} point" in lines[-1]
    assert f"costing about {i18n.estimate(total, margin)} point" in lines[0]


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


def long_history(tmp_path: Path, hands: int) -> Path:
    """A pairs match of ``hands`` finished hands and a fresh deal (random play), saved."""
    rng = random.Random(4)
    match = Match(4, Rules.preset("aragones", juegos_per_coto=5, cotos_to_win=5), seed=4)
    while len(match.finished) < hands:
        if match.hand.is_over:
            match.next_hand()
        else:
            match.apply(rng.choice(match.legal_actions()))
    match.next_hand()
    path = tmp_path / "long.json"
    path.write_text(json.dumps(history_dict(match)), encoding="utf-8")
    return path


def test_the_review_takes_the_last_hands_only_and_says_so_in_one_line(tmp_path: Path) -> None:
    """The work is bounded (--hands, the last ones): a file holding more is told on stderr, the JSON stays clean."""
    path = long_history(tmp_path, hands=2)  # three hands: two finished, one dealt
    result = CliRunner().invoke(main, ["review", str(path), "--hands", "1", "--json", "--playouts", "100"])
    assert result.exit_code == 0, result.output
    assert result.stderr == "reviewing the last 1 of the 3 hands (--hands 3 reviews them all)\n"
    assert json.loads(result.stdout)["decisions"] == []  # the third hand is only dealt: seat 0 has not played
    result = CliRunner().invoke(main, ["review", str(path), "--hands", "2", "--playouts", "100", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == ["reviewing the last 2 of the 3 hands (--hands 3 reviews them all)"]
    assert [line.split(":")[0] for line in result.stdout.splitlines() if line.startswith("hand ")] == [
        "hand 2",
        "hand 3",
    ]
    whole = CliRunner().invoke(main, ["review", str(path), "--hands", "3", "--json", "--playouts", "100"])
    assert whole.exit_code == 0 and whole.stderr == ""
    assert {d["hand"] for d in json.loads(whole.stdout)["decisions"]} == {1, 2}


def test_the_review_of_a_long_file_takes_the_last_20_hands_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from guinote_tui import coach

    asked: list[int] = []

    def review_match(*args: object) -> list[object]:
        asked.append(int(args[-1]))  # type: ignore[call-overload]
        return []

    monkeypatch.setattr(coach, "review_match", review_match)
    path = long_history(tmp_path, hands=24)
    result = CliRunner().invoke(main, ["review", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == "reviewing the last 20 of the 25 hands (--hands 25 reviews them all)\n"
    assert asked == [6]  # hands 6 to 25
    assert CliRunner().invoke(main, ["review", str(path), "--hands", "1001"]).exit_code == 2  # past MAX_HANDS
