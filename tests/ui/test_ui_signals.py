"""SIGTERM and SIGHUP during a game: the terminal is given back as it was, the match is kept, the game exits.

The game runs as a real process on a pseudo-terminal; the test reads what it writes there, byte for byte.
Killed by the signal's default action, it left the terminal on the alternate screen with mouse reporting on.
"""

from __future__ import annotations

import os
import re
import select
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

import guinote_tui
from guinote_tui.game import resume

#: Pseudo-terminals (POSIX only).
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

#: What the game writes when it gives the terminal back (Textual's driver): mouse reporting off, the keyboard
#: protocol popped, the alternate screen left, the cursor shown.
MOUSE_OFF = (b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1015l", b"\x1b[?1006l")
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
#: The most the test waits for the game to start, or to end (a loaded machine is slow; a state is waited on).
PATIENCE = 180.0


class Terminal:
    """The game running on a pseudo-terminal of 100×32, and every byte it wrote there."""

    def __init__(self, *args: str, ignore_hangups: bool = False) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        env = os.environ.copy()
        env["TERM"] = "xterm-256color"
        env["PYTHONPATH"] = os.pathsep.join([str(Path(guinote_tui.__file__).parents[1]), env.get("PYTHONPATH", "")])
        env.pop("TEXTUAL", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "guinote_tui", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=(lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN)) if ignore_hangups else None,
        )
        os.close(slave)
        self.output = bytearray()

    def read_until(self, marker: bytes) -> None:
        """Read what the game writes until ``marker`` appears (after what was read so far)."""
        start = len(self.output)
        deadline = time.monotonic() + PATIENCE
        while marker not in self.output[start:]:
            if time.monotonic() > deadline or not self._read(1.0):
                raise AssertionError(f"{marker!r} never came; the game wrote {bytes(self.output[-2000:])!r}")

    def _read(self, wait: float) -> bool:
        """Read what is there (waiting up to ``wait`` seconds); False once the terminal is closed."""
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return self.process.poll() is None or self._drain()
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: every process holding the terminal has gone
            return False
        self.output += data
        return bool(data)

    def _drain(self) -> bool:
        ready, _, _ = select.select([self.master], [], [], 0)
        return bool(ready)

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def finish(self) -> int:
        """Read until the game has exited and its terminal is closed; its exit status."""
        deadline = time.monotonic() + PATIENCE
        while self._read(0.5):
            if time.monotonic() > deadline:
                break
        try:
            return self.process.wait(timeout=max(1.0, deadline - time.monotonic()))
        finally:
            os.close(self.master)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_gives_the_terminal_back_and_keeps_the_match(signum: int, status: int) -> None:
    terminal = Terminal("play", "--players", "2", "--seed", "5", "--delay", "10")
    try:
        terminal.read_until(b"Hint")  # the table is drawn (its footer)
        opened = bytes(terminal.output)
        assert b"\x1b[?1049h" in opened and b"\x1b[?1000h" in opened  # alternate screen, mouse reporting on
        terminal.press(b"1")  # a card led: the trick in progress, not yet kept (the match is kept after a trick)
        terminal.read_until(b"thinking")  # the rival thinks for ten seconds
        terminal.process.send_signal(signum)
        code = terminal.finish()
    finally:
        terminal.kill()
    assert code == status, bytes(terminal.output[-600:])
    written = bytes(terminal.output)
    tail = written[written.rindex(b"\x1b[?1049h") :]
    for sequence in MOUSE_OFF:
        assert sequence in tail, sequence
    assert b"\x1b[<u" in tail  # the keyboard protocol popped
    # The end of what was written: the alternate screen left, the cursor shown, focus reporting off, and after
    # that only modes turned off again (Textual's driver turns mouse reporting off twice), nothing turned on.
    last = written[written.rindex(LEAVE_ALTERNATE_SCREEN) :]
    assert last.startswith(LEAVE_ALTERNATE_SCREEN + b"\x1b[?25h\x1b[?1004l"), written[-200:]
    assert re.fullmatch(rb"(\x1b\[\?\d+l|\x1b\[\?25h|\s)*", last), last
    assert b"Traceback" not in written
    kept = resume.load()
    assert kept is not None and len(kept.hand.log) == 1  # the card led is kept too, as q (Quit) keeps it


def test_a_hangup_ignored_when_the_game_started_stays_ignored() -> None:
    """``nohup guinote``: the player asked for hangups to be ignored; Ctrl+Q still ends the game as usual."""
    terminal = Terminal("play", "--players", "2", "--seed", "5", "--delay", "10", ignore_hangups=True)
    try:
        terminal.read_until(b"Hint")
        terminal.process.send_signal(signal.SIGHUP)
        terminal.press(b"1")  # the game plays on
        terminal.read_until(b"thinking")
        terminal.press(b"\x11")  # Ctrl+Q
        code = terminal.finish()
    finally:
        terminal.kill()
    assert code == 0, bytes(terminal.output[-600:])


def test_a_quit_that_follows_the_signal_keeps_its_return_code() -> None:
    """Ctrl+Q pressed while the signal's exit is under way: the game still says a signal ended it."""
    import asyncio

    from uihelpers import make_app

    async def run() -> int | None:
        app = make_app(players=2, level="random", seed=5, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            app.end_on_signal(signal.SIGTERM)
            app.exit()  # Ctrl+Q
        return app.return_code

    assert asyncio.run(run()) == 143
