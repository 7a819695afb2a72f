"""A fake host on a real loopback socket that answers a seat's hello with whatever a test gives it.

Each scenario is a list of frames sent in order after the hello: text (a message as the host would send
it, or not), bytes (a binary frame), or :data:`SILENCE` (then nothing, until the client goes). After the
frames the host closes the connection, unless the scenario ends in silence.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from aiohttp import web

from guinote_tui.engine import Match, Rules, seat_view
from guinote_tui.net import protocol

#: Sent in place of a frame: the host says nothing more (and does not close).
SILENCE = "<silence>"
#: What a hostile host hopes the joiner's terminal acts on: a clipboard write (OSC 52), a new title, a cleared
#: screen, the bell and a C1 control sequence introducer.
ESCAPES = "ok \x1b]52;c;cHduZWQ=\x1b\\ \x1b]2;PWNED\x1b\\ \x1b[2J\x07\x9b31m"
#: The bytes of those that must never reach a terminal or a stream raw.
RAW = (b"\x1b]52", b"\x1b]2;PWNED", b"\x1b[2J", b"\x07", "\x9b".encode(), b"\x9b")


def welcome(**changes: Any) -> str:
    match = Match(2, Rules(), seed=3)
    return json.dumps({**protocol.welcome(1, match, ["Seat 1", "Seat 2"], [0, 1]), **changes})


def state(**view_changes: Any) -> str:
    match = Match(2, Rules(), seed=3)
    message = protocol.state_message(seat_view(match.hand, 1, events=False), match, 1)
    message["view"].update(view_changes)
    return json.dumps(message)


def message(kind: str, **fields: Any) -> str:
    return json.dumps({"type": kind, **fields})


def error(**fields: Any) -> str:
    return message("error", **{"code": "zzz", "reason": "ok", "params": {}, **fields})


def refused(**fields: Any) -> str:
    base = {"action": "12O", "code": "illegal", "reason": "no", "template": "it is not your turn", "params": {}}
    return message("refused", **{**base, **fields})


#: name -> frames: every message type and field, with escape codes, wrong types, huge values and silence.
SCENARIOS: dict[str, list[str | bytes]] = {
    "error-reason-escapes": [error(reason=ESCAPES)],
    "error-known-code-params-escapes": [error(code="version", reason="v", params={"version": ESCAPES})],
    "error-code-not-text": [error(code=[1])],
    "error-version-without-param": [error(code="version")],
    "error-params-a-list": [error(code="version", params=[1, 2])],
    "error-reason-huge": [error(reason="x" * 60_000)],
    "error-bad-message-detail-escapes": [error(code="bad_message", params={"detail": ESCAPES})],
    "bye-unknown-code-escapes": [message("bye", code="zzz", reason=ESCAPES)],
    "bye-code-not-text": [message("bye", code=7, reason=ESCAPES)],
    "welcome-names-escapes-then-close": [welcome(names=[ESCAPES[:60], "Seat 2"])],
    "welcome-wrong-types": [welcome(seat="1", players=[2])],
    "welcome-level-escapes": [welcome(level=ESCAPES[:60])],
    "state-malformed": [welcome(), state(hand="12O")],
    "state-huge-number": [welcome(), message("state", serial=10**400, match={}, view={})],
    "state-before-welcome": [state()],
    "event-card-escapes": [
        welcome(),
        message("event", hand=1, ply=0, event={"kind": "card_played", "seat": 0, "card": ESCAPES[:3]}),
    ],
    "event-kind-unknown": [welcome(), message("event", hand=1, ply=0, event={"kind": ESCAPES})],
    "refused-unknown-code-escapes": [welcome(), refused(code="zzz", reason=ESCAPES)],
    "refused-code-not-text": [welcome(), refused(code=[1])],
    "refused-template-field": [welcome(), refused(template="{x}", params={"x": ESCAPES})],
    "refused-template-format-bomb": [welcome(), refused(template="{x:>30000000}", params={"x": "1"})],
    "refused-params-not-text": [welcome(), refused(params={"seat": [1]})],
    "seat-away-not-a-seat": [welcome(), message("seat_away", seat=ESCAPES)],
    "seat-away-negative-seconds": [welcome(), message("seat_away", seat=1, seconds=-5)],
    "seat-joined-name-huge": [welcome(), message("seat_joined", seat=1, name="x" * 10_000)],
    "catch-up-stand-in-not-a-list": [welcome(), message("catch_up", hand=1, missed=0, stand_in=ESCAPES)],
    "missed-hand-events-not-objects": [
        welcome(),
        message("missed_hand", hand=1, view={}, events=[ESCAPES] * 3, before={}, after={}, stand_in=True),
    ],
    "missed-hand-too-many-events": [
        welcome(),
        message("missed_hand", hand=1, view={}, events=[{}] * 5_000, before={}, after={}, stand_in=True),
    ],
    "unknown-type-escapes": [message(ESCAPES)],
    "over-64-kB": ["x" * (protocol.MAX_HOST_MESSAGE + 10)],
    "binary-frame": [b"\x1b]2;PWNED\x07"],
    "not-json": ["{not json " + ESCAPES],
    "silence": [SILENCE],
    "welcome-then-close": [welcome()],
}

#: For the game's screen: a refusal on a table it is drawing, then silence (the seat plays on).
SCREEN_SCENARIOS: dict[str, list[str | bytes]] = {
    "screen-refused-format-bomb": [
        welcome(),
        state(),
        refused(template="{x:>30000000}", params={"x": "1"}, reason="no"),
        SILENCE,
    ],
    "screen-refused-template-field": [welcome(), state(), refused(template="{x}", params={"x": ESCAPES}), SILENCE],
    "welcome-then-silence": [welcome(), state(), SILENCE],
}


@contextlib.asynccontextmanager
async def hostile_host(frames: list[str | bytes]) -> AsyncIterator[str]:
    """Serve ``frames`` to every seat that says hello; yields the address (``127.0.0.1:PORT``)."""

    async def handle(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=10**6)
        await ws.prepare(request)
        with contextlib.suppress(Exception):
            await ws.receive(timeout=10)  # the hello
            for frame in frames:
                if frame == SILENCE:
                    while not ws.closed:
                        await ws.receive()
                    return ws
                if isinstance(frame, bytes):
                    await ws.send_bytes(frame)
                else:
                    await ws.send_str(frame)
            await asyncio.sleep(0.2)
            await ws.close()
        return ws

    app = web.Application()
    app.router.add_get(protocol.PATH, handle)
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"127.0.0.1:{port}"
    finally:
        await runner.cleanup()


def clean(text: str | bytes) -> bool:
    """Nothing a terminal would act on: no raw escape from :data:`ESCAPES`, no control character but a newline."""
    data = text.encode() if isinstance(text, str) else text
    if any(raw in data for raw in RAW):
        return False
    decoded = data.decode(errors="replace")
    return not any((ord(c) < 32 and c not in "\n") or 0x7F <= ord(c) <= 0x9F for c in decoded)


class Served:
    """A hostile host on its own loop in a thread, for a process to join."""

    def __init__(self, frames: list[str | bytes]) -> None:
        self.frames, self.address = frames, ""
        self.ready, self.done = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    async def _serve(self) -> None:
        async with hostile_host(self.frames) as address:
            self.address = address
            self.ready.set()
            await asyncio.to_thread(self.done.wait)

    def close(self) -> None:
        self.done.set()
        self.thread.join(10)


@pytest.fixture(name="served")
def served_fixture(request: pytest.FixtureRequest) -> Iterator[Served]:
    """A hostile host serving the scenario named by the test's parameter, on its own loop in a thread."""
    host = Served({**SCENARIOS, **SCREEN_SCENARIOS}[request.param])
    yield host
    host.close()
