"""The review of a hand prepared while the hand is played, in a separate process.

Each time the reviewed seat takes a decision, :meth:`ReviewAhead.submit`
sends the position before it (the hand's deal and the actions so far) to a
worker process, which asks :func:`~.advice.advise` there. By the end of the
hand most decisions are already analysed, so :meth:`ReviewAhead.review`
only waits for the last few. The workers are a pool of :data:`WORKERS`
processes shared by the whole program, started on first use ("spawn": no
copy of the interface's threads), at a lower priority than the game, so the
interface and the bots keep the machine when they need it; quitting ends
them at once (:func:`stop_workers`), it never waits for an analysis, and
an analysis the game runs in a thread meanwhile (a review waiting here,
then analysing on the spot) stops too (:mod:`.stopping`).

The table also submits the position the moment the seat's turn begins, so
the analysis runs while the player thinks: the review's, queued first, and
beside it the hint's quick one; a hint asked once one is done
(:meth:`ReviewAhead.ready`) answers at once, with the deeper if it is done.

The analysis of a decision depends only on the position, the seat and the
seed (:func:`~.advice.decision_rng`: what the seat knows there), so the review made ahead is the one :func:`review_hand`
makes on the spot and the one ``guinote review`` makes of the saved hand,
and a decision taken again after an undo reuses its analysis.

    >>> from guinote_tui.engine import HandState, parse_deck
    >>> hand = HandState(list(range(40)), dealer=1, players=2, events=False)
    >>> spec = HandSpec.of(hand)
    >>> spec.replay(()).hands == hand.hands
    True
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from multiprocessing import resource_tracker
from threading import Lock

from ..engine import Action, Card, HandState, Rules, seat_view
from .advice import COACH_SEED, DEEP_BUDGET, Advice, advise, decision_rng
from .evaluate import COACH_BUDGET, CoachBudget, Grade
from .reasons import Reason
from .verdict import declaration, judge, said_reason

#: One seat's action in a hand's log.
Move = tuple[int, Action]


@dataclass(frozen=True)
class HandSpec:
    """What a hand was dealt from: enough to replay it from its actions."""

    deck: tuple[Card, ...]
    dealer: int
    rules: Rules
    players: int
    carried: tuple[int, int]
    first_of_juego: bool

    @classmethod
    def of(cls, hand: HandState) -> HandSpec:
        return cls(hand.deck, hand.dealer, hand.rules, hand.players, hand.carried, hand.first_of_juego)

    def replay(self, actions: Sequence[Move]) -> HandState:
        """The hand after ``actions`` (no events recorded)."""
        state = HandState(self.deck, self.dealer, self.rules, self.players, self.carried, self.first_of_juego, False)
        for seat, action in actions:
            state.apply(action, seat)
        return state


@dataclass(frozen=True)
class Reviewed:
    """One decision of the reviewed seat in a hand, priced by the coach."""

    index: int  # the decision's place in the hand's log
    trick: int  # 1-based: the trick being played (a window before a lead: the trick it leads)
    played: Action
    best: Action
    cost: float  # points of the seat's side lost against the coach's best (0: as good)
    reason: Reason  # why the coach's choice is best
    cost_se: float = 0.0  # the standard error of ``cost`` (0 where exact)
    mistake: bool = False  # graded (an inaccuracy or worse, its 95 % interval clear of the line): listed
    juego: str | None = None  # "lost" / "missed": it gives a juego up (:meth:`~.advice.Advice.juego`)
    grade: str = Grade.SAME.value  # the tier (:class:`~.evaluate.Grade`'s value): same, close, inaccuracy...
    played_win: float | None = None  # the share of the played card's lines that win the juego (None: not measured)
    played_loss: float | None = None  # ... that lose it
    best_win: float | None = None  # the same shares for the coach's card
    best_loss: float | None = None
    followed_hint: bool = False  # the player played what the coach's hint advised: never graded
    loss: Reason | None = None  # why the card played is worse than the coach's (graded cards, where it can tell)
    #: The analysis the decision was priced by (:func:`priced`): kept with the review, so that "Try it" and practice
    #: show its verdicts (:mod:`.stored`) instead of judging the position afresh.
    advice: Advice | None = field(default=None, compare=False, repr=False)


def followed(reviewed: Reviewed) -> Reviewed:
    """``reviewed`` as a followed hint: the player did what the coach said, so nothing is charged."""
    return replace(
        reviewed, cost=0.0, cost_se=0.0, mistake=False, juego=None, grade=Grade.SAME.value, followed_hint=True
    )


def advise_at(
    spec: HandSpec, actions: tuple[Move, ...], seat: int, seed: int = COACH_SEED, budget: CoachBudget = DEEP_BUDGET
) -> Advice | None:
    """The coach's advice for ``seat`` after ``actions``; None when it is not a choice of that seat."""
    state = spec.replay(actions)
    if state.to_move != seat or len(state.legal_actions()) < 2:
        return None
    view = seat_view(state, seat, events=False)
    return advise(view, decision_rng(seed, view), budget)


