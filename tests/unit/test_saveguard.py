"""A game served to a browser saves its history only inside the data directory; a game in a terminal anywhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from guinote_tui.saveguard import GAME_FILES, SERVED_ENV, SaveRefused, save_target, served
from guinote_tui.storage import data_dir

SERVED = {SERVED_ENV: "1"}


@pytest.fixture
def root() -> Path:
    folder = data_dir().resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_served_game_saves_inside_the_data_directory(root: Path) -> None:
    assert save_target("match.json", SERVED) == root / "match.json"  # a bare name goes there
    assert save_target("old/match.json", SERVED) == root / "old" / "match.json"
    assert save_target(str(root / "match.json"), SERVED) == root / "match.json"


@pytest.mark.parametrize(
    "text",
    ["/etc/passwd", "~/.bashrc", "../outside.json", "old/../../outside.json", "old/../match.json", ".", "/"],
)
def test_a_served_game_refuses_a_path_outside_it_or_with_dot_dot(text: str, root: Path) -> None:
    with pytest.raises(SaveRefused) as refused:
        save_target(text, SERVED)
    line = str(refused.value)
    assert line.startswith(f"{text} was not saved: a game in the browser ") and "\n" not in line


def test_a_link_inside_the_data_directory_that_leads_out_is_refused(root: Path, tmp_path: Path) -> None:
    (root / "out").symlink_to(tmp_path)
    with pytest.raises(SaveRefused):
        save_target("out/match.json", SERVED)
    with pytest.raises(SaveRefused):
        save_target(str(root / "out" / "match.json"), SERVED)


def test_a_game_in_a_terminal_saves_where_it_is_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert not served({}) and not served({SERVED_ENV: "0"}) and served(SERVED)
    assert save_target("match.json", {}) == tmp_path.resolve() / "match.json"
    assert save_target("../x.json", {}) == tmp_path.resolve().parent / "x.json"
    # The environment the game was started with decides, by default.
    monkeypatch.delenv(SERVED_ENV, raising=False)
    assert save_target("/elsewhere/match.json") == Path("/elsewhere/match.json").resolve()
    monkeypatch.setenv(SERVED_ENV, "1")
    with pytest.raises(SaveRefused):
        save_target("/elsewhere/match.json")


@pytest.mark.parametrize(
    "text", ["statistics.sqlite3", "statistics.sqlite3-wal", "current-match.json", "Lessons.JSON", "notes.txt", "x"]
)
def test_a_served_game_writes_only_json_and_never_over_the_game_s_own_files(text: str, root: Path) -> None:
    with pytest.raises(SaveRefused) as refused:
        save_target(text, SERVED)
    assert str(refused.value) == (
        f"{text} was not saved: a game in the browser saves only .json files, never over the game's own"
    )
    assert save_target("Match.JSON", SERVED) == root / "Match.JSON"


def test_the_game_s_own_files_are_the_ones_it_keeps() -> None:
    from guinote_tui.game import resume
    from guinote_tui.lessons import progress
    from guinote_tui.records import store

    assert {resume.FILE_NAME, progress.FILE_NAME} == GAME_FILES
    assert not store.FILE_NAME.endswith(".json")  # the statistics are kept out by their suffix
