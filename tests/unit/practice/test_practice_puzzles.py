"""The shipped puzzles: their answers re-solved, the file's shape, the puzzle of the day, the verdict, damaged files."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest

from guinote_tui import i18n
from guinote_tui.engine import Card, Play, seat_view
from guinote_tui.practice import puzzles as puzzle_module
from guinote_tui.practice.exact import ARRASTRE, KINDS, LASTDRAW, LOST, PAIRS, PHASE1, UNDECIDED, WON, CardOutcome
from guinote_tui.practice.puzzles import (
    DECISIONS,
    EPOCH,
    SHIPPED_PATH,
    Puzzle,
    PuzzleFileError,
    day_order,
    judge_puzzle,
    likeness,
    load_puzzles,
    puzzle_of_the_day,
    recheck,
    shipped_puzzles,
    verdict_text,
    without_near_duplicates,
)
from guinote_tui.practice.themes import CHANGE_SEVEN, JUEGO_NOW, LAST_DRAW, TREINTA_MALAS


@pytest.fixture(scope="module")
def shipped() -> tuple[Puzzle, ...]:
    return shipped_puzzles()


#: How many puzzles of each kind, preset and main theme the suite re-solves.
SAMPLE_EACH = 3


def spread_sample(puzzles: tuple[Puzzle, ...]) -> list[Puzzle]:
    """A deterministic spread of the puzzles: the first :data:`SAMPLE_EACH` by id of every kind (so both table
    sizes), preset and main theme."""
    taken: Counter[tuple[str, str, str]] = Counter()
    out = []
    for puzzle in sorted(puzzles, key=lambda p: p.id):
        group = (puzzle.kind, puzzle.preset, puzzle.theme)
        if taken[group] < SAMPLE_EACH:
            taken[group] += 1
            out.append(puzzle)
    return out


def test_a_spread_of_the_shipped_answers_is_the_exact_solvers(shipped: tuple[Puzzle, ...]) -> None:
    """Re-solved: a spread over every kind, preset and main theme (``python -m guinote_lab.make_puzzles --check``
    re-solves every one: docs/practice.md gives its command and time). Loading the file has replayed every
    position and line through the engine and checked every stored field that needs no solver."""
    sample = spread_sample(shipped)
    assert {p.theme for p in sample} == {p.theme for p in shipped}
    assert {(p.players, p.preset) for p in sample} == {
        (2, "aragones"),
        (2, "libre-100"),
        (4, "aragones"),
        (4, "libre-100"),
    }
    assert {p.kind for p in sample} == set(KINDS)
    assert len(sample) <= 300
    wrong = {puzzle.id: problems for puzzle in sample if (problems := recheck(puzzle))}
    assert wrong == {}


def test_every_shipped_puzzle_is_a_decision_its_kind_can_answer(shipped: tuple[Puzzle, ...]) -> None:
    """The cheap checks on all of them: each position is its kind's decision, the seat's cards are the legal ones,
    some are correct and some lose, and the stake closes the themes."""
    for puzzle in shipped:
        state = puzzle.state()
        assert DECISIONS[puzzle.kind](state), puzzle.id
        assert sorted(a.card for a in state.legal_actions() if type(a) is Play) == list(puzzle.cards)
        assert puzzle.correct and puzzle.wrong and puzzle.themes[-1] in ("juego", "points")


def test_the_shipped_file_holds_varied_real_decisions(shipped: tuple[Puzzle, ...]) -> None:
    assert len(shipped) >= 1000
    assert SHIPPED_PATH.stat().st_size < 1_000_000
    assert len({p.id for p in shipped}) == len(shipped)
    assert len({(p.preset, p.position) for p in shipped}) == len(shipped)
    # Every one is a real decision: a legal card loses something, and it is not every card.
    assert all(p.wrong and p.correct and len(p.correct) + len(p.wrong) == len(p.cards) for p in shipped)
    kinds = Counter(p.kind for p in shipped)
    assert kinds[ARRASTRE] >= 700 and kinds[PHASE1] >= 50 and kinds[PAIRS] >= 300
    # The last draw of the stock, in both presets (heads-up: in pairs no decision there is exact).
    last_draw = Counter(p.preset for p in shipped if p.kind == LASTDRAW)
    assert last_draw["aragones"] >= 30 and last_draw["libre-100"] >= 30
    assert all(p.theme in (TREINTA_MALAS, CHANGE_SEVEN, LAST_DRAW) for p in shipped if p.kind == LASTDRAW)
    assert len(shipped) - kinds[ARRASTRE] >= 300  # outside the heads-up arrastre
    assert all(p.players == (4 if p.kind == PAIRS else 2) for p in shipped)
    hands = Counter((p.preset, "vueltas" in p.position.split("; ")) for p in shipped)
    assert min(hands[(preset, later)] for preset in ("aragones", "libre-100") for later in (False, True)) >= 30
    main = Counter(p.theme for p in shipped)
    assert len(main) >= 10 and max(main.values()) <= len(shipped) // 3
    assert sum(1 for count in main.values() if count >= 30) >= 16  # treinta malas and the seven built
    assert set(Counter(p.stars for p in shipped)) == {1, 2, 3, 4, 5}
    assert Counter(p.stake for p in shipped).keys() == {"juego", "points"}
    assert all(p.themes[0] == JUEGO_NOW and p.stars <= 3 for p in shipped if p.kind == PHASE1)


def _suits_renamed(position: str, names: dict[str, str]) -> str:
    """A position's notation with its suits renamed (cards ``10O``, cantes ``0:E@15``)."""
    position = re.sub(r"\b(\d{1,2})([OCEB])\b", lambda m: m.group(1) + names[m.group(2)], position)
    return re.sub(r"(\d):([OCEB])@", lambda m: f"{m.group(1)}:{names[m.group(2)]}@", position)


