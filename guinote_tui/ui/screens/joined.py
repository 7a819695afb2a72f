"""A seat at a table another computer hosts (``guinote join``, or the host's own seat with ``guinote host``).

The screen is the game's table (:mod:`.tableface`), drawn from what the
host sends the seat and nothing else: :mod:`guinote_tui.net.mirror` reads
each message into the engine's types, turned so that the player sits at
seat 0, and :func:`~guinote_tui.ui.picture.view_picture` draws it. The
player's keys send actions; the host checks them with the engine and
answers a refused one with the rule it breaks, worded here in the player's
language.

The keys are the game's own table's (:class:`~.tablebase.TableKeys`): they act
on a :class:`~guinote_tui.net.remote.RemoteTable`, the same table flow as the
local one with the host as the source of its state, which shows what the
others play at a pace a person can follow. A lost connection is tried again every few seconds with the same
code; meanwhile the host's bot keeps the seat after its timeout, and the
player takes it back at the next decision. A host that stops normally says it
will be back (``back_soon``): the seat waits for it and joins again by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.markup import escape
from textual.widgets import Static

from ...coach import advise
from ...engine import Action, Event, HandEnded, Match, SeatView, Stage
from ...engine.events import TrickWon
from ...game.narration import Narrator
from ...game.pacing import shown_to_move
from ...game.session import GameSession
from ...game.table_controller import Change, Turn
from ...game.told import MatchTold
from ...i18n import _, current, ngettext
from ...net.deals import Deal
from ...net.mirror import MirroredTable, Score, Seen
from ...net.protocol import ProtocolError, host_line
from ...net.remote import RemoteTable
from ...storage import printable
from ..bindings import JOINED_BINDINGS
from ..picture import Seats, view_picture
from ..widgets.log import EventLog
from .tablebase import TableKeys, TableScheduler
from .tableface import compose_table, show_declarations, show_picture
from .tablelines import table_line

#: Seconds between tries to reach the table again after the connection went.
RETRY_SECONDS = 3.0


class JoinedTableScreen(TableKeys):
    """One seat at a hosted table: ``connect`` opens the connection (a test gives its own)."""

    BINDINGS = JOINED_BINDINGS
    game: RemoteTable

    def __init__(
        self,
        address: str,
        code: str,
        *,
        host: Any = None,
        bind: tuple[str, int] = ("127.0.0.1", 0),
        notes: tuple[str, ...] = (),
        cafile: str | None = None,
        tls: Any = None,
        name: str | None = None,
    ) -> None:
        """``host``: a :class:`~guinote_tui.net.host.Host` not yet started, whose first person's seat is the
        player's (``guinote host``): it opens on ``bind`` when the screen does and closes with it; ``notes``:
        lines for the log before anything else."""
        super().__init__()
        self.address, self.code = address, code
        #: The name the others see (``--name``; None: the seat's).
        self.person = name
        #: The certificate a ``wss://`` table is checked against (None: the system's); the host's TLS context.
        self.cafile, self.tls = cafile, tls
        #: The host's own seat: it trusts its own certificate, whatever name the table was opened on.
        self.own_table = host is not None
        self.host = host
        self.bind = bind
        #: Lines for the log before anything else (what the command said before the screen opened).
        self.notes = notes
        #: The match in the statistics (a digest of the seat's code: joining again records under the same key).
        self.match_key = ""
        #: A hint was asked in this match (it is then recorded as assisted).
        self.assisted = False
        #: The match's end is recorded (a win, or leaving before the end).
        self.recorded_end = False
        self.table: MirroredTable | None = None
        self.client: Any = None
        #: The table's flow, as at the local table: the keys act on it; the host is the source of its state.
        self.game = RemoteTable(TableScheduler(self), self, self.send, advise)
        self.names: Narrator | None = None
        #: The seats a bot plays for their person for now, and those whose person is away (picture's seats).
        self.stand_ins: set[int] = set()
        self.away: set[int] = set()
        #: The seat stopped on a problem (the game's exit status is then 1).
        self.failed = False
        self.closing = False
        self.last_score: Score | None = None
        #: The host said it stopped for now: the seat waits for it to come back.
        self.host_away = False
        #: The host closed the table after the match's end: nothing to join again.
        self.ended = False
        #: The seat's connection is open (from the host's welcome until it goes).
        self.connected = False
        #: The hands in which a bot played for the player while they were away (recorded as assisted).
        self.stood_in_hands: set[int] = set()
        #: The whole deal of each finished hand the host sent (checked), by the hand's number: for the review.
        self.deals: dict[int, Deal] = {}
        #: The seat's match so far, turned to the player, from its first hand: kept as a history file for
        #: ``guinote review`` (None: none yet, or a hand's deal is missing since; read back once, on joining again).
        self.history: Match | None = None
        self.history_read = False
        self._declarations: tuple[Action, ...] = ()

    # -- the table's state (the controller's) ------------------------------------------------------------

    @property
    def seen(self) -> Seen | None:
        """The host's last state shown (None before the first)."""
        return self.game.seen

    @property
    def queue(self) -> deque[tuple[str, object]]:
        """What arrived from the host and is not shown yet."""
        return self.game.queue

    @property
    def pausing(self) -> bool:
        return self.game.pausing

    @property
    def over(self) -> bool:
        """The match is over, or the seat stopped: nothing is left to play."""
        return self.game.over

    @over.setter
    def over(self, over: bool) -> None:
        self.game.over = over

    def narrator(self) -> Narrator:
        assert self.names is not None
        return self.names

    def table_ready(self) -> bool:
        return self.seen is not None and self.names is not None

    # -- layout -----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from compose_table(4)

    def on_mount(self) -> None:
        self.query_one("#tracker").display = False
        self.fit(self.app.size.width, self.app.size.height)
        self.say_status(_("Joining the table at {address}…").format(address=escape(printable(self.address))))
        log = self.query_one("#log", EventLog)
        for line in self.notes:
            log.write("[b]" + escape(line) + "[/b]")
        self.connect()

    def say_status(self, text: str) -> None:
        for line in self.query("#message").results(Static):  # (none once the screen is going)
            line.update(text)

    # -- the connection ---------------------------------------------------------------------------

    @work(exclusive=True, group="table")
    async def connect(self) -> None:
        """Join, read the host's messages until the match is over, and join again when the connection goes."""
        from ...net.client import Client

        if self.host is not None and not await self.open_host():
            return
        while not self.over and not self.closing and not self.ended:
            try:
                self.client = await Client.join(
                    self.address, self.code, current(), self.cafile, any_name=self.own_table, name=self.person
                )
            except (TimeoutError, OSError, ValueError) as problem:
                if self.table is None:
                    self.stop(
                        _("Cannot reach the table at {address}: {problem}").format(
                            address=printable(self.address),
                            problem=printable(str(getattr(problem, "strerror", None) or problem or "")),
                        )
                    )
                    return
                await asyncio.sleep(RETRY_SECONDS)
                continue
            try:
                while (message := await self.client.receive()) is not None:
                    if not self.take(message):
                        break
            except ProtocolError as problem:
                self.stop(problem.worded())
                return
            finally:
                self.connected = False
                await self.client.close()
            if self.over or self.closing or self.ended or not self.is_attached:
                return
            if not self.host_away:
                self.say_status("[b]" + _("The connection to the table was lost: trying again…") + "[/b]")
            await asyncio.sleep(RETRY_SECONDS)

    async def open_host(self) -> bool:
        """Open the host's table (``guinote host``): its address, the player's code, the others' invitations."""
        host = self.host
        try:
            await host.start(*self.bind, tls=self.tls)
        except OSError as problem:
            self.host = None
            self.stop(
                _("cannot open a table on {host}:{port}: {problem}").format(
                    host=self.bind[0], port=self.bind[1], problem=problem.strerror or problem
                )
            )
            return False
        seats = host.invitations()
        _seat, self.address, self.code = seats[0]
        log = self.query_one("#log", EventLog)
        if len(seats) > 1:
            log.write("[b]" + _("The table is open. Invitations to pass on (i shows them again):") + "[/b]")
        for line in host.invitation_lines(seats[0][0]):
            log.write(escape(line))
        self.refresh_bindings()
        return True

    async def on_unmount(self) -> None:
        host, self.host = self.host, None
        if host is not None:
            await host.close()  # (the match kept where it stands, the lock given back)

    def stop(self, line: str) -> None:
        """The seat cannot go on: say why, on the table and in a notification (the game then exits with 1)."""
        self.over = True
        self.failed = True
        if not self.is_attached or self.closing:
            return
        self.message = "[b]" + escape(line) + "[/b]"
        self.say_status(self.message)
        self.notify(line, title=_("The table"), severity="error", timeout=10, markup=False)

    def take(self, message: dict[str, Any]) -> bool:
        """One message from the host; False when the connection is done with."""
        if not self.is_attached or self.closing:
            return False
        kind = message["type"]
        if kind == "welcome":
            self.welcome(MirroredTable.read(message))
        elif kind in ("state", "event"):
            if self.table is None:
                raise ProtocolError("bad_message", detail="a state before the welcome")
            self.game.arrived(kind, self.table.state(message) if kind == "state" else self.table.event(message))
        elif kind == "refused":
            self.host_refused(message)
        elif kind == "missed_hand":
            self.missed_hand(message)
        elif kind == "deal":
            self.deal_arrived(message)
        elif kind == "catch_up" and message["stand_in"]:
            self.stood_in_hands.add(message["hand"])  # (a bot played for the player in the hand under way)
        elif kind in ("seat_away", "seat_bot", "seat_back", "seat_joined"):
            self.seat_news(kind, message)
        elif kind == "error":
            self.stop(host_line(message))
            return bool(message["code"] == "bad_message")
        elif kind == "bye" and message["code"] == "back_soon" and self.table is not None:
            self.wait_for_host()
            return False
        elif kind == "bye" and self.client.seen is not None and self.client.seen.score.winner is not None:
            self.ended = True  # (the match is over: the host closing the table after it is no problem)
            return False
        elif kind == "bye" and message["code"] in ("table_closed", "replaced", "back_soon"):
            self.stop(host_line(message))
            return False
        return True

    def wait_for_host(self) -> None:
        """The host stopped for now (its match kept): say so; the connection loop joins again once it is back."""
        self.host_away = True
        line = _("The host stopped the table for now: waiting for it to come back (q leaves)…")
        self.query_one("#log", EventLog).write("[i]" + line + "[/i]")
        self.message = "[b]" + line + "[/b]"
        self.say_status(self.message)

    def welcome(self, table: MirroredTable) -> None:
        first = self.table is None
        self.connected = True
        if self.host_away:
            self.host_away = False
            self.message = ""
            self.query_one("#log", EventLog).write("[i]" + _("The host is back: the match goes on.") + "[/i]")
        self.table = table
        self.names = self.game.seated(table)
        if first:
            row = self.query_one("#felt-row")
            row.set_class(table.players == 2, "-heads-up")
            row.set_class(table.players == 4, "-pairs")
            log = self.query_one("#log", EventLog)
            log.write(_("You sit at seat {seat} of {players}.").format(seat=table.seat + 1, players=table.players))
            if table.hints:
                log.write(_("A practice table: everyone may ask the coach for a hint (h)."))
        self.message = ""

    # -- what the table tells (the controller's listener) -------------------------------------------------

    def told(self, event: Event) -> None:
        lines = self.narrator().lines([event])
        if isinstance(event, TrickWon) and event.winner in self.stand_ins:
            lines = [line + " " + _("(played by a bot for now)") for line in lines]
        log = self.query_one("#log", EventLog)
        for line in lines:
            log.write(line)

    def table_changed(self, change: Change, lines: Sequence[str]) -> None:
        if self.is_attached and not self.closing:
            self.refresh_table()

    def warn(self, message: str, title: str) -> None:
        line = self.connection_line()
        if line is not None:  # (not "wait for your turn": nothing is played until the seat is back at the table)
            self.message = "[b]" + line + "[/b]"
        self.refresh_table()

    def bot_failed(self, problem: str) -> None:
        return None  # (the host's bots are the host's)

    def summary_due(self) -> None:
        """The hand is over: the same summary as at the local table (the table goes on beneath it)."""
        told = self.game.told
        if told is None or not self.is_attached or self.closing:
            return
        from .summary import SeatSummaryScreen

        def closed(choice: str | None) -> None:
            self.game.summary_closed()
            if choice == "quit":
                self.leave()  # (asked on the summary)

        self.app.push_screen(SeatSummaryScreen(told.as_now(), self.leave_question(), self.review_session), closed)

    def deal_arrived(self, message: dict[str, Any]) -> None:
        """The whole deal of the hand just over: kept for the coach's review once checked against what the seat
        saw; one that does not hold together is refused in one line (the seat plays on)."""
        try:
            deal = self.client.read_deal(message)
        except ProtocolError as problem:
            line = _("The host's deal of the hand was refused, so it cannot be reviewed: {problem}").format(
                problem=problem.worded()
            )
            self.query_one("#log", EventLog).write("[i]" + escape(line) + "[/i]")
            return
        self.deals[deal.number] = deal
        self.keep_history(deal)

    def history_path(self) -> Path:
        """Where the seat's match is kept as a history (one file per seat's code: joining again continues it)."""
        from ... import storage

        return storage.data_dir() / f"guinote-table-{self.seat_key()[:12]}.json"

    def seat_key(self) -> str:
        """The seat's match in the statistics and its history's name (a digest of the seat's code)."""
        from ...records import seat_match_key

        if not self.match_key:
            self.match_key = seat_match_key(self.code)
        return self.match_key

    def keep_history(self, deal: Deal) -> None:
        """Add the hand to the seat's match kept as a history (the player at seat 0, as ``guinote review`` reads
        it), while the seat holds every hand from the first; a file it cannot write is said once, in the log."""
        from ...engine import HistoryError, read_history, save_history
        from ...net.deals import extended

        path = self.history_path()
        if not self.history_read:
            self.history_read = True
            if deal.number > 1 and path.is_file():  # (the seat joined again: its match so far, as kept)
                try:
                    kept = read_history(path)
                except HistoryError:
                    kept = None
                if kept is not None and (kept.players, kept.rules) == (deal.players, deal.rules):
                    self.history = kept
        self.history = extended(self.history, deal)
        if self.history is None or not self.app.services.record_stats:  # type: ignore[attr-defined]
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_history(self.history, path, names=list(self.narrator().names), table={"stats_key": self.seat_key()})
        except OSError as problem:
            self.history = None
            line = _("Could not save {path}: {problem}").format(
                path=printable(str(path)), problem=problem.strerror or problem
            )
            self.query_one("#log", EventLog).write("[i]" + escape(line) + "[/i]")

    def review_session(self, number: int) -> GameSession | None:
        """Hand ``number`` turned to the player for the coach, its mistakes kept under the seat's match in the
        statistics, as after a hand against the bots (None: the host did not send its deal, or it was refused)."""
        deal = self.deals.get(number)
        if deal is None:
            return None
        from ...game.session import SeatHandSession

        app: Any = self.app
        stats = app.statistics() if app.services.record_stats else None
        session = SeatHandSession(deal.turned_match(), number, self.seat_key(), stats, app.services, deal.stand_in)
        session.narrator = self.narrator()
        return session

    def kept(self, problem: str | None) -> None:
        return None  # (the host keeps the match)

    def show_message(self) -> None:
        self.refresh_table()

    def hand_ended(self, seen: Seen, before: Score) -> None:
        view = seen.view
        if not any(isinstance(event, HandEnded) for event in view.events):
            self.tell_hand_over(seen, before)  # (the hand's end is told by its event, as at the local table)
        if self.table is not None:
            # (seen holds the hand's events: who declared a tute, what counted last)
            number = seen.score.hand
            stood_in = number in self.stood_in_hands
            self.record(
                lambda stats, info: stats.record_seen_hand(
                    self.match_key, view, number, before, seen.score, replace(info, assisted=info.assisted or stood_in)
                )
            )

    def missed_hand(self, message: dict[str, Any]) -> None:
        """A hand that ended while the seat was away: told in the log, and kept in the statistics as the player's
        (marked assisted where a bot played for them); one that does not read ends the seat in one line."""
        from ...net.client import read_missed_hand

        if self.table is None:
            raise ProtocolError("bad_message", detail="a missed hand before the welcome")
        read = read_missed_hand(self.table, message)
        line = _("While you were away, hand {number} ended: {us} {ours} · {them} {theirs}.").format(
            number=read.number,
            us=self.narrator().side_name(0),
            ours=read.view.points[0],
            them=self.narrator().side_name(1),
            theirs=read.view.points[1],
        )
        self.query_one("#log", EventLog).write("[i]" + line + "[/i]")
        self.record(
            lambda stats, info: stats.record_seen_hand(
                self.match_key,
                read.view,
                read.number,
                read.before,
                read.after,
                replace(info, assisted=info.assisted or read.stand_in),
            )
        )

    def tell_hand_over(self, seen: Seen, before: Score) -> None:
        """The hand's end in the log from the state alone, where the host did not tell its result."""
        view = seen.view
        narrator = self.narrator()
        log = self.query_one("#log", EventLog)
        log.write(
            _("Hand over: {us} {ours} · {them} {theirs}").format(
                us=narrator.side_name(0),
                ours=view.points[0],
                them=narrator.side_name(1),
                theirs=view.points[1],
            )
        )
        for side in (0, 1):
            if seen.score.juegos[side] > before.juegos[side] or seen.score.cotos[side] > before.cotos[side]:
                log.write(
                    "[b]"
                    + narrator.by_side(
                        side,
                        you=_("You win the juego"),
                        rival=_("Rival wins the juego"),
                        we=_("We win the juego"),
                        they=_("They win the juego"),
                    )
                    + "[/b]"
                )

    def record(self, write: Callable[[Any, Any], object]) -> None:
        """Write to the statistics, apart from the games against bots (a problem is told once; the game goes on)."""
        from ...records import TableInfo

        table = self.table
        if table is None:
            return
        self.seat_key()
        info = TableInfo.at_table_with_people(
            table.players, table.people, table.level, table.rules, assisted=self.assisted, seat=table.seat
        )
        app: Any = self.app
        if not app.services.record_stats:
            return
        try:
            write(app.statistics(), info)
        except (OSError, ValueError) as problem:  # (the recorder says its own problems; this is the unexpected)
            self.notify(str(problem), title=_("Statistics"), severity="warning", timeout=8, markup=False)
        app.tell_statistics_problem()

    def match_ended(self, score: Score) -> None:
        line = self.narrator().by_side(
            score.winner or 0,
            you=_("You win the match"),
            rival=_("Rival wins the match"),
            we=_("We win the match"),
            they=_("They win the match"),
        )
        log = self.query_one("#log", EventLog)
        log.write("[b]" + line + "[/b]")
        if self.history is not None:
            kept = _("Your hands of this match are kept in {path}: guinote review {path} goes through them.")
            log.write("[i]" + escape(kept.format(path=printable(str(self.history_path())))) + "[/i]")
        # (no pop-up: the last hand's summary says who won, and a toast would cover its columns at 80x24)
        self.record_end(score.winner)

    def record_end(self, winner: int | None) -> None:
        """The match's end in the statistics: the side that won, or None when the player leaves before it."""
        if self.recorded_end or self.table is None or self.seen is None:
            return
        self.recorded_end = True
        self.record(lambda stats, info: stats.record_seen_match_end(self.match_key, winner, info))

    def refresh_table(self) -> None:
        if self.seen is None or self.table is None:
            return
        table, view, score = self.table, self.seen.view, self.seen.score
        levels = [""]
        for seat in range(1, table.players):
            if seat in self.stand_ins:
                levels.append(_("a bot for now"))
            elif self._is_person(seat):
                levels.append(_("a person") + (" · " + _("away") if seat in self.away else ""))
            else:
                levels.append(table.level)
        narrator = self.narrator()
        picture = view_picture(
            view,
            Seats(narrator.names, levels, (narrator.side_name(0), narrator.side_name(1))),
            score.juegos,
            score.cotos,
            Turn.HOLDING if self.holding else (Turn.PLAYER if view.my_turn else Turn.BOT),
            self.selected,
            view.stage is Stage.OVER,
        )
        self.selected = picture.selected
        self.shown_hand = picture.hand
        show_picture(self, picture)
        self._declarations = show_declarations(self, view, self._declarations)
        status = self.query_one("#status", Static)
        mode = _("Pairs") if table.players == 4 else _("Heads-up")
        status.update(
            _("{mode} · a table at {address} │ Hand {number}").format(
                mode=mode, address=escape(printable(self.address)), number=score.hand
            )
        )
        corner = self.query_one("#seed", Static)
        corner.update(_("practice table") if table.hints else "")
        corner.styles.width = Text(corner.render().__str__()).cell_len + 2 if table.hints else 0
        widget = self.query_one("#message", Static)
        widget.set_class(bool(self.message), "-warning")
        widget.update(self.message or self.message_text(view))
        self.refresh_bindings()

    def message_text(self, view: SeatView) -> str:
        """The table's message line (:func:`~.tablelines.table_line`), and what only a hosted table says: the
        match over, the seats still empty, a person gone."""
        narrator = self.narrator()
        if self.over and self.seen is not None and self.seen.score.winner is not None:
            return _("The match is over.")
        over = view.stage is Stage.OVER
        if not over and self.seen is not None and self.seen.serial == 0:  # (the states before everyone sat down)
            return "[dim]" + _("Waiting for everyone to sit down…") + "[/dim]"
        seat = shown_to_move(view)
        gone = seat in self.away and seat not in self.stand_ins  # (not thinking: gone, until a bot or they decide)
        if seat is not None and gone and not (self.holding or over or view.my_turn):
            line = _("{name} has left the table; a bot plays for them if they stay away.").format(
                name=narrator.name(seat)
            )
            return "[dim]" + line + "[/dim]"
        person = seat is not None and seat not in self.stand_ins and self._is_person(seat)
        if seat is not None and person and not (self.holding or over or view.my_turn):  # (a person decides)
            return "[dim]" + _("Waiting for {name} to play…").format(name=narrator.name(seat)) + "[/dim]"
        return table_line(view, self.holding, narrator, timed=False, over=over)

    def _is_person(self, seat: int) -> bool:
        """Whether a person sits at ``seat`` (counted from this seat), not a bot of the host's."""
        return self.table is not None and self.table.table_seat(seat) in self.table.people

    def seat_news(self, kind: str, message: dict[str, Any]) -> None:
        if self.table is None:
            return
        seat = message["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.table.players:
            return
        seat = self.table.turned(seat)
        if seat == 0:
            return
        told = message.get("name")
        if kind in ("seat_joined", "seat_back") and self.table.person_name(seat) is None and told:
            named = MirroredTable.read_name(told, self.table.table_seat(seat))
            if named is not None:
                self.game.renamed(seat, named)
        name = self.narrator().name(seat)
        seconds = message.get("seconds")
        if kind == "seat_joined":
            line = _("{name} sat down at the table.").format(name=name)
        elif kind == "seat_away" and isinstance(seconds, int) and not isinstance(seconds, bool) and seconds > 0:
            self.away.add(seat)
            line = ngettext(
                "{name} has left the table; a bot plays for them in {n} second unless they are back.",
                "{name} has left the table; a bot plays for them in {n} seconds unless they are back.",
                seconds,
            ).format(name=name, n=seconds)
        elif kind == "seat_away":
            self.away.add(seat)
            line = _("{name} has left the table; a bot plays for them if they stay away.").format(name=name)
        elif kind == "seat_bot":
            self.stand_ins.add(seat)
            line = _("A bot plays for {name} until they are back.").format(name=name)
        else:
            self.away.discard(seat)
            self.stand_ins.discard(seat)
            line = _("{name} is back at the table.").format(name=name)
        self.query_one("#log", EventLog).write("[i]" + line + "[/i]")
        self.refresh_table()

    def host_refused(self, message: dict[str, Any]) -> None:
        """The host refused the player's action: the rule it breaks, in the player's language."""
        self.refused(host_line(message))

    # -- the player's keys (the shared ones are TableKeys') ---------------------------------------------------

    def send(self, action: Action, serial: int) -> None:
        """The controller's port: send the player's action to the host (while the seat has no connection, the
        line says why nothing can be played)."""
        if self.connection_line() is not None:
            self.warn("", "")
        elif self.client is not None:
            self.run_worker(self.sent(self.client, str(action), serial), group="send")

    @staticmethod
    async def sent(client: Any, action: str, serial: int) -> None:
        """Send an action; a connection that went meanwhile is no problem (the seat joins again, and decides on
        the host's state then)."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            await client.act(action, serial)

    def connection_line(self) -> str | None:
        """What the message line says while the seat has no connection to the table (None: it has one)."""
        if self.host_away:
            return _("The host stopped the table for now: waiting for it to come back (q leaves)…")
        if not self.connected and self.table is not None and not self.over:
            return _("The connection to the table was lost: trying again…")
        return None

    def offered_before_table(self, action: str) -> bool:
        if action == "invitations":
            return self.host is not None and len(self.host.people) > 1 and self.code != ""
        return action in ("quit_table", "rules")

    def key_offered(self, action: str) -> bool:
        if self.over and action in ("play_index", "select", "play_selected", "go_on", "hint"):
            return False  # (the match is over, or the seat stopped: nothing is left to play)
        if action == "hint":
            return self.table is not None and self.table.hints
        if action == "invitations":
            return self.host is not None and len(self.host.people) > 1
        return True

    def match_told(self) -> MatchTold | None:
        """Every hand of the match the seat was told, by juego, with the juego and coto tally."""
        return self.game.told

    def action_invitations(self) -> None:
        """At the host's own seat: one line per other person's seat to pass on, labelled as seen from here."""
        from .dialogs import InvitationsScreen

        if self.host is not None and len(self.host.people) > 1:
            self.app.push_screen(InvitationsScreen(self.host.invitation_lines(self.host.people[0])))

    def action_quit_table(self) -> None:
        from .dialogs import YesNoDialog

        if self.over:
            self.leave()
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.leave()

        self.app.push_screen(YesNoDialog(self.leave_question()), confirmed)

    def leave_question(self) -> str:
        """What leaving asks while the match goes on."""
        if self.host is not None:
            return _("Close the table? Its match is kept: guinote host continues it.")
        return _("Leave the table? A bot plays your seat until you join again with the same code.")

    def leave(self) -> None:
        self.record_end(None)
        self.closing = True
        self.workers.cancel_group(self, "table")
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
            return
        app: Any = self.app
        if self.host is None and self.table is not None and not self.over:  # (the seat is kept for its person)
            line = _("To come back: guinote join {address} {code}").format(address=self.address, code=self.code)
            app.parting.append(printable(line))
        app.exit(return_code=1 if self.failed else 0)
