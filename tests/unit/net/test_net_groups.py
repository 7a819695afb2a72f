"""Program seats end with everything they started, and the table's door refuses odd codes in one line.

A program that starts a child holding its output (so that reading it never sees its end) and then stops
answering, or exits, must not keep ``guinote tournament`` or ``guinote join --bot`` waiting: each ends
within the program's timeout with one line, and the child is gone (the program's whole process group).
"""

from __future__ import annotations

import asyncio
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from click.testing import CliRunner
from hostile_host import Served, served_fixture  # noqa: F401 (the fixture)

from guinote_tui.cli import main
from guinote_tui.net.client import table_url
from guinote_tui.net.host import Host, TableConfig

ROOT = Path(__file__).resolve().parents[3]

#: A program that starts a sleeping child sharing its output, writes the child's pid to a file, then waits.
FORKING = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
open(sys.argv[1], "w").write(str(child.pid))
if sys.argv[2] == "exit":
    sys.exit(0)
time.sleep(300)
"""


def forking(tmp_path: Path, then: str) -> tuple[list[str], Path]:
    script, pid_file = tmp_path / "forking.py", tmp_path / "child.pid"
    script.write_text(FORKING, encoding="utf-8")
    return [sys.executable, str(script), str(pid_file), then], pid_file


def gone(pid: int, seconds: float = 5) -> bool:
    """Whether the process ``pid`` ended (or is only a zombie) within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state == "Z":
            return True
        time.sleep(0.05)  # (polling the pid against a deadline)
    return False


def child_of(pid_file: Path) -> int:
    deadline = time.monotonic() + 10
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline, "the program did not start its child"
        time.sleep(0.05)
    return int(pid_file.read_text())


def test_a_tournament_program_that_forks_and_stops_answering_ends_within_its_timeout_with_its_child(
    tmp_path: Path,
) -> None:
    command, pid_file = forking(tmp_path, "wait")
    started = time.monotonic()
    result = CliRunner().invoke(
        main,
        [
            *("--lang", "en", "tournament", "--a", "program:" + shlex.join(command), "--b", "random"),
            *("--deals", "1", "--players", "2", "--program-timeout", "1"),
        ],
    )
    assert time.monotonic() - started < 30
    assert result.exit_code != 0 and "no answer within 1 s" in result.output, result.output
    assert "Traceback" not in result.output
    assert gone(child_of(pid_file))


@pytest.mark.parametrize("served", ["welcome-then-silence"], indirect=True)
def test_join_bot_whose_program_exits_leaving_a_child_ends_in_one_line_and_the_child_is_gone(
    served: Served, tmp_path: Path
) -> None:
    command, pid_file = forking(tmp_path, "exit")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GUINOTE_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-m", "guinote_tui", "join", served.address, "code", "--bot", shlex.join(command)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 1 and "the program ended before the match" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "Event loop is closed" not in done.stderr
    assert gone(child_of(pid_file))


def test_a_hello_with_a_lone_surrogate_for_a_code_is_refused_in_one_line() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=2, people=(0,)))
        await host.start()
        try:
            async with aiohttp.ClientSession() as session, session.ws_connect(table_url(host.address)) as ws:
                await ws.send_str('{"type": "hello", "version": 2, "code": "\\ud800"}')
                reply = await ws.receive()
                assert reply.type is aiohttp.WSMsgType.TEXT
                assert '"code":"bad_message"' in reply.data and "not text" in reply.data
            assert host.seat_of("\ud800") is None
        finally:
            await host.close()

    asyncio.run(asyncio.wait_for(scenario(), 30))
