"""The host of a table: one authoritative match, bots in the empty seats, people joining with codes.

A :class:`Host` holds the engine's :class:`~guinote_tui.engine.Match` and
plays it on the asyncio loop: a bot's seat is decided off the loop
(:func:`asyncio.to_thread`) from the bot's view, a person's seat waits for an
``act`` from the connection that joined with the seat's code. Every action is
checked by the engine: an illegal one is answered with the engine's refusal
and changes nothing. After every change each connected seat is sent the new
events it may know of and its state (:mod:`.protocol` builds both from the
seat's view, nothing else).

This is a small loop on the engine, not the one-person table of
:mod:`guinote_tui.game.table_controller`: that one paces bots for a screen and keeps one
human seat; here any seat may be a person's, and nothing is paced.

The door: codes a person can read aloud (:func:`readable_code`: three groups
of four characters from :data:`ALPHABET`, which has no look-alikes such as
``l I 1 0 O``), compared in constant time with every seat's code, case,
spaces and dashes aside; after :attr:`TableConfig.wrong_tries` wrong codes
from one address, that address is refused in one line for
:attr:`TableConfig.cooldown` seconds; a connection that does not say hello with a code
within :attr:`TableConfig.hello_timeout` is closed; a message over
:data:`~.protocol.MAX_CLIENT_MESSAGE` closes the connection (the WebSocket
library refuses it); past a burst of :attr:`TableConfig.burst` messages that
change nothing (an action the table takes does not count: the game paces those), at
most :attr:`TableConfig.rate` a second are read and the rest dropped, and a
connection that keeps flooding, or sends :attr:`TableConfig.strikes` bad
messages, is closed. A client too slow to read its messages is closed too.
None of this stops the table: the seat waits for its person to join again.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import logging
import math
import random
import re
import secrets
import ssl
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from ..ai import make_bot
from ..ai.base import decide
from ..engine import ActionError, HandState, IllegalAction, Match, Rules, parse_action, seat_view, visible_to
from ..engine.errors import shown
from ..engine.views import known_actions, told_nothing
from ..game.narration import seat_names
from ..i18n import _
from . import keep as keeping
from . import protocol
from .protocol import ProtocolError

log = logging.getLogger(__name__)

#: The characters of a seat's code: lower-case letters and digits without look-alikes (no l, i, o, 0, 1).
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
#: A code's groups and their length: 12 characters of 31, about 59 bits.
GROUPS, GROUP = 3, 4
#: The most addresses whose wrong codes are counted at once (the table's memory stays bounded).
MAX_WRONG_PEERS = 4096
#: A code as :func:`readable_code` writes it.
READABLE = re.compile(rf"[{ALPHABET}]{{{GROUP}}}(?:-[{ALPHABET}]{{{GROUP}}}){{{GROUPS - 1}}}")


def readable_code() -> str:
    """A fresh seat's code, such as ``k7dm-x3qa-9fwe``: easy to read aloud and to type."""
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(GROUP)) for _ in range(GROUPS))


def canonical(code: str) -> str:
    """A code as typed, compared with a readable code: case, spaces, dashes and dots aside."""
    return "".join(ch for ch in code.lower() if ch not in " \t-._")


@dataclass
class TableConfig:
    """A table's settings: who sits where, the rules, and the door's limits."""

    players: int = 4
    rules: Rules = field(default_factory=Rules)
    #: Seats played by people (the others by bots of ``level``).
    people: tuple[int, ...] = (0,)
    level: str = "normal"
    seed: int | None = None
    names: tuple[str, ...] = ()
    hello_timeout: float = 10.0
    burst: int = 40
    rate: float = 20.0
    #: Messages dropped for flooding, or bad messages, before the connection is closed.
    strikes: int = 20
    #: Messages waiting to be sent to one client before it is dropped as too slow.
    outbox: int = 2000
    #: Seconds a person's seat waits, once its connection went, before a bot of ``level`` plays it.
    away_seconds: float = 60.0
    #: A practice table: every person may ask the coach for hints (off by default with more than one person).
    hints: bool = False
    #: Keep the match after every trick (with the seats' codes) in the game's data folder (:mod:`.keep`).
    keep: bool = False
    #: Wrong codes from one address before it is refused for ``cooldown`` seconds.
    wrong_tries: int = 5
    cooldown: float = 60.0


