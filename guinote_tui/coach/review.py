"""The review of a played match: the coach asked at every decision of one seat.

:func:`review_match` replays the match hand by hand; before each action of
the seat it asks :func:`~.advice.advise` from that seat's view at that moment
and judges the action taken (:func:`~.verdict.judge`): its cost against the
coach's action in the points of the seat's side, with that cost's standard
error (0 when the action was the coach's or the only one), its tier, and the
juego shares of the card played and of the coach's card. The declarations
of one window are judged together (:func:`~.ahead.deferred`), as the review
in the game does. Each decision gets its own generator from ``seed``, the
what the seat knows at the decision (:func:`~.advice.decision_rng`, as the
hint, the review in the game, Try it and practice), so a review is repeatable, agrees with
them, and comes out the same whether its decisions are analysed one after
the other or side by side in ``jobs`` processes.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Match, seat_view
from .advice import COACH_SEED, DEEP_BUDGET, Advice, advise, decision_rng
from .ahead import HandSpec, Move, deferred
from .evaluate import CoachBudget, Grade
from .reasons import Reason
from .verdict import judge, said_reason


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, priced by the coach."""

    hand: int  # 1-based
    trick: int  # 1-based: the trick being played (a window before a lead: the trick it leads)
    seat: int
    played: Action  # the action taken
    best: Action  # the coach's action
    cost: float  # points of the seat's side lost against the coach's best
    reason: Reason  # why the coach's action is best
    forced: bool
    cost_se: float = 0.0  # the standard error of ``cost`` (0 where exact)
    mistake: bool = False  # graded: an inaccuracy or worse, its 95 % interval clear of the tier's line
    about_same: bool = True  # the played action cannot be told apart from the coach's
    juego: str | None = None  # "lost": loses a juego the coach's does not; "missed": the coach's wins one it does not
    grade: str = Grade.SAME.value  # the tier: "same", "close", "inaccuracy", "mistake" or "blunder"
    played_win: float | None = None  # the share of the played card's lines that win the juego (None: not measured)
    played_loss: float | None = None  # ... that lose it
    best_win: float | None = None  # the same shares for the coach's card
    best_loss: float | None = None
    loss: Reason | None = None  # why the card played is worse than the coach's (graded cards, where it can tell)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``guinote review --json``: the reason as its code."""
        return {
            "hand": self.hand,
            "trick": self.trick,
            "seat": self.seat,
            "played": str(self.played),  # the engine's notation ("5C", "sing:O", "pass")
            "best": str(self.best),
            "cost": self.cost,
            "cost_se": self.cost_se,
            "grade": self.grade,
            "mistake": self.mistake,
            "about_same": self.about_same,
            "juego": self.juego,
            "played_win": self.played_win,
            "played_loss": self.played_loss,
            "best_win": self.best_win,
            "best_loss": self.best_loss,
            "reason": self.reason.code.value,
            "loss": None if self.loss is None else self.loss.code.value,
        }


def advice_at(spec: HandSpec, actions: tuple[Move, ...], seat: int, seed: int, budget: CoachBudget) -> Advice:
    """The coach's advice for ``seat`` after ``actions`` (forced or not): one decision's analysis."""
    state = spec.replay(actions)
    view = seat_view(state, seat, events=False)
    return advise(view, decision_rng(seed, view), budget)


@dataclass(frozen=True)
class _Task:
    hand: int
    spec: HandSpec
    log: tuple[Move, ...]
    index: int
    trick: int


def review_match(
    match: Match,
    seat: int,
    seed: int = COACH_SEED,
    budget: CoachBudget = DEEP_BUDGET,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    first_hand: int = 1,
) -> list[Decision]:
    """Every decision ``seat`` took in ``match`` (a loaded history) from hand ``first_hand`` on, in order, priced.

    ``jobs`` above 1 analyses the decisions in that many processes, with the same result.
    ``progress(done, total)`` is called with 0 done before the first analysis, then as each one is finished.
    Raises ``ValueError`` when ``seat`` is not a seat of the match's table.
    """
    if not 0 <= seat < match.players:
        raise ValueError(f"no seat {seat} at a table of {match.players}: choose 0 to {match.players - 1}")
    tasks = [task for task in _tasks(match, seat) if task.hand >= first_hand]
    advice = _analyse(tasks, seat, seed, budget, progress, jobs)
    return [_decision(task, seat, found) for task, found in zip(tasks, advice, strict=True)]


