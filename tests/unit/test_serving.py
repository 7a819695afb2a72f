"""``guinote serve`` behind its door: token, Origin, a limit on games, the warning beyond loopback.

The server runs for real on 127.0.0.1 (a free port) in the test's event loop, and a real aiohttp
client talks to it. The game is a stub (a few lines of Python that speak textual-serve's protocol,
note each start in a file with the environment it was given, and wait for ``quit``), so no game
starts. Every wait is bounded; nothing talks to any address but loopback.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest
from click.testing import CliRunner
from textual_serve.download_manager import DownloadManager

from guinote_tui import serving
from guinote_tui.cli import main
from guinote_tui.saveguard import SERVED_ENV
from guinote_tui.serving import GuardedServer, announcement

STUB = f"""
import os, sys
with open(sys.argv[1], "a", encoding="utf-8") as log:
    log.write(os.environ.get({SERVED_ENV!r}, "unset") + " " + os.environ.get("GUINOTE_LANG", "-") + "\\n")
out = sys.stdout.buffer
payload = b"stub game started"
out.write(b"__GANGLION__\\n" + b"D" + len(payload).to_bytes(4, "big") + payload)
out.flush()
while True:  # until textual-serve asks the game to quit, or closes its input
    chunk = sys.stdin.buffer.read1(65536)
    if not chunk or b"quit" in chunk:
        break
