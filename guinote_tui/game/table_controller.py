"""The table's flow without a screen: whose turn it is, the bots' moves, the pace, undo and the hint.

:class:`TableController` drives a :class:`~.session.GameSession` as the
table screen shows it: it hands the turn to the player or to a bot (who
thinks in a thread and answers through the :class:`Scheduler`), holds a
finished trick on the felt until a key or its timer, takes moves back,
makes the declarations the keys name, runs the coach's hint in a thread and
deals the next hand after the summary. What the player must see it tells a
:class:`TableListener`; the screen implements both ports with its workers,
timers and widgets, and only renders and forwards keys. So the flow is
tested without a pilot, with a scheduler that runs its jobs when the test says.

    >>> from .session import GameSettings
    >>> class Inline:  # a scheduler that runs everything at once
    ...     def run_thread(self, work, group, name=""): work(threading.Event())
    ...     def call_soon(self, fn): fn()
    ...     def call_later(self, seconds, fn): raise AssertionError("no timer: pace 'wait'")
    ...     def cancel(self, group): pass
    ...     def covered(self): return False
    >>> class Quiet:  # a listener that shows nothing
    ...     def __getattr__(self, name): return lambda *args, **kwargs: None
    >>> session = GameSession(GameSettings(players=2, level="random", seed=3, delay=0))
    >>> table = TableController(session, Inline(), Quiet())
    >>> table.state
    <Turn.BOT: 'bot'>
    >>> table.advance()  # the rival leads (its thread runs then and there)
    >>> table.state
    <Turn.PLAYER: 'player'>
    >>> table.act(session.view().legal[0])
    True
    >>> table.state  # the trick is finished: held on the felt until a key
    <Turn.HOLDING: 'holding'>
    >>> table.release()  # the winner leads: the player, or the rival at once
    >>> table.state, len(session.view().tricks)
    (<Turn.PLAYER: 'player'>, 1)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Literal, Protocol

from ..coach import Advice
from ..coach.stopping import Stopped, stoppable
from ..engine import PASS, Action, IllegalAction, SeatView, Sing
from ..i18n import N_, _, number
from ..present.refusals import refusal_text
from .coachmemo import Position
from .pacing import bot_pause, think_with_delay
from .session import HUMAN, GameSession

__all__ = [
    "BOTS",
    "COACH",
    "SPACE_ONLY",
    "BotAnswer",
    "Change",
    "Scheduler",
    "TableController",
    "TableFlow",
    "TableListener",
    "Timer",
    "Turn",
    "keyed_declaration",
]

#: The scheduler's job groups: the bot thinking about its move, the coach working out a hint.
BOTS, COACH = "bots", "coach"


class Turn(Enum):
    """Where the table stands between two moves: who acts next, or what the player is looking at.

    The picture tells only a held trick apart (its cards stay, no card is marked); the controller
    acts on the held trick and the summary, and the screen shows whose turn it is.
    """

    #: The player is to act (a card, a declaration, a pass).
    PLAYER = "player"
    #: A bot is to move: it thinks in a thread and its move comes back through the scheduler.
    BOT = "bot"
    #: A finished trick stays on the table: until the player presses a key (pace ``wait``) or its timer runs.
    HOLDING = "holding"
    #: The hand is over; its summary is about to be shown.
    OVER = "over"
    #: The hand's summary is in front of the table.
    SUMMARY = "summary"


class Change(Enum):
    """What changed on the table, so the screen knows what to redraw (and what to write in the log)."""

    #: A move was made: its lines are added to the log.
    MOVED = "moved"
    #: The next hand was dealt: its lines are added to the log, no card is marked any more.
    NEW_HAND = "new hand"
    #: A move was taken back: the log is the session's, told again; no card is marked any more.
    TAKEN_BACK = "taken back"
    #: Nothing new in the log: a held trick cleared, the message line, the status (assisted, the pace).
    SHOWN = "shown"


class Timer(Protocol):
    """A timer the scheduler started: stopped before it runs, it never does."""

    def stop(self) -> None: ...


class Scheduler(Protocol):
    """How the controller gets work done away from the screen's thread, and later (the screen's workers, timers)."""

    def run_thread(self, work: Callable[[threading.Event], None], group: str, name: str = "") -> None:
        """Run ``work`` in a thread, given the event set when it is cancelled; one job per group (the older is
        cancelled). ``work`` hands its result back with :meth:`call_soon`."""

    def call_soon(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the screen's thread, after what it is doing now (safe to call from a thread)."""

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Timer:
        """Run ``fn`` on the screen's thread in ``seconds``, unless the timer returned is stopped first."""

    def cancel(self, group: str) -> None:
        """Cancel the jobs of ``group`` still running (their answers are not handed back)."""

    def covered(self) -> bool:
        """Whether another screen (the rules, a dialog, the summary) covers the table now."""