def test_no_two_shipped_puzzles_are_near_duplicates(shipped: tuple[Puzzle, ...]) -> None:
    """The equivalence (:func:`likeness`): the same rules, kind, table size and main theme, and the same cards
    shown to the player in the same places (the seat's hand, the trick in order, the trump suit) once the suits
    are renamed; the hidden cards, the scores and the tricks before do not tell two puzzles apart."""
    keys = Counter(likeness(p) for p in shipped)
    assert [key for key, count in keys.items() if count > 1] == []
    assert without_near_duplicates(list(shipped)) == list(shipped)
    # The equivalence holds what it says: the same puzzle with its suits renamed is a near-duplicate (every kind,
    # both presets, every main theme) ...
    for puzzle in spread_sample(shipped):
        renamed = replace(puzzle, position=_suits_renamed(puzzle.position, {"O": "C", "C": "E", "E": "B", "B": "O"}))
        assert renamed.state().hands[puzzle.seat] != puzzle.state().hands[puzzle.seat]
        assert likeness(renamed) == likeness(puzzle)
        assert without_near_duplicates([puzzle, renamed]) == [puzzle]
    # ... and another theme or other cards in hand are not.
    assert len({likeness(p) for p in shipped if p.theme != shipped[0].theme} & {likeness(shipped[0])}) == 0
    other = replace(shipped[0], themes=tuple(t for t in shipped[1].themes))
    assert other.theme == shipped[0].theme or likeness(other) != likeness(shipped[0])


def test_a_puzzle_rebuilds_its_seats_view(shipped: tuple[Puzzle, ...]) -> None:
    puzzle = shipped[0]
    view = puzzle.view()
    assert view.seat == puzzle.seat and view.my_turn
    assert sorted(a.card for a in view.legal if type(a) is Play) == list(puzzle.cards)
    assert view == seat_view(puzzle.state(), puzzle.seat)
    assert puzzle.rules.preset_name == puzzle.preset


def test_the_puzzle_of_the_day_is_the_same_for_everyone_and_new_each_day(shipped: tuple[Puzzle, ...]) -> None:
    assert puzzle_of_the_day("2027-03-14") == puzzle_of_the_day(date(2027, 3, 14))
    # From the date alone: the order the file lists the puzzles in does not matter.
    assert puzzle_of_the_day("2027-03-14", list(reversed(shipped))) == puzzle_of_the_day("2027-03-14")
    # Every puzzle once before any twice, across a year's end.
    days = [date(2026, 12, 1) + timedelta(days=n) for n in range(len(shipped))]
    seen = [puzzle_of_the_day(day).id for day in days]
    assert len(set(seen)) == len(shipped)
    assert puzzle_of_the_day(days[0] + timedelta(days=len(shipped))).id == seen[0]
    assert puzzle_of_the_day(EPOCH) == day_order(shipped)[0]
    assert puzzle_of_the_day(EPOCH - timedelta(days=1)) == day_order(shipped)[-1]