"""

TIMEOUT = aiohttp.ClientTimeout(total=30)


class Served:
    def __init__(self, server: GuardedServer, starts: Path) -> None:
        self.server = server
        self.starts = starts
        self.base = f"http://127.0.0.1:{server.port}"
        self.origin = self.base

    def games_started(self) -> list[str]:
        return self.starts.read_text(encoding="utf-8").splitlines() if self.starts.exists() else []

    async def until_no_game_runs(self) -> None:
        for _ in range(2000):  # bounded: a closed game is let go within a few turns of the loop
            if self.server.sessions == 0:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"{self.server.sessions} game(s) still counted")


@contextlib.asynccontextmanager
async def served(tmp_path: Path, max_sessions: int = 1, **options: object) -> AsyncIterator[Served]:
    script = tmp_path / "stub_game.py"
    script.write_text(STUB, encoding="utf-8")
    starts = tmp_path / "starts.txt"
    command = " ".join(shlex.quote(part) for part in (sys.executable, str(script), str(starts)))
    server = GuardedServer(command, host="127.0.0.1", port=0, max_sessions=max_sessions, **options)  # type: ignore[arg-type]
    runner = await server.start()
    try:
        yield Served(server, starts)
    finally:
        await runner.cleanup()


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(scenario(), timeout=120))


async def first_bytes(ws: aiohttp.ClientWebSocketResponse) -> bytes:
    """The first binary message of a game: what the stub writes once started."""
    for _ in range(10):
        message = await ws.receive(timeout=30)
        if message.type == aiohttp.WSMsgType.BINARY:
            return bytes(message.data)
    raise AssertionError("no output from the game")


async def refused(session: aiohttp.ClientSession, url: str, **kwargs: object) -> int:
    with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
        async with session.ws_connect(url, **kwargs):  # type: ignore[arg-type]
            pass
    return caught.value.status


# -- the page --------------------------------------------------------------------------------------


def test_the_page_needs_the_token(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with served(tmp_path) as s, aiohttp.ClientSession(timeout=TIMEOUT) as client:
            token = s.server.token
            assert len(token) >= 40  # secrets.token_urlsafe(32)
            for query in ("", "?token=", "?token=wrong", f"?token={token[:-1]}", f"?token={token}x", "?token=ñ"):
                async with client.get(s.base + "/" + query) as response:
                    assert response.status == 403, query
                    assert "token" in await response.text()
            async with client.get(f"{s.base}/?token={token}") as response:
                assert response.status == 200
                page = await response.text()
                assert response.headers["Referrer-Policy"] == "no-referrer"
                assert response.headers["Cache-Control"] == "no-store"
                assert response.headers["X-Frame-Options"] == "DENY"
            # The page's script opens the socket with the token, at the address the browser used.
            assert f'data-session-websocket-url="ws://127.0.0.1:{s.server.port}/ws/{token}"' in page
            assert "0.0.0.0" not in page
            elsewhere = {"Host": f"box.test:{s.server.port}"}  # the address the browser used
            async with client.get(f"{s.base}/?token={token}", headers=elsewhere) as response:
                assert f'"ws://box.test:{s.server.port}/ws/{token}"' in await response.text()
            # The page's own files need no token; their folder is not listed.
            async with client.get(s.base + "/static/js/textual.js") as response:
                assert response.status == 200
            async with client.get(s.base + "/static/") as response:
                assert response.status in (403, 404)
            assert s.games_started() == []

    run(scenario)


# -- the game's socket -----------------------------------------------------------------------------


def test_the_socket_refuses_a_missing_or_wrong_token_and_a_foreign_origin(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with served(tmp_path) as s, aiohttp.ClientSession(timeout=TIMEOUT) as client:
            token, own = s.server.token, {"Origin": s.origin}
            assert await refused(client, s.base + "/ws", headers=own) == 403
            assert await refused(client, s.base + "/ws/wrong", headers=own) == 403
            assert await refused(client, f"{s.base}/ws/{token[:-1]}", headers=own) == 403
            for origin in (
                "http://evil.example",
                f"http://evil.example:{s.server.port}",
                f"http://127.0.0.1:{s.server.port + 1}",
                f"https://127.0.0.1:{s.server.port}",
                f"http://localhost:{s.server.port}",  # another origin than the page's, though the same machine
                "null",
            ):
                assert await refused(client, f"{s.base}/ws/{token}", headers={"Origin": origin}) == 403, origin
            assert s.games_started() == []  # nothing was started for any of them

    run(scenario)


def test_the_right_token_from_the_page_s_own_origin_starts_one_served_game(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with served(tmp_path) as s, aiohttp.ClientSession(timeout=TIMEOUT) as client:
            url = f"{s.base}/ws/{s.server.token}?width=100&height=30"
            async with client.ws_connect(url, headers={"Origin": s.origin}) as ws:
                assert await first_bytes(ws) == b"stub game started"
                assert s.server.sessions == 1
            await s.until_no_game_runs()
            # A client that is not a browser page sends no Origin: the token is enough.
            async with client.ws_connect(url) as ws:
                assert await first_bytes(ws) == b"stub game started"
            await s.until_no_game_runs()
        # Each game was started with the save dialog kept to the data directory.
        assert s.games_started() == ["1 -", "1 -"]

    run(scenario)


def test_one_game_at_a_time_by_default_and_the_extra_one_starts_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with served(tmp_path) as s, aiohttp.ClientSession(timeout=TIMEOUT) as client:
            url, own = f"{s.base}/ws/{s.server.token}", {"Origin": s.origin}
            async with client.ws_connect(url, headers=own) as ws:
                assert await first_bytes(ws) == b"stub game started"
                assert await refused(client, url, headers=own) == 503
                async with client.get(f"{s.base}/?token={s.server.token}") as response:
                    assert response.status == 503
                    assert "--max-sessions" in await response.text()
                assert s.games_started() == ["1 -"]  # no process for the refused one
            await s.until_no_game_runs()
            # Once the first has ended, its place is free again.
            async with client.ws_connect(url, headers=own) as ws:
                assert await first_bytes(ws) == b"stub game started"
            await s.until_no_game_runs()
            assert s.games_started() == ["1 -", "1 -"]

    run(scenario)


def test_max_sessions_raises_the_limit(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with served(tmp_path, max_sessions=2) as s, aiohttp.ClientSession(timeout=TIMEOUT) as client:
            url, own = f"{s.base}/ws/{s.server.token}", {"Origin": s.origin}
            async with client.ws_connect(url, headers=own) as one, client.ws_connect(url, headers=own) as two:
                assert await first_bytes(one) == await first_bytes(two) == b"stub game started"
                assert await refused(client, url, headers=own) == 503
            await s.until_no_game_runs()
            assert s.games_started() == ["1 -", "1 -"]

    run(scenario)


def test_the_games_speak_the_language_of_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        async with (
            served(tmp_path, game_environment={"GUINOTE_LANG": "es"}) as s,
            aiohttp.ClientSession(timeout=TIMEOUT) as client,
        ):
            async with client.ws_connect(f"{s.base}/ws/{s.server.token}") as ws:
                assert await first_bytes(ws) == b"stub game started"
            await s.until_no_game_runs()
            assert s.games_started() == ["1 es"]

    run(scenario)
    # guinote --lang es serve: that language for the games.
    seen: list[dict[str, str]] = []

    async def listening(self: GuardedServer, ready: Callable[[GuardedServer], None]) -> None:
        seen.append(self.game_environment)

    monkeypatch.setattr(GuardedServer, "run", listening)
    assert CliRunner().invoke(main, ["--lang", "es", "serve"]).exit_code == 0
    assert CliRunner().invoke(main, ["serve"]).exit_code == 0
    assert seen == [{"GUINOTE_LANG": "es"}, {}]


def test_the_served_game_is_told_to_keep_saves_in_the_data_directory() -> None:
    service = serving.GameService(
        "true",
        write_bytes=None,
        write_str=None,
        close=None,
        download_manager=None,  # type: ignore[arg-type]
    )
    assert service._build_environment()[SERVED_ENV] == "1"
    assert serving.game_command().endswith(" -m guinote_tui play")


# -- what is printed ------------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
def test_loopback_is_served_without_a_warning(host: str) -> None:
    said = announcement(host, 8000, "TOKEN", 1)
    assert said.warning is None
    assert said.lines[0].endswith(":8000/?token=TOKEN")
    assert "One game at a time" in said.lines[-1]
    if ":" in host:
        assert "http://[::1]:8000/" in said.lines[0]


@pytest.mark.parametrize(("host", "local"), [("0.0.0.0", "127.0.0.1"), ("::", "[::1]"), ("", "127.0.0.1")])
def test_every_interface_is_warned_about_and_given_a_usable_address(host: str, local: str) -> None:
    said = announcement(host, 8000, "TOKEN", 3, hostname="gamebox")
    assert said.warning is not None and said.warning.startswith("Warning: listening on ")
    assert "every network interface" in said.warning and "plain HTTP" in said.warning
    text = "\n".join(said.lines)
    assert f"http://{local}:8000/?token=TOKEN" in said.lines[0]
    assert "http://gamebox:8000/?token=TOKEN" in said.lines[1]
    assert "0.0.0.0" not in text and "[::]" not in text and "://:" not in text
    assert "At most 3 games at a time" in said.lines[-1]


@pytest.mark.parametrize(
    ("host", "url"), [("192.0.2.7", "http://192.0.2.7:8000/"), ("2001:db8::7", "http://[2001:db8::7]:8000/")]
)
def test_another_address_is_warned_about(host: str, url: str) -> None:
    said = announcement(host, 8000, "TOKEN", 1)
    assert said.warning is not None and said.warning.startswith(f"Warning: listening on {host}, which other machines")
    assert said.lines[0] == f"Guiñote is served at {url}?token=TOKEN"


def test_the_command_warns_beyond_loopback_and_prints_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    # Nothing is bound: the server's run stops as soon as it would be listening.
    async def listening(self: GuardedServer, ready: Callable[[GuardedServer], None]) -> None:
        ready(self)

    monkeypatch.setattr(GuardedServer, "run", listening)
    monkeypatch.setattr(socket, "gethostname", lambda: "gamebox")
    result = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "8765", "--max-sessions", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Warning: listening on 0.0.0.0, every network interface")
    assert lines[1].startswith("Guiñote is served at http://127.0.0.1:8765/?token=")
    assert lines[2].startswith("From another machine: http://gamebox:8765/?token=")
    assert "ws://0.0.0.0" not in result.output and "http://0.0.0.0" not in result.output
    assert "At most 2 games" in lines[3]
    # The token printed is the server's: long, and fresh for each run.
    token = lines[1].split("token=")[1]
    again = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "8765"]).output
    assert len(token) >= 40 and token not in again
    # Loopback: no warning.
    quiet = CliRunner().invoke(main, ["serve", "--port", "8765"]).output
    assert not quiet.startswith("Warning") and quiet.startswith("Guiñote is served at http://127.0.0.1:8765/?token=")


def test_max_sessions_must_be_at_least_one() -> None:
    result = CliRunner().invoke(main, ["serve", "--max-sessions", "0"])
    assert result.exit_code == 2 and "--max-sessions" in result.output


def test_a_taken_port_is_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: cannot serve on 127.0.0.1:{port}: ")
    assert result.output.count("\n") == 1 and "Traceback" not in result.output


def test_stopping_the_server_ends_the_games_it_runs(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with aiohttp.ClientSession(timeout=TIMEOUT) as client:
            async with served(tmp_path) as s:
                ws = await client.ws_connect(f"{s.base}/ws/{s.server.token}")
                assert await first_bytes(ws) == b"stub game started"
            # Left the block: the server was stopped (as Ctrl+C does) with the game running.
            message = await ws.receive(timeout=30)
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert s.server.sessions == 0 and s.server.sockets == set()
            await ws.close()

    run(scenario)


LINGERING = (
    STUB
    + """