class TableListener(Protocol):
    """What the screen is told to show."""

    def table_changed(self, change: Change, lines: Sequence[str]) -> None:
        """The table is to be drawn again; ``lines``: the log's new lines (:attr:`Change.MOVED`, ``NEW_HAND``)."""

    def warn(self, message: str, title: str) -> None:
        """A warning for the message line (markup), shown until the next move; ``title`` if it is notified."""

    def refused(self, rule: str) -> None:
        """The player's action was refused: ``rule`` is the rule it breaks, in the player's language."""

    def bot_failed(self, problem: str) -> None:
        """A bot failed (``problem`` says how) and its first legal move was played instead."""

    def show_hint(self, advice: Advice) -> None:
        """The coach's hint for the player's decision now is ready."""

    def summary_due(self) -> None:
        """The hand is over and the table in front: time for the summary (:meth:`TableController.open_summary`)."""

    def kept(self, problem: str | None) -> None:
        """The match may have been kept: ``problem`` is what to tell, once, when it could not be (else None)."""


@dataclass(frozen=True)
class BotAnswer:
    """A bot's move, for the move counter's ``turn``; ``problem`` when the bot failed and a stand-in was made."""

    seat: int
    action: Action
    turn: int
    problem: str | None = None


def keyed_declaration(view: SeatView, kind: type) -> Action | None:
    """The declaration of ``kind`` its key makes at once: None when none is open, or two cantes are (``s`` asks)."""
    options = [a for a in view.legal if isinstance(a, kind)]
    if kind is Sing and len(options) > 1:
        return None
    return options[0] if options else None


def pace_text(pace: str, seconds: float) -> str:
    """The pace in words, as the table says it when it is switched."""
    if pace == "wait":
        return _("Wait for me: a finished trick stays until you press a key")
    return _("Timed: a finished trick stays {seconds} s").format(seconds=number(seconds))


#: What Space says on the player's turn: it never plays a card.
SPACE_ONLY = N_("Space only goes on after a trick: play with 1-6, or ←/→ and Enter")


