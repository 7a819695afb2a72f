"""Quitting never waits for the coach: its worker processes are ended, and its analyses in threads stopped."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from guinote_tui.coach import CoachBudget
from guinote_tui.coach.ahead import HandSpec, ReviewAhead, advise_at, stop_workers, worker_processes
from guinote_tui.coach.stopping import Stopped, stop_analyses, stoppable
from guinote_tui.engine import Match


def test_stopping_ends_a_worker_in_the_middle_of_an_analysis() -> None:
    # An analysis far longer than any test: the worker is busy with it when it is stopped.
    endless = CoachBudget(max_playouts=10_000_000, max_deals=10_000_000)
    ahead = ReviewAhead(0, budget=endless)
    match = Match(2, seed=8)
    hand = match.hand
    while hand.to_move != 0 or len(hand.legal_actions()) < 2:
        match.apply(hand.legal_actions()[0], hand.to_move)
    ahead.submit(hand)
    processes = worker_processes()
    assert processes and ahead.waiting() == 1
    stop_workers()
    for process in processes:
        # The state is waited on (a killed process ends at once). The pool's own thread reaps its workers too:
        # a join may return before that thread has stored the exit code, so the code itself is waited for.
        deadline = time.monotonic() + 60
        while process.exitcode is None and time.monotonic() < deadline:
            process.join(timeout=0.1)
        assert process.exitcode is not None and process.exitcode != 0
    assert worker_processes() == []


def test_while_the_player_thinks_the_quick_analysis_is_ready_before_the_deep_one() -> None:
    from guinote_tui.coach import COACH_BUDGET
    from guinote_tui.coach.ahead import HandSpec

    endless = CoachBudget(max_playouts=10_000_000, max_deals=10_000_000)
    ahead = ReviewAhead(0, budget=endless)
    match = Match(2, seed=9)
    hand = match.hand
    while hand.to_move != 0 or len(hand.legal_actions()) < 2:
        match.apply(hand.legal_actions()[0], hand.to_move)
    ahead.submit(hand, quick=True)
    key = (HandSpec.of(hand), tuple(hand.log))
    quick = ahead._quick[key].result(timeout=600)  # waits on the worker's answer, not on a pause
    try:
        assert quick is not None and quick.evaluation is not None
        assert quick.evaluation.work <= COACH_BUDGET.max_playouts
        assert not ahead._pending[key].done()  # the deep analysis is still running
        assert ahead.ready(hand) is quick
    finally:
        stop_workers()


def test_the_pools_complaint_about_cancelled_analyses_is_not_printed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Workers killed with cancelled analyses still queued: Python 3.11's pool raises InvalidStateError in its own
    thread, a traceback over the player's terminal (seen at the end of the plain mode's input, 2 runs in 5). It
    depends on the pool thread's timing, so the filter is checked on threads that raise it: that error from a
    stopped pool's thread is not printed; from another thread, or another error, it still is."""
    from concurrent.futures import InvalidStateError

    from guinote_tui.coach.ahead import _quiet_after_stop

    raised: list[tuple[str, type[BaseException]]] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append((args.thread.name, args.exc_type)))

    def failing(error: type[BaseException], name: str, stopped: bool) -> None:
        def fail() -> None:
            raise error("CANCELLED")

        thread = threading.Thread(target=fail, name=name)
        if stopped:
            _quiet_after_stop(thread)
        thread.start()
        thread.join()  # its hook has run when it has ended

    failing(InvalidStateError, "stopped pool", stopped=True)
    failing(RuntimeError, "stopped pool, other error", stopped=True)
    failing(InvalidStateError, "another thread", stopped=False)
    assert raised == [("stopped pool, other error", RuntimeError), ("another thread", InvalidStateError)]


def at_a_decision_of_seat_0(seed: int) -> Match:
    match = Match(2, seed=seed)
    hand = match.hand
    while hand.to_move != 0 or len(hand.legal_actions()) < 2:
        match.apply(hand.legal_actions()[0], hand.to_move)
    return match


def in_a_thread(work: Callable[[], object]) -> tuple[threading.Thread, threading.Event, list[BaseException]]:
    """``work`` in a thread inside a stoppable block; the event is set once the block is entered."""
    entered = threading.Event()
    raised: list[BaseException] = []

    def run() -> None:
        try:
            with stoppable():
                entered.set()
                work()
        except BaseException as exc:  # kept for the test to look at
            raised.append(exc)

    thread = threading.Thread(target=run, daemon=True)  # (daemon: a test that fails leaves no thread to wait for)
    thread.start()
    assert entered.wait(timeout=120)
    return thread, entered, raised


