"""A program plays a seat of a tournament: ``guinote tournament --a 'program:COMMAND'``.

The command (split like a shell line, run without a shell) is started for
each game the seat plays. It is spoken to as a table speaks to a program in
a seat (``guinote join --bot``, :mod:`.program`), with the same messages
built by :mod:`.protocol` from the seat's view alone, one line of JSON each
on the program's standard input:

* a ``welcome`` when the game begins (its seat, the players, the rules);
* at each decision of its seat, the events of the game it may know of since
  the last (the engine's :func:`~guinote_tui.engine.visible_to`), then a
  ``state`` whose view's ``legal`` is not empty;
* when the game is over, the last events and a ``state`` with nothing
  legal; then its input is closed.

It answers each such state with one line on its standard output, an
``act`` naming that state's ``serial``. Anything else stops the tournament
with one line (:class:`~guinote_tui.ai.BotError`): a line that is not such
a message, another serial, text that is not an action, a ``bye``, a line
over :data:`MAX_LINE` bytes, a program that ends, or no answer within the
timeout. An action the rules do not allow stops it too, as any bot's does.
What the program writes to its standard error is its own.
"""

from __future__ import annotations

import contextlib
import os
import queue
import random
import shlex
import shutil
import signal
import subprocess
import threading
from functools import partial
from typing import IO, Any

from ..ai import Bot, BotError, make_bot
from ..engine import Action, ActionError, HandState, Match, SeatView, parse_action, seat_view, visible_to
from ..engine.errors import shown
from ..engine.views import known_actions
from . import protocol
from .protocol import ProtocolError

#: How a tournament's spec names a program: ``program:python mybot.py``.
PREFIX = "program:"
#: The longest line a program may write (as for ``guinote join --bot``).
MAX_LINE = 4096
#: The seconds a program has for each decision, unless the tournament says otherwise.
DEFAULT_TIMEOUT = 10.0
#: The seconds a program has to end once the game is over and its input closed.
GRACE = 2.0


def tournament_bot(spec: str, timeout: float = DEFAULT_TIMEOUT) -> Bot:
    """A tournament's bot from its spec: ``program:COMMAND``, or any bot :func:`~guinote_tui.ai.make_bot` makes."""
    if isinstance(spec, str) and spec.strip().startswith(PREFIX):
        return ProgramBot(spec.strip()[len(PREFIX) :], timeout)
    return make_bot(spec)


def tournament_maker(timeout: float = DEFAULT_TIMEOUT) -> partial[Bot]:
    """:func:`tournament_bot` with a timeout, as worker processes receive it."""
    return partial(tournament_bot, timeout=timeout)