def _decision(task: _Task, seat: int, found: Advice) -> Decision:
    """The decision of ``task`` judged against ``found``, the coach's analysis there."""
    played = task.log[task.index][1]
    view = seat_view(task.spec.replay(task.log[: task.index]), seat, events=False)
    verdict = judge(found, played, deferred(task.spec, task.log, task.index, found.action), view)
    return Decision(
        hand=task.hand,
        trick=task.trick,
        seat=seat,
        played=played,
        best=found.action,
        cost=verdict.cost,
        reason=said_reason(found, played, view),
        forced=found.forced,
        cost_se=verdict.cost_se,
        mistake=verdict.mistake,
        about_same=verdict.about_same,
        juego=verdict.juego,
        grade=verdict.grade.value,
        played_win=verdict.played_win,
        played_loss=verdict.played_loss,
        best_win=verdict.best_win,
        best_loss=verdict.best_loss,
        loss=verdict.loss,
    )


def decision_at(
    match: Match, hand: int, index: int, seed: int = COACH_SEED, budget: CoachBudget = DEEP_BUDGET
) -> tuple[Decision, Advice]:
    """The decision taken at action ``index`` (0-based, in the hand's log) of hand ``hand`` (1-based) of ``match``,
    judged as :func:`review_match` judges it, with the coach's analysis there (the one the hint shows).

    ``ValueError`` (one line) when the hand or the action is not in the match.
    """
    records = match.records()
    if not 1 <= hand <= len(records):
        raise ValueError(f"no hand {hand}: the history holds {len(records)}")
    actions = len(records[hand - 1].actions)
    if not 0 <= index < actions:
        raise ValueError(f"no action {index} in hand {hand}: it holds {actions} (0 to {actions - 1})")
    seat = records[hand - 1].actions[index][0]
    task = next(t for t in _tasks(match, seat) if t.hand == hand and t.index == index)
    found = advice_at(task.spec, task.log[: task.index], seat, seed, budget)
    return _decision(task, seat, found), found


def _tasks(match: Match, seat: int) -> list[_Task]:
    """Every decision of ``seat`` in ``match``: where in which hand."""
    records = match.records()
    replay = Match(match.players, match.rules, seed=match.seed, dealer=records[0].dealer, deck=records[0].deck)
    tasks = []
    for number, record in enumerate(records, start=1):
        if number > 1:
            replay.next_hand(record.deck)
        spec = HandSpec.of(replay.hand)
        log = tuple(record.actions)
        for index, (who, action) in enumerate(log):
            hand = replay.hand
            if who == seat and hand.to_move == seat and action in hand.legal_actions():
                tasks.append(_Task(number, spec, log, index, len(hand.tricks) + 1))
            replay.apply(action, who)
    return tasks


def _analyse(
    tasks: list[_Task],
    seat: int,
    seed: int,
    budget: CoachBudget,
    progress: Callable[[int, int], None] | None,
    jobs: int,
) -> list[Advice]:
    """Each task's advice, in order: one after the other, or in ``jobs`` processes."""
    total = len(tasks)
    found: list[Advice | None] = [None] * total
    if progress is not None:
        progress(0, total)
    if jobs > 1 and total > 1:
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=min(jobs, total), mp_context=context)
        try:
            futures = {
                pool.submit(advice_at, t.spec, t.log[: t.index], seat, seed, budget): number
                for number, t in enumerate(tasks)
            }
            for done, future in enumerate(as_completed(futures), start=1):
                found[futures[future]] = future.result()
                if progress is not None:
                    progress(done, total)
        except BaseException:  # interrupted, or a worker failed: no waiting for the analyses still queued
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    else:
        for number, t in enumerate(tasks):
            found[number] = advice_at(t.spec, t.log[: t.index], seat, seed, budget)
            if progress is not None:
                progress(number + 1, total)
    return [a for a in found if a is not None]