def test_an_analysis_in_a_thread_stops_when_asked() -> None:
    """A hint worked out in the game's thread: the program's exit waits for it, so quitting stops it."""
    endless = CoachBudget(max_playouts=10_000_000, max_deals=10_000_000)
    match = at_a_decision_of_seat_0(3)
    spec, log = HandSpec.of(match.hand), tuple(match.hand.log)
    thread, _entered, raised = in_a_thread(lambda: advise_at(spec, log, 0, budget=endless))
    stop_analyses()
    thread.join(timeout=120)  # the state is waited on: a stopped analysis ends at its next deal
    assert not thread.is_alive() and len(raised) == 1 and isinstance(raised[0], Stopped)


def test_a_review_waiting_for_the_worker_stops_when_the_game_quits() -> None:
    """The review screen's thread waits for the worker; once the worker is killed it would analyse on the spot
    (a deep analysis, tens of seconds): quitting stops both."""
    endless = CoachBudget(max_playouts=10_000_000, max_deals=10_000_000)
    ahead = ReviewAhead(0, budget=endless)
    match = at_a_decision_of_seat_0(4)
    hand = match.hand
    ahead.submit(hand)
    match.apply(hand.legal_actions()[0], 0)
    processes = worker_processes()
    try:
        thread, _entered, raised = in_a_thread(lambda: ahead.review(hand))
        stop_analyses()  # as the app's unmount does: the threads' analyses, then the workers
        stop_workers()
        thread.join(timeout=120)
        assert not thread.is_alive() and len(raised) == 1 and isinstance(raised[0], Stopped), raised
        for process in processes:  # reaped by stop_workers itself: no join needed here
            assert not process.is_alive() and process.exitcode is not None
    finally:
        stop_workers()


def test_an_analysis_started_after_a_stop_runs_to_its_end() -> None:
    stop_analyses()  # nothing running: nothing to stop, and nothing stopped later
    match = at_a_decision_of_seat_0(5)
    spec, log = HandSpec.of(match.hand), tuple(match.hand.log)
    small = CoachBudget(min_deals=4, batch=2, max_playouts=40, max_deals=10)
    thread, _entered, raised = in_a_thread(lambda: advise_at(spec, log, 0, budget=small))
    thread.join(timeout=120)
    assert not thread.is_alive() and raised == []


def test_a_cancelled_worker_event_stops_its_analysis_alone() -> None:
    endless = CoachBudget(max_playouts=10_000_000, max_deals=10_000_000)
    match = at_a_decision_of_seat_0(6)
    spec, log = HandSpec.of(match.hand), tuple(match.hand.log)
    cancelled = threading.Event()
    raised: list[BaseException] = []
    entered = threading.Event()

    def run() -> None:
        try:
            with stoppable(cancelled):
                entered.set()
                advise_at(spec, log, 0, budget=endless)
        except Stopped as exc:
            raised.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert entered.wait(timeout=120)
    cancelled.set()  # Textual sets a worker's cancelled_event when the screen that ran it goes away
    thread.join(timeout=120)
    assert not thread.is_alive() and len(raised) == 1


def test_a_pool_broken_by_a_killed_worker_is_replaced_on_the_next_analysis() -> None:
    """A worker killed from outside (the system short of memory, a person) breaks the pool: the next analysis
    starts a new pool instead of failing, so the coach does not fall silent for the rest of the game."""
    import os
    import signal
    from concurrent.futures.process import BrokenProcessPool

    endless = CoachBudget(max_playouts=10_000_000, max_deals=10_000_000)
    match = Match(2, seed=8)
    hand = match.hand
    while hand.to_move != 0 or len(hand.legal_actions()) < 2:
        match.apply(hand.legal_actions()[0], hand.to_move)
    first = ReviewAhead(0, budget=endless)
    first.submit(hand)
    try:
        (future,) = first._pending.values()
        killed = worker_processes()
        assert killed
        pid = killed[0].pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        assert isinstance(future.exception(timeout=600), BrokenProcessPool)  # waits on the pool's own verdict
        second = ReviewAhead(0, budget=endless)
        second.submit(hand)
        assert second.problem is None and second.waiting() == 1
        assert not {p.pid for p in worker_processes()} & {p.pid for p in killed}
    finally:
        stop_workers()
    assert worker_processes() == []
