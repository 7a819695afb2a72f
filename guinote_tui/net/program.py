"""A program takes a seat: ``guinote join ADDRESS CODE --bot 'COMMAND'``.

The command is started as a child process (without a shell). Every message
the host sends the seat is written to the program's standard input as one
line of JSON (the messages of ``docs/dev/protocol.md``: ``welcome``,
``state``, ``event``, ``refused``, ``seat_away``…); each line the program
writes to its standard output is one client message, read as strictly as
the host reads it (an ``act``, or ``bye`` to leave). A line that is not one
is reported on standard error in one line and skipped: the host never sees
it. What the program writes to its standard error is its own.

The run ends when the match is won (the program's input is then closed), the
host closes the connection, or the program exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import _
from ..storage import printable
from . import protocol
from .client import Client
from .protocol import ProtocolError

#: The longest line a program may write.
MAX_LINE = 4096
#: Seconds the program has to exit once the match is over (its input closed) before it is ended.
END_SECONDS = 5.0
#: Seconds between looks at whether the program exited.
EXIT_POLL = 0.1


class ProgramError(Exception):
    """The seat could not be played by the program; ``str()`` is the one line to show."""


async def play_program(
    address: str,
    code: str,
    command: Sequence[str],
    say: Callable[[str], None] | None = None,
    cafile: str | None = None,
    name: str | None = None,
) -> str:
    """Join the seat and let ``command`` play it until the match ends: the result's line; raises
    :class:`ProgramError`.

    Every line said comes from the game's catalog, with what the host or the program sent made printable.
    """
    client = await _joined(address, code, cafile, name)
    process = await _started(command, client)
    return await _ProgramSeat(client, process, say or (lambda text: print(text, file=sys.stderr))).run()


async def _joined(address: str, code: str, cafile: str | None, name: str | None) -> Client:
    """The seat at the table, or :class:`ProgramError` saying why the address does not answer as one."""
    try:
        return await Client.join(address, code, cafile=cafile, name=name)
    except Exception as exc:  # OSError, aiohttp's ClientError and kin: the address does not answer as a table
        line = _("cannot join the table at {address}: {problem}")
        problem = printable(str(exc) or type(exc).__name__)
        raise ProgramError(line.format(address=printable(address), problem=problem)) from None


async def _started(command: Sequence[str], client: Client) -> asyncio.subprocess.Process:
    """The program, started in its own process group; the seat is left if it cannot start."""
    try:
        return await asyncio.create_subprocess_exec(
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=MAX_LINE,
            start_new_session=True,  # its own process group: whatever it starts is ended with it
        )
    except OSError as exc:
        await client.close()
        line = _("cannot start {command}: {problem}")
        raise ProgramError(line.format(command=printable(command[0]), problem=exc.strerror or exc)) from None


class _ProgramSeat:
    """One run: the host's messages to the program, the program's lines to the host, until either ends.

    The first of the three jobs to finish writes :attr:`outcome`: an empty line for a match played to its
    end, otherwise the one line that says why the run stopped.
    """

    def __init__(self, client: Client, process: asyncio.subprocess.Process, tell: Callable[[str], None]) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.client, self.process, self.tell = client, process, tell
        self.stdin, self.stdout = process.stdin, process.stdout
        self.outcome: list[str] = []
        self.result: list[str] = []

    async def run(self) -> str:
        """Play until one job ends, then close the seat and end the program: the result's line."""
        tasks = [asyncio.create_task(job()) for job in (self.to_program, self.from_program, self.exited)]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self.client.close()
            with contextlib.suppress(Exception):
                self.stdin.close()
            await _end(self.process)
        if self.outcome and self.outcome[0]:
            raise ProgramError(self.outcome[0])
        return self.result[0] if self.result else ""

    async def received(self) -> dict[str, Any] | None:
        """The host's next message, or None (with the reason noted) when it sent what a table does not."""
        try:
            return await self.client.receive()
        except ProtocolError as problem:
            self.outcome.append(_("the table sent what a table does not: {reason}").format(reason=problem.worded()))
            return None

    async def to_program(self) -> None:
        """Pass each of the host's messages to the program until the match, the seat or the connection ends."""
        while (message := await self.received()) is not None:
            try:
                self.stdin.write((json.dumps(message, separators=(",", ":")) + "\n").encode())
                await self.stdin.drain()
            except (ConnectionError, BrokenPipeError):
                return
            if (ended := self.ending(message)) is not None:
                self.outcome.append(ended)
                return
        self.outcome.append(_("the table closed the connection"))

    def ending(self, message: dict[str, Any]) -> str | None:
        """The outcome a host's message settles: ``""`` for a match won, a reason for a refusal or a goodbye."""
        if message["type"] == "error":
            return _("the table refused the seat: {reason}").format(reason=protocol.host_line(message))
        if message["type"] == "bye":
            return _("the table closed the connection: {reason}").format(reason=protocol.host_line(message))
        if message["type"] == "state" and message["match"]["winner"] is not None:
            self.result.append(result_line(self.client.welcome, message["match"]))
            return ""
        return None

    async def from_program(self) -> None:
        """Send each of the program's actions to the host; report and skip any line that is not one."""
        while True:
            try:
                line = await self.stdout.readline()
            except (ValueError, asyncio.LimitOverrunError):
                self.tell(_("the program wrote a line longer than {n} characters: it was skipped").format(n=MAX_LINE))
                continue
            if not line:
                self.outcome.append(_("the program ended before the match"))
                return
            try:
                message = protocol.decode_client(line.strip())
            except ProtocolError as problem:
                self.tell(_("the program's line was skipped: {reason}").format(reason=problem.worded()))
                continue
            if message["type"] == "bye":
                self.outcome.append(_("the program left the table"))
                return
            if message["type"] != "act":
                self.tell(_("the program's line was skipped: {reason}").format(reason=message["type"]))
                continue
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.client.send(message)

    async def exited(self) -> None:
        """Notice the program's exit (a child it left holding its output would keep ``readline`` waiting)."""
        while self.process.returncode is None:
            await asyncio.sleep(EXIT_POLL)
        await asyncio.sleep(0.5)  # its last lines first
        self.outcome.append(_("the program ended before the match"))


def result_line(welcome: dict[str, Any] | None, match: dict[str, Any]) -> str:
    """The match's result as the program's seat saw it: which side won, and the cotos."""
    seat = welcome["seat"] if welcome else 0
    side = seat % 2
    cotos = match["cotos"]
    line = _("The match is over: the program's side won, cotos {ours}–{theirs}.")
    if match["winner"] != side:
        line = _("The match is over: the program's side lost, cotos {ours}–{theirs}.")
    return line.format(ours=cotos[side], theirs=cotos[1 - side])


async def _end(process: asyncio.subprocess.Process) -> None:
    """Give the program :data:`END_SECONDS` to exit once its input is closed, then end its whole process group."""
    deadline = asyncio.get_running_loop().time() + END_SECONDS
    while process.returncode is None and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(EXIT_POLL)  # (wait() would wait for its output's end too, which a child may hold)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)  # (its children too, even those that outlived it)
    await process.wait()
    if process.stdout is not None:  # its output's end, now that nothing holds it (the loop then closes it cleanly)
        with contextlib.suppress(TimeoutError, ValueError, asyncio.LimitOverrunError):
            await asyncio.wait_for(process.stdout.read(), END_SECONDS)
