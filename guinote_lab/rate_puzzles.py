"""Seed the puzzles' ratings from the bots: ``python -m guinote_lab.rate_puzzles``.

Each shipped puzzle is put to the easy, normal and hard bots, each with its
own random generator per attempt (``--attempts`` fitting attempts per bot,
then as many held-out ones with other generators). The bots are players of a
fixed rating (:data:`BOT_RATINGS`); a puzzle's rating is the one that makes
the bots' fitting attempts likeliest under the rating model
(:func:`guinote_tui.practice.rating.expected`: the Elo curve Glicko-2 uses),
searched on a grid from :data:`LOWEST` to :data:`HIGHEST`, and its deviation
the model's standard error there (at least :data:`LEAST_DEVIATION`). The
ratings go to ``puzzle_ratings.json`` beside the puzzles.

Then the calibration: the held-out attempts are binned by the chance the
fitted rating gives the bot of solving, and each bin's observed solve rate is
printed beside the chance predicted. The normal bot, and the hard bot in the
heads-up arrastre (it solves it exactly), play the same card with any
generator: their held-out attempts repeat the fitting ones, so the table is
printed for the easy bot's held-out attempts alone as well (its choices
vary with its generator).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from pathlib import Path

import click

from guinote_tui.ai import decide, make_bot
from guinote_tui.practice import puzzles as puzzle_file
from guinote_tui.practice.puzzles import Puzzle
from guinote_tui.practice.rating import Glicko, expected

#: The bots and the rating each counts as.
BOT_RATINGS = {"easy": 1200.0, "normal": 1500.0, "hard": 1800.0}
#: The grid of puzzle ratings searched.
LOWEST, HIGHEST, STEP = 600, 2600, 10
#: The least deviation a seeded rating gets.
LEAST_DEVIATION = 60.0
#: The deviation model's puzzles' ratings use for the bots (they are fixed points of the scale).
BOT_DEVIATION = 0.0
RATINGS_PATH = puzzle_file.RATINGS_PATH


def attempts(puzzle: Puzzle, level: str, seeds: Sequence[int]) -> list[bool]:
    """Whether the bot ``level`` finds a correct card of ``puzzle``, once per seed."""
    bot = make_bot(level)
    found = []
    for seed in seeds:
        action = decide(bot, puzzle.state(), puzzle.seat, random.Random(f"rate:{puzzle.id}:{level}:{seed}"))
        found.append(getattr(action, "card", None) in puzzle.correct)
    return found


def _log_likelihood(rating: float, results: dict[str, list[bool]]) -> float:
    total = 0.0
    for level, solved in results.items():
        chance = expected(Glicko(BOT_RATINGS[level], 0.0), Glicko(rating, BOT_DEVIATION))
        chance = min(max(chance, 1e-9), 1 - 1e-9)
        total += sum(math.log(chance) if right else math.log(1 - chance) for right in solved)
    return total


def fit(results: dict[str, list[bool]]) -> Glicko:
    """The puzzle's rating that makes ``results`` likeliest (grid search), with the model's standard error."""
    best = max(range(LOWEST, HIGHEST + 1, STEP), key=lambda r: (_log_likelihood(r, results), -abs(r - 1500)))
    information = 0.0
    q = math.log(10) / 400
    for level, solved in results.items():
        chance = expected(Glicko(BOT_RATINGS[level], 0.0), Glicko(best, BOT_DEVIATION))
        information += len(solved) * q * q * chance * (1 - chance)
    deviation = 350.0 if information <= 0 else min(350.0, max(LEAST_DEVIATION, 1 / math.sqrt(information)))
    return Glicko(float(best), round(deviation, 1))


def calibration(rows: list[tuple[float, bool]], bins: int = 5) -> list[str]:
    """Lines of the table: for each bin of predicted chance, the attempts, the mean chance and the solve rate."""
    lines = ["| chance predicted | attempts | mean predicted | solved (held out) |", "|---|---|---|---|"]
    for index in range(bins):
        low, high = index / bins, (index + 1) / bins
        inside = [(p, s) for p, s in rows if low <= p < high or (index == bins - 1 and p == 1.0)]
        if not inside:
            continue
        mean = sum(p for p, _ in inside) / len(inside)
        rate = sum(1 for _, s in inside if s) / len(inside)
        margin = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / len(inside))
        lines.append(f"| {low:.1f}–{high:.1f} | {len(inside)} | {mean:.2f} | {rate:.2f} ± {margin:.2f} |")
    return lines


@click.command()
@click.option("--attempts", "count", type=click.IntRange(1, 100), default=4, show_default=True)
@click.option("--limit", type=click.IntRange(1, 100_000), default=None, help="Only the first LIMIT puzzles.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=RATINGS_PATH, show_default=True)
def main(count: int, limit: int | None, out: Path) -> None:
    """Seed every shipped puzzle's rating from the bots' attempts, and print the calibration on held-out ones."""
    puzzles = list(puzzle_file.shipped_puzzles())[:limit]
    ratings: dict[str, list[float]] = {}
    held: list[tuple[float, bool]] = []
    held_easy: list[tuple[float, bool]] = []
    for puzzle in puzzles:
        fitting = {level: attempts(puzzle, level, range(count)) for level in BOT_RATINGS}
        rating = fit(fitting)
        ratings[puzzle.id] = [rating.rating, rating.deviation]
        for level in BOT_RATINGS:
            chance = expected(Glicko(BOT_RATINGS[level], 0.0), rating)
            for solved in attempts(puzzle, level, range(count, 2 * count)):
                held.append((chance, solved))
                if level == "easy":
                    held_easy.append((chance, solved))
    data = {"version": 1, "bots": BOT_RATINGS, "attempts": count, "ratings": ratings}
    out.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
    click.echo(f"{len(ratings)} puzzles rated, written to {out}")
    click.echo("All three bots, held-out attempts:")
    for line in calibration(held):
        click.echo(line)
    click.echo("The easy bot's held-out attempts:")
    for line in calibration(held_easy):
        click.echo(line)


if __name__ == "__main__":
    main()