def decisions(spec: HandSpec, log: Sequence[Move], seat: int) -> list[int]:
    """The indices in ``log`` where ``seat`` had more than one legal action."""
    state = spec.replay(())
    out = []
    for index, (who, action) in enumerate(log):
        if who == seat and len(state.legal_actions()) > 1:
            out.append(index)
        state.apply(action, who)
    return out


def deferred(spec: HandSpec, log: Sequence[Move], index: int, best: Action) -> bool:
    """The decision at ``log[index]`` is a declaration and the coach's declaration ``best`` is still open to the
    seat in the same window: it takes it later, or may still take it at its next action (judged there)."""
    seat, played = log[index]
    if not declaration(played) or not declaration(best):
        return False
    after = index + 1
    if after >= len(log) or log[after][0] != seat:
        return False  # the window closed with this declaration
    later = []
    for who, action in log[after:]:
        if who != seat:
            break
        later.append(action)
        if not declaration(action):
            break  # a card (or a pass) closes the window
    return best in later or best in spec.replay(log[:after]).legal_actions()


def priced(spec: HandSpec, log: Sequence[Move], index: int, advice: Advice) -> Reviewed:
    """The decision at ``log[index]`` priced by ``advice`` (the advice for the position before it)."""
    before = spec.replay(log[:index])
    tricks = len(before.tricks)
    played = log[index][1]
    view = seat_view(before, log[index][0], events=False)
    verdict = judge(advice, played, deferred(spec, log, index, advice.action), view)
    return Reviewed(
        index,
        tricks + 1,
        played,
        advice.action,
        verdict.cost,
        said_reason(advice, played, view),
        verdict.cost_se,
        verdict.mistake,
        verdict.juego,
        verdict.grade.value,
        verdict.played_win,
        verdict.played_loss,
        verdict.best_win,
        verdict.best_loss,
        loss=verdict.loss,
        advice=advice,
    )


#: Told the decisions priced so far and how many there are (a progress line), after each one.
Progress = Callable[[int, int], None]


def review_hand(
    spec: HandSpec,
    log: Sequence[Move],
    seat: int,
    seed: int = COACH_SEED,
    budget: CoachBudget = DEEP_BUDGET,
    progress: Progress | None = None,
) -> list[Reviewed]:
    """Every decision ``seat`` took in the hand, priced on the spot (no worker process)."""
    out = []
    indices = list(decisions(spec, log, seat))
    for index in indices:
        advice = advise_at(spec, tuple(log[:index]), seat, seed, budget)
        assert advice is not None
        out.append(priced(spec, log, index, advice))
        if progress is not None:
            progress(len(out), len(indices))
    return out


#: Worker processes: one may finish the last decision's deep analysis while the other answers the decision the
#: player is thinking about now (both at a lower priority than the game).
WORKERS = 2

#: Seconds a terminated worker is given to end before it is killed (it ends at once: SIGTERM is not handled).
STOP_WAIT = 2.0

_executor: ProcessPoolExecutor | None = None
_executor_lock = Lock()


