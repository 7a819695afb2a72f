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

import contextlib
from types import TracebackType
from typing import Any

import aiohttp

from . import protocol
from .protocol import ProtocolError


def table_url(address: str) -> str:
    """The WebSocket address of a table at ``host:port`` (or a ``ws://`` address given whole)."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    return f"ws://{address}{protocol.PATH}"


class Client:
    """One seat's connection: :meth:`join`, then :meth:`receive` and :meth:`act`."""

    def __init__(self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.session, self.ws = session, ws
        self.welcome: dict[str, Any] | None = None
        self.state: dict[str, Any] | None = None

    @classmethod
    async def join(cls, address: str, code: str, language: str = "en") -> Client:
        """Connect and say hello; the host's answer (welcome or error) is the first :meth:`receive`."""
        session = aiohttp.ClientSession()
        try:
            ws = await session.ws_connect(table_url(address), max_msg_size=protocol.MAX_HOST_MESSAGE)
        except BaseException:
            await session.close()
            raise
        client = cls(session, ws)
        await client.send(protocol.hello(code, language))
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
        """The host's next message, checked; ``None`` once the connection is closed."""
        message = await self.ws.receive()
        if message.type is not aiohttp.WSMsgType.TEXT:
            return None
        try:
            data = protocol.decode_host(message.data)
        except ProtocolError:
            await self.close()
            return None
        if data["type"] == "welcome":
            self.welcome = data
        elif data["type"] == "state":
            self.state = data
        return data

    async def close(self) -> None:
        if not self.ws.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.send({"type": "bye"})
            await self.ws.close()
        await self.session.close()

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()
