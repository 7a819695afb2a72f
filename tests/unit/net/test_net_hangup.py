"""A closed terminal ends ``guinote play``, ``guinote host`` and ``guinote join`` at any moment, and frees the lock.

Each command runs in a pseudo-terminal (its controlling terminal, unless said otherwise); the test closes the
terminal (the master side: the kernel hangs it up and sends SIGHUP), or sends SIGTERM, at start-up, mid-hand,
with a bot thinking, with a dialog open, or once its own exit began, then polls the process with a deadline.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile_host import Served, served_fixture  # noqa: F401 (the fixture)

from guinote_tui.game import resume
from guinote_tui.net import keep

ROOT = Path(__file__).resolve().parents[3]
#: Seconds a process has to be gone once its terminal closed (the backstop's grace is 1.2).
DEADLINE = 3.0


def environment(tmp_path: Path) -> dict[str, str]:
    homes = {name: str(tmp_path / name) for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")}
    return {**os.environ, **homes, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "GUINOTE_LANG": "en"}


class Terminal:
    """A command in a pseudo-terminal of 140×40."""

    def __init__(self, args: list[str], env: dict[str, str], controlling: bool = True) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))

        def take_terminal() -> None:
            if controlling:
                fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            [sys.executable, "-m", "guinote_tui", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=take_terminal,
        )
        os.close(slave)
        self.seen = b""

    def shows(self, wanted: bytes) -> bool:
        """Whether ``wanted`` was written, also where the screen drew it in pieces (escape codes between them)."""
        return wanted in self.seen or wanted in re.sub(rb"\x1b\[[0-9;?]*[ -/]*[@-~]", b"", self.seen)

    def screen_text(self) -> str:
        """What was written, escape codes left out (for a failure's message)."""
        return re.sub(rb"\x1b\[[0-9;?]*[ -/]*[@-~]", b" ", self.seen).decode(errors="replace")

    def read_until(self, wanted: bytes, seconds: float = 60) -> bool:
        deadline = time.monotonic() + seconds
        while not self.shows(wanted) and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                self.seen += chunk
        return self.shows(wanted)

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def hang_up(self) -> float:
        """Close the terminal; the seconds until the process was gone (``inf`` past the deadline)."""
        os.close(self.master)
        self.master = -1
        return self.gone_within()

    def gone_within(self) -> float:
        started = time.monotonic()
        while time.monotonic() - started < DEADLINE:
            if self.process.poll() is not None:
                return time.monotonic() - started
            time.sleep(0.02)  # (polling the pid against a deadline)
        return float("inf")

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        if self.master >= 0:
            os.close(self.master)


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    made: list[Terminal] = []
    yield made
    for terminal in made:
        terminal.close()


def lock_is_free(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> bool:
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name))
    target = keep.path()
    free = resume.claim(target)
    resume.release(target)
    return free


PLAY = ["play", "--players", "2", "--seed", "5", "--delay", "0"]


@pytest.mark.parametrize(
    ("moment", "args", "wanted", "keys"),
    [
        ("start-up", PLAY, b"", b""),
        ("mid-hand", PLAY, b"Rules", b""),
        ("a bot thinking", ["play", "--players", "4", "--level", "hard", "--seed", "5"], b"Rules", b""),
        ("a dialog open", PLAY, b"Rules", b"q"),
    ],
)
def test_a_closed_terminal_ends_play(
    moment: str, args: list[str], wanted: bytes, keys: bytes, tmp_path: Path, terminals: list[Terminal]
) -> None:
    terminal = Terminal(args, environment(tmp_path))
    terminals.append(terminal)
    assert terminal.read_until(wanted), terminal.seen[-500:]
    if keys:
        terminal.press(keys)
        terminal.read_until(b"\x00never", 0.5)
    assert terminal.hang_up() < DEADLINE, moment


def test_sigterm_ends_play_and_a_hang_up_without_a_controlling_terminal_too(
    tmp_path: Path, terminals: list[Terminal]
) -> None:
    terminal = Terminal(PLAY, environment(tmp_path))
    terminals.append(terminal)
    assert terminal.read_until(b"Rules")
    terminal.process.send_signal(signal.SIGTERM)
    assert terminal.gone_within() < DEADLINE
    # (no SIGHUP: the terminal's hang-up only; its own data, or `play` would ask before replacing the kept match)
    loose = Terminal(PLAY, environment(tmp_path / "loose"), controlling=False)
    terminals.append(loose)
    assert loose.read_until(b"Rules")
    assert loose.hang_up() < DEADLINE


@pytest.mark.parametrize("moment", ["start-up", "table open", "exit begun"])
def test_a_closed_terminal_ends_host_and_frees_the_tables_lock(
    moment: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, terminals: list[Terminal]
) -> None:
    terminal = Terminal(["host", "--players", "2", "--port", "0", "--people", "2"], environment(tmp_path))
    terminals.append(terminal)
    if moment != "start-up":
        assert terminal.read_until(b"guinote join"), terminal.seen[-500:]
    if moment == "exit begun":
        terminal.press(b"q")
        terminal.read_until(b"Close the table", 10)
        terminal.press(b"y")
    assert terminal.hang_up() < DEADLINE, moment
    assert lock_is_free(tmp_path, monkeypatch)


@pytest.mark.parametrize("served", ["welcome-then-silence"], indirect=True)
@pytest.mark.parametrize("moment", ["start-up", "joined"])
def test_a_closed_terminal_ends_join(moment: str, served: Served, tmp_path: Path, terminals: list[Terminal]) -> None:
    terminal = Terminal(["join", served.address, "code"], environment(tmp_path))
    terminals.append(terminal)
    if moment == "joined":
        # (the log may wrap its line: "seat 2 of" then "2." on the next row of a narrow log)
        assert terminal.read_until(b"You sit at seat"), terminal.screen_text()[-1500:]
    assert terminal.hang_up() < DEADLINE, moment