def _start_worker() -> None:
    """In the worker: a lower priority than the game, nothing written to the player's terminal, and
    an end when the game ends, however it ends (a killed game must not leave its worker behind)."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()
    with contextlib.suppress(OSError):  # not allowed here: run at the same priority
        os.nice(5)
    with contextlib.suppress(OSError):
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)


def _end_with(sentinel: int) -> None:
    """Wait for the game's process to end (its sentinel becomes ready), then end this worker at once."""
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _shared_executor() -> ProcessPoolExecutor:
    """The coach's pool of worker processes, started on first use. A pool that broke (a worker killed from
    outside, by the system short of memory or by a person) takes no more work: it is ended and a new one started,
    so the coach does not fall silent for the rest of the game."""
    global _executor
    with _executor_lock:
        broken, _executor = (_executor, None) if _executor is not None and _executor._broken else (None, _executor)
    if broken is not None:
        _end(broken)
    with _executor_lock:
        if _executor is None:
            # An interface may have swapped sys.stderr for an object with no file descriptor
            # (Textual captures it while it runs); multiprocessing's helper process needs the real one.
            stderr = sys.stderr
            sys.stderr = sys.__stderr__
            try:
                resource_tracker.ensure_running()
                _executor = ProcessPoolExecutor(
                    max_workers=WORKERS, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker
                )
            finally:
                sys.stderr = stderr
            atexit.register(_shutdown)
            # Before the interpreter's own exit joins the pool (which waits for a running analysis).
            threading._register_atexit(stop_workers)  # type: ignore[attr-defined]
        return _executor


def _shutdown() -> None:
    stop_workers()


def stop_workers() -> None:
    """End the coach's worker processes now: queued analyses are dropped and a running one is killed, not waited
    for (a game that quits must not wait for an analysis nobody will read). The next analysis starts a new one.

    Each worker is terminated and reaped (at most :data:`STOP_WAIT` seconds, then killed): none is left behind.
    An analysis running in a thread of this process is stopped by :func:`~.stopping.stop_analyses`.
    """
    global _executor
    with _executor_lock:
        executor, _executor = _executor, None
    if executor is not None:
        _end(executor)


def _end(executor: ProcessPoolExecutor) -> None:
    """Shut ``executor`` down without waiting: its queued analyses dropped, its workers terminated and reaped."""
    processes = list(getattr(executor, "_processes", {}).values())  # the pool's own handles on its workers
    manager = getattr(executor, "_executor_manager_thread", None)
    if isinstance(manager, threading.Thread):
        _quiet_after_stop(manager)
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.terminate()
    for process in processes:  # a terminated worker ends at once; one that does not is killed
        with contextlib.suppress(OSError, ValueError, AssertionError):
            if not _reaped(process):
                process.kill()
                _reaped(process)


def _reaped(process: multiprocessing.process.BaseProcess) -> bool:
    """Wait (at most :data:`STOP_WAIT` seconds) until ``process`` has ended and its exit code is known.

    The pool's own thread reaps its workers too: a join can return the moment the other thread took the exit
    status, before it stored it, so the exit code itself is what is waited for.
    """
    deadline = time.monotonic() + STOP_WAIT
    while process.exitcode is None and time.monotonic() < deadline:
        process.join(timeout=0.05)
    return process.exitcode is not None


#: The pools' manager threads whose workers were terminated on purpose (see :func:`_quiet_after_stop`).
_stopped_managers: weakref.WeakSet[threading.Thread] = weakref.WeakSet()


def _quiet_after_stop(manager: threading.Thread) -> None:
    """Keep the pool's manager thread from printing a traceback over the terminal when its workers are killed.

    Python 3.11's pool, finding its workers gone, marks every queued analysis as failed, including the ones
    just cancelled, which raises ``InvalidStateError`` in its thread (Python 3.12 ignores it there). Only that
    error, from a pool stopped here, is silenced; any other goes to the usual hook.
    """
    _stopped_managers.add(manager)
    if getattr(threading.excepthook, "_guinote_quiet", False):
        return  # already in place (a hook set since then is wrapped in turn)
    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.thread in _stopped_managers and isinstance(args.exc_value, InvalidStateError):
            return
        previous(args)

    hook._guinote_quiet = True  # type: ignore[attr-defined]
    threading.excepthook = hook


def worker_processes() -> list[multiprocessing.process.BaseProcess]:
    """The coach's worker processes now running (for tests and diagnostics)."""
    with _executor_lock:
        executor = _executor
    return list(getattr(executor, "_processes", {}).values()) if executor is not None else []


