"""A seat at a hosted table as its keys see it: the table's flow, with the host as the source of its state.

:class:`RemoteTable` is a :class:`~guinote_tui.game.table_controller.TableFlow`, as the game's own table
(:class:`~guinote_tui.game.table_controller.TableController`) is: the same keys ask the same of it, under the
same rules (a card key after a finished trick only clears it, an action out of turn says whose turn it is,
Space never plays a card, a hint asked early comes on the player's turn). Where the local table applies an
action to its session, this one sends it to the host; what the host answers (:mod:`.mirror`'s
:class:`~.mirror.Seen`) is shown at a pace a person can follow: :data:`CARD_PAUSE` after another seat's card,
:data:`TRICK_PAUSE` after a finished trick, :data:`HAND_PAUSE` after a hand. A finished trick the player
won stays on the felt until a key, as at the local table with the pace "wait for me".

Tested without a screen, with a scheduler that runs its jobs when the test says
(``tests/unit/net/test_net_remote.py``).
"""

from __future__ import annotations

import random
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Protocol

from ..engine import Action, Event, HandEnded, HandResult, Rules, SeatView, Stage
from ..engine.events import Dealt
from ..game.narration import Narrator, seat_names
from ..game.table_controller import COACH, Change, Scheduler, TableFlow, TableListener, Turn
from ..i18n import _
from .mirror import MirroredTable, Score, Seen

if TYPE_CHECKING:
    from ..coach import Advice

#: The coach's advice for a seat's view (:func:`guinote_tui.coach.advise`), given by the screen.
Coach = Callable[[SeatView, random.Random], "Advice"]

__all__ = ["CARD_PAUSE", "HAND_PAUSE", "TRICK_PAUSE", "RemoteListener", "RemoteTable", "SeatMatch", "SeenHand"]

#: Seconds another seat's card stays alone on the felt before the next is shown.
CARD_PAUSE = 0.7
#: Seconds a finished trick stays on the felt (the player's own lead waits for a key instead).
TRICK_PAUSE = 1.6
#: Seconds the end of a hand stays before the next deal is shown.
HAND_PAUSE = 4.0


@dataclass
class SeenHand:
    """A hand as the seat was told it: its result once over (None: played before the seat sat down)."""

    result: HandResult | None = None
    is_over: bool = False
    carried: tuple[int, int] = (0, 0)


@dataclass
class SeenMatch:
    """The match as the host told the seat (a :class:`~guinote_tui.game.told.MatchFacts`), side 0 the seat's."""

    rules: Rules
    finished: list[SeenHand] = field(default_factory=list)
    juegos: tuple[int, int] = (0, 0)
    cotos: tuple[int, int] = (0, 0)
    winner: int | None = None
    hand: SeenHand = field(default_factory=SeenHand)

    @property
    def is_over(self) -> bool:
        return self.winner is not None


@dataclass
class SeatMatch:
    """The match told at a joined seat, for the same summary and score sheet as the local table's
    (a :class:`~guinote_tui.game.told.MatchTold`)."""

    narrator: Narrator
    match: SeenMatch

    def side_name(self, side: int) -> str:
        return self.narrator.side_name(side)

    @property
    def result(self) -> HandResult | None:
        """The result of the hand just over (None while it is played, or when the host did not tell it)."""
        match = self.match
        return match.finished[-1].result if match.hand.is_over and match.finished else None

    def as_now(self) -> SeatMatch:
        """The match as it stands now, kept as it is (the host deals the next hand at once: the summary of this
        one must not change beneath the player)."""
        match = self.match
        return SeatMatch(self.narrator, replace(match, finished=list(match.finished)))

    def ended(self, result: HandResult) -> None:
        """A hand ended with ``result``."""
        self.match.finished.append(SeenHand(result, True, result.carried))

    def saw(self, seen: Seen) -> None:
        """The host's state: the tally, the hand in play, and the hands played before the seat sat down."""
        match, score = self.match, seen.score
        over = seen.view.stage is Stage.OVER
        played = score.hand - (0 if over else 1)  # (the host numbers a hand over as the last finished)
        while len(match.finished) < played:
            match.finished.insert(0, SeenHand(None, True))
        match.juegos, match.cotos, match.winner = score.juegos, score.cotos, score.winner
        match.hand = SeenHand(None, over, seen.view.carried)


