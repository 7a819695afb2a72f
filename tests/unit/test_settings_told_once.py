"""A damaged ``settings.toml`` is set aside and the player told exactly once, by whichever command finds it.

The help's language probe runs before every command: it used to set the file aside and throw the line away, so
no command (not even the game) ever said it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from guinote_tui.cli import main
from guinote_tui.game import preferences
from guinote_tui.ui.app import GuinoteApp

SET_ASIDE = "settings.toml could not be read ("


def damage_the_settings() -> Path:
    target = preferences.path()
    target.parent.mkdir(parents=True)
    target.write_text('language = "es"\nlevel = [[[ not toml')
    return target


def told(text: str) -> list[str]:
    return [line for line in text.splitlines() if SET_ASIDE in line]


def set_aside_files(target: Path) -> list[Path]:
    return list(target.parent.glob("settings.toml.corrupt-*"))


@pytest.mark.parametrize("command", [["--help"], ["rules"], ["replay", "/nonexistent/x.json"], ["config", "--path"]])
def test_a_command_that_does_not_use_the_settings_says_it_on_stderr_once(command: list[str]) -> None:
    target = damage_the_settings()
    runner = CliRunner()
    first = runner.invoke(main, command)
    (line,) = told(first.stderr)
    assert "it was moved to settings.toml.corrupt-" in line and line.endswith("the defaults are used")
    assert told(first.stdout) == []
    assert not target.exists() and len(set_aside_files(target)) == 1
    again = runner.invoke(main, command)
    assert told(again.output) == [] and len(set_aside_files(target)) == 1


def test_config_says_it_once_after_the_language_probe() -> None:
    target = damage_the_settings()
    result = CliRunner().invoke(main, ["config"])
    assert len(told(result.output)) == 1, result.output
    assert len(set_aside_files(target)) == 1


def test_the_plain_game_says_it_once_in_the_dialogue() -> None:
    damage_the_settings()
    result = CliRunner().invoke(main, ["play", "--plain", "--players", "2"], input="")
    assert len(told(result.output)) == 1, result.output


def test_the_game_shows_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[list[str]] = []

    def run(self: GuinoteApp, *args: object, **kwargs: object) -> None:
        shown.append(list(self.notices))  # what the table would show when it opens

    monkeypatch.setattr(GuinoteApp, "run", run)
    damage_the_settings()
    result = CliRunner().invoke(main, [])
    assert result.exit_code == 0, result.output
    assert len(shown) == 1 and len(told("\n".join(shown[0]))) == 1, shown
    assert told(result.output) == []  # not on the command line as well
    CliRunner().invoke(main, [])
    assert told("\n".join(shown[1])) == []
