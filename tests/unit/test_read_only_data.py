"""A data folder the game cannot write to: the statistics are still shown, with one line saying so.

The folder is made read-only for real. Tests often run as root, whom permission
bits do not stop: the program is then run in a child process whose capability
bounding set lacks the permission overrides (``CAP_DAC_OVERRIDE`` and the like),
so the folder's mode binds it as it binds any user. A probe in the same kind of
child process checks first that the folder really cannot be written.
"""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from guinote_tui.engine import Match
from guinote_tui.records import Statistics, TableInfo, default_path

#: prctl(PR_CAPBSET_DROP, capability) and the capabilities that let root ignore a file's mode.
PR_CAPBSET_DROP = 24
OVERRIDES = (1, 2, 3)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="permission bits as Linux has them")


def _as_ordinary_user() -> None:
    """In the child before exec: as root, give up the capabilities that ignore permission bits."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in OVERRIDES:
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            os._exit(99)


def run_unprivileged(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        preexec_fn=_as_ordinary_user,
        timeout=120,
        check=False,
    )


def record_hands(count: int) -> int:
    with Statistics(default_path()) as stats:
        for index in range(count):
            match = Match(players=2, seed=100 + index, events=False)
            match.table = {"seats": {"1": "normal"}}
            while not match.hand.is_over:
                match.apply(match.legal_actions()[0])
            assert stats.record_hand(f"m{index}", match, TableInfo.of_match(match)).saved
        return stats.totals().hands


@pytest.fixture
def read_only_folder():  # type: ignore[no-untyped-def]
    folder = default_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    folder.chmod(0o755)


def test_statistics_in_a_read_only_folder_are_shown_and_said_not_updated(read_only_folder: Path) -> None:
    hands = record_hands(3)
    assert sorted(p.name for p in read_only_folder.iterdir()) == ["statistics.sqlite3"]  # WAL closed: no -shm
    read_only_folder.chmod(0o555)
    probe = run_unprivileged("-c", f"open({str(read_only_folder / 'probe')!r}, 'w')")
    if probe.returncode == 99:
        pytest.skip("this machine does not let a process drop its capabilities")
    assert probe.returncode != 0 and "PermissionError" in probe.stderr  # the folder really is read-only

    result = run_unprivileged("-m", "guinote_tui", "stats")
    assert result.returncode == 0, result.stderr
    assert "Nothing recorded yet" not in result.stdout
    assert result.stdout.splitlines()[1].startswith(f"{hands} hands ·")
    problem = result.stderr.strip().splitlines()
    assert problem == [
        "Statistics cannot be saved (attempt to write a readonly database): "
        "those recorded so far are shown but not updated."
    ]
    assert sorted(p.name for p in read_only_folder.iterdir()) == ["statistics.sqlite3"]


def test_the_figures_as_json_too(read_only_folder: Path) -> None:
    hands = record_hands(2)
    read_only_folder.chmod(0o555)
    result = run_unprivileged("-m", "guinote_tui", "stats", "--json")
    if result.returncode == 99:
        pytest.skip("this machine does not let a process drop its capabilities")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"]["hands"] == hands
    assert "not updated" in result.stderr