class TableFlow:
    """What the table's keys ask, the same at the game's own table and at a seat of a hosted table.

    A subclass is where the table's state comes from: :class:`TableController` plays the match here, with
    the bots; a seat at a hosted table (:class:`~guinote_tui.net.remote.RemoteTable`) reads it from the host
    and sends the player's actions there. The keys' rules live here once: the first card key after a finished
    trick only clears it, a declaration clears it and is made, an action out of turn says whose turn it is,
    Space never plays a card, the hint asked early comes on the player's turn.
    """

    listener: TableListener
    #: Where the table stands: the player or another seat to act, a finished trick held, the hand over, its summary.
    state: Turn
    #: The warning on the message line (markup; ``""``: none), cleared by the next move.
    message: str
    #: ``h`` was pressed while another seat played (or a trick was held): the hint comes on the player's turn.
    hint_wanted: bool

    # -- where the state comes from (a subclass's) -------------------------------------------------

    def view(self) -> SeatView:
        """The player's view of the hand now."""
        raise NotImplementedError

    @property
    def to_act(self) -> bool:
        """Whether the player may act now (their turn, and nothing left to show before it)."""
        raise NotImplementedError

    @property
    def hand_over(self) -> bool:
        """The hand is over (its summary comes, or is shown)."""
        raise NotImplementedError

    @property
    def hand_number(self) -> int:
        """The hand's number in the match (1 for the first)."""
        raise NotImplementedError

    def make(self, action: Action) -> bool:
        """Make the player's ``action`` now (their turn): True when it was made or sent."""
        raise NotImplementedError

    def release(self) -> None:
        """Let the game go on after a held trick."""
        raise NotImplementedError

    def give_hint(self) -> None:
        """Work out the coach's hint for the player's decision now (their turn, nothing held)."""
        raise NotImplementedError

    def hints_allowed(self) -> str | None:
        """Why the coach gives no hint at this table (None: it does)."""
        return None

    # -- the keys ------------------------------------------------------------------------------------

    @property
    def holding(self) -> bool:
        """A finished trick stays on the table (until a key, or its timer)."""
        return self.state is Turn.HOLDING

    @property
    def summary_shown(self) -> bool:
        """The hand's summary is in front of the table."""
        return self.state is Turn.SUMMARY

    def say(self, message: str, title: str = "") -> None:
        """A warning on the message line until the next move."""
        self.message = message
        self.listener.warn(message, title)

    def act(self, action: Action, declared: bool = False) -> bool:
        """The player's action, refused with the engine's words when the rules forbid it; True when it was made.

        After a finished trick the first card key only clears it; a declaration
        (``declared``: its key or button, never a card) clears it and is made.
        """
        if self.holding:
            self.release()
            if not declared:
                return False
        if not self.to_act:
            self.say(("[b]" + _("Wait for your turn") + "[/b]") if not self.hand_over else _("The hand is over."))
            return False
        return self.make(action)

    def declare(self, kind: type) -> None:
        """The declaration of ``kind`` its key makes (a held trick is cleared first, and the declaration made)."""
        if self.holding:
            self.release()
        action = keyed_declaration(self.view(), kind)
        if action is not None and self.to_act:
            self.act(action, declared=True)

    def cantes(self) -> list[Sing]:
        """The cantes the player may sing now, a held trick cleared first (two: the player says which)."""
        if self.holding:
            self.release()  # the trick is cleared, and the cante shown with it is sung
        if not self.to_act:
            return []
        return [a for a in self.view().legal if isinstance(a, Sing)]

    def pass_turn(self) -> None:
        """Pass (a window, the swap before the last draw), a held trick cleared first."""
        if self.holding:
            self.release()
        if self.to_act:
            self.act(PASS, declared=True)

    def go_on(self) -> None:
        """Space: clear a finished trick; it never plays a card (Enter plays the marked one)."""
        if self.holding:
            self.release()
        elif self.to_act:
            self.say(_(SPACE_ONLY))

    def ask_hint(self) -> None:
        """Ask the coach about the player's decision now, in a thread (the match is then assisted)."""
        refusal = self.hints_allowed()
        if refusal is not None:
            self.say(refusal)
            return
        if self.hand_over:
            self.say(_("The coach gives hints on your turn"))
            return
        if not self.to_act or self.holding:
            # One behaviour whenever the key comes early (while another seat plays, a trick is held, or a move
            # lands just before the key): the hint is given as soon as the player's turn comes.
            self.hint_wanted = True
            self.say(_("The coach's hint comes on your turn"))
            return
        self.give_hint()

    def hint_due(self) -> None:
        """The player's turn came: the hint asked early is worked out now."""
        if self.hint_wanted and self.to_act and not self.holding:
            self.hint_wanted = False
            self.give_hint()


