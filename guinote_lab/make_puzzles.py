"""Make the shipped puzzles: ``python -m guinote_lab.make_puzzles``.

The puzzles (:mod:`guinote_tui.practice.puzzles`) are decisions with an exact
answer found in heads-up hands played by bots: normal bots on both seats,
each move with probability ``WILDNESS`` a random legal one instead, so that
the positions vary. Hands alternate between the presets ``aragones`` and
``libre-100`` and between a juego's first hand and a later one (the scores
carried in drawn from 0 to 90 each).

* **The arrastre**: of a hand's decisions in the heads-up arrastre where some
  legal card loses something (by the exact solver: the juego, or at least
  ``MIN_POINTS`` points of margin, 3 points each way), one is drawn. Hands
  are played until the pool holds twice ``--count`` positions; then
  ``--count`` are taken from it theme by theme in turn (the main theme of
  each, :mod:`guinote_tui.practice.themes`), so that the rare themes are all
  in and the common ones do not crowd them out.
* **Phase 1**: ``--phase1`` decisions of ``aragones`` hands de vueltas (the
  scores carried in drawn from 40 to 99, near the target) where every card
  the seat may play to complete a trick wins the juego at once or loses it at
  once: the first of each hand.

A position already taken (the same cards in the same hands, scores and
rules) is not taken twice. Everything is drawn from one generator seeded by
``--seed``: the same seed and counts give the same file.

``--check`` instead re-solves every puzzle of a file and prints what differs
from the stored answer (exit status 1 if anything does).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import click

from guinote_tui.ai import NormalBot, decide
from guinote_tui.engine import Card, HandState, Rules, format_position
from guinote_tui.practice import puzzles as puzzle_file
from guinote_tui.practice.exact import (
    CardOutcome,
    arrastre_outcomes,
    correct_cards,
    is_arrastre_decision,
    line_outcome,
    loss_of,
    phase1_outcomes,
)
from guinote_tui.practice.puzzles import Puzzle, puzzle_from_analysis
from guinote_tui.practice.themes import THEMES, analyse

#: The share of moves played at random instead of by the bot.
WILDNESS = 0.2
PRESETS = ("aragones", "libre-100")
#: The least margin a wrong card must give away for a puzzle about points (3 points each way: less is a trifle).
MIN_POINTS = 6


def _key(state: HandState, preset: str) -> tuple[object, ...]:
    """What makes two decisions the same puzzle: the rules, the cards where they lie now, the scores."""
    return (
        preset,
        tuple(tuple(sorted(hand)) for hand in state.hands),
        tuple(state.trick),
        state.leader,
        state.trump,
        state.sung,
        tuple(state.points),
        tuple(state.card_points),
        tuple(min(1, won) for won in state.tricks_won),
        state.carried,
        state.first_of_juego,
        state.muestra,
    )


def worth_a_puzzle(outcomes: dict[Card, CardOutcome]) -> bool:
    """Some card gives away the juego, or at least :data:`MIN_POINTS` points of margin."""
    for card in outcomes:
        loss = loss_of(outcomes, card)
        if loss is not None and (loss.juego_lost or loss.points >= MIN_POINTS):
            return True
    return False


def _play_hand(state: HandState, rng: random.Random, bot: NormalBot) -> Iterator[HandState]:
    """Play ``state`` out, yielding it before each move."""
    while not state.is_over:
        yield state
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        state.apply(rng.choice(legal) if rng.random() < WILDNESS else decide(bot, state, seat, rng), seat)


def arrastre_pool(size: int, rng: random.Random) -> Iterator[tuple[str, HandState]]:
    """Arrastre decisions where some card loses something, one drawn per hand, until ``size`` (duplicates kept)."""
    bot = NormalBot()
    index = 0
    found = 0
    while found < size:
        preset = PRESETS[index % 2]
        later = index // 2 % 2 == 1
        index += 1
        deck = list(range(40))
        rng.shuffle(deck)
        carried = (rng.randrange(0, 91), rng.randrange(0, 91)) if later else (0, 0)
        hand = HandState(
            deck, rng.randrange(2), Rules.preset(preset), 2, carried, first_of_juego=not later, events=False
        )
        decisions = []
        for state in _play_hand(hand, rng, bot):
            if is_arrastre_decision(state):
                if worth_a_puzzle(arrastre_outcomes(state)):
                    decisions.append(state.copy())
        if decisions:
            found += 1
            yield preset, rng.choice(decisions)


def phase1_pool(size: int, rng: random.Random) -> Iterator[HandState]:
    """Phase-1 decisions de vueltas where every card decides the juego at once
    (some winning it, some losing it), the first of a hand, ``size`` of them."""
    bot = NormalBot()
    found = 0
    while found < size:
        deck = list(range(40))
        rng.shuffle(deck)
        carried = (rng.randrange(40, 100), rng.randrange(40, 100))
        hand = HandState(
            deck, rng.randrange(2), Rules.preset("aragones"), 2, carried, first_of_juego=False, events=False
        )
        for state in _play_hand(hand, rng, bot):
            outcomes = phase1_outcomes(state)
            if outcomes is not None and len(correct_cards(outcomes)) < len(outcomes):
                found += 1
                yield state.copy()
                break


def _puzzle(state: HandState, preset: str) -> Puzzle:
    """The puzzle of a decision, after checking that each card's line, played by the engine to its end, reaches
    the outcome the solver gives the card."""
    analysis = analyse(state)
    assert analysis is not None
    for card, line in analysis.lines.items():
        if line_outcome(state, line) != analysis.outcomes[card]:
            raise AssertionError(f"the line of {card} in {format_position(state)} does not reach its outcome")
    return puzzle_from_analysis(analysis, preset, format_position(state))


def make(count: int, phase1: int, seed: int) -> list[Puzzle]:
    """The puzzles for ``seed``: ``count`` of the arrastre taken theme by theme, then ``phase1`` of phase 1."""
    rng = random.Random(f"puzzles:{seed}")
    seen: set[tuple[object, ...]] = set()
    by_theme: dict[str, list[Puzzle]] = {theme: [] for theme in THEMES}
    for preset, state in arrastre_pool(2 * count, rng):
        key = _key(state, preset)
        if key not in seen:
            seen.add(key)
            puzzle = _puzzle(state, preset)
            by_theme[puzzle.theme].append(puzzle)
    chosen: list[Puzzle] = []
    while len(chosen) < count and any(by_theme.values()):
        for theme in THEMES:
            if by_theme[theme] and len(chosen) < count:
                chosen.append(by_theme[theme].pop(0))
    for state in phase1_pool(phase1, rng):
        key = _key(state, "aragones")
        if key not in seen:
            seen.add(key)
            chosen.append(_puzzle(state, "aragones"))
    return chosen


def summary(puzzles: list[Puzzle]) -> list[str]:
    """Lines counting the puzzles by main theme, any theme, stars, kind, preset and hand."""
    main = Counter(p.theme for p in puzzles)
    anywhere = Counter(theme for p in puzzles for theme in p.themes)
    stars = Counter(p.stars for p in puzzles)
    later = Counter((p.preset, "vueltas" in p.position.split("; ")) for p in puzzles)
    lines = [
        f"{len(puzzles)} puzzles: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(p.kind for p in puzzles).items()))
    ]
    lines.append("theme (main / any): " + ", ".join(f"{t} {main[t]}/{anywhere[t]}" for t in THEMES))
    lines.append("stars: " + ", ".join(f"{s}★ {stars[s]}" for s in sorted(stars)))
    lines.append(
        "hands: "
        + ", ".join(
            f"{preset} {'later hand' if vueltas else 'first hand'} {n}"
            for (preset, vueltas), n in sorted(later.items())
        )
    )
    lines.append("stake: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(p.stake for p in puzzles).items())))
    return lines


@click.command()
@click.option("--count", type=click.IntRange(1, 10_000), default=240, show_default=True, help="Arrastre puzzles.")
@click.option("--phase1", type=click.IntRange(0, 10_000), default=40, show_default=True, help="Phase-1 puzzles.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), default=puzzle_file.SHIPPED_PATH, show_default=True
)
@click.option("--check", "check_file", is_flag=True, help="Re-solve every puzzle of --out instead, and report.")
def main(count: int, phase1: int, seed: int, out: Path, check_file: bool) -> None:
    """Make the exact puzzles shipped with the game (or --check a puzzle file against the solver)."""
    if check_file:
        try:
            puzzles = list(puzzle_file.load_puzzles(out))
        except puzzle_file.PuzzleFileError as error:
            click.echo(str(error), err=True)
            sys.exit(2)
        start = time.perf_counter()
        bad = 0
        for puzzle in puzzles:
            problems = puzzle_file.recheck(puzzle)
            if problems:
                bad += 1
                click.echo(f"{puzzle.id}: " + "; ".join(problems))
        click.echo(
            f"{len(puzzles) - bad}/{len(puzzles)} puzzles as the solver says ({time.perf_counter() - start:.1f} s)"
        )
        sys.exit(1 if bad else 0)
    puzzles = make(count, phase1, seed)
    puzzle_file.save_puzzles(puzzles, out, seed)
    for line in summary(puzzles):
        click.echo(line)
    click.echo(f"written to {out}")


if __name__ == "__main__":
    main()
