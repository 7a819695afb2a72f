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

With ``--hint-wait SECONDS`` it measures the hint instead, as the table
asks it: at each decision the position is handed to the coach's workers the
moment the turn begins (:meth:`~guinote_tui.coach.ahead.ReviewAhead.submit`
with ``quick``), the player thinks ``SECONDS``, and the hint is what
:meth:`~guinote_tui.coach.ahead.ReviewAhead.ready` has then, or the quick
analysis worked out there and then. The bots answer at once, so the previous
decision's analysis may still hold a worker, as with a quick table. Its
review is the workers' deeper analysis of the decision (the one the review
in the game reads); the records say which analysis the hint showed.

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
    from guinote_tui.coach import COACH_BUDGET, COACH_SEED
    from guinote_tui.coach.ahead import HandSpec, advise_at, decisions
    from guinote_tui.engine import Play, format_position, seat_view
    from guinote_tui.game.practice_judge import MISTAKE, Problem, analyse, try_problem

    hand = _played_hand(players, seed)
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


def hint_records(players: int, seed: int, wait: float, pace: float) -> list[dict[str, Any]]:
    """Seat 0's decisions with a choice of cards in one self-played hand: the hint after ``wait`` seconds of
    thinking, as the table asks it, against the review's analysis made by the same workers. The other seats'
    actions between two decisions take ``pace`` seconds each (the table's bot delay)."""
    import time

    from guinote_tui.coach import COACH_BUDGET, COACH_SEED
    from guinote_tui.coach.ahead import HandSpec, ReviewAhead, advise_at, decisions
    from guinote_tui.engine import Play, seat_view

    hand = _played_hand(players, seed)
    spec = HandSpec.of(hand)
    ahead = ReviewAhead(0)
    asked = []
    last = 0
    for index in decisions(spec, hand.log, 0):
        time.sleep(pace * sum(seat != 0 for seat, _ in hand.log[last:index]))
        last = index
        prefix = tuple(hand.log[:index])
        state = spec.replay(prefix)
        if sum(isinstance(a, Play) for a in state.legal_actions()) < 2:
            continue
        ahead.submit(state, quick=True)
        time.sleep(wait)
        shown = ahead.ready(state)
        analysis = "review" if shown is not None and shown is ahead.refined(state) else "quick"
        if shown is None:
            shown, analysis = advise_at(spec, prefix, 0, COACH_SEED, COACH_BUDGET), "spot"
        asked.append((index, state, shown, analysis))
    ahead.review(hand)  # waits for every deeper analysis
    out = []
    for index, state, shown, analysis in asked:
        view = seat_view(state, 0, events=False)
        played = hand.log[index][1]
        review = ahead.refined(state)
        assert review is not None and shown is not None
        out.append(
            {
                "players": players,
                "seed": seed,
                "index": index,
                "phase": "arrastre" if view.in_arrastre else "phase 1",
                "review": _record(review, played, view),
                "hint_after_wait": _record(shown, played, view),
                "analysis": analysis,
            }
        )
    return out


def _played_hand(players: int, seed: int) -> Any:
    """One hand self-played by the normal bot at every seat (hand seed ``seed``)."""
    from guinote_tui.ai import NormalBot, decide
    from guinote_tui.engine import Match, Rules

    match = Match(players, Rules(), seed=seed)
    bot, rng, hand = NormalBot(), random.Random(seed), match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        match.apply(decide(bot, hand, seat, rng), seat)
    return hand


def agreement(records: Iterable[dict[str, Any]]) -> dict[str, dict[str, tuple[int, int]]]:
    """Per group (all, each table size and phase) and surface: (decisions agreeing with the review, decisions)."""
    table: dict[str, dict[str, list[int]]] = {}
    for record in records:
        groups = ("all", f"{record['players']} players", f"{record['players']} players, {record['phase']}")
        for surface in (s for s in (*SURFACES, "hint_after_wait") if s in record):
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
@click.option(
    "--hint-wait",
    type=click.FloatRange(0, 60),
    default=None,
    help="Measure the hint asked after this many seconds of thinking, as the table asks it, against the review.",
)
@click.option(
    "--pace",
    type=click.FloatRange(0, 60),
    default=0.6,
    show_default=True,
    help="With --hint-wait: seconds each other seat's action takes (the table's default bot delay).",
)
def main(
    tables: tuple[str, ...],
    hands: int,
    first: int,
    playouts: int | None,
    out: Path | None,
    hint_wait: float | None,
    pace: float,
) -> None:
    """Deal the hands, judge each decision on every surface, print the agreement with the review."""
    from dataclasses import replace

    from guinote_tui.coach import DEEP_BUDGET
    from guinote_tui.coach.ahead import stop_workers

    budget = DEEP_BUDGET if playouts is None else replace(DEEP_BUDGET, max_playouts=playouts)
    tag = f"hint{hint_wait:g}-pace{pace:g}" if hint_wait is not None else str(budget.max_playouts)
    kept: dict[str, list[dict[str, Any]]] = {}
    if out is not None and out.exists():
        kept = json.loads(out.read_text())
    try:
        for players in (int(t) for t in tables):
            for seed in range(first, first + hands):
                key = f"{players}:{seed}:{tag}"
                if key not in kept:
                    if hint_wait is None:
                        kept[key] = decision_records(players, seed, budget)
                    else:
                        kept[key] = hint_records(players, seed, hint_wait, pace)
                    if out is not None:
                        out.write_text(json.dumps(kept))
    finally:
        stop_workers()
    records = [r for key, rs in kept.items() if key.endswith(f":{tag}") for r in rs]
    if hint_wait is not None:
        shown = {a: sum(r["analysis"] == a for r in records) for a in ("review", "quick", "spot")}
        click.echo(f"the hint after {hint_wait:g} s showed: " + ", ".join(f"{a} {n}" for a, n in shown.items()))
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