os.close(1)  # its output ends (textual-serve then takes the game as stopped)...
while sys.stdin.buffer.read1(65536):  # ...but it lives on until its input is closed
    pass
"""
)


def test_a_stopped_game_is_reaped_with_its_input_closed(tmp_path: Path) -> None:
    # textual-serve never closes a game's input nor waits for it: a game that outlives its output would
    # be left running, and its pipes closed only by the collector, maybe once the event loop has gone.
    script = tmp_path / "lingering_game.py"
    script.write_text(LINGERING, encoding="utf-8")
    # exec: no shell in between that would keep the game's output open.
    command = "exec " + " ".join(
        shlex.quote(part) for part in (sys.executable, str(script), str(tmp_path / "starts.txt"))
    )

    async def scenario() -> None:
        sent: list[object] = []

        async def write(data: object) -> None:
            sent.append(data)

        async def close() -> None:
            pass

        service = serving.GameService(
            command, write_bytes=write, write_str=write, close=close, download_manager=DownloadManager()
        )
        await service.start(80, 24)
        process = service._process
        assert process is not None and process.stdin is not None
        try:
            for _ in range(2000):  # bounded: until the stub has spoken
                if sent:
                    break
                await asyncio.sleep(0.01)
            await service.stop()
            assert process.returncode is not None and process.stdin.is_closing()
            pipes = [process._transport.get_pipe_transport(fd) for fd in (0, 1, 2)]  # type: ignore[attr-defined]
            assert all(pipe is None or pipe.is_closing() for pipe in pipes)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()

    run(scenario)