class Bucket:
    """A token bucket: ``take()`` is true while the connection keeps to ``rate`` a second after a ``burst``."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.when = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def refund(self) -> None:
        """Give back the token of a message that moved the game (the game paces those)."""
        self.tokens = min(self.burst, self.tokens + 1)


class Connection:
    """One client's socket with its outbox (a writer task sends in order; a full outbox drops the client)."""

    def __init__(self, ws: web.WebSocketResponse, seat: int, outbox: int, peer: str) -> None:
        self.ws, self.seat, self.peer = ws, seat, peer
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(outbox)
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while (text := await self.queue.get()) is not None:
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return

    def send(self, message: dict[str, Any]) -> bool:
        try:
            self.queue.put_nowait(protocol.encode(message))
        except asyncio.QueueFull:
            return False
        return True

    async def close(self, code: str | None = None, wsclose: int = WSCloseCode.OK) -> None:
        if code is not None:
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(protocol.encode(protocol.bye(code)))
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer, 5)
        await self.ws.close(code=wsclose)


class Host:
    """One table: the match, its bots, its seats' codes and connections."""

    def __init__(self, config: TableConfig, codes: dict[int, str] | None = None, match: Match | None = None) -> None:
        if config.players not in (2, 4):
            raise ValueError(f"a table seats 2 or 4, not {config.players}")
        if not config.people or any(not 0 <= s < config.players for s in config.people):
            raise ValueError(f"people sit at seats 0 to {config.players - 1}")
        self.config = config
        #: A match continued (from the kept file): it goes on as soon as the host starts, its people rejoining.
        self.resumed = match is not None
        self.match = match if match is not None else Match(config.players, config.rules, seed=config.seed)
        self.people = tuple(sorted(set(config.people)))
        self.codes = codes or {seat: readable_code() for seat in self.people}
        #: Wrong codes from each address: ``(count, refused until)`` (:func:`time.monotonic`).
        self.wrong: dict[str, tuple[int, float]] = {}
        self.bots = {seat: make_bot(config.level) for seat in range(config.players) if seat not in self.people}
        self.rng = random.Random(config.seed)
        self.names = list(config.names) or [
            f"Seat {seat + 1}" if seat in self.people else f"Bot {seat + 1}" for seat in range(config.players)
        ]
        self.connections: dict[int, Connection] = {}
        #: Actions (and deals) the table took: a stand-in's decision is dropped when it moved meanwhile.
        self.serial = 0
        #: Each seat's own serial (the states it was sent), and how many of the hand's events it was sent.
        self.serials: dict[int, int] = {}
        self.sent: dict[int, int] = {}
        self.changed = asyncio.Event()
        self.all_joined = asyncio.Event()
        self.over = asyncio.Event()
        #: Set once the match is over and every person's seat has been told how it ended (its last hand).
        self.everyone_told = asyncio.Event()
        self.joined: set[int] = set()
        #: People's seats a bot of the table's level plays while their person is away (past the timeout).
        self.stood_in: set[int] = set()
        self.stand_ins = {seat: make_bot(config.level) for seat in self.people}
        #: Every decision a stand-in took: ``(hand number, actions taken before it, seat)``.
        self.bot_decisions: list[tuple[int, int, int]] = []
        self.away_timers: dict[int, asyncio.TimerHandle] = {}
        #: When each away seat's stand-in starts to play (:meth:`asyncio.AbstractEventLoop.time`).
        self.away_until: dict[int, float] = {}
        #: The finished hands each person's seat was told of (a seat coming back is told of the rest).
        self.told: dict[int, int] = {}
        #: The people's seats each seat was last told were away (and not yet back): a seat coming back is put right.
        self.believed_away: dict[int, set[int]] = {}
        #: The table is closing: its connections going is not a person leaving.
        self.closing = False
        self.kept_at: tuple[int, int] | None = None
        #: The writer of the kept file (its lock held) when the table keeps its match; its last problem, if any.
        self.keeper = keeping.keeper() if config.keep else None
        self.keep_problem: str | None = None
        self.deciding: int | None = None
        self.runner: web.AppRunner | None = None
        self.driver: asyncio.Task[None] | None = None
        self.port = 0
        self.address = ""

    # -- the door -----------------------------------------------------------------------------

    def seat_of(self, code: str) -> int | None:
        """The seat ``code`` opens, compared in constant time with every seat's code (all of them, always)."""
        found = None
        given = code.encode(errors="surrogatepass")  # (a lone surrogate opens nothing, and raises nothing)
        typed = canonical(code).encode(errors="surrogatepass")
        for seat, own in self.codes.items():
            if READABLE.fullmatch(own):  # (a kept table's older codes are compared as they are)
                same = hmac.compare_digest(typed, canonical(own).encode())
            else:
                same = hmac.compare_digest(given, own.encode())
            if same:
                found = seat
        return found

    def refused_for(self, peer: str) -> int:
        """Seconds ``peer`` is still refused after too many wrong codes (0: it may try)."""
        _count, until = self.wrong.get(peer, (0, 0.0))
        return max(0, round(until - time.monotonic() + 0.5)) if until else 0

    def wrong_code(self, peer: str) -> None:
        """One more wrong code from ``peer``: past :attr:`TableConfig.wrong_tries`, the cool-down starts."""
        now = time.monotonic()
        if len(self.wrong) >= MAX_WRONG_PEERS:  # (many addresses: forget those not refused now, then the oldest)
            self.wrong = {p: w for p, w in self.wrong.items() if w[1] > now}
            while len(self.wrong) >= MAX_WRONG_PEERS:
                del self.wrong[next(iter(self.wrong))]
        count = self.wrong.get(peer, (0, 0.0))[0] + 1
        if count >= self.config.wrong_tries:
            log.info("%s gave %d wrong codes: refused for %gs", peer, count, self.config.cooldown)
            self.wrong[peer] = (0, now + self.config.cooldown)
        else:
            self.wrong[peer] = (count, 0.0)

    async def start(self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None) -> None:
        """Listen (loopback unless told otherwise; over TLS with ``tls``) and start the match's loop."""
        app = web.Application()
        app.router.add_get(protocol.PATH, self.handle)
        self.runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, host, port, ssl_context=tls)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        self.address = f"{host}:{self.port}" if ":" not in host else f"[{host}]:{self.port}"
        if tls is not None:  # (the invitation names the scheme: a joiner then checks the certificate)
            self.address = f"wss://{self.address}{protocol.PATH}"
        if self.resumed and self.started():  # everyone is away until they rejoin; the match goes on without them
            self.joined = set(self.people)
            self.all_joined.set()
            self.serial = 1
            # (serial 0 is a table still waiting for its people: nothing is legal then)
            self.serials = dict.fromkeys(range(self.match.players), 1)
            for seat in self.people:  # (before the stop, a seat may have been told another had left)
                self.believed_away[seat] = set(self.people) - {seat}
                self.went_away(seat)
        self.driver = asyncio.create_task(self.play())

    def result_line(self) -> str:
        """The finished match's result: the winning side's seats and the cotos."""
        match = self.match
        side = match.winner or 0
        cotos = _("cotos {won}–{lost}").format(won=match.cotos[side], lost=match.cotos[1 - side])
        if match.players == 4:
            line = _("The match is over: seats {first} and {second} win, {cotos}.")
        else:
            line = _("The match is over: seat {first} wins, {cotos}.")
        return line.format(first=side + 1, second=side + 3, cotos=cotos)

    def started(self) -> bool:
        """Whether the match has begun (every person sat down once): a table restarted before waits for them."""
        return bool(self.match.finished or self.match.hand.log)

    def invitations(self) -> list[tuple[int, str, str]]:
        """``(seat, address, code)`` for each person's seat."""
        return [(seat, self.address, self.codes[seat]) for seat in self.people]

    def invitation_lines(self, own: int | None = None) -> list[str]:
        """One line a person can pass on per seat, ``guinote join ADDRESS CODE``, labelled.

        ``own``: the host's own seat (the others are labelled partner, right, left or rival as seen from it,
        and its own is left out); None: each seat by its number, with its partner's at a table of pairs.
        """
        lines = []
        players = self.match.players
        for seat, address, code in self.invitations():
            if seat == own:
                continue
            if own is not None:
                line = _("{name} (seat {seat}): guinote join {address} {code}")
            elif players == 4:
                line = _("Seat {seat}, partner of seat {partner}: guinote join {address} {code}")
            else:
                line = _("Seat {seat}: guinote join {address} {code}")
            name = _(seat_names(players)[(seat - (own or 0)) % players])
            lines.append(line.format(name=name, seat=seat + 1, partner=(seat + 2) % 4 + 1, address=address, code=code))
        return lines
    @staticmethod
    def tls(certfile: str, keyfile: str | None = None) -> ssl.SSLContext:
        """The server's TLS context from a PEM certificate (and its key); raises ``OSError`` or ``ssl.SSLError``."""
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(certfile, keyfile)
        return context

    async def close(self) -> None:
        self.closing = True
        for timer in self.away_timers.values():
            timer.cancel()
        self.away_timers.clear()
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.driver
        self.keep()  # where the match stands, to the action (the host may be restarted)
        back = self.keeper is not None and not self.match.is_over and not self.keep_problem
        for connection in list(self.connections.values()):  # (a kept match: the seats wait for the host's return)
            await connection.close("back_soon" if back else "table_closed", WSCloseCode.GOING_AWAY)
        self.connections.clear()
        if self.runner is not None:
            await self.runner.cleanup()
        if self.keeper is not None:
            keeping.release()

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=protocol.MAX_CLIENT_MESSAGE, heartbeat=30)
        await ws.prepare(request)
        peer = str(request.remote)
        greeted = await self.greet(ws, peer)
        if greeted is None:
            return ws
        seat, name = greeted
        connection = Connection(ws, seat, self.config.outbox, peer)
        old = self.connections.get(seat)
        self.connections[seat] = connection
        if old is not None:  # (the same person again, from a new connection: the older one is told and closed)
            log.info("seat %d joined again from another connection: the older one is closed", seat)
            await old.close("replaced", WSCloseCode.POLICY_VIOLATION)
        log.info("seat %d joined from %s", seat, peer)
        if name is not None:
            self.names[seat] = name
        connection.send(
            protocol.welcome(seat, self.match, self.names, list(self.people), self.config.level, self.config.hints)
        )
        self.catch_up(connection)
        connection.send(self.state_for(seat))
        self.came_back(seat, replaced=old is not None)
        self.joined.add(seat)
        if self.joined >= set(self.people):
            self.all_joined.set()
        try:
            await self.listen(connection)
        finally:
            if self.connections.get(seat) is connection:
                del self.connections[seat]
                self.went_away(seat)
            with contextlib.suppress(Exception):
                await connection.close()
        return ws

    async def greet(self, ws: web.WebSocketResponse, peer: str) -> tuple[int, str | None] | None:
        """The seat the first message opens, with the person's name if they gave one (checked), or None (the
        connection told why and closed)."""

        async def refuse(code: str, **params: object) -> None:
            log.info("refused %s: %s", peer, code)
            with contextlib.suppress(Exception):
                await ws.send_str(protocol.encode(protocol.error(code, **params)))
            await ws.close(code=WSCloseCode.POLICY_VIOLATION)

        try:
            message = await ws.receive(timeout=self.config.hello_timeout)
        except TimeoutError:
            await refuse("hello_first")
            return None
        if message.type is not WSMsgType.TEXT:
            await refuse("too_large" if message.type is WSMsgType.ERROR else "hello_first")
            return None
        try:
            data = protocol.decode_client(message.data)
        except ProtocolError as problem:
            await refuse(problem.code, **problem.params)
            return None
        if data["type"] != "hello":
            await refuse("hello_first")
            return None
        if data["version"] != protocol.PROTOCOL_VERSION:
            await refuse("version", version=protocol.PROTOCOL_VERSION)
            return None
        if waited := self.refused_for(peer):
            await refuse("too_many_tries", seconds=str(waited))
            return None
        seat = self.seat_of(data["code"])
        if seat is None:
            self.wrong_code(peer)
            await refuse("wrong_code")
            return None
        try:
            name = protocol.person_name(data["name"]) if "name" in data else None
        except ProtocolError as problem:
            await refuse(problem.code, **problem.params)
            return None
        return seat, name

    async def listen(self, connection: Connection) -> None:
        """Read the client's messages until it goes, dropping floods and counting bad messages."""
        bucket = Bucket(self.config.burst, self.config.rate)
        strikes = 0
        async for message in connection.ws:
            if strikes >= self.config.strikes:
                await connection.close("flooding", WSCloseCode.POLICY_VIOLATION)
                return
            if not bucket.take():
                strikes += 1
                continue
            if message.type is not WSMsgType.TEXT:
                strikes += 1
                connection.send(protocol.error("bad_message", detail="messages are JSON text"))
                continue
            try:
                data = protocol.decode_client(message.data)
            except ProtocolError as problem:
                strikes += 1
                connection.send(protocol.error(problem.code, **problem.params))
                continue
            if data["type"] == "bye":
                return
            if data["type"] == "act":
                if self.act(connection, data["action"], data["serial"]):
                    bucket.refund()
            else:
                strikes += 1
                connection.send(protocol.error("bad_message", detail="hello was already said"))
        if connection.ws.exception() is not None:
            log.info("seat %d: %s", connection.seat, connection.ws.exception())

    # -- away and back ------------------------------------------------------------------------

    def went_away(self, seat: int) -> None:
        """A person's connection went: everyone is told how long before a stand-in plays the seat, and it will."""
        if self.closing:  # (the host is stopping: nobody left)
            return
        log.info("seat %d away", seat)
        old = self.away_timers.pop(seat, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self.away_until[seat] = loop.time() + self.config.away_seconds
        self.away_timers[seat] = loop.call_later(self.config.away_seconds, self.stand_in, seat)
        self.seat_news(self.away_message(seat))

    def away_message(self, seat: int) -> dict[str, Any]:
        """``seat_away`` with the seconds left before the stand-in plays (rounded up), or ``seat_bot`` once it does."""
        if seat in self.stood_in:
            return protocol.seat_message("seat_bot", seat)
        left = self.away_until.get(seat, 0.0) - asyncio.get_running_loop().time()
        return protocol.seat_away(seat, min(86_400, max(0, math.ceil(left))))

    def seat_news(self, message: dict[str, Any], but: int | None = None) -> None:
        """Tell every connected seat (but ``but``) of a seat's person, remembering who was told they were away."""
        seat = message["seat"]
        for viewer in self.connections:
            if viewer == but:
                continue
            believed = self.believed_away.setdefault(viewer, set())
            if message["type"] in ("seat_away", "seat_bot"):
                believed.add(seat)
            else:
                believed.discard(seat)
        self.broadcast(message, but=but)

    def stand_in(self, seat: int) -> None:
        """The timeout passed with the seat's person still away: a bot of the table's level plays it."""
        self.away_timers.pop(seat, None)
        if seat in self.connections or seat in self.stood_in:
            return
        log.info("seat %d played by a bot of level %s", seat, self.config.level)
        self.stood_in.add(seat)
        self.seat_news(protocol.seat_message("seat_bot", seat))
        self.changed.set()

    def came_back(self, seat: int, replaced: bool = False) -> None:
        """The seat's person joined (again): the next decision of the seat is theirs, and the others are told
        (nothing, when the seat was never away: its person joined again from another connection)."""
        timer = self.away_timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.away_until.pop(seat, None)
        self.stood_in.discard(seat)
        if replaced:
            return
        kind = "seat_back" if seat in self.joined else "seat_joined"
        log.info("seat %d %s", seat, "back" if seat in self.joined else "sat down")
        self.seat_news(protocol.seat_named(kind, seat, self.names[seat]), but=seat)

    def catch_up(self, connection: Connection) -> None:
        """What a seat that (re)joins missed, before its state: the hands that ended meanwhile, where the others'
        people are, and the hand under way so far with what a bot played for it (bounded)."""
        seat, match = connection.seat, self.match
        finished = len(match.finished)
        first = max(self.told.get(seat, 0), finished - protocol.MAX_MISSED_HANDS)
        for number in range(first + 1, finished + 1):
            connection.send(self.missed_hand(seat, number))
        self.told[seat] = finished
        self.note_told()
        self.seat_status(connection)
        hand = match.hand
        events = hand.events or []
        if not hand.log and first == finished:
            self.sent[seat] = len(events)  # (nothing to catch up: the state says where the hand stands)
            return
        number = match.hand_number if not hand.is_over else finished
        stand_in = [
            str(hand.log[at][1])
            for (played, at, who) in self.bot_decisions
            if played == number and who == seat and at < len(hand.log) and not hand.is_over
        ]
        if self.withheld_from(seat):  # another seat decides a window: the hand's events come once it has decided
            connection.send(protocol.catch_up(number, finished - first, stand_in, 0))
            self.sent[seat] = 0
            return
        fresh = visible_to(events, seat)[-protocol.MAX_CATCH_UP :]
        connection.send(protocol.catch_up(number, finished - first, stand_in, len(fresh)))
        ply = known_actions(hand, seat)
        for event in fresh:
            connection.send(protocol.event_message(event, number, ply))
        self.sent[seat] = len(events)

    def seat_status(self, connection: Connection) -> None:
        """Tell a seat that joins where the other people are: away (the seconds left) or played by a bot; back,
        where it was last told they had left; sat down already, on its first join."""
        viewer = connection.seat
        believed = self.believed_away.setdefault(viewer, set())
        for seat in self.people:
            if seat == viewer:
                continue
            if seat not in self.connections and seat in self.joined | set(self.away_until):
                connection.send(self.away_message(seat))
                believed.add(seat)
            elif seat in self.connections and seat in believed:
                connection.send(protocol.seat_named("seat_back", seat, self.names[seat]))
                believed.discard(seat)
            elif seat in self.connections and viewer not in self.joined:
                connection.send(protocol.seat_named("seat_joined", seat, self.names[seat]))

    def missed_hand(self, seat: int, number: int) -> dict[str, Any]:
        """Finished hand ``number`` as ``seat`` saw it at its end, with the score before and after it."""
        match = self.match
        record = match.finished[number - 1]
        result = record.result
        assert result is not None
        hand = HandState(record.deck, record.dealer, match.rules, match.players, result.carried, result.first_of_juego)
        for actor, action in record.actions:
            hand.apply(action, actor)
        stand_in = any(played == number and who == seat for played, _at, who in self.bot_decisions)
        view = seat_view(hand, seat, events=False)
        events = visible_to(hand.events or [], seat)
        before, after = self.score_after(number - 1), self.score_after(number)
        return protocol.missed_hand(number, view, events, before, after, stand_in)

    def deal_for(self, number: int, seat: int) -> dict[str, Any]:
        """Finished hand ``number``'s whole deal (``deal``), sent to every seat after the state that shows it over,
        with the places of the seat's decisions its stand-in took."""
        record = self.match.finished[number - 1]
        bot = [at for played, at, who in self.bot_decisions if played == number and who == seat]
        return protocol.deal_message(number, record.dealer, record.deck, record.actions, bot)

    def score_after(self, hands: int) -> dict[str, list[int]]:
        """The match's juegos and cotos after its first ``hands`` finished hands."""
        juegos, cotos = [0, 0], [0, 0]
        for record in self.match.finished[:hands]:
            side = record.result.juego_winner if record.result is not None else None
            if side is None:
                continue
            juegos[side] += 1
            if juegos[side] >= self.match.rules.juegos_per_coto:
                cotos[side] += 1
                juegos = [0, 0]
        return {"juegos": juegos, "cotos": cotos}

    def player_of(self, seat: int) -> Any:
        """The bot that decides for ``seat`` now, or None when its person does."""
        if seat in self.stood_in:
            return self.stand_ins[seat]
        return self.bots.get(seat)

    # -- the match ----------------------------------------------------------------------------

    def act(self, connection: Connection, text: str, serial: int) -> bool:
        """A person's action: checked for turn and serial, then by the engine; refused, or applied and published."""
        seat, match = connection.seat, self.match
        echo = shown(text)

        def refuse(code: str) -> bool:
            connection.send(protocol.refused(echo, code, protocol.ERRORS[code], {}))
            return False

        if match.is_over:
            return refuse("match_over")
        if (
            not self.all_joined.is_set()
            or match.hand.is_over
            or match.to_move != seat
            or seat not in self.people
            or self.deciding == seat  # a stand-in decides this one: the person takes the next
        ):
            return refuse("not_your_turn")
        if serial != self.serials.get(seat, 0):
            return refuse("stale")
        try:
            action = parse_action(text)
            match.apply(action, seat)
        except ActionError as problem:
            connection.send(protocol.refused(echo, "not_an_action", problem.template, problem.params))
            return False
        except IllegalAction as problem:
            connection.send(protocol.refused(echo, "illegal", problem.refusal.template, problem.refusal.params))
            return False
        self.publish()
        self.changed.set()
        return True

    def keep(self) -> None:
        """Write the match with the seats' codes (or remove the file once it is over), when the table keeps it."""
        if self.keeper is not None:
            self.keep_problem = keeping.save(self, self.keeper)
            if self.keep_problem:
                log.warning("%s", self.keep_problem)

    @classmethod
    def continued(cls, kept: keeping.Kept, **settings: Any) -> Host:
        """A host for the kept table's match: the same seats and codes; ``settings`` for the rest (the door's)."""
        match = kept.match
        config = TableConfig(
            players=match.players,
            rules=match.rules,
            people=kept.people,
            level=kept.level,
            names=kept.names,
            hints=kept.hints,
            keep=True,
            **settings,
        )
        host = cls(config, dict(kept.codes), match)
        host.bot_decisions = list(kept.bot_decisions)
        host.told = dict(kept.told)
        return host

    def state_for(self, seat: int) -> dict[str, Any]:
        view = seat_view(self.match.hand, seat, events=False)
        if not self.all_joined.is_set():  # nobody decides before every person has sat down
            view = dataclasses.replace(view, legal=())
        return protocol.state_message(view, self.match, self.serials.get(seat, 0))

    def withheld_from(self, seat: int) -> bool:
        """Whether ``seat`` is told nothing now: another seat decides a window or the swap before the last draw.

        That it was asked tells what it holds (docs/rules.md, section 8): the others hear of the table again
        once it decided, in the same messages, counters and serials as if nobody had been asked.
        """
        return told_nothing(self.match.hand, seat)

    def broadcast(self, message: dict[str, Any], but: int | None = None) -> None:
        for seat, connection in list(self.connections.items()):
            if seat != but and not connection.send(message):
                self.drop(connection)

    def drop(self, connection: Connection) -> None:
        log.info("seat %d too slow: dropped", connection.seat)
        if self.connections.get(connection.seat) is connection:
            del self.connections[connection.seat]
        task = asyncio.create_task(connection.close("slow", WSCloseCode.POLICY_VIOLATION))
        task.add_done_callback(lambda _: None)

    def publish(self) -> None:
        """Send each connected seat the new events it may know of, then its state."""
        self.serial += 1
        hand = self.match.hand
        at = (self.match.hand_number, len(hand.tricks) + hand.is_over)
        if at != self.kept_at:  # a trick was taken, or a hand dealt or ended
            self.kept_at = at
            self.keep()
        events = hand.events or []
        number = self.match.hand_number if not hand.is_over else len(self.match.finished)
        over = hand.is_over  # (the hand just ended: nothing of it is secret, each seat is sent its whole deal)
        for seat, connection in list(self.connections.items()):
            if self.withheld_from(seat):
                continue
            fresh = events[self.sent.get(seat, 0) :]
            self.sent[seat] = len(events)
            ply = known_actions(hand, seat)
            messages = [protocol.event_message(e, number, ply) for e in visible_to(fresh, seat)]
            self.serials[seat] = self.serials.get(seat, 0) + 1
            messages.append(self.state_for(seat))
            if over:
                messages.append(self.deal_for(number, seat))
            self.told[seat] = len(self.match.finished)
            if not all(connection.send(m) for m in messages):
                self.drop(connection)
        self.note_told()

    def note_told(self) -> None:
        """Once the match is over, whether every person's seat was told its end (those away, on coming back)."""
        finished = len(self.match.finished)
        if self.match.is_over and all(self.told.get(seat, 0) >= finished for seat in self.people):
            self.everyone_told.set()

    async def wait_told(self, seconds: float) -> bool:
        """Wait, at most ``seconds``, for every person's seat to be told how the match ended; whether they were."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.everyone_told.wait(), seconds)
        return self.everyone_told.is_set()

    async def play(self) -> None:
        """The match's loop: bots decide off the loop, people's seats wait for their action."""
        await self.all_joined.wait()
        match = self.match
        self.publish()
        while not match.is_over:
            if match.hand.is_over:
                match.next_hand()
                self.sent.clear()
                self.publish()
                continue
            seat = match.to_move
            assert seat is not None
            bot = self.player_of(seat)
            if bot is None:
                self.changed.clear()
                await self.changed.wait()
                continue
            hand, serial = match.hand, self.serial
            self.deciding = seat
            try:
                action = await asyncio.to_thread(decide, bot, hand, seat, self.rng)
            finally:
                self.deciding = None
            if self.serial != serial:  # the seat's person came back and decided meanwhile
                continue
            if seat in self.people:
                self.bot_decisions.append((match.hand_number, len(hand.log), seat))
            match.apply(action, seat)
            self.publish()
        self.keep()
        self.over.set()
