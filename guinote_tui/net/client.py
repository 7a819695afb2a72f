"""A headless client of a table: join a seat, read its views and events, send actions.

    async with await Client.join("127.0.0.1:8765", code) as client:
        while (message := await client.receive()) is not None:
            if message["type"] == "state" and message["view"]["legal"]:
                await client.act(message["view"]["legal"][0])

Every message the host sends is read with :func:`~.protocol.decode_host`
(a known type with its known fields); one that is not closes the client.
The Textual join screen and the ``--bot`` adapter build on this.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Any

import aiohttp

from ..engine import Card, Dealt, Event, SeatView
from . import protocol
from .deals import Deal, read_deal
from .mirror import MirroredTable, Seen
from .protocol import ProtocolError

#: Seconds to open the connection, and for the host's first answer to the hello.
ANSWER_SECONDS = 10.0
#: Seconds the close handshake may take (a host that does not answer it is left).
CLOSE_SECONDS = 2.0


def table_url(address: str) -> str:
    """The WebSocket address of a table at ``host:port`` (or a ``ws://`` address given whole)."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    return f"ws://{address}{protocol.PATH}"


def read_invitation(text: str) -> tuple[str, str] | None:
    r"""``(address, code)`` from an invitation pasted whole, of any shape; None when no address is in it.

    The invitation may span lines, carry a label, ``guinote join`` or not, extra spaces, and a code whose
    groups are spaced: the address is the last word that reads as ``HOST:PORT`` (or a ``ws://`` address), the
    code the words after it.

    >>> read_invitation("Partner (seat 3):\n  guinote join\n127.0.0.1:8765  k7dm x3qa 9fwe ")
    ('127.0.0.1:8765', 'k7dm-x3qa-9fwe')
    >>> read_invitation("guinote join abc") is None
    True
    """
    words = text.split()
    at = [i for i, word in enumerate(words) if _address_like(word)]
    if not at or at[-1] == len(words) - 1:
        return None
    return words[at[-1]], "-".join(words[at[-1] + 1 :])


def _address_like(word: str) -> bool:
    if word.startswith(("ws://", "wss://")):
        return True
    _host, colon, port = word.rpartition(":")
    return bool(colon and _host and port.isdigit())


class Client:
    """One seat's connection: :meth:`join`, then :meth:`receive` and :meth:`act`."""

    def __init__(self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.session, self.ws = session, ws
        self.welcome: dict[str, Any] | None = None
        self.state: dict[str, Any] | None = None
        #: The table as the welcome described it: every state and event is read against it before it is passed on.
        self.table: MirroredTable | None = None
        #: Seconds to wait for the host's first answer.
        self.answer_seconds = ANSWER_SECONDS
        #: The last state read; the number of the hand under way, its events read so far and the player's cards
        #: dealt in it (None: not seen): what a ``deal`` is checked against.
        self.seen: Seen | None = None
        self.hand_number = 0
        self.hand_events: list[Event] = []
        self.dealt: tuple[Card, ...] | None = None

    @classmethod
    async def join(
        cls,
        address: str,
        code: str,
        language: str = "en",
        cafile: str | None = None,
        *,
        any_name: bool = False,
        name: str | None = None,
    ) -> Client:
        """Connect and say hello; the host's answer (welcome or error) is the first :meth:`receive`.

        ``name``: the person's name the others see (:func:`~.protocol.person_name`; None: the seat's).

        A ``wss://`` table is checked against the system's certificates, or only ``cafile``'s when given
        (``any_name``: whatever name it was reached by, for the host's own seat, which trusts its own certificate).
        """
        session = aiohttp.ClientSession()
        context = None
        if cafile:
            context = ssl.create_default_context(cafile=cafile)
            context.check_hostname = not any_name
        try:
            ws = await asyncio.wait_for(
                session.ws_connect(
                    table_url(address), max_msg_size=protocol.MAX_HOST_MESSAGE, heartbeat=30, ssl=context or True
                ),
                ANSWER_SECONDS,
            )
        except BaseException:
            await session.close()
            raise
        client = cls(session, ws)
        await client.send(protocol.hello(code, language, name))
        return client

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_str(protocol.encode(message))

    async def send_raw(self, data: str | bytes) -> None:
        """Send anything at all (for tests of the host's door)."""
        if isinstance(data, bytes):
            await self.ws.send_bytes(data)
        else:
            await self.ws.send_str(data)

    async def act(self, action: str, serial: int | None = None) -> None:
        """Send an action in the engine's text form, answering the latest state (or ``serial``)."""
        if serial is None:
            serial = self.state["serial"] if self.state else 0
        await self.send(protocol.act(action, serial))

    async def receive(self) -> dict[str, Any] | None:
        """The host's next message, checked; ``None`` once the connection is closed.

        Raises :class:`ProtocolError` (the connection closed) for anything a table does not send: a binary or
        oversized frame, a message that is not one of the protocol's with its fields, a state or an event that
        does not read as the welcome's table, or no answer to the hello within :attr:`answer_seconds`.
        """
        try:
            return self._checked(await self._next())
        except ProtocolError:
            await self.close()
            raise

    async def _next(self) -> aiohttp.WSMessage:
        if self.welcome is not None:
            return await self.ws.receive()
        try:
            return await self.ws.receive(timeout=self.answer_seconds)
        except TimeoutError:
            raise ProtocolError("no_answer", seconds=f"{self.answer_seconds:g}") from None

    def _checked(self, message: aiohttp.WSMessage) -> dict[str, Any] | None:
        kind = message.type
        if kind is aiohttp.WSMsgType.ERROR:
            raise ProtocolError("too_large" if _too_large(message) else "bad_message", detail="a broken frame")
        if kind is aiohttp.WSMsgType.BINARY:
            raise ProtocolError("bad_message", detail="messages are JSON text")
        if kind is not aiohttp.WSMsgType.TEXT:
            return None
        data = protocol.decode_host(message.data)
        try:
            self._read(data)
        except (TypeError, KeyError, AttributeError, IndexError):  # (the mirror raises ProtocolError; to be sure)
            raise ProtocolError("bad_message", detail=f"a {data['type']} that does not read") from None
        return data

    def _read(self, data: dict[str, Any]) -> None:
        if data["type"] == "welcome":
            self.table = MirroredTable.read(data)
            self.welcome = data
        elif data["type"] in ("state", "event"):
            if self.table is None:
                raise ProtocolError("bad_message", detail="a state before the welcome")
            if data["type"] == "state":
                self.seen = seen = self.table.state(data)
                self.state = data
                self._hand(seen.score.hand)
                if self.dealt is None and seen.score.ply == 0:  # (the deal shown by the state alone)
                    self.dealt = seen.view.hand
            else:
                event = self.table.event(data)
                self._hand(data["hand"])
                if isinstance(event, Dealt):
                    self.hand_events, self.dealt = [], event.hands[0]
                if event is not None:
                    self.hand_events.append(event)

    def _hand(self, number: object) -> None:
        """The messages are of hand ``number``: its events and deal are followed from now (a new hand's, afresh)."""
        if number != self.hand_number and isinstance(number, int):
            self.hand_number, self.hand_events, self.dealt = number, [], None

    def read_deal(self, message: dict[str, Any]) -> Deal:
        """A ``deal`` just received, checked against the hand the seat saw end (:func:`~.deals.read_deal`);
        :class:`ProtocolError` with one line for one that is not that hand's (the connection stays open)."""
        if self.table is None or self.seen is None:
            raise ProtocolError("bad_message", detail="deal: before the table's state")
        if self.seen.score.hand != self.hand_number or self.dealt is None:
            raise ProtocolError("bad_message", detail="deal: a hand the seat did not see dealt")
        return read_deal(self.table, message, self.seen.view, self.hand_number, self.hand_events, self.dealt)

    async def close(self) -> None:
        """Say bye and close, waiting at most :data:`CLOSE_SECONDS` for the host's side of the handshake."""
        if not self.ws.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.send({"type": "bye"})
            with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
                await asyncio.wait_for(self.ws.close(), CLOSE_SECONDS)
        await self.session.close()

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()


def _too_large(message: aiohttp.WSMessage) -> bool:
    return getattr(message.data, "code", None) == aiohttp.WSCloseCode.MESSAGE_TOO_BIG


@dataclass(frozen=True)
class MissedHand:
    """A hand that ended while the seat was away (``missed_hand``), turned to the player as the mirror turns a state.

    ``view`` is the seat's last view of it with the events it was told, ``before`` and ``after`` the match's juegos
    and cotos by the player's sides: what the statistics take (``Recorder.record_seen_hand``). ``stand_in``: a bot
    played for the seat in it, so the hand is the player's side's but not all the player's play (the statistics
    keep it as assisted, apart from the hands played unaided).
    """

    number: int
    view: SeatView
    before: Mapping[str, tuple[int, int]]
    after: Mapping[str, tuple[int, int]]
    stand_in: bool


def read_missed_hand(table: MirroredTable, message: Mapping[str, Any]) -> MissedHand:
    """A ``missed_hand`` message (checked by :func:`~.protocol.decode_host`) read against the welcome's table;
    :class:`ProtocolError` for one that does not read."""
    try:
        events: list[Event] = []
        for item in message["events"]:
            event = table.event({"event": item})
            if event is not None:
                events.append(event)
        view = table.view(message["view"], events)
        before, after = (_score(table, message[name]) for name in ("before", "after"))
    except (TypeError, KeyError, AttributeError, IndexError):
        raise ProtocolError("bad_message", detail="a missed_hand that does not read") from None
    if view.stage.value != "over":
        raise ProtocolError("bad_message", detail="a missed hand that is not over")
    return MissedHand(message["hand"], replace(view, legal=()), before, after, message["stand_in"] is True)


def _score(table: MirroredTable, data: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    score = {}
    for name in ("juegos", "cotos"):
        values = data[name]
        if (
            not isinstance(values, list)
            or len(values) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10_000 for v in values)
        ):
            raise ProtocolError("bad_message", detail=f'missed_hand: "{name}" must be two whole numbers')
        score[name] = table.pair(values)
    return score
