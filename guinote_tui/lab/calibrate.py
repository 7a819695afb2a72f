"""What a first hand's point difference is worth: ``python -m guinote_tui.lab.calibrate``.

A first hand that ends de vueltas leaves the juego to the next hand, and the
side that carries more points is more likely to win it. This command plays
juegos between copies of the rule-based ``normal`` bot, keeps those whose
first hand went de vueltas, and fits ``P(win) = 1 / (1 + exp(-diff / s))`` to
the first hand's point difference by maximum likelihood (a grid over ``s``).
It calibrated the juego objective the search bots once tried (docs/lab/2026-11-juego-objective.md).
"""

from __future__ import annotations

import math
import random

import click

from ..ai import NormalBot, decide
from ..engine import Match, Rules, RulesError


def vueltas_outcomes(players: int, preset: str, games: int, seed: int) -> list[tuple[int, int]]:
    """(first-hand point difference of side 0, 1 if side 0 won the juego) for juegos that went de vueltas."""
    rules = Rules.preset(preset)
    bot = NormalBot()
    rng = random.Random(seed)
    data: list[tuple[int, int]] = []
    for game in range(games):
        match = Match(players, rules, seed=seed * 1_000_003 + game, events=False)
        first = match.hand
        while not first.is_over:
            seat = first.to_move
            assert seat is not None
            match.apply(decide(bot, first, seat, rng))
        result = first.result
        assert result is not None
        if result.juego_winner is not None:
            continue
        diff = result.points[0] - result.points[1]
        for _ in range(8):
            match.next_hand()
            hand = match.hand
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                match.apply(decide(bot, hand, seat, rng))
            winner = hand.result.juego_winner if hand.result is not None else None
            if winner is not None:
                data.append((diff, 1 if winner == 0 else 0))
                break
    return data


def fit_scale(data: list[tuple[int, int]]) -> float:
    """The logistic scale ``s`` (0.5 steps from 2 to 80) of highest likelihood."""

    def log_likelihood(scale: float) -> float:
        total = 0.0
        for diff, won in data:
            p = 1.0 / (1.0 + math.exp(-diff / scale))
            p = min(max(p, 1e-12), 1 - 1e-12)
            total += math.log(p if won else 1.0 - p)
        return total

    return max((step / 2 for step in range(4, 161)), key=log_likelihood)


@click.command()
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True)
@click.option("--rules", "preset", default="aragones", show_default=True)
@click.option("--games", type=click.IntRange(1, 1_000_000), default=6000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
def main(players: str, preset: str, games: int, seed: int) -> None:
    """Fit the chance of winning a juego de vueltas to the first hand's point difference."""
    try:
        data = vueltas_outcomes(int(players), preset, games, seed)
    except RulesError as exc:
        raise click.ClickException(str(exc)) from None
    if not data:
        raise click.ClickException("no juego went de vueltas: nothing to fit")
    scale = fit_scale(data)
    click.echo(f"{len(data)} juegos de vueltas out of {games}; logistic scale s = {scale} (tanh scale {2 * scale})")
    click.echo("first-hand diff   juegos   won by side 0   fitted")
    for low in range(-80, 80, 20):
        chunk = [won for diff, won in data if low <= diff < low + 20]
        if chunk:
            fitted = 1.0 / (1.0 + math.exp(-(low + 10) / scale))
            share = sum(chunk) / len(chunk)
            click.echo(f"[{low:+4d}, {low + 20:+4d})   {len(chunk):6d}   {share:13.3f}   {fitted:6.3f}")


if __name__ == "__main__":  # pragma: no cover
    main()
