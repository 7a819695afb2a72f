"""Paths and file names that carry terminal escapes are echoed as visible escapes, never as escapes.

A path named on the command line (``replay``, ``review``, ``play --load``) or met on disk (a damaged file,
a folder where a file was expected) goes through :func:`guinote_tui.storage.printable` before it is said.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from guinote_tui import storage
from guinote_tui.cli import main
from guinote_tui.engine import Match, dumps
from guinote_tui.game import preferences, resume

#: An OSC that retitles the terminal, a bidi override that reverses what follows, a C1 control (CSI).
HOSTILE = "x\x1b]0;PWN\x07\u202e\x9b.json"
SHOWN = "x\\x1b]0;PWN\\x07\\u202e\\x9b.json"


def no_escapes(text: str) -> None:
    for bad in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert bad not in text, repr(text)


def test_printable_writes_controls_and_bidi_overrides_as_escapes() -> None:
    assert storage.printable(HOSTILE) == SHOWN
    assert storage.printable("\x00\t\n\x7f\x85\u2066\u2069\udcff") == "\\x00\\x09\\x0a\\x7f\\x85\\u2066\\u2069\\udcff"
    assert storage.printable("Guiñote: Сота, 10 ♠") == "Guiñote: Сота, 10 ♠"  # letters and symbols stay


@pytest.mark.parametrize("command", [["replay"], ["review"], ["play", "--load"], ["play", "--plain", "--load"]])
@pytest.mark.parametrize("kind", ["missing", "folder", "not json"])
def test_a_hostile_path_on_the_command_line_is_echoed_visibly(tmp_path: Path, command: list[str], kind: str) -> None:
    target = tmp_path / HOSTILE
    if kind == "folder":
        target.mkdir()
    elif kind == "not json":
        target.write_text("{not json")
    result = CliRunner().invoke(main, [*command, str(target)])
    assert result.exit_code in (1, 2), result.output
    no_escapes(result.output)
    assert SHOWN in result.output


def test_the_readers_name_a_hostile_file_visibly(tmp_path: Path) -> None:
    folder = tmp_path / HOSTILE
    folder.mkdir()
    with pytest.raises(storage.Unreadable) as caught:
        storage.read_text(folder)
    no_escapes(str(caught.value))
    assert str(caught.value).startswith(str(tmp_path) + "/" + SHOWN + ": ")
    assert caught.value.reason == "a folder, not a file the game reads"
    damaged = tmp_path / f"{HOSTILE}.json"
    damaged.write_text("[1,")
    with pytest.raises(storage.Damaged) as set_aside:
        storage.read_json(damaged)
    no_escapes(str(set_aside.value))
    assert str(set_aside.value).startswith(SHOWN)


def test_a_settings_folder_with_escapes_is_named_visibly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = tmp_path / HOSTILE
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    preferences.path().mkdir(parents=True)  # a folder where settings.toml should be
    result = CliRunner().invoke(main, ["config"])
    no_escapes(result.output)
    assert SHOWN in result.output


def test_a_kept_match_that_cannot_be_written_names_its_folder_visibly(tmp_path: Path) -> None:
    folder = tmp_path / HOSTILE
    folder.write_text("a file where the folder should be")
    keeper = resume.Keeper(folder / resume.FILE_NAME)
    assert not keeper.save(Match(2, seed=1), ["You", "Rival"], {})
    assert keeper.problem is not None
    no_escapes(keeper.problem)
    assert SHOWN in keeper.problem


def test_a_history_with_escapes_in_its_name_loads(tmp_path: Path) -> None:
    """Only the messages are escaped: the file itself is read under its real name."""
    target = tmp_path / HOSTILE
    target.write_text(dumps(Match(2, seed=3)))
    result = CliRunner().invoke(main, ["replay", str(target)])
    assert result.exit_code == 0, result.output
    assert "match in progress" in result.output
    assert os.path.exists(target)
