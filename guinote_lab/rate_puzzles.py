"""Seed the puzzles' ratings from the bots: ``python -m guinote_lab.rate_puzzles``.

Each shipped puzzle is put to the easy, normal and hard bots, each with its
own random generator per attempt (``--attempts`` fitting attempts per bot,
``--easy-attempts`` for the easy bot, then as many held-out ones with other
generators). The easy bot is the one bot whose card varies with its
generator (it throws a random card three times in ten), so it is asked more
often: with three attempts, a puzzle it solves five times in six often
showed one solve in three, its rating was fitted on that bad luck, and the
held-out attempts regressed from it. A puzzle's rating is the
one that makes the bots' fitting attempts likeliest under the rating model
(:func:`guinote_tui.practice.rating.expected`: the Elo curve Glicko-2 uses),
searched on a grid from :data:`LOWEST` to :data:`HIGHEST`, and its deviation
the model's standard error there (at least :data:`LEAST_DEVIATION`). Three
fits are made and compared on the held-out attempts:

* **alone**: the bots count as players of a fixed rating (:data:`BOT_RATINGS`),
  each puzzle fitted from its own attempts;
* **with a prior**: the same, each puzzle's rating pulled towards the mean of
  the first fits of the puzzles with its kind, stars and stake (empirical
  Bayes, :func:`priors`);
* **the bots fitted too**: the easy and hard bots' ratings fitted from all
  their attempts given the puzzles' ratings, and the puzzles' again, in turn
  (:data:`JOINT_ROUNDS` rounds; the normal bot stays at 1500, the scale's
  anchor).

For each, the held-out attempts are binned by the chance the fitted ratings
give the bot of solving, each bin's observed solve rate printed beside the
chance predicted (all three bots, then the easy bot alone: the normal bot,
and the hard bot in the heads-up arrastre, where it solves exactly, play
the same card with any generator, so their held-out attempts repeat the
fitting ones), with the Brier score of all the held-out attempts. The fit
with the lowest Brier score goes to ``puzzle_ratings.json`` beside the
puzzles.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from pathlib import Path

import click

from guinote_lab.checkpoint import load_run, save_run
from guinote_tui.ai import decide, make_bot
from guinote_tui.practice import puzzles as puzzle_file
from guinote_tui.practice.puzzles import Puzzle
from guinote_tui.practice.rating import Glicko, expected

#: The bots and the rating each counts as.
BOT_RATINGS = {"easy": 1200.0, "normal": 1500.0, "hard": 1800.0}
#: The grid of puzzle ratings searched.
LOWEST, HIGHEST, STEP = 600, 2600, 10
#: Rounds of fitting the bots' ratings and the puzzles' in turn.
JOINT_ROUNDS = 3
#: The least spread of a prior (:func:`priors`).
LEAST_PRIOR = 150.0
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


Bots = dict[str, float]


def _log_likelihood(rating: float, results: dict[str, list[bool]], bots: Bots) -> float:
    total = 0.0
    for level, solved in results.items():
        chance = expected(Glicko(bots[level], 0.0), Glicko(rating, BOT_DEVIATION))
        chance = min(max(chance, 1e-9), 1 - 1e-9)
        total += sum(math.log(chance) if right else math.log(1 - chance) for right in solved)
    return total


def fit(results: dict[str, list[bool]], bots: Bots = BOT_RATINGS, prior: tuple[float, float] | None = None) -> Glicko:
    """The puzzle's rating that makes ``results`` likeliest (grid search), with the model's standard error; with
    a ``prior`` (mean, deviation), the likeliest under it (the mode of the posterior, the prior's information
    added to the error's)."""

    def score(rating: int) -> tuple[float, float]:
        value = _log_likelihood(rating, results, bots)
        if prior is not None:
            value -= (rating - prior[0]) ** 2 / (2 * prior[1] ** 2)
        return (value, -abs(rating - 1500))

    best = max(range(LOWEST, HIGHEST + 1, STEP), key=score)
    information = 0.0 if prior is None else 1 / prior[1] ** 2
    q = math.log(10) / 400
    for level, solved in results.items():
        chance = expected(Glicko(bots[level], 0.0), Glicko(best, BOT_DEVIATION))
        information += len(solved) * q * q * chance * (1 - chance)
    deviation = 350.0 if information <= 0 else min(350.0, max(LEAST_DEVIATION, 1 / math.sqrt(information)))
    return Glicko(float(best), round(deviation, 1))


def fit_bots(fitting: dict[str, dict[str, list[bool]]], ratings: dict[str, Glicko]) -> Bots:
    """The bots' ratings that make their fitting attempts likeliest given the puzzles' ``ratings``, the normal bot
    kept at its :data:`BOT_RATINGS` (the scale's anchor: 1500 is the normal bot)."""
    out = dict(BOT_RATINGS)
    for level in BOT_RATINGS:
        if level == "normal":
            continue

        def likelihood(rating: int, level: str = level) -> float:
            total = 0.0
            for ident, results in fitting.items():
                chance = expected(Glicko(float(rating), 0.0), Glicko(ratings[ident].rating, BOT_DEVIATION))
                chance = min(max(chance, 1e-9), 1 - 1e-9)
                total += sum(math.log(chance) if right else math.log(1 - chance) for right in results[level])
            return total

        out[level] = float(max(range(LOWEST, HIGHEST + 1, STEP), key=likelihood))
    return out


def features(puzzle: Puzzle) -> tuple[str, int, str]:
    """What a puzzle's prior is read from: its kind, its stars, its stake."""
    return (puzzle.kind, puzzle.stars, puzzle.stake)


def priors(puzzles: Sequence[Puzzle], first: dict[str, Glicko]) -> dict[str, tuple[float, float]]:
    """Each puzzle's prior: the mean and the spread (at least :data:`LEAST_PRIOR`) of the first fits of the puzzles
    with its :func:`features` (empirical Bayes: the puzzles alike say where a puzzle's rating likely is)."""
    groups: dict[tuple[str, int, str], list[float]] = {}
    for puzzle in puzzles:
        groups.setdefault(features(puzzle), []).append(first[puzzle.id].rating)
    out = {}
    for puzzle in puzzles:
        values = groups[features(puzzle)]
        mean = sum(values) / len(values)
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        out[puzzle.id] = (mean, max(LEAST_PRIOR, spread))
    return out


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
@click.option("--attempts", "count", type=click.IntRange(1, 100), default=3, show_default=True)
@click.option(
    "--easy-attempts",
    "easy",
    type=click.IntRange(1, 100),
    default=15,
    show_default=True,
    help="The easy bot's attempts (fitting, then as many held out): its card varies with its generator.",
)
@click.option("--limit", type=click.IntRange(1, 100_000), default=None, help="Only the first LIMIT puzzles.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=RATINGS_PATH, show_default=True)
@click.option(
    "--checkpoint",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Keep the bots' attempts here after each puzzle; a run stopped goes on from them.",
)
@click.option("--stop-after", type=click.IntRange(1), default=None, help="Stop after attempting this many puzzles.")
def main(
    count: int, easy: int, limit: int | None, out: Path, checkpoint: Path | None, stop_after: int | None
) -> None:
    """Seed every shipped puzzle's rating from the bots' attempts, and print the calibration on held-out ones."""
    puzzles = list(puzzle_file.shipped_puzzles())[:limit]
    done = bot_attempts(puzzles, count, checkpoint, stop_after, easy)
    if len(done) < len(puzzles):
        click.echo(f"{len(done)}/{len(puzzles)} puzzles attempted, kept in {checkpoint}: run again to go on")
        return
    fitting = {p.id: {level: pair[0] for level, pair in done[p.id].items()} for p in puzzles}
    held_out = {p.id: {level: pair[1] for level, pair in done[p.id].items()} for p in puzzles}
    first = {p.id: fit(fitting[p.id]) for p in puzzles}
    prior_of = priors(puzzles, first)
    shrunk = {p.id: fit(fitting[p.id], BOT_RATINGS, prior_of[p.id]) for p in puzzles}
    bots, joint = dict(BOT_RATINGS), first
    for _round in range(JOINT_ROUNDS):
        bots = fit_bots(fitting, joint)
        joint = {p.id: fit(fitting[p.id], bots) for p in puzzles}
    variants = {
        "each puzzle's attempts alone": (BOT_RATINGS, first),
        "with the prior of the puzzles alike": (BOT_RATINGS, shrunk),
        "with the bots' ratings fitted too (" + ", ".join(f"{k} {v:.0f}" for k, v in bots.items()) + ")": (
            bots,
            joint,
        ),
    }
    scores = {}
    for title, (scale, fitted) in variants.items():
        rows = [
            (expected(Glicko(scale[level], 0.0), fitted[p.id]), solved)
            for p in puzzles
            for level in BOT_RATINGS
            for solved in held_out[p.id][level]
        ]
        scores[title] = brier(rows)
        click.echo(f"Ratings {title}: Brier score of the held-out attempts {scores[title]:.4f}")
        for who, levels in (("all three bots", tuple(BOT_RATINGS)), ("the easy bot", ("easy",))):
            click.echo(f"{who}, held-out attempts:")
            chosen = [
                (expected(Glicko(scale[level], 0.0), fitted[p.id]), solved)
                for p in puzzles
                for level in levels
                for solved in held_out[p.id][level]
            ]
            for line in calibration(chosen):
                click.echo(line)
    best = min(scores, key=lambda title: scores[title])
    scale, fitted = variants[best]
    ratings = {ident: [rating.rating, rating.deviation] for ident, rating in fitted.items()}
    data = {"version": 1, "bots": scale, "attempts": count, "easy_attempts": easy, "ratings": ratings}
    out.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
    click.echo(f"{len(ratings)} puzzles rated ({best}: the lowest Brier score), written to {out}")


def bot_attempts(
    puzzles: Sequence[Puzzle], count: int, checkpoint: Path | None, stop_after: int | None, easy: int | None = None
) -> dict[str, dict[str, list[list[bool]]]]:
    """Each puzzle's fitting and held-out attempts by bot (``[fitting, held out]``; ``count`` of each, ``easy`` for
    the easy bot), those kept in ``checkpoint`` read back, the others made (and kept after each puzzle), at most
    ``stop_after`` new ones."""
    per_level = {level: count for level in BOT_RATINGS}
    if easy is not None:
        per_level["easy"] = easy
    meta: dict[str, object] = {"attempts": count, "puzzles": [p.id for p in puzzles]}
    if easy is not None and easy != count:
        meta["easy_attempts"] = easy
    run = load_run(checkpoint, meta)
    done: dict[str, dict[str, list[list[bool]]]] = run["hands"]
    made = 0
    for puzzle in puzzles:
        if puzzle.id in done:
            continue
        if stop_after is not None and made >= stop_after:
            break
        done[puzzle.id] = {
            level: [attempts(puzzle, level, range(n)), attempts(puzzle, level, range(n, 2 * n))]
            for level, n in per_level.items()
        }
        made += 1
        save_run(checkpoint, run)
    return done


def brier(rows: Sequence[tuple[float, bool]]) -> float:
    """The mean squared gap between the chance predicted and the outcome (0 is perfect; 0.25 a coin's)."""
    return sum((chance - (1.0 if solved else 0.0)) ** 2 for chance, solved in rows) / max(1, len(rows))


if __name__ == "__main__":
    main()
