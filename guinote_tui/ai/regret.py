"""Decision quality against the open-card oracle: ``python -m guinote_tui.ai.regret``.

Tournaments measure strength but need thousands of deals to see a small
difference. This diagnostic is finer: at positions reached by play, each bot
chooses from its view, and the open-card oracle (which sees the real deal)
values every legal card by playing it out with the policy and solving the
heads-up arrastre exactly. A bot's **regret** at a position is the oracle's
value of its best card minus the value of the card the bot chose, in points.
Lower mean regret means choices closer to what a player who saw every card
would make; the figures are broken down by phase so weak spots show.

The oracle is not perfect (its playouts follow the policy after the first
card), so regret is a guide for development, not a strength figure.
"""

from __future__ import annotations

import random
import statistics

import click

from ..engine import PLAY, HandState, Play, seat_view
from . import make_bot
from .bench import random_positions
from .search import final_diff, playout
from .solver import ArrastreSolver
from .tables import tables_for


def oracle_values(state: HandState) -> dict[int, float]:
    """The open-card value of each legal card for the seat to move (its side's point difference)."""
    seat = state.to_move
    assert seat is not None
    tables = tables_for(state.rules, state.trump)
    leaf = ArrastreSolver(state.rules, state.trump, state.players) if state.players == 2 else None
    values: dict[int, float] = {}
    for action in state.legal_actions():
        if type(action) is not Play:
            continue
        child = state.copy()
        child.apply(PLAY[action.card])
        playout(child, tables, leaf)
        values[action.card] = final_diff(child, seat & 1, leaf)
    return values


def phase_of(state: HandState) -> str:
    """A label for the kind of decision: phase 1 early/late or arrastre, leading or following."""
    role = "follow" if state.trick else "lead"
    if state.muestra is None:
        return f"arrastre {role}"
    stage = "late" if len(state.stock) <= 8 else "early"
    return f"phase 1 {stage} {role}"


@click.command()
@click.option("--bot", "bots", multiple=True, default=("normal", "hard"), show_default=True, help="A bot (repeat).")
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True)
@click.option("--hands", type=click.IntRange(min=1), default=10, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--rules", "preset", default="aragones", show_default=True)
def main(bots: tuple[str, ...], players: str, hands: int, seed: int, preset: str) -> None:
    """Mean regret of each bot against the open-card oracle, by phase."""
    specs = list(bots)
    try:
        made = [make_bot(spec) for spec in specs]
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    regrets: dict[str, dict[str, list[float]]] = {spec: {} for spec in specs}
    positions = 0
    for state in random_positions(int(players), preset, seed, hands, wildness=0.1):
        if state.stage != "play":
            continue
        legal = state.legal_actions()
        if sum(1 for a in legal if type(a) is Play) < 2 or any(type(a) is not Play for a in legal):
            continue
        values = oracle_values(state)
        best = max(values.values())
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat)
        label = phase_of(state)
        positions += 1
        for spec, bot in zip(specs, made, strict=True):
            action = bot.choose(view, random.Random(positions))
            assert isinstance(action, Play)
            regrets[spec].setdefault(label, []).append(best - values[action.card])
    labels = sorted({label for by in regrets.values() for label in by})
    click.echo(f"{positions} positions; mean regret in points against the open-card oracle (lower is better)")
    click.echo(f"{'phase':24s} {'n':>5s} " + " ".join(f"{spec[:18]:>18s}" for spec in specs))
    overall = {spec: [r for label in labels for r in regrets[spec].get(label, [])] for spec in specs}
    for label in [*labels, "all"]:
        cells = []
        count = 0
        for spec in specs:
            data = overall[spec] if label == "all" else regrets[spec].get(label, [])
            count = len(data)
            cells.append(f"{statistics.fmean(data):18.2f}" if data else f"{'-':>18s}")
        click.echo(f"{label:24s} {count:5d} " + " ".join(cells))
    if len(specs) > 1 and positions > 1:
        # Same positions for every bot: the paired difference has a much smaller error.
        first = overall[specs[0]]
        cells = []
        for spec in specs[1:]:
            diffs = [b - a for a, b in zip(first, overall[spec], strict=True)]
            error = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
            cells.append(f"{statistics.fmean(diffs):+9.2f} ±{error:6.2f}")
        click.echo(f"{'vs first (95 %)':24s} {positions:5d} {'':>18s} " + " ".join(f"{c:>18s}" for c in cells))


if __name__ == "__main__":  # pragma: no cover
    main()
