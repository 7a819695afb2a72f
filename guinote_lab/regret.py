"""Phase-1 regret against the open-card oracle: ``python -m guinote_lab.regret``.

A quick screen for bot variants, much cheaper than a tournament. It collects
phase-1 decisions (card play only, at least two legal cards) from hands the
rule-based bot plays with some random moves, and values every legal card
there as the open-card bot does: with every hand seen, played out on many
random orders of the face-down stock (:meth:`guinote_tui.ai.OpenBot.playout_values`).
A bot's **regret** at a position is the oracle's value of its best card
minus the value of the card the bot chose, in points of the hand; the bot
sees only its seat's view.

Part of any honest bot's regret is the price of not seeing the hands, which
no bot can avoid; what the screen measures well is the *paired* difference
between two bots on the same positions. It reads phase 1 only (the arrastre
is exact for both search levels heads-up) and points only, not juegos:
confirm a finding with ``guinote tournament``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import click

from guinote_lab.bench import percentiles, random_positions
from guinote_tui.ai import OpenBot, decide, make_bot, spec_list
from guinote_tui.clicktypes import FiniteFloatRange
from guinote_tui.engine import HandState, Play, Stage
from guinote_tui.tournament.stats import mean, mean_ci95


@dataclass(frozen=True)
class Position:
    """A phase-1 decision and the oracle's value of each legal card for the seat to move."""

    number: int
    state: HandState
    values: dict[int, float]

    @property
    def best(self) -> float:
        return max(self.values.values())


def phase1_positions(
    players: int, preset: str, seed: int, hands: int, orders: int, wildness: float = 0.1, stock: int | None = None
) -> list[Position]:
    """Phase-1 card decisions with a choice, valued by the open-card oracle (``stock``: only those with at most
    that many face-down cards left in the stock)."""
    oracle = OpenBot(stock_samples=orders)
    out: list[Position] = []
    for number, state in enumerate(random_positions(players, preset, seed, hands, wildness)):
        if state.muestra is None or state.stage is not Stage.PLAY:
            continue
        if stock is not None and len(state.stock) > stock:
            continue
        legal = state.legal_actions()
        if len(legal) < 2 or not all(type(a) is Play for a in legal):
            continue
        seat = state.to_move
        assert seat is not None
        cards: list[int] = [a.card for a in legal if isinstance(a, Play)]
        values = oracle.playout_values(state, seat, cards, random.Random(f"oracle:{seed}:{number}"))
        out.append(Position(number, state, values))
    return out


def arrastre_positions(players: int, preset: str, seed: int, hands: int, wildness: float = 0.1) -> list[Position]:
    """Arrastre card decisions with a choice, each card valued exactly on the real hands (points, not the juego):
    what a seat could get seeing every hand, which no honest bot can, so the paired differences are what count."""
    from guinote_tui.ai.bitmasks import mask_of
    from guinote_tui.ai.solver import solver_for_view
    from guinote_tui.engine import seat_view

    out: list[Position] = []
    for number, state in enumerate(random_positions(players, preset, seed, hands, wildness)):
        if state.muestra is not None or state.stage is not Stage.PLAY or not state.in_arrastre:
            continue
        legal = state.legal_actions()
        if len(legal) < 2 or not all(type(a) is Play for a in legal):
            continue
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat, events=False)
        solver = solver_for_view(view, juego=False)
        sung = 0
        for cante in view.cantes:
            sung |= 1 << cante.suit
        values = solver.action_values(
            [mask_of(hand) for hand in state.hands], view.leader, [c for _, c in view.trick], sung
        )
        out.append(Position(number, state, {card: float(value) for card, value in values.items()}))
    return out