def _read_lines(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Pass the program's lines on until its output ends (then None), or up to a line too long (cut, then stop)."""
    with contextlib.suppress(OSError, ValueError):
        while line := stream.readline(MAX_LINE + 1):
            lines.put(line)
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                return
    lines.put(None)


class ProgramBot(Bot):
    """A seat played by a program outside the game, one process a game (see the module's text)."""

    name = "program"
    offered = False

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise ValueError(f"program: cannot read the command {shown(command)}: {exc}") from None
        if not argv:
            raise ValueError("program: name the command to run, e.g. 'program:python mybot.py'")
        if shutil.which(argv[0]) is None:
            raise ValueError(f"program: no command {shown(argv[0])} is found")
        if not timeout > 0:
            raise ValueError(f"program: the timeout must be above 0 seconds, not {timeout!r}")
        self.argv = argv
        self.timeout = timeout
        self.process: subprocess.Popen[bytes] | None = None
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        #: The game being played (the runner's), read only through the protocol's builders for the seat.
        self.match: Match | None = None
        self.seat = 0
        self.serial = 0
        self.hand: HandState | None = None  # the hand whose events are being passed on
        self.number = 0  # its number in the match
        self.sent = 0  # how many of its events were passed on

    # -- the runner's calls -----------------------------------------------------------------

    def sit(self, match: Match, seat: int) -> None:
        """Start the program and welcome it to ``seat``."""
        self.match, self.seat = match, seat
        try:
            self.process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True
            )  # (its own process group: whatever it starts ends with it)
        except OSError as exc:
            raise BotError(f"cannot start {shown(self.argv[0])}: {exc.strerror or exc}") from None
        assert self.process.stdout is not None
        threading.Thread(target=_read_lines, args=(self.process.stdout, self.lines), daemon=True).start()
        names = [f"Seat {s + 1}" if s == seat else f"Bot {s + 1}" for s in range(match.players)]
        self._send([protocol.welcome(seat, match, names, [seat])])

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """Tell the program what it may know since its last decision and the state; read its action."""
        assert self.match is not None
        self.serial += 1
        self._send([*self._events(), protocol.state_message(view, self.match, self.serial)])
        return self._answer()

    def stand(self) -> None:
        """The game is over: the last events and the state, then the program's input closes and it ends."""
        if self.match is None or self.process is None:
            return
        self.serial += 1
        final = protocol.state_message(seat_view(self.match.hand, self.seat, events=False), self.match, self.serial)
        with contextlib.suppress(BotError):
            self._send([*self._events(), final])
        self._close_input()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(GRACE)

    def close(self) -> None:
        """End the program now if it still runs (the game is over, or it went wrong)."""
        process, self.process = self.process, None
        if process is None:
            return
        self._close_input(process)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)  # the group: a child holding its output would keep the reader
        process.wait()
        if process.stdout is not None:
            process.stdout.close()

    # -- the messages -----------------------------------------------------------------------

    def _events(self) -> list[dict[str, Any]]:
        """The events of the game the seat may know of and was not told yet (a finished hand's rest first)."""
        match = self.match
        assert match is not None
        messages = []
        if self.hand is not None and self.hand is not match.hand:
            messages += self._fresh(self.hand, self.number)
            self.hand = None
        if self.hand is None:
            self.hand, self.number, self.sent = match.hand, match.hand_number, 0
        messages += self._fresh(self.hand, self.number)
        return messages

    def _fresh(self, hand: HandState, number: int) -> list[dict[str, Any]]:
        events = hand.events or []
        fresh, self.sent = events[self.sent :], len(events)
        ply = known_actions(hand, self.seat)
        return [protocol.event_message(event, number, ply) for event in visible_to(fresh, self.seat)]

    def _send(self, messages: list[dict[str, Any]]) -> None:
        process = self.process
        assert process is not None and process.stdin is not None
        text = "".join(protocol.encode(message) + "\n" for message in messages)
        try:
            process.stdin.write(text.encode())
            process.stdin.flush()
        except (BrokenPipeError, ConnectionError, ValueError):
            raise BotError(self._ended()) from None

    def _answer(self) -> Action:
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise BotError(f"no answer within {self.timeout:g} s") from None
        if line is None:
            raise BotError(self._ended())
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            raise BotError(f"it wrote a line longer than {MAX_LINE} bytes")
        text = line.strip()
        try:
            message = protocol.decode_client(text)
        except ProtocolError as problem:
            raise BotError(f"its answer {shown(text.decode(errors='replace'))} was refused: {problem}") from None
        if message["type"] == "bye":
            raise BotError("it left the game (bye)")
        if message["type"] != "act":
            raise BotError(f"it sent a {message['type']} instead of an act")
        if message["serial"] != self.serial:
            raise BotError(f"it answered the state {message['serial']} instead of {self.serial}")
        try:
            return parse_action(message["action"])
        except ActionError:
            raise BotError(f"{shown(message['action'])} is not an action") from None

    def _ended(self) -> str:
        process = self.process
        code = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = process.wait(1)
        return "it ended before the game was over" + ("" if code is None else f" (exit status {code})")

    def _close_input(self, process: subprocess.Popen[bytes] | None = None) -> None:
        process = process or self.process
        if process is not None and process.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                process.stdin.close()
