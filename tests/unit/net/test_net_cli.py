"""``guinote host`` and ``guinote join --bot``: bad options in one line, and real processes playing a whole match."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from guinote_tui.cli import main
from guinote_tui.net import keep

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE_BOT = ROOT / "docs" / "dev" / "example_bot.py"
INVITATION = re.compile(r"guinote join (\S+) (\S+)$")


@pytest.mark.parametrize(
    "args",
    [
        ["host", "--players", "2", "--people", "3"],
        ["host", "--seat", "1,9"],
        ["host", "--seat", "one"],
        ["host", "--people", "2", "--seat", "1,3"],
        ["host", "--level", "grandmaster"],
        ["host", "--away-seconds", "-1"],
        ["join", "127.0.0.1:1", "code"],
        ["join", "no-port-here", "code"],
        ["join", "127.0.0.1:99999", "code"],
        ["join", "127.0.0.1:1", "code", "--bot", ""],
        ["join", "127.0.0.1:1", "code", "--bot", "python 'unclosed"],
        ["join", "127.0.0.1:1", "code", "--bot", "python -c pass"],
    ],
)
def test_bad_options_and_unreachable_tables_get_one_line(args: list[str]) -> None:
    result = CliRunner().invoke(main, ["--lang", "en", *args])
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    problem = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(problem) == 1, result.output


@pytest.mark.parametrize(
    "args",
    [
        ["host", "--name", "x" * 17],
        ["host", "--name", "   "],
        ["join", "127.0.0.1:1", "code", "--name", "Ana\x1b[2J"],
        ["join", "127.0.0.1:1", "code", "--bot", "python -c pass", "--name", "Ana\nBea"],
    ],
    ids=["too-long", "only-spaces", "escape", "two-lines"],
)
def test_a_name_the_others_could_not_read_is_refused_in_one_line_naming_the_rule(args: list[str]) -> None:
    result = CliRunner().invoke(main, ["--lang", "en", *args])
    assert result.exit_code == 2 and "Traceback" not in result.output
    problem = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert problem == ["Error: Invalid value for --name: a name is one line of at most 16 characters, not only spaces"]


def environment(tmp_path: Path) -> dict[str, str]:
    env = {name: str(tmp_path / name) for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")}
    return {**os.environ, **env, "GUINOTE_LANG": "en", "PYTHONPATH": str(ROOT)}


def start_host(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], list[str], list[tuple[str, str]]]:
    """A ``guinote host`` process, what it printed until the table opened, and its invitations."""
    host = subprocess.Popen(
        [sys.executable, "-m", "guinote_tui", "host", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(tmp_path),
        cwd=ROOT,
    )
    assert host.stdout is not None
    lines: list[str] = []
    while not lines or not lines[-1].startswith("The table is open"):
        line = host.stdout.readline()
        assert line, (lines, host.stderr.read() if host.stderr else "")
        lines.append(line.rstrip("\n"))
    invitations = [(m[1], m[2]) for line in lines if (m := INVITATION.search(line))]
    return host, lines, invitations


def test_two_external_bots_play_a_whole_heads_up_match_through_join_bot(tmp_path: Path) -> None:
    host, lines, invitations = start_host(tmp_path, "--players", "2", "--people", "2", "--no-seat")
    try:
        assert len(invitations) == 2 and not any(line.startswith("Your seat") for line in lines)
        bot = f"{sys.executable} {EXAMPLE_BOT}"
        joins = [
            subprocess.Popen(
                [sys.executable, "-m", "guinote_tui", "join", address, code, "--bot", bot],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=environment(tmp_path),
                cwd=ROOT,
            )
            for address, code in invitations
        ]
        results = []
        for join in joins:
            out, err = join.communicate(timeout=600)
            assert join.returncode == 0, (out, err)
            results.append(out.strip())
        out, err = host.communicate(timeout=60)
        assert host.returncode == 0, err
        # Each program's seat and the host say the match's result: who won, and the cotos.
        final = re.search(r"The match is over: seat (\d) wins, cotos (\d)–(\d)\.", out)
        assert final is not None, out
        winner, won, lost = int(final[1]) - 1, final[2], final[3]
        assert results[winner] == f"The match is over: the program's side won, cotos {won}–{lost}."
        assert results[1 - winner] == f"The match is over: the program's side lost, cotos {lost}–{won}."
    finally:
        host.kill()
        host.wait()


def test_ctrl_c_closes_the_table_in_one_line_and_the_same_command_continues_it_with_the_same_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, lines, invitations = start_host(tmp_path, "--people", "2", "--no-seat")
    assert lines[0].startswith("Seat 1, partner of seat 3: guinote join") and len(invitations) == 2
    host.send_signal(signal.SIGINT)
    out, err = host.communicate(timeout=60)
    assert host.returncode == 0, err
    assert out.strip().splitlines()[-1] == "The table is closed; its match is kept: guinote host continues it."
    assert "Traceback" not in err
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "XDG_DATA_HOME"))
    assert stat.S_IMODE(keep.path().stat().st_mode) == 0o600

    again, lines, codes = start_host(tmp_path, "--no-seat")
    again.send_signal(signal.SIGINT)
    again.communicate(timeout=60)
    assert lines[0].startswith("Continuing the kept table's match")
    assert [code for _, code in codes] == [code for _, code in invitations]


def test_a_kept_table_refuses_new_options_in_one_line_naming_new(tmp_path: Path) -> None:
    host, _lines, _invitations = start_host(tmp_path, "--players", "2", "--people", "2", "--no-seat")
    host.send_signal(signal.SIGINT)
    host.communicate(timeout=60)
    done = subprocess.run(
        [sys.executable, "-m", "guinote_tui", "host", "--port", "0", "--no-seat", "--players", "4", "--people", "4"],
        capture_output=True,
        text=True,
        env=environment(tmp_path),
        cwd=ROOT,
        timeout=30,
    )
    assert done.returncode == 1 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert "--players 4 --people 4" in line and "guinote host --new" in line, done.stderr
    # The same options as the kept table's, or none, continue it.
    again, lines, _codes = start_host(tmp_path, "--no-seat", "--players", "2")
    again.send_signal(signal.SIGINT)
    again.communicate(timeout=60)
    assert lines[0].startswith("Continuing the kept table's match")


@pytest.mark.parametrize(("args", "expected"), [([], None), (["--name", "Ana"], "Ana")])
def test_the_host_seat_takes_its_name_or_none(
    monkeypatch: pytest.MonkeyPatch, args: list[str], expected: str | None
) -> None:
    """The host's own seat is named by ``--name`` and by nothing else (no name left over from the command's
    other work); the screen is not opened here, the table it would open is looked at."""
    from guinote_tui.cli import friends

    opened: list[dict[str, object]] = []
    monkeypatch.setattr(friends, "_open_seat", opened.append)
    result = CliRunner().invoke(main, ["--lang", "en", "host", "--players", "2", "--new", *args])
    assert result.exit_code == 0, result.output
    (seat,) = opened
    host = seat["host"]
    own = host.people[0]  # type: ignore[attr-defined]
    default = type(host)(type(host.config)(players=2)).names[own]  # type: ignore[attr-defined]
    assert host.names[own] == (expected if expected is not None else default)  # type: ignore[attr-defined]


def test_the_only_person_away_does_not_hold_the_table_and_once_back_sees_how_the_match_ended(tmp_path: Path) -> None:
    """The only person at a ``--no-seat`` table leaves at once: the stand-in plays every hand on (nothing waits for
    anyone), the match ends, and the table stays open until that person is back and told every hand they missed
    and the result; then it closes."""
    import asyncio

    from guinote_tui.net.client import Client

    host, _lines, ((address, code),) = start_host(
        tmp_path, "--players", "2", "--people", "1", "--no-seat", "--away-seconds", "0", "--level", "easy"
    )

    async def visit() -> list[dict[str, object]]:
        client = await Client.join(address, code)
        log: list[dict[str, object]] = []
        try:
            while (message := await client.receive()) is not None:
                log.append(message)
                if message["type"] == "state":
                    return log
        finally:
            await client.close()
        return log

    try:
        asyncio.run(visit())  # sits down, then is away
        assert host.stdout is not None
        said = [host.stdout.readline().rstrip("\n") for _ in range(2)]
        assert said[0].startswith("The match is over: seat"), said
        assert said[1] == (
            "Someone is away: the table stays open for 10 minutes for them to see the result (Ctrl+C closes it)."
        )
        log = asyncio.run(visit())  # back: every hand missed, then the match's end
        missed = [m for m in log if m["type"] == "missed_hand"]
        state = log[-1]
        assert missed and [m["hand"] for m in missed] == list(range(1, len(missed) + 1))
        assert state["type"] == "state" and state["match"]["winner"] is not None  # type: ignore[index]
        _out, err = host.communicate(timeout=60)
        assert host.returncode == 0 and "Traceback" not in err
    finally:
        host.kill()
        host.wait()