class ReviewAhead:
    """The analyses of one seat's decisions, requested as they are taken."""

    def __init__(self, seat: int, seed: int = COACH_SEED, budget: CoachBudget = DEEP_BUDGET) -> None:
        self.seat = seat
        self.seed = seed
        self.budget = budget
        self._pending: dict[tuple[HandSpec, tuple[Move, ...]], Future[Advice | None]] = {}
        #: The quick analyses asked while the player thinks (:meth:`submit`).
        self._quick: dict[tuple[HandSpec, tuple[Move, ...]], Future[Advice | None]] = {}
        #: Why the worker could not be used, if it could not (the review is then made on the spot).
        self.problem: str | None = None

    def submit(self, hand: HandState, quick: bool = False) -> None:
        """Analyse the decision the seat is about to take in ``hand`` (its turn, before it acts; once).

        ``quick``: the player is thinking about it now: beside the review's deeper analysis, a worker runs the
        quick one (the hint's budget, :data:`~.evaluate.COACH_BUDGET`, done in well under a second), so a hint
        asked soon is ready. The deeper one is queued first: where a worker is still busy with the previous
        decision, it is the one the next free worker takes, so that a hint asked after a few seconds shows the
        review's own analysis (a hint asked sooner works out the quick one there and then).
        """
        if self.problem is not None or hand.to_move != self.seat or len(hand.legal_actions()) < 2:
            return
        key = (HandSpec.of(hand), tuple(hand.log))
        try:
            fresh = key not in self._pending
            if fresh:
                self._pending[key] = _shared_executor().submit(
                    advise_at, key[0], key[1], self.seat, self.seed, self.budget
                )
            if quick and fresh and key not in self._quick:
                self._drop_stale_quick()
                self._quick[key] = _shared_executor().submit(
                    advise_at, key[0], key[1], self.seat, self.seed, COACH_BUDGET
                )
        except (OSError, RuntimeError) as exc:  # no process could be started (or the pool broke)
            self.problem = f"{type(exc).__name__}: {exc}"

    def _drop_stale_quick(self) -> None:
        """Cancel the quick analyses of earlier decisions that no worker has started: the seat has moved on, so no
        hint will ask for them (a started one runs to its end; the review never reads them)."""
        for key in [k for k, f in self._quick.items() if not f.done() and f.cancel()]:
            del self._quick[key]

    def ready(self, hand: HandState) -> Advice | None:
        """The analysis of the seat's decision now in ``hand`` if one is done: the review's when it is, else the
        quick one (None: not asked, not done, failed)."""
        return self.refined(hand) or self._done(self._quick, hand)

    def refined(self, hand: HandState) -> Advice | None:
        """The review's analysis of the seat's decision now in ``hand`` once it is done (None: not yet)."""
        return self._done(self._pending, hand)

    @staticmethod
    def _done(
        futures: dict[tuple[HandSpec, tuple[Move, ...]], Future[Advice | None]], hand: HandState
    ) -> Advice | None:
        future = futures.get((HandSpec.of(hand), tuple(hand.log)))
        if future is None or not future.done() or future.cancelled():
            return None
        try:
            return future.result()
        except Exception:  # a broken worker: the hint is then worked out on the spot
            return None

    def catch_up(self, hand: HandState) -> None:
        """Analyse the seat's decisions already taken in ``hand`` (a continued match's hand so far)."""
        spec = HandSpec.of(hand)
        log = list(hand.log)
        for index in decisions(spec, log, self.seat):
            self.submit(spec.replay(log[:index]))

    def review(self, hand: HandState, progress: Progress | None = None) -> list[Reviewed]:
        """The finished (or current) hand's decisions, priced; waits for the worker where it must.

        A decision the worker did not analyse (or failed to) is analysed here. ``progress`` is told after each.
        """
        spec = HandSpec.of(hand)
        log = list(hand.log)
        out = []
        indices = list(decisions(spec, log, self.seat))
        for index in indices:
            prefix = tuple(log[:index])
            future = self._pending.get((spec, prefix))
            advice: Advice | None = None
            if future is not None:
                try:
                    advice = future.result()
                except Exception as exc:  # a broken worker: analyse here instead
                    self.problem = f"{type(exc).__name__}: {exc}"
            if advice is None:
                advice = advise_at(spec, prefix, self.seat, self.seed, self.budget)
            assert advice is not None
            out.append(priced(spec, log, index, advice))
            if progress is not None:
                progress(len(out), len(indices))
        return out

    def waiting(self) -> int:
        """How many submitted analyses are not finished yet."""
        return sum(not f.done() for f in self._pending.values())

    def forget(self, keep: HandState | None = None) -> None:
        """Drop the analyses of other hands than ``keep`` (pending ones are cancelled)."""
        spec = HandSpec.of(keep) if keep is not None else None
        for key in [k for k in self._pending if k[0] != spec]:
            self._pending.pop(key).cancel()
        for key in [k for k in self._quick if k[0] != spec]:
            self._quick.pop(key).cancel()