class RemoteListener(TableListener, Protocol):
    """What a joined seat's screen is told beyond the local table's news."""

    def told(self, event: Event) -> None:
        """An event of the hand, for the log."""

    def hand_ended(self, seen: Seen, before: Score) -> None:
        """The hand shown in ``seen`` is over (``before``: the score before it)."""

    def match_ended(self, score: Score) -> None:
        """The match is over: ``score`` says who won."""


class RemoteTable(TableFlow):
    """One seat's table, its state read from the host; ``send(action, serial)`` sends the player's action."""

    def __init__(
        self, scheduler: Scheduler, listener: RemoteListener, send: Callable[[Action, int], None], coach: Coach
    ) -> None:
        self.scheduler = scheduler
        self.listener: RemoteListener = listener
        self.send = send
        #: Works out a hint at a practice table, from this seat's view only.
        self.coach = coach
        #: The host's last state shown (None before the first), with the hand's events so far.
        self.seen: Seen | None = None
        self.events: list[Event] = []
        #: What arrived and is not shown yet: ``("state", Seen)`` or ``("event", Event | None)``.
        self.queue: deque[tuple[str, object]] = deque()
        #: A pause after a card, a trick or a hand runs: what arrived meanwhile waits in :attr:`queue`.
        self.pausing = False
        self.state = Turn.BOT
        self.message = ""
        self.hint_wanted = False
        #: The match is over, or the seat stopped: nothing is left to play.
        self.over = False
        #: A practice table: everyone may ask the coach.
        self.hints = False
        #: The match as the host told it (None before the welcome): the summary's and the score sheet's.
        self.told: SeatMatch | None = None

    def seated(self, table: MirroredTable) -> Narrator:
        """The host's welcome (again, after a reconnection): the table's names, rules, hints."""
        names = list(seat_names(table.players))
        for turned in range(1, table.players):  # (a person who gave a name is called by it: "Ana plays…")
            names[turned] = table.person_name(turned) or names[turned]
        narrator = Narrator(tuple(names), table.rules)
        self.hints = table.hints
        if self.told is None:
            self.told = SeatMatch(narrator, SeenMatch(table.rules))
        else:
            self.told.narrator = narrator
        return narrator

    def renamed(self, turned: int, name: str) -> None:
        """A person at the picture's seat ``turned`` is called ``name`` from now on (they sat down after the
        welcome, or came back under a name)."""
        told = self.told
        if told is None or not 0 < turned < told.narrator.players:
            return
        names = list(told.narrator.names)
        names[turned] = name
        told.narrator.names = tuple(names)

    # -- the state, from the host -----------------------------------------------------------------

    def view(self) -> SeatView:
        assert self.seen is not None
        return self.seen.view

    @property
    def to_act(self) -> bool:
        return self.seen is not None and bool(self.seen.view.legal) and not self.queue and not self.over

    @property
    def hand_over(self) -> bool:
        return self.seen is not None and self.seen.view.stage is Stage.OVER

    @property
    def hand_number(self) -> int:
        return self.seen.score.hand if self.seen is not None else 1

    def next_turn(self) -> Turn:
        if self.hand_over:
            return Turn.OVER
        return Turn.PLAYER if self.seen is not None and self.seen.view.my_turn else Turn.BOT

    def make(self, action: Action) -> bool:
        if self.seen is None or self.over:
            return False
        self.message = ""
        self.send(action, self.seen.serial)
        return True

    def release(self) -> None:
        if not self.holding:
            return
        self.state = self.next_turn()
        self.listener.table_changed(Change.SHOWN, ())
        self.hint_due()

    # -- what arrives, shown at a pace a person can follow ---------------------------------------------

    def arrived(self, kind: str, item: object) -> None:
        """A ``state`` (a :class:`Seen`) or an ``event`` (an event, or None) from the host."""
        self.queue.append((kind, item))
        self.pump()

    def pump(self) -> None:
        """Show what arrived, one state at a time, pausing after the others' cards and after a trick."""
        if self.pausing:
            return
        while self.queue:
            kind, item = self.queue.popleft()
            if kind == "event":
                if item is not None:
                    self.tell(item)  # type: ignore[arg-type]
                continue
            assert isinstance(item, Seen)
            pause = self.show(item)
            if self.summary_shown:
                self.pausing = True  # the next hand waits for the summary to close, as at the local table
                return
            if pause and self.queue:
                self.pausing = True
                self.scheduler.call_later(pause, self._resume)
                return

    def _resume(self) -> None:
        self.pausing = False
        self.pump()

    def tell(self, event: Event) -> None:
        if isinstance(event, Dealt):
            self.events = []
            if self.holding:
                self.state = Turn.BOT
        self.events.append(event)
        if isinstance(event, HandEnded) and isinstance(event.result, HandResult) and self.told is not None:
            self.told.ended(event.result)
        self.listener.told(event)

    def show(self, seen: Seen) -> float:
        """Take ``seen`` as the table's state; the pause it deserves before the next (0: none)."""
        before = self.seen
        self.seen = replace(seen, view=replace(seen.view, events=tuple(self.events)))
        if self.told is not None:
            self.told.saw(seen)
        view = seen.view
        held = self.holding and not (view.trick or view.tricks != (before.view.tricks if before else ()))
        self.state = Turn.HOLDING if held else self.next_turn()
        pause = 0.0
        if before is not None and view.stage is Stage.OVER and before.view.stage is not Stage.OVER:
            self.hint_wanted = False
            self.listener.hand_ended(self.seen, before.score)
            pause = HAND_PAUSE
            if self.told is not None and self.told.result is not None:
                self.state = Turn.SUMMARY  # (what the host sends meanwhile waits: see :meth:`summary_closed`)
                self.listener.summary_due()
        elif before is not None and len(view.tricks) > len(before.view.tricks):
            pause = TRICK_PAUSE
            if view.my_turn:  # the player's own lead waits for a key, as at the game's own table
                self.state = Turn.HOLDING
        elif before is not None and len(view.trick) > len(before.view.trick) and view.trick[-1][0] != 0:
            pause = CARD_PAUSE
        if seen.score.winner is not None and not self.over:
            self.over = True
            self.listener.match_ended(seen.score)
        if before is None or before.serial != seen.serial:
            self.message = ""  # (a refusal, or "wait", answered the state before)
        self.listener.table_changed(Change.SHOWN, ())
        if not self.queue:
            self.hint_due()
        return pause

    def summary_closed(self) -> None:
        """The hand's summary was closed: what the host sent meanwhile (the next deal) is shown now."""
        if not self.summary_shown:
            return
        self.state = self.next_turn()
        self.pausing = False
        self.listener.table_changed(Change.SHOWN, ())
        self.pump()

    # -- the coach, at a practice table ------------------------------------------------------------------

    def give_hint(self) -> None:
        seen = self.seen
        assert seen is not None
        self.message = "[dim]" + _("The coach is thinking…") + "[/dim]"
        self.listener.table_changed(Change.SHOWN, ())
        self.scheduler.run_thread(partial(self._advise, seen), COACH)

    def _advise(self, seen: Seen, cancelled: threading.Event) -> None:
        """Runs in a thread: the coach decides from this seat's view only."""
        advice = self.coach(seen.view, random.Random(seen.serial))
        if not cancelled.is_set():
            self.scheduler.call_soon(partial(self.hint_done, seen, advice))

    def hint_done(self, seen: Seen, advice: Advice) -> None:
        """The coach's advice is back: shown if the table is still where it was asked."""
        if self.seen is None or self.seen.serial != seen.serial or not self.to_act:
            return
        self.message = ""
        self.listener.show_hint(advice)
