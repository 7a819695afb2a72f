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
  are played until the pool holds :data:`POOL` times ``--count`` positions; then
  ``--count`` are taken from it theme by theme in turn (the main theme of
  each, :mod:`guinote_tui.practice.themes`), so that the rare themes are all
  in and the common ones do not crowd them out.
* **Phase 1**: ``--phase1`` decisions of ``aragones`` hands de vueltas (the
  scores carried in drawn from 40 to 99, near the target) where every card
  the seat may play to complete a trick wins the juego at once or loses it at
  once: the first of each hand.

* **The last draw**: ``--lastdraw`` heads-up decisions where the seat
  completes the last trick before the stock runs out, exact on every layout
  of the unseen cards (:func:`~guinote_tui.practice.exact.lastdraw_outcomes`)
  with some card losing something, at most one a hand, from hands of their
  own generator (the presets and a juego's first and later hands in turn).

* **Built**: ``--malas`` puzzles about treinta malas and ``--seven`` about the
  change of the seven, from positions built for them
  (:mod:`guinote_lab.built_puzzles`), after all the others; ``--extend`` adds
  them to a file made without them, as a whole run would.

A position already taken (the same cards in the same hands, scores and
rules) is not taken twice, nor a near-duplicate of a puzzle taken
(:func:`~guinote_tui.practice.puzzles.likeness`: the same rules, kind and
main theme, the same cards in the seat's hand and on the table, the same
trump, once the suits are renamed). Everything is drawn from one generator seeded by
``--seed``: the same seed and counts give the same file.

``--check`` instead re-solves every puzzle of a file and prints what differs
from the stored answer (exit status 1 if anything does).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path

import click

from guinote_tui.ai import NormalBot, decide
from guinote_tui.engine import Card, HandState, Rules, format_position
from guinote_tui.practice import puzzles as puzzle_file
from guinote_tui.practice.exact import (
    LASTDRAW,
    MAX_LAYOUTS,
    PAIRS,
    CardOutcome,
    arrastre_outcomes,
    correct_cards,
    is_arrastre_decision,
    is_lastdraw_decision,
    is_pairs_decision,
    lastdraw_open_outcomes,
    lastdraw_outcomes,
    layout_count,
    line_outcome,
    loss_of,
    open_outcomes,
    pairs_outcomes,
    phase1_outcomes,
)
from guinote_tui.practice.puzzles import Puzzle, likeness, puzzle_from_analysis
from guinote_tui.practice.themes import CHANGE_SEVEN, THEMES, TREINTA_MALAS, analyse

from .built_puzzles import malas_pool, seven_pool

#: The share of moves played at random instead of by the bot.
WILDNESS = 0.2
PRESETS = ("aragones", "libre-100")
#: The least margin a wrong card must give away for a puzzle about points (3 points each way: less is a trifle).
MIN_POINTS = 6
#: How many times ``--count`` arrastre positions the pool holds before they are taken theme by theme (the rare
#: themes need a large pool to reach their share).
POOL = 8
#: Hands in pairs played per chunk of the pairs pool.
PAIRS_CHUNK = 10


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


def worth_a_puzzle(outcomes: Mapping[Card, CardOutcome]) -> bool:
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


def _hand(rng: random.Random, number: int, presets: tuple[str, ...] = PRESETS) -> tuple[str, HandState]:
    """Heads-up hand ``number`` of a pool: the presets in turn, and in turn a juego's first hand and a later one
    (the scores carried in drawn from 0 to 90 each)."""
    preset = presets[number % len(presets)]
    later = number // len(presets) % 2 == 1
    deck = list(range(40))
    rng.shuffle(deck)
    carried = (rng.randrange(0, 91), rng.randrange(0, 91)) if later else (0, 0)
    return preset, HandState(
        deck, rng.randrange(2), Rules.preset(preset), 2, carried, first_of_juego=not later, events=False
    )


def lastdraw_pool(size: int, seed: int) -> Iterator[tuple[str, HandState]]:
    """Heads-up decisions at the last draw exact on every layout (:func:`~.exact.lastdraw_outcomes`) where some card
    loses something, at most one a hand, until ``size`` (from their own generator, seeded by ``seed``)."""
    rng = random.Random(f"lastdraw:{seed}")
    bot = NormalBot()
    found = 0
    number = 0
    while found < size:
        preset, hand = _hand(rng, number)
        number += 1
        for state in _play_hand(hand, rng, bot):
            if is_lastdraw_decision(state):
                outcomes = lastdraw_outcomes(state)
                if outcomes is not None and worth_a_puzzle(outcomes):
                    found += 1
                    yield preset, state.copy()
                break


def pairs_chunk(seed: int, index: int) -> list[tuple[str, HandState]]:
    """Chunk ``index`` of the pairs pool: :data:`PAIRS_CHUNK` hands in pairs played by normal bots (wild as
    heads-up), and every arrastre decision of theirs exact on every layout (:func:`~.exact.pairs_outcomes`) where
    some card loses something. Each chunk has its own generator (seeded by ``seed`` and ``index``), so
    the chunks can be made in any order, apart, and kept."""
    rng = random.Random(f"pairs:{seed}:{index}")
    bot = NormalBot()
    out = []
    for number in range(PAIRS_CHUNK):
        preset = PRESETS[number % 2]
        later = number // 2 % 2 == 1
        deck = list(range(40))
        rng.shuffle(deck)
        carried = (rng.randrange(0, 91), rng.randrange(0, 91)) if later else (0, 0)
        hand = HandState(
            deck, rng.randrange(4), Rules.preset(preset), 4, carried, first_of_juego=not later, events=False
        )
        decisions = []
        for state in _play_hand(hand, rng, bot):
            if is_pairs_decision(state) and layout_count(state) <= MAX_LAYOUTS:
                outcomes = pairs_outcomes(state)
                if outcomes is not None and worth_a_puzzle(outcomes):
                    decisions.append(state.copy())
        out += [(preset, state) for state in decisions]
    return out


def _cached_chunk(seed: int, index: int, cache: Path | None) -> list[Puzzle]:
    """The puzzles of pairs chunk ``index``: its positions read from ``cache`` when found before (each solved
    and named again here, so the file follows the code, never a stale cache), else found and kept there."""
    path = cache / f"pairs-{seed}-{index}.json" if cache is not None else None
    if path is not None and path.exists():
        if path.read_text(encoding="utf-8").endswith('"puzzles": [\n\n]}\n'):
            return []  # a chunk that made none
        try:
            return [_puzzle(p.state(), p.preset) for p in puzzle_file.load_puzzles(path)]
        except puzzle_file.PuzzleFileError:
            pass  # made again below
    puzzles = [_puzzle(state, preset) for preset, state in pairs_chunk(seed, index)]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        puzzle_file.save_puzzles(puzzles, path, seed)
    return puzzles


def pairs_puzzles(count: int, seed: int, cache: Path | None, alike: set[tuple[object, ...]]) -> list[Puzzle]:
    """``count`` puzzles in pairs, from the chunks in order, near-duplicates left out."""
    out: list[Puzzle] = []
    index = 0
    while len(out) < count:
        for puzzle in _cached_chunk(seed, index, cache):
            if len(out) < count and likeness(puzzle) not in alike:
                alike.add(likeness(puzzle))
                out.append(puzzle)
        index += 1
    return out


def _puzzle(state: HandState, preset: str) -> Puzzle:
    """The puzzle of a decision, after checking that each card's line, played by the engine to its end, reaches
    the outcome the solver gives the card (in pairs: on the position's own layout, with open cards)."""
    analysis = analyse(state)
    assert analysis is not None
    reached = (
        open_outcomes(state)
        if analysis.kind == PAIRS
        else lastdraw_open_outcomes(state)
        if analysis.kind == LASTDRAW
        else analysis.outcomes
    )
    for card, line in analysis.lines.items():
        if line_outcome(state, line) != reached[card]:
            raise AssertionError(f"the line of {card} in {format_position(state)} does not reach its outcome")
    return puzzle_from_analysis(analysis, preset, format_position(state))


def _take(
    found: Iterator[tuple[str, HandState]], seen: set[tuple[object, ...]], alike: set[tuple[object, ...]]
) -> Iterator[Puzzle]:
    """The puzzles of the positions ``found``, each one not taken before (nor a near-duplicate of one)."""
    for preset, state in found:
        key = _key(state, preset)
        if key not in seen:
            seen.add(key)
            puzzle = _puzzle(state, preset)
            if likeness(puzzle) not in alike:
                alike.add(likeness(puzzle))
                yield puzzle


def make(
    count: int,
    phase1: int,
    seed: int,
    pairs: int = 0,
    cache: Path | None = None,
    lastdraw: int = 0,
    malas: int = 0,
    seven: int = 0,
) -> list[Puzzle]:
    """The puzzles for ``seed``: ``count`` of the arrastre taken theme by theme, then ``phase1`` of phase 1, then
    ``lastdraw`` at the last draw, then ``pairs`` in pairs (their chunks kept in ``cache``, if given, so that a run
    stopped goes on where it was), then ``malas`` and ``seven`` built (:func:`built`)."""
    rng = random.Random(f"puzzles:{seed}")
    seen: set[tuple[object, ...]] = set()
    by_theme: dict[str, list[Puzzle]] = {theme: [] for theme in THEMES}
    alike: set[tuple[object, ...]] = set()
    for preset, state in arrastre_pool(POOL * count, rng):
        key = _key(state, preset)
        if key not in seen:
            seen.add(key)
            puzzle = _puzzle(state, preset)
            if likeness(puzzle) not in alike:  # a near-duplicate of one taken: left out
                alike.add(likeness(puzzle))
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
            puzzle = _puzzle(state, "aragones")
            if likeness(puzzle) not in alike:
                alike.add(likeness(puzzle))
                chosen.append(puzzle)
    chosen += _first(_take(lastdraw_pool(lastdraw * 2, seed), seen, alike), lastdraw)
    chosen += pairs_puzzles(pairs, seed, cache, alike)
    return extended(chosen, seed, malas, seven)


def built(seed: int, alike: set[tuple[object, ...]], malas: int = 0, seven: int = 0) -> list[Puzzle]:
    """``malas`` puzzles whose main theme is treinta malas, then ``seven`` whose main theme is the change of the
    seven, from positions built for them (:mod:`guinote_lab.built_puzzles`), near-duplicates of ``alike`` (and of
    each other) left out."""
    out: list[Puzzle] = []
    for count, pool, theme in ((malas, malas_pool, TREINTA_MALAS), (seven, seven_pool, CHANGE_SEVEN)):
        if count:
            found = _take(pool(seed, worth_a_puzzle), set(), alike)
            out += _first((puzzle for puzzle in found if puzzle.theme == theme), count)
    return out


def extended(puzzles: list[Puzzle], seed: int, malas: int, seven: int) -> list[Puzzle]:
    """``puzzles`` and the built ones after them (:func:`built`, near-duplicates of ``puzzles`` left out). They
    depend only on ``seed`` and ``puzzles`` (each pool has its own generator and its own positions seen), so that
    ``--extend`` adds to a file made by :func:`make` exactly what a whole run with ``malas`` and ``seven`` adds."""
    return puzzles + built(seed, {likeness(puzzle) for puzzle in puzzles}, malas, seven)


def _extended(out: Path, seed: int, malas: int, seven: int) -> list[Puzzle]:
    """:func:`extended` for the file ``out`` (one line and exit status 2 if it cannot be read or has another seed)."""
    try:
        kept = list(puzzle_file.load_puzzles(out))
        made_with = json.loads(out.read_text(encoding="utf-8")).get("seed")
    except (puzzle_file.PuzzleFileError, OSError, ValueError) as error:
        click.echo(f"{out}: {error}", err=True)
        sys.exit(2)
    if made_with != seed:
        click.echo(f"{out} was made with --seed {made_with}, not {seed}", err=True)
        sys.exit(2)
    if any(p.theme in (TREINTA_MALAS, CHANGE_SEVEN) for p in kept):
        click.echo(f"{out} holds built puzzles already: make it whole instead", err=True)
        sys.exit(2)
    return extended(kept, seed, malas, seven)


def _first(puzzles: Iterator[Puzzle], count: int) -> list[Puzzle]:
    """The first ``count`` of ``puzzles`` (all of them if fewer)."""
    out: list[Puzzle] = []
    while len(out) < count:
        puzzle = next(puzzles, None)
        if puzzle is None:
            break
        out.append(puzzle)
    return out


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
@click.option("--pairs", type=click.IntRange(0, 10_000), default=0, show_default=True, help="Puzzles in pairs.")
@click.option("--lastdraw", type=click.IntRange(0, 10_000), default=0, show_default=True, help="Last-draw puzzles.")
@click.option(
    "--malas", type=click.IntRange(0, 10_000), default=0, show_default=True, help="Treinta malas puzzles (built)."
)
@click.option(
    "--seven", type=click.IntRange(0, 10_000), default=0, show_default=True, help="Change-the-seven puzzles (built)."
)
@click.option(
    "--extend",
    is_flag=True,
    help="Keep the puzzles of --out (made with --seed) and add --malas and --seven after them, as a whole run would.",
)
@click.option(
    "--cache",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Keep each chunk of the pairs pool here, and read it back on the next run (a run stopped goes on).",
)
@click.option("--chunks", type=str, default=None, help="Only make the pairs chunks FIRST:LAST:STEP into --cache.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), default=puzzle_file.SHIPPED_PATH, show_default=True
)
@click.option("--check", "check_file", is_flag=True, help="Re-solve every puzzle of --out instead, and report.")
def main(
    count: int,
    phase1: int,
    pairs: int,
    lastdraw: int,
    malas: int,
    seven: int,
    extend: bool,
    cache: Path | None,
    chunks: str | None,
    seed: int,
    out: Path,
    check_file: bool,
) -> None:
    """Make the exact puzzles shipped with the game (or --check a puzzle file against the solver)."""
    if chunks is not None:
        first, last, step = (int(part) for part in chunks.split(":"))
        for index in range(first, last, step):
            made = _cached_chunk(seed, index, cache)
            click.echo(f"chunk {index}: {len(made)} puzzles in pairs")
        return
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
    if extend:
        puzzles = _extended(out, seed, malas, seven)
    else:
        puzzles = make(count, phase1, seed, pairs, cache, lastdraw, malas, seven)
    puzzle_file.save_puzzles(puzzles, out, seed)
    for line in summary(puzzles):
        click.echo(line)
    click.echo(f"written to {out}")


if __name__ == "__main__":
    main()