def test_judging_a_correct_and_a_wrong_card(shipped: tuple[Puzzle, ...]) -> None:
    puzzle = next(p for p in shipped if p.stake == "juego")
    right = judge_puzzle(puzzle, min(puzzle.correct))
    assert right.right and right.loss is None and right.correct == puzzle.correct
    card = puzzle.wrong[0]
    wrong = judge_puzzle(puzzle, str(card))
    assert not wrong.right and wrong.card == card and wrong.loss is not None
    assert wrong.loss == puzzle.loss(card) and wrong.outcome == puzzle.outcome_of[card]
    with pytest.raises(ValueError, match="not a card the puzzle's seat may play"):
        judge_puzzle(puzzle, next(Card(c) for c in range(40) if Card(c) not in puzzle.cards))


def synthetic(outcomes: dict[str, CardOutcome]) -> Puzzle:
    """A puzzle record with these outcomes only (the verdict reads nothing else)."""
    pairs = tuple(sorted((Card.parse(card), outcome) for card, outcome in outcomes.items()))
    return Puzzle("x", "aragones", ARRASTRE, "", 0, pairs, (), ("juego",), 1, 1)


@pytest.mark.parametrize(
    ("outcomes", "card", "text"),
    [
        ({"1O": CardOutcome(WON, 3), "2O": CardOutcome(WON, 30)}, "1O", "Right: this card wins the juego."),
        ({"1O": CardOutcome(UNDECIDED, 3), "2O": CardOutcome(LOST)}, "1O", "Right: this card keeps the juego open."),
        ({"1O": CardOutcome(UNDECIDED, 3), "2O": CardOutcome(UNDECIDED, -3)}, "1O", "Right: no card does better."),
        (
            {"1O": CardOutcome(WON), "2O": CardOutcome(UNDECIDED, 40)},
            "2O",
            "Not the best: this card does not win the juego; another card does.",
        ),
        (
            {"1O": CardOutcome(WON), "2O": CardOutcome(LOST)},
            "2O",
            "Not the best: this card loses the juego; another card wins it.",
        ),
        (
            {"1O": CardOutcome(UNDECIDED, -30), "2O": CardOutcome(LOST, 20)},
            "2O",
            "Not the best: this card loses the juego; another card keeps it open.",
        ),
        (
            {"1O": CardOutcome(UNDECIDED, 14), "2O": CardOutcome(UNDECIDED, -6)},
            "2O",
            "Not the best: this card leaves you 20 points worse off against the Rival.",
        ),
        (
            {"1O": CardOutcome(UNDECIDED, 2), "2O": CardOutcome(UNDECIDED, 1)},
            "2O",
            "Not the best: this card leaves you 1 point worse off against the Rival.",
        ),
    ],
)
def test_the_verdict_in_words(outcomes: dict[str, CardOutcome], card: str, text: str) -> None:
    verdict = judge_puzzle(synthetic(outcomes), card)
    assert verdict_text(verdict) == text
    i18n.set_language("es")
    assert verdict_text(verdict) != text


def test_a_won_juego_is_right_whatever_its_margin() -> None:
    puzzle = synthetic({"1O": CardOutcome(WON, 3), "2O": CardOutcome(WON, 30), "3O": CardOutcome(UNDECIDED, 90)})
    assert puzzle.correct == {Card.parse("1O"), Card.parse("2O")} and puzzle.wrong == (Card.parse("3O"),)
    assert puzzle.loss(Card.parse("3O")).juego_lost  # type: ignore[union-attr]


# -- damaged files -----------------------------------------------------------------------------------


def write(tmp_path: Path, content: str | bytes) -> Path:
    path = tmp_path / "puzzles.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def entry(shipped: tuple[Puzzle, ...], index: int = 0) -> dict[str, object]:
    return shipped[index].to_json()


def test_the_shipped_file_round_trips(tmp_path: Path, shipped: tuple[Puzzle, ...]) -> None:
    path = tmp_path / "again.json"
    puzzle_module.save_puzzles(shipped, path, seed=1)
    assert load_puzzles(path) == shipped
    assert path.read_bytes() == SHIPPED_PATH.read_bytes()