class TableController(TableFlow):
    """One match at the table, hand after hand, without a screen: ``scheduler`` and ``listener`` are the screen's."""

    def __init__(self, session: GameSession, scheduler: Scheduler, listener: TableListener) -> None:
        self.session = session
        self.scheduler = scheduler
        self.listener = listener
        #: Counts the moves shown, so that a bot's or the coach's answer about an older position is dropped.
        self.turn = 0
        #: Where the table stands: the player or a bot to act, a finished trick held, the hand over, its summary.
        self.state = self.next_turn()
        #: The warning on the message line (markup; ``""``: none), cleared by the next move.
        self.message = ""
        self._hold_timer: Timer | None = None
        #: What came due while another screen covered the table: a bot's move, or the next step.
        self.due: BotAnswer | Literal["advance"] | None = None
        #: ``h`` was pressed while a bot played (or a trick was held): the hint comes on the player's turn.
        self.hint_wanted = False

    # -- the state -------------------------------------------------------------------

    def next_turn(self) -> Turn:
        """Whose turn it is once nothing is held: the player's, a bot's, or the hand is over."""
        session = self.session
        if session.hand_over:
            return Turn.OVER
        return Turn.PLAYER if session.human_to_move else Turn.BOT

    def view(self) -> SeatView:
        return self.session.view()

    @property
    def to_act(self) -> bool:
        return self.session.human_to_move

    @property
    def hand_over(self) -> bool:
        return self.session.hand_over

    @property
    def hand_number(self) -> int:
        return self.session.match.hand_number

    def catch_up(self) -> None:
        """Take the session's turn again unless a trick is held or the summary shown (the session was moved
        outside the controller: a test, the review)."""
        if self.state not in (Turn.HOLDING, Turn.SUMMARY):
            self.state = self.next_turn()

    def tell_keeping_problem(self) -> None:
        """Tell once, if the match cannot be kept in the data directory (the game goes on)."""
        keeper = self.session.keeper
        self.listener.kept(keeper.problem_to_tell() if keeper is not None else None)

    # -- the flow of the game ------------------------------------------------------------

    def advance(self) -> None:
        """Hand the turn to whoever moves next: the player, a bot's thread, or the summary.

        Nothing moves while a finished trick is held on the table, nor while
        another screen (the rules, a dialog) covers the table: the step is put
        off until that screen closes (:meth:`uncovered`).
        """
        session = self.session
        session.think_ahead()  # the player's turn: the coach starts on it while the player thinks
        if self.holding:
            return
        if self.scheduler.covered():
            if self.due is None:
                self.due = "advance"
            return
        if session.hand_over:
            self.listener.summary_due()
            return
        seat = session.bot_to_move
        if seat is None:
            self.hint_due()
            return
        view = session.view_for(seat)
        delay = bot_pause(view, session.settings.delay)
        self.scheduler.run_thread(partial(self._think, seat, view, self.turn, delay), BOTS, f"bot seat {seat}")

    def _think(self, seat: int, view: SeatView, turn: int, delay: float, cancelled: threading.Event) -> None:
        """Runs in a thread: the bot decides from its own view only."""
        move = think_with_delay(partial(self.session.think, seat, view), delay, cancelled)
        if not cancelled.is_set():
            self.scheduler.call_soon(partial(self.bot_chose, BotAnswer(seat, move.action, turn, move.problem)))

    def bot_chose(self, answer: BotAnswer) -> None:
        """A bot's move is back: made, unless it is about an older position (or put off while the table is covered)."""
        if answer.turn != self.turn or self.session.match.hand.to_move != answer.seat:
            return
        if self.scheduler.covered():
            self.due = answer  # made when the screen on top closes
            return
        if answer.problem:
            self.listener.bot_failed(answer.problem)
        self._apply(answer.seat, answer.action)

    def uncovered(self) -> None:
        """The screen that covered the table closed: what came due meanwhile happens now."""
        due, self.due = self.due, None
        if isinstance(due, BotAnswer):
            self.bot_chose(due)
        elif due == "advance":
            self.advance()
        elif self.session.hand_over and self.state not in (Turn.SUMMARY, Turn.HOLDING):
            self.listener.summary_due()

    def _apply(self, seat: int, action: Action) -> None:
        session = self.session
        tricks = len(session.match.hand.tricks)
        lines = session.apply(seat, action)
        self.tell_keeping_problem()
        self.turn += 1
        self.message = ""
        self.state = self.next_turn()
        if len(session.match.hand.tricks) > tricks:
            # Keep the finished trick on the felt, whoever won it: before anyone leads, or the summary covers it.
            self.hold()
        self.listener.table_changed(Change.MOVED, lines)
        self.advance()

    # -- the player's actions ------------------------------------------------------------

    def make(self, action: Action) -> bool:
        try:
            self._apply(HUMAN, action)
        except IllegalAction as exc:
            # The engine's rule, in the player's language.
            self.listener.refused(self.session.why_illegal(action) or refusal_text(exc))
            return False
        return True

    # -- the player's pace -----------------------------------------------------------------

    def hold(self) -> None:
        """Keep the finished trick on the table: until a key (pace ``wait``) or for the set time."""
        settings = self.session.settings
        if settings.pace == "timed" and settings.trick_seconds <= 0:
            return  # no pause at all
        self.state = Turn.HOLDING
        if settings.pace == "timed":
            self._hold_timer = self.scheduler.call_later(settings.trick_seconds, self.release)

    def release(self) -> None:
        """Let the game go on after a held trick."""
        if not self.holding:
            return
        self._stop_hold_timer()
        self.state = self.next_turn()
        self.listener.table_changed(Change.SHOWN, ())
        self.advance()

    def _stop_hold_timer(self) -> None:
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None

    def toggle_pace(self) -> str:
        """Switch between waiting for a key after each trick and a timed pause; returns the new pace in words."""
        settings = self.session.settings
        settings.pace = "timed" if settings.pace == "wait" else "wait"
        if settings.pace == "timed" and self.holding and self._hold_timer is None:
            self._hold_timer = self.scheduler.call_later(settings.trick_seconds, self.release)
        if settings.pace == "wait":
            self._stop_hold_timer()
        return pace_text(settings.pace, settings.trick_seconds)

    # -- undo --------------------------------------------------------------------------------

    def undo(self) -> bool:
        """Take back the player's last action and the bots' replies after it (the match is then assisted)."""
        session = self.session
        if session.undo_point() is None:
            self.say(_("Nothing to take back in this hand"))
            return False
        self.scheduler.cancel(BOTS)  # a bot thinking about the position being undone
        session.undo()
        self.tell_keeping_problem()
        self.turn += 1  # a bot's answer already on its way is for the old position
        self.due = None
        self.hint_wanted = False
        self._stop_hold_timer()
        self.state = self.next_turn()
        self.message = _("[b]Taken back.[/b] Your move again (this match is now marked assisted)")
        self.listener.table_changed(Change.TAKEN_BACK, session.log)
        self.advance()
        return True

    # -- the coach's hint ------------------------------------------------------------------------

    def give_hint(self) -> None:
        session = self.session
        session.assisted = True
        position = session.hint_position()
        ready = session.hint_ready()
        if ready is not None:  # given before for this position, or analysed while the player thought: at once
            self.scheduler.call_soon(partial(self.hint_done, ready, self.turn, position))
            return
        self.message = "[dim]" + _("The coach is thinking…") + "[/dim]"
        self.listener.table_changed(Change.SHOWN, ())
        self.scheduler.run_thread(partial(self._advise, position, self.turn), COACH)

    def _advise(self, position: Position, turn: int, cancelled: threading.Event) -> None:
        """Runs in a thread: the coach decides from the player's view only.

        Asked about the same position with the same deals as the review
        (:func:`~guinote_tui.coach.decision_rng`), within the quick budget: the
        race the review carries further, so their verdicts agree within the
        uncertainty the hint shows. The session keeps it for the position.
        """
        try:
            with stoppable(cancelled):
                advice = self.session.work_out_hint(position)
        except Stopped:  # the game quits (or the table is gone): nobody will read it
            return
        if not cancelled.is_set():
            self.scheduler.call_soon(partial(self.hint_done, advice, turn, position))

    def hint_done(self, advice: Advice, turn: int, position: Position | None) -> None:
        """The coach's advice is back: shown if the position is still the one asked about (no move, no undo since)."""
        if turn != self.turn or not self.session.human_to_move:
            return
        self.message = ""
        if position is not None:
            self.session.hint_shown(position, advice)
        self.listener.show_hint(advice)

    # -- the end of a hand, and of the game -------------------------------------------------------

    def open_summary(self) -> bool:
        """The hand's summary goes in front now (True), unless it is already there, the hand goes on, or
        another screen covers the table."""
        if self.summary_shown or not self.session.hand_over or self.scheduler.covered():
            return False
        self.hint_wanted = False  # (asked while the last bot played: the hand is over)
        self.state = Turn.SUMMARY
        return True

    def summary_closed(self, next_hand: bool) -> None:
        """The summary was closed: with ``next_hand``, the next hand is dealt and play goes on."""
        self.state = self.next_turn()
        if not next_hand:
            return
        session = self.session
        session.next_hand()
        self.tell_keeping_problem()
        self.turn += 1
        self.state = self.next_turn()
        self.message = ""
        self.listener.table_changed(Change.NEW_HAND, session.hand_log())
        self.advance()

    def leave(self) -> None:
        """The player leaves the game: the match is kept as it stands, the trick in progress too."""
        self.session.keep()
