"""The puzzle generator: seeded, exact, and its --check; positions written in the notation rebuild the view."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from guinote_lab import built_puzzles
from guinote_lab.make_puzzles import arrastre_pool, main, make, summary
from guinote_tui.ai import NormalBot
from guinote_tui.engine import Card, format_position, parse_position, seat_view
from guinote_tui.practice.exact import (
    ARRASTRE,
    LASTDRAW,
    PHASE1,
    correct_cards,
    lastdraw_layouts,
    lastdraw_open_outcomes,
)
from guinote_tui.practice.puzzles import load_puzzles, recheck, save_puzzles

#: A seed whose built pools give their first puzzles soon (the test's time).
BUILT_SEED = 9


def test_the_same_seed_makes_the_same_exact_puzzles() -> None:
    first = make(2, 1, seed=5)
    assert first == make(2, 1, seed=5)
    assert [p.kind for p in first] == [ARRASTRE, ARRASTRE, PHASE1]
    assert all(recheck(p) == [] for p in first)
    assert make(2, 0, seed=6) != first[:2]
    assert summary(first)[0] == "3 puzzles: arrastre 2, phase1 1"


def test_puzzles_at_the_last_draw_are_right_on_every_layout_of_the_unseen_cards() -> None:
    made = make(0, 0, seed=5, lastdraw=2)
    assert made == make(0, 0, seed=5, lastdraw=2)
    assert [p.kind for p in made] == [LASTDRAW, LASTDRAW]
    for puzzle in made:
        assert recheck(puzzle) == [] and puzzle.themes[0] in ("treinta-malas", "change-seven", "last-draw")
        state = puzzle.state()
        unseen = {*state.hands[1 - puzzle.seat], *state.stock}
        layouts = list(lastdraw_layouts(state))
        # Each layout puts another unseen card in the stock and shows the seat the same view.
        assert 1 < len(layouts) <= len(unseen)
        assert (
            len({layout.stock[0] for layout in layouts}) == len(layouts)
            and {layout.stock[0] for layout in layouts} <= unseen
        )
        view = seat_view(state, puzzle.seat, events=False)
        assert all(seat_view(layout, puzzle.seat, events=False) == view for layout in layouts)
        # On each, the correct cards are the best and every other card does worse.
        assert all(correct_cards(lastdraw_open_outcomes(layout)) == puzzle.correct for layout in layouts)


def test_a_position_in_the_notation_rebuilds_the_seats_view() -> None:
    for preset, state in arrastre_pool(4, random.Random(3)):
        again = parse_position(format_position(state), state.rules)
        seat = state.to_move
        assert seat is not None and again.to_move == seat and state.rules.preset_name == preset
        # Everything the seat sees, but the history of events (a position has none).
        assert seat_view(again, seat, events=False) == seat_view(state, seat, events=False)
        assert again.legal_actions() == state.legal_actions()


def test_the_command_writes_a_file_and_checks_it(tmp_path: Path) -> None:
    out = tmp_path / "puzzles.json"
    runner = CliRunner()
    made = runner.invoke(main, ["--count", "2", "--phase1", "0", "--seed", "3", "--out", str(out)])
    assert made.exit_code == 0, made.output
    assert made.output.startswith("2 puzzles: arrastre 2") and "theme (main / any): " in made.output
    assert len(load_puzzles(out)) == 2
    checked = runner.invoke(main, ["--check", "--out", str(out)])
    assert checked.exit_code == 0 and checked.output.startswith("2/2 puzzles as the solver says")
    # A stored answer that is not the solver's: named, and the status says so.
    data = json.loads(out.read_text(encoding="utf-8"))
    data["puzzles"][0]["stars"] = 1 + data["puzzles"][0]["stars"] % 5
    out.write_text(json.dumps(data), encoding="utf-8")
    wrong = runner.invoke(main, ["--check", "--out", str(out)])
    assert wrong.exit_code == 1 and "stars: " in wrong.output and "1/2 puzzles as the solver says" in wrong.output
    out.write_text("{", encoding="utf-8")
    broken = runner.invoke(main, ["--check", "--out", str(out)])
    assert broken.exit_code == 2 and broken.output.count("\n") == 1


def test_built_puzzles_come_after_the_others_the_same_from_the_seed_and_from_extend(tmp_path: Path) -> None:
    """Treinta malas and the change of the seven are built (guinote_lab/built_puzzles.py): a whole run adds them
    after the others, and ``--extend`` adds to a file made with the same seed exactly the same puzzles."""
    base = make(1, 0, seed=BUILT_SEED)
    whole = make(1, 0, seed=BUILT_SEED, malas=1, seven=1)
    assert whole[:1] == base and [p.theme for p in whole[1:]] == ["treinta-malas", "change-seven"]
    assert recheck(whole[1]) == []  # (the change of the seven: re-solved in tests/unit/practice)
    out = tmp_path / "puzzles.json"
    save_puzzles(base, out, BUILT_SEED)
    runner = CliRunner()
    added = runner.invoke(
        main, ["--extend", "--malas", "1", "--seven", "1", "--seed", str(BUILT_SEED), "--out", str(out)]
    )
    assert added.exit_code == 0, added.output
    assert load_puzzles(out) == tuple(whole)
    again = tmp_path / "again.json"
    save_puzzles(whole, again, BUILT_SEED)
    assert out.read_bytes() == again.read_bytes()
    # Built once, a file is not extended again; nor one made with another seed.
    twice = runner.invoke(main, ["--extend", "--malas", "1", "--seed", str(BUILT_SEED), "--out", str(out)])
    assert twice.exit_code == 2 and "holds built puzzles already" in twice.output
    save_puzzles(base, out, BUILT_SEED + 1)
    other = runner.invoke(main, ["--extend", "--malas", "1", "--seed", str(BUILT_SEED), "--out", str(out)])
    assert other.exit_code == 2 and f"made with --seed {BUILT_SEED + 1}" in other.output


def test_a_deal_again_keeps_what_must_stay_and_is_a_position_play_reaches() -> None:
    """The arrastre's hands dealt again: the muestra stays with the seat that drew it and the pairs sung with
    their singer, the rest moves, and the engine's checks pass (the builder refuses anything else)."""
    rng = random.Random(2)
    bot = NormalBot()
    starts = [found for _ in range(40) if (found := built_puzzles._arrastre_start(rng, bot)) is not None]
    sung = [(start, singer) for start, singer in starts if start.cantes]
    assert sung
    for start, _singer in sung[:5]:
        kept = built_puzzles._kept(start)
        for _ in range(5):
            again = built_puzzles.redeal(start, rng)
            assert again.tricks == start.tricks and again.cantes == start.cantes
            assert sorted(again.hands[0] + again.hands[1]) == sorted(start.hands[0] + start.hands[1])
            assert all(card in again.hands[seat] for card, seat in kept.items())
        held = set(start.hands[0] + start.hands[1])
        pairs = {Card.of(rank, cante.suit) for cante in start.cantes for rank in (12, 10)}
        assert start.muestra_card in kept and pairs & held <= set(kept)
