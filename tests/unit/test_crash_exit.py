"""An error nothing expected: exit status 70, the traceback in a crash log in the state directory, one line.

The game itself runs headless here (``App.run(headless=True)``), as it would in a terminal.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.app import App

from guinote_tui import cli, storage
from guinote_tui.present import statsreport
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.screens.start import StartScreen

CRASH = "a test crash 8c1f"


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GuinoteApp, "run", functools.partialmethod(App.run, headless=True, size=(100, 30)))


def crash_on_the_start_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    def on_mount(self: StartScreen) -> None:
        raise RuntimeError(CRASH)

    monkeypatch.setattr(StartScreen, "on_mount", on_mount)


def the_crash_log() -> Path:
    logs = list(storage.state_dir().glob("crash-*.log"))
    assert len(logs) == 1, logs
    return logs[0]


def test_the_state_directory_follows_xdg_state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert storage.state_dir() == tmp_path / "guinote-tui"


@pytest.mark.usefixtures("headless")
def test_a_crash_in_the_game_exits_non_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    crash_on_the_start_screen(monkeypatch)
    with pytest.raises(SystemExit) as stopped:
        cli.main.main(args=[], prog_name="guinote")  # the command itself, without the console script's wrapper
    assert stopped.value.code == 70 == cli.EXIT_CRASH


@pytest.mark.usefixtures("headless")
@pytest.mark.parametrize("args", [[], ["play"], ["learn"]])
def test_a_crash_in_the_game_is_one_line_naming_its_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    crash_on_the_start_screen(monkeypatch)
    with pytest.raises(SystemExit) as stopped:
        cli.run(args)
    assert stopped.value.code == 70
    log = the_crash_log()
    assert log.parent == Path(os.environ["XDG_STATE_HOME"]) / "guinote-tui"
    text = log.read_text()
    assert "Traceback (most recent call last)" in text and f"RuntimeError: {CRASH}" in text and "on_mount" in text
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [f"guinote stopped on an unexpected error; what happened is in {log}"]


def test_a_crash_outside_the_game_is_one_line_naming_its_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def text_lines(summary: object) -> list[str]:
        raise ZeroDivisionError(CRASH)

    monkeypatch.setattr(statsreport, "text_lines", text_lines)
    with pytest.raises(SystemExit) as stopped:
        cli.run(["stats"])
    assert stopped.value.code == 70
    text = the_crash_log().read_text()
    assert f"ZeroDivisionError: {CRASH}" in text and "text_lines" in text
    assert "Traceback" not in capsys.readouterr().err


def test_usage_errors_and_explained_errors_keep_their_codes(capsys: pytest.CaptureFixture[str]) -> None:
    for args, code in ((["play", "--players", "3"], 2), (["replay", "/nonexistent/x.json"], 1), (["rules"], 0)):
        with pytest.raises(SystemExit) as stopped:
            cli.run(args)
        assert stopped.value.code == code, args
    assert not storage.state_dir().exists()


def test_a_crash_log_that_cannot_be_written_still_leaves_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = Path(os.environ["XDG_STATE_HOME"])
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("a file where the state folder would be")
    monkeypatch.setattr(statsreport, "text_lines", lambda summary: 1 / 0)
    with pytest.raises(SystemExit) as stopped:
        cli.run(["stats"])
    assert stopped.value.code == 70
    err = capsys.readouterr().err
    assert "ZeroDivisionError" in err and err.strip().splitlines()[-1].startswith(
        "guinote stopped on an unexpected error; the crash log could not be written"
    )


def test_the_console_script_exits_70_in_a_real_process(tmp_path: Path) -> None:
    code = (
        "import sys; from guinote_tui import cli\nfrom guinote_tui.present import statsreport\n"
        "statsreport.text_lines = lambda summary: 1 / 0\n"
        "sys.argv = ['guinote', 'stats']\n"
        "cli.run()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy(), timeout=120, check=False
    )
    assert result.returncode == 70
    (line,) = result.stderr.strip().splitlines()
    assert line.endswith(".log") and Path(line.rsplit(" ", 1)[1]).is_file()


def worker_crash(self: StartScreen) -> None:
    """Runs in a worker thread of the start screen (as the bots and the coach do): an error nothing catches."""
    raise RuntimeError(CRASH)


@pytest.mark.usefixtures("headless")
@pytest.mark.parametrize("thread", [True, False])
def test_a_crash_in_a_worker_logs_the_original_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], thread: bool
) -> None:
    async def async_crash(self: StartScreen) -> None:
        raise RuntimeError(CRASH)

    def on_mount(self: StartScreen) -> None:
        work = functools.partial(worker_crash if thread else async_crash, self)
        self.run_worker(work, thread=thread, group="test")

    monkeypatch.setattr(StartScreen, "on_mount", on_mount)
    with pytest.raises(SystemExit) as stopped:
        cli.run([])
    assert stopped.value.code == 70
    text = the_crash_log().read_text()
    # Not only "WorkerFailed: Worker raised exception: RuntimeError(...)": where it was raised, line by line.
    assert "Traceback (most recent call last)" in text, text
    assert f"RuntimeError: {CRASH}" in text and ("worker_crash" if thread else "async_crash") in text, text
    assert capsys.readouterr().err.strip().startswith("guinote stopped on an unexpected error")
