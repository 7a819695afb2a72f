"""Whether the coach says one thing of a decision wherever asked: ``python docs/lab/scripts/coach_agreement.py``.

Hands are dealt by self-play (every seat the ``normal`` bot, hand seeds
``--first`` on); at every decision of seat 0 with more than one legal card
the coach is asked the way each surface asks it:

* **review**: :func:`~guinote_tui.coach.ahead.advise_at` with the review's
  budget (the review in the game, ``guinote review`` and the hint once the
  analysis made while the player thinks is done all read this analysis);
* **Try it**: the step-through's try of the decision
  (:func:`~guinote_tui.game.practice_judge.try_problem`, then
  :func:`~guinote_tui.game.practice_judge.analyse`);
* **practice**: the decision kept as a mistake, read back from its position's
  text as the statistics keep it (a :class:`~guinote_tui.game.practice_judge.Problem`
  with no hand behind it), then analysed;
* **hint at once**: the quick budget (:data:`~guinote_tui.coach.COACH_BUDGET`), what a hint asked before the
  deeper analysis is done shows.

For each surface it records the set of good cards
(:attr:`~guinote_tui.coach.Advice.good`) and the tier of the card played
(:func:`~guinote_tui.coach.verdict.judge`), and prints the share of
decisions where they agree with the review's, per table size and phase;
then, per table size and phase, the share of decisions where the review
calls the card played a close call, and where more than one card is good.
``--out FILE`` keeps every decision's record as JSON after each hand: a run
stopped midway continues where it was with the same command.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click

__all__ = ["agreement", "decision_records", "main", "shares"]

SURFACES = ("try_it", "practice", "hint_at_once")


def _record(advice: Any, played: Any, view: Any) -> dict[str, Any]:
    from guinote_tui.coach.verdict import judge

    return {"good": sorted(str(a) for a in advice.good), "tier": judge(advice, played, False, view).grade.value}


def decision_records(players: int, seed: int, budget: Any) -> list[dict[str, Any]]:
    """Seat 0's decisions with a choice of cards in one self-played hand, each as every surface judges it."""
    from guinote_tui.ai import NormalBot, decide
    from guinote_tui.coach import COACH_BUDGET, COACH_SEED
    from guinote_tui.coach.ahead import HandSpec, advise_at, decisions
    from guinote_tui.engine import Match, Play, Rules, format_position, seat_view
    from guinote_tui.game.practice_judge import MISTAKE, Problem, analyse, try_problem

    match = Match(players, Rules(), seed=seed)
    bot, rng, hand = NormalBot(), random.Random(seed), match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        match.apply(decide(bot, hand, seat, rng), seat)
    spec = HandSpec.of(hand)
    out = []
    for index in decisions(spec, hand.log, 0):
        prefix = tuple(hand.log[:index])
        state = spec.replay(prefix)
        if sum(isinstance(a, Play) for a in state.legal_actions()) < 2:
            continue
        view = seat_view(state, 0, events=False)
        played = hand.log[index][1]
        review = advise_at(spec, prefix, 0, COACH_SEED, budget)
        quick = advise_at(spec, prefix, 0, COACH_SEED, COACH_BUDGET)
        assert review is not None and quick is not None
        tried = analyse(try_problem(hand, index, "try"), budget)
        kept = Problem(MISTAKE, "kept", players, state.rules, format_position(state), 0)
        practice = analyse(kept, budget)
        out.append(
            {
                "players": players,
                "seed": seed,
                "index": index,
                "phase": "arrastre" if view.in_arrastre else "phase 1",
                "review": _record(review, played, view),
                "try_it": _record(tried, played, view),
                "practice": _record(practice, played, view),
                "hint_at_once": _record(quick, played, view),
            }
        )
    return out


def agreement(records: Iterable[dict[str, Any]]) -> dict[str, dict[str, tuple[int, int]]]:
    """Per group (all, each table size and phase) and surface: (decisions agreeing with the review, decisions)."""
    table: dict[str, dict[str, list[int]]] = {}
    for record in records:
        groups = ("all", f"{record['players']} players", f"{record['players']} players, {record['phase']}")
        for surface in SURFACES:
            same = record[surface] == record["review"]
            for group in groups:
                counts = table.setdefault(group, {}).setdefault(surface, [0, 0])
                counts[0] += same
                counts[1] += 1
    return {g: {s: (c[0], c[1]) for s, c in by.items()} for g, by in table.items()}


def shares(records: Iterable[dict[str, Any]]) -> dict[str, tuple[int, int, int]]:
    """Per table size and phase: (the card played a close call in the review, decisions with more than one good
    card, decisions)."""
    table: dict[str, list[int]] = {}
    for record in records:
        counts = table.setdefault(f"{record['players']} players, {record['phase']}", [0, 0, 0])
        counts[0] += record["review"]["tier"] == "close"
        counts[1] += len(record["review"]["good"]) > 1
        counts[2] += 1
    return {group: (c[0], c[1], c[2]) for group, c in table.items()}


@click.command()
@click.option("--players", "tables", type=click.Choice(["2", "4"]), multiple=True, default=("2", "4"))
@click.option("--hands", type=click.IntRange(1, 1000), default=10, show_default=True, help="Hands per table size.")
@click.option("--first", type=click.IntRange(0), default=1, show_default=True, help="The first hand's seed.")
@click.option("--playouts", type=click.IntRange(100, 100_000), default=None, help="The review's playouts (default).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Records kept (resumed).")
def main(tables: tuple[str, ...], hands: int, first: int, playouts: int | None, out: Path | None) -> None:
    """Deal the hands, judge each decision on every surface, print the agreement with the review."""
    from dataclasses import replace

    from guinote_tui.coach import DEEP_BUDGET

    budget = DEEP_BUDGET if playouts is None else replace(DEEP_BUDGET, max_playouts=playouts)
    kept: dict[str, list[dict[str, Any]]] = {}
    if out is not None and out.exists():
        kept = json.loads(out.read_text())
    for players in (int(t) for t in tables):
        for seed in range(first, first + hands):
            key = f"{players}:{seed}:{budget.max_playouts}"
            if key not in kept:
                kept[key] = decision_records(players, seed, budget)
                if out is not None:
                    out.write_text(json.dumps(kept))
    records = [r for key, rs in kept.items() if key.endswith(f":{budget.max_playouts}") for r in rs]
    for group, by in sorted(agreement(records).items()):
        parts = [f"{surface} {same}/{total} ({100 * same / total:.1f} %)" for surface, (same, total) in by.items()]
        click.echo(f"{group}: " + " · ".join(parts))
    for group, (close, several, total) in sorted(shares(records).items()):
        click.echo(
            f"{group}: the card played a close call in the review {close}/{total} ({100 * close / total:.1f} %);"
            f" more than one good card {several}/{total} ({100 * several / total:.1f} %)"
        )


if __name__ == "__main__":
    main()