def regrets(spec: str, positions: Sequence[Position], seed: int) -> tuple[list[float], list[float]]:
    """The bot's regret at each position, and its CPU milliseconds per decision."""
    bot = make_bot(spec)
    out: list[float] = []
    times: list[float] = []
    for position in positions:
        state = position.state
        seat = state.to_move
        assert seat is not None
        started = time.process_time()
        action = decide(bot, state, seat, random.Random(f"bot:{seed}:{position.number}"))
        times.append((time.process_time() - started) * 1000.0)
        if not isinstance(action, Play) or action.card not in position.values:
            raise click.ClickException(f"bot {spec} chose {action}, not one of the legal cards")
        out.append(position.best - position.values[action.card])
    return out, times


def paired(first: Sequence[float], second: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """Mean of ``second - first`` position by position, with its Student-t 95 % interval."""
    diffs = [b - a for a, b in zip(first, second, strict=True)]
    return mean(diffs), mean_ci95(diffs)


@click.command()
@click.option(
    "--bots",
    default="normal;hard;expert",
    show_default=True,
    help="Bot specs separated by semicolons; the first is the reference for the paired differences.",
)
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True, help="Heads-up or pairs.")
@click.option("--rules", "preset", type=click.Choice(["aragones", "libre-100"]), default="aragones", show_default=True)
@click.option(
    "--hands", type=click.IntRange(1, 10_000), default=8, show_default=True, help="Hands to take positions from."
)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--orders", type=click.IntRange(1, 10_000), default=60, show_default=True, help="Stock orders per oracle value."
)
@click.option(
    "--wildness",
    type=FiniteFloatRange(0.0, 1.0),
    default=0.1,
    show_default=True,
    help="Share of the moves of the screened hands played at random (the rest are normal's).",
)
@click.option(
    "--stock",
    type=click.IntRange(0, 40),
    default=None,
    help="Only decisions with at most this many face-down cards left in the stock (the end of phase 1).",
)
@click.option(
    "--arrastre",
    is_flag=True,
    help="Screen the arrastre's decisions instead, each card valued exactly on the real hands (points).",
)
def main(
    bots: str,
    players: str,
    preset: str,
    hands: int,
    seed: int,
    orders: int,
    wildness: float,
    stock: int | None,
    arrastre: bool,
) -> None:
    """Print each bot's mean phase-1 regret against the open-card oracle, and paired differences.

    Per bot: the mean regret and its 95 % interval, the share of positions
    where it chose a card the oracle values best ("best card"), and its
    median CPU time per decision.
    """
    try:
        specs = spec_list(bots, players_only=True)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    if arrastre:
        positions = arrastre_positions(int(players), preset, seed, hands, wildness)
        if not positions:
            raise click.ClickException("no arrastre decision with a choice in these hands: deal more --hands")
        click.echo(f"{len(positions)} arrastre positions, each card solved on the real hands (points of the hand)")
    else:
        positions = phase1_positions(int(players), preset, seed, hands, orders, wildness, stock)
        if not positions:
            raise click.ClickException("no phase-1 decision with a choice in these hands: deal more --hands")
        click.echo(f"{len(positions)} phase-1 positions, oracle over {orders} stock orders (points of the hand)")
    click.echo(f"{'bot':<44}{'regret':>8}{'95 % CI':>18}{'best card':>13}{'p50 ms':>9}")
    results: dict[str, list[float]] = {}
    for spec in specs:
        values, times = regrets(spec, positions, seed)
        results[spec] = values
        low, high = mean_ci95(values)
        agree = sum(1 for v in values if v == 0.0) / len(values)
        interval = f"[{low:.2f}, {high:.2f}]"
        click.echo(f"{spec:<44}{mean(values):>8.2f}{interval:>18}{agree:>12.0%}{percentiles(times)['p50']:>9.1f}")
        sys.stdout.flush()
    for spec in specs[1:]:
        diff, (low, high) = paired(results[specs[0]], results[spec])
        click.echo(f"paired: {spec} minus {specs[0]}: {diff:+.2f} [{low:+.2f}, {high:+.2f}]")


if __name__ == "__main__":
    main()
