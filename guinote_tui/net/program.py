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
import sys
from collections.abc import Callable, Sequence

from ..i18n import _
from . import protocol
from .client import Client
from .protocol import ProtocolError

#: The longest line a program may write.
MAX_LINE = 4096


class ProgramError(Exception):
    """The seat could not be played by the program; ``str()`` is the one line to show."""


async def play_program(
    address: str, code: str, command: Sequence[str], say: Callable[[str], None] | None = None
) -> None:
    """Join the seat and let ``command`` play it until the match ends; raises :class:`ProgramError`."""

    def tell(line: str) -> None:
        (say or (lambda text: print(text, file=sys.stderr)))(line)

    try:
        client = await Client.join(address, code)
    except Exception as exc:  # OSError, aiohttp's ClientError and kin: the address does not answer as a table
        line = _("cannot join the table at {address}: {problem}")
        raise ProgramError(line.format(address=address, problem=str(exc) or type(exc).__name__)) from None
    try:
        process = await asyncio.create_subprocess_exec(
            *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=MAX_LINE
        )
    except OSError as exc:
        await client.close()
        line = _("cannot start {command}: {problem}")
        raise ProgramError(line.format(command=command[0], problem=exc.strerror or exc)) from None
    assert process.stdin is not None and process.stdout is not None
    stdin, stdout = process.stdin, process.stdout
    outcome: list[str] = []

    async def to_program() -> None:
        while (message := await client.receive()) is not None:
            try:
                stdin.write((protocol.encode(message) + "\n").encode())
                await stdin.drain()
            except (ConnectionError, BrokenPipeError):
                return
            if message["type"] == "error":
                outcome.append(_("the table refused the seat: {reason}").format(reason=message["reason"]))
                return
            if message["type"] == "bye":
                outcome.append(_("the table closed the connection: {reason}").format(reason=message["reason"]))
                return
            if message["type"] == "state" and message["match"]["winner"] is not None:
                outcome.append("")
                return
        outcome.append(_("the table closed the connection"))

    async def from_program() -> None:
        while True:
            try:
                line = await stdout.readline()
            except (ValueError, asyncio.LimitOverrunError):
                tell(_("the program wrote a line longer than {n} characters: it was skipped").format(n=MAX_LINE))
                continue
            if not line:
                outcome.append(_("the program ended before the match"))
                return
            try:
                message = protocol.decode_client(line.strip())
            except ProtocolError as problem:
                tell(_("the program's line was skipped: {reason}").format(reason=problem))
                continue
            if message["type"] == "bye":
                outcome.append(_("the program left the table"))
                return
            if message["type"] != "act":
                tell(_("the program's line was skipped: {reason}").format(reason=message["type"]))
                continue
            with contextlib.suppress(ConnectionError, RuntimeError):
                await client.send(message)

    tasks = [asyncio.create_task(to_program()), asyncio.create_task(from_program())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await client.close()
        with contextlib.suppress(Exception):
            stdin.close()
        try:
            await asyncio.wait_for(process.wait(), 5)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
    if outcome and outcome[0]:
        raise ProgramError(outcome[0])