DAMAGE = [
    ("cards", {"1O": [1, 0]}, "cards"),
    ("correct", "", "correct"),
    ("seat", True, "seat"),
    ("seat", 7, "seat"),
    ("preset", "tute", "preset"),
    ("kind", "endgame", "kind"),
    ("position", "dealer 9; hands -", "position"),
    ("position", 12, "position"),
    ("line", "0 sing:O", "line"),
    ("line", "0 1O 2O", "line"),
    ("themes", ["points", "juego"], "themes"),
    ("themes", [], "themes"),
    ("themes", ["count-trumps"], "themes"),
    ("stars", 6, "stars"),
    ("stars", "3", "stars"),
    ("depth", 0, "depth"),
    ("id", "000000000000", "id"),
]


@pytest.mark.parametrize(("field", "value", "says"), DAMAGE)
def test_a_damaged_puzzle_is_one_line(
    tmp_path: Path, shipped: tuple[Puzzle, ...], field: str, value: object, says: str
) -> None:
    bad = entry(shipped)
    bad[field] = value
    path = write(tmp_path, json.dumps({"version": 1, "seed": 1, "puzzles": [entry(shipped, 1), bad]}))
    with pytest.raises(PuzzleFileError) as raised:
        load_puzzles(path)
    message = str(raised.value)
    assert message.startswith("puzzles.json: puzzle 2") and says in message and "\n" not in message


def test_a_wrong_stored_outcome_is_refused(tmp_path: Path, shipped: tuple[Puzzle, ...]) -> None:
    # A wrong card marked as good as the correct ones: the stored correct cards no longer add up.
    puzzle = shipped[0]
    bad = puzzle.to_json()
    best = puzzle.outcome_of[min(puzzle.correct)]
    bad["cards"][str(puzzle.wrong[0])] = [best.juego, best.margin + 100]  # type: ignore[index]
    with pytest.raises(PuzzleFileError, match="correct"):
        load_puzzles(write(tmp_path, json.dumps({"version": 1, "puzzles": [bad]})))


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("", "puzzles.json: "),
        (b"\xff\xfe\x00", "puzzles.json: "),
        ("[1, 2]", "not a puzzle file"),
        ('{"version": 2, "puzzles": []}', "not a puzzle file"),
        ('{"version": 1, "puzzles": []}', "no puzzle"),
        ('{"version": 1, "puzzles": [7]}', "not an object"),
        ('{"version": 1, "puzzles": [{"id": "x"}]}', "no field"),
    ],
)
def test_a_file_that_is_not_a_puzzle_file_is_one_line(tmp_path: Path, content: str | bytes, says: str) -> None:
    with pytest.raises(PuzzleFileError) as raised:
        load_puzzles(write(tmp_path, content))
    assert says in str(raised.value) and "\n" not in str(raised.value)


def test_a_missing_or_unreadable_file_is_one_line_for_the_player(tmp_path: Path, shipped: tuple[Puzzle, ...]) -> None:
    with pytest.raises(PuzzleFileError) as raised:
        load_puzzles(tmp_path / "nothing.json")
    with pytest.raises(PuzzleFileError):
        load_puzzles(tmp_path)  # a folder
    twice = json.dumps({"version": 1, "puzzles": [entry(shipped), entry(shipped)]})
    with pytest.raises(PuzzleFileError, match="puzzle 2: the position of an earlier puzzle"):
        load_puzzles(write(tmp_path, twice))
    line = raised.value.line()
    assert line.startswith("The game's puzzles cannot be read (nothing.json: ") and "\n" not in line
    i18n.set_language("de")
    assert raised.value.line().startswith("Die Aufgaben des Spiels können nicht gelesen werden")


def test_the_puzzle_file_is_in_the_wheel() -> None:
    builder = pytest.importorskip("hatchling.builders.wheel")
    root = Path(__file__).resolve().parents[3]  # the repository, where pyproject.toml says what the wheel holds
    files = {f.distribution_path for f in builder.WheelBuilder(str(root)).recurse_included_files()}
    assert "guinote_tui/practice/puzzles.json" in files


def test_the_solver_check_notices_a_stored_answer_that_is_not_its_own(shipped: tuple[Puzzle, ...]) -> None:
    puzzle = shipped[0]
    assert recheck(puzzle) == []
    assert [p.split(":")[0] for p in recheck(replace(puzzle, stars=1 + puzzle.stars % 5))] == ["stars"]
    assert [p.split(":")[0] for p in recheck(replace(puzzle, themes=("points",)))] == ["themes"]
    outcomes = tuple((card, replace(outcome, margin=outcome.margin + 2)) for card, outcome in puzzle.outcomes)
    assert [p.split(":")[0] for p in recheck(replace(puzzle, outcomes=outcomes))] == ["outcomes"]
