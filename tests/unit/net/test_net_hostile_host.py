"""A hostile host: nothing it sends reaches a terminal raw, crashes a seat, or keeps it waiting for ever.

A fake host (:mod:`hostile_host`, a real socket on 127.0.0.1) answers the hello with escape codes in every
text field, wrong types, missing parameters, huge values, a format-spec bomb, a binary frame, non-JSON, a
message over 64 kB, or silence. ``guinote join --bot`` (in the process and as a process) gives up in one
printable line with exit status 1; the game's own screen, read through a pseudo-terminal, shows the line
with the escapes made visible and leaves on ``q``.
"""

from __future__ import annotations

import asyncio
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hostile_host import ESCAPES, SCENARIOS, SILENCE, Served, clean, hostile_host, served_fixture  # noqa: F401

from guinote_tui.net import client as client_module
from guinote_tui.net import protocol
from guinote_tui.net.program import ProgramError, play_program

ROOT = Path(__file__).resolve().parents[3]
QUIET_PROGRAM = [sys.executable, "-c", "import sys\nfor _ in sys.stdin: pass"]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_join_bot_gives_up_in_one_printable_line(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "ANSWER_SECONDS", 1.0, raising=False)
    said: list[str] = []

    async def scenario() -> str:
        async with hostile_host(SCENARIOS[name]) as address:
            try:
                await play_program(address, "code", QUIET_PROGRAM, say=said.append)
            except ProgramError as problem:
                return str(problem)
        raise AssertionError("the seat went on as if the match had been played")

    started = time.monotonic()
    line = asyncio.run(asyncio.wait_for(scenario(), 20))
    assert time.monotonic() - started < 10
    for text in [line, *said]:
        assert clean(text) and "\n" not in text and "Traceback" not in text, repr(text)
    assert line


def test_a_host_line_is_worded_from_the_catalog_or_shown_printable() -> None:
    known = {"type": "error", "code": "version", "reason": ESCAPES, "params": {"version": "3"}}
    assert protocol.host_line(known) == "this table speaks protocol version 3: update guinote to join it"
    unknown = {"type": "error", "code": "zzz", "reason": ESCAPES, "params": {}}
    assert clean(protocol.host_line(unknown)) and "\\x1b]2;PWNED" in protocol.host_line(unknown)
    bomb = {"type": "refused", "code": "illegal", "reason": "no", "template": "{x:>30000000}", "params": {"x": "1"}}
    assert protocol.host_line(bomb) == "no"


def guinote(*args: str) -> list[str]:
    return [sys.executable, "-m", "guinote_tui", "--lang", "en", *args]


def environment(tmp_path: Path) -> dict[str, str]:
    homes = {name: str(tmp_path / name) for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")}
    return {**os.environ, **homes, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}


@pytest.mark.parametrize(
    "served",
    [
        *("error-reason-escapes", "bye-unknown-code-escapes", "state-malformed", "state-huge-number"),
        *("binary-frame", "refused-code-not-text", "over-64-kB", "not-json"),
    ],
    indirect=True,
)
def test_join_bot_as_a_process_exits_1_with_one_printable_line_on_stderr(served: Served, tmp_path: Path) -> None:
    done = subprocess.run(
        guinote("join", served.address, "code", "--bot", f"{sys.executable} -c 'import sys; sys.stdin.read()'"),
        capture_output=True,
        env=environment(tmp_path),
        timeout=60,
    )
    assert done.returncode == 1, done
    assert clean(done.stderr) and clean(done.stdout), done.stderr
    assert b"Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def read_until(fd: int, wanted: bytes, seconds: float) -> bytes:
    """What the terminal received until ``wanted`` appeared (or ``seconds`` passed, or the process went)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


@pytest.mark.parametrize(
    ("served", "shown"),
    [
        ("error-reason-escapes", b"PWNED"),
        ("screen-refused-format-bomb", b"Not allowed"),
        ("binary-frame", b"JSON text"),
        ("screen-refused-template-field", b"Not allowed"),
    ],
    indirect=["served"],
)
def test_the_joined_screen_shows_a_hostile_hosts_line_printable_and_leaves_on_q(
    served: Served, shown: bytes, tmp_path: Path
) -> None:
    refusal = served.frames[-1] == SILENCE
    import pty

    master, slave = pty.openpty()
    os.set_blocking(master, False)
    import fcntl
    import struct
    import termios

    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
    process = subprocess.Popen(
        guinote("join", served.address, "code"),
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=environment(tmp_path),
        start_new_session=True,
    )
    os.close(slave)
    try:
        screen = read_until(master, shown, 60)
        assert shown in screen, screen[-2000:]
        screen += read_until(master, b"\x00never", 1.5)  # what follows it on the screen
        for raw in (b"\x1b]52", b"\x1b]2;PWNED", b"\x1b[2J", "\x9b".encode()):
            assert raw not in screen
        if not refusal:  # (a refusal rings the game's own bell; the pointer's shape, OSC 22, ends with one too)
            assert b"\x07" not in re.sub(rb"\x1b\]22;[a-z-]*\x07", b"", screen)
        os.write(master, b"q")
        if refusal:  # (the seat plays on: leaving asks first)
            read_until(master, b"Leave the table", 10)
            os.write(master, b"y")
        deadline = time.monotonic() + 15
        while process.poll() is None and time.monotonic() < deadline:
            read_until(master, b"\x00never", 0.2)
        assert process.poll() is not None, "the screen did not leave on q"
        assert process.returncode == (0 if refusal else 1)  # (a seat stopped by its host ends with status 1)
        assert b"Traceback" not in screen
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
