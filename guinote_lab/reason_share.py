"""How often the coach gives each reason: ``python -m guinote_lab.reason_share``.

Plays hands of ``hard`` against ``hard`` and, at every decision where the
seat to move chooses among two cards or more (phase 1 and the arrastre,
declarations aside), values the cards with the hard bot's search
(:meth:`guinote_tui.ai.HardBot.card_values`, halved into points of the
seat's side), takes the best and asks :func:`guinote_tui.coach.why.card_reason`
why. Prints the share of each reason, split by phase, heads-up and in pairs.
The share of BEST_BY_SEARCH ("no simple rule") is the figure to watch.

A measurement, not a test: the seeds make it repeatable.
"""

from __future__ import annotations

import random
from collections import Counter

import click

from guinote_tui.ai import HardBot, SearchSettings, decide
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.coach.reasons import ReasonCode
from guinote_tui.coach.why import card_reason
from guinote_tui.engine import Card, HandState, Play, Rules, Stage, seat_view


def reason_counts(players: int, decisions: int, seed: int, samples: int) -> dict[str, Counter[ReasonCode]]:
    """phase ("phase 1", "arrastre") -> reason code -> how often it explained the search's best card."""
    rng = random.Random(seed)
    bot = HardBot(SearchSettings(samples=samples))
    counts: dict[str, Counter[ReasonCode]] = {"phase 1": Counter(), "arrastre": Counter()}
    seen = 0
    while seen < decisions:
        deck = list(range(40))
        rng.shuffle(deck)
        state = HandState(deck, rng.randrange(players), Rules(), players, events=False)
        while not state.is_over and seen < decisions:
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            if state.stage is Stage.PLAY and sum(isinstance(a, Play) for a in legal) > 1:
                view = seat_view(state, seat, events=False)
                values = {Card(c): v / 2 for c, v in bot.card_values(view, rng).items()}
                best = max(values, key=lambda c: values[c])
                reason = card_reason(view, best, values, tables_for(view.rules, view.trump))
                counts["arrastre" if view.in_arrastre else "phase 1"][reason.code] += 1
                seen += 1
            state.apply(decide(bot, state, seat, rng), seat)
    return counts


@click.command()
@click.option("--decisions", type=click.IntRange(1, 100_000), default=300, show_default=True, help="Per table size.")
@click.option("--samples", type=click.IntRange(1, 10_000), default=40, show_default=True, help="Search samples.")
@click.option("--seed", type=int, default=1, show_default=True)
def main(decisions: int, samples: int, seed: int) -> None:
    """Print the share of each reason the coach gives for the search's best card."""
    for players, label in ((2, "heads-up"), (4, "pairs")):
        counts = reason_counts(players, decisions, seed, samples)
        total = sum(sum(c.values()) for c in counts.values())
        together: Counter[ReasonCode] = Counter()
        for phase, counted in counts.items():
            together.update(counted)
            click.echo(f"{label}, {phase}: {sum(counted.values())} decisions")
        click.echo(f"{label}: {total} decisions with a choice of cards")
        for code, count in together.most_common():
            by_phase = ", ".join(f"{phase} {counts[phase][code]}" for phase in counts)
            click.echo(f"  {code.value:16} {count:4}  {count / total:6.1%}  ({by_phase})")


if __name__ == "__main__":
    main()
