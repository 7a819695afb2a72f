"""The start screen's choices remembered in settings.toml: round trip, bad values, a damaged file."""

from __future__ import annotations

from pathlib import Path

import pytest

from guinote_tui import storage
from guinote_tui.engine import Rules
from guinote_tui.game import preferences
from guinote_tui.game.session import GameSettings


def test_the_file_lives_in_the_config_directory() -> None:
    assert preferences.path() == storage.config_dir() / "settings.toml"


def test_no_file_gives_the_defaults_silently() -> None:
    settings, problems = preferences.load()
    assert settings == GameSettings() and problems == []


def test_settings_round_trip() -> None:
    chosen = GameSettings(
        players=2,
        level="hard",
        partner_level=None,
        pace="timed",
        delay=0.3,
        trick_seconds=3.5,
        open_hands=True,
        rules=Rules.preset("libre-100", partner_exemption=True, target=120),
    )
    assert preferences.save(chosen) is None
    loaded, problems = preferences.load()
    assert problems == []
    assert loaded == chosen
    text = preferences.path().read_text()
    assert 'preset = "libre-100"' in text and "target = 120" in text and "partner_exemption = true" in text


def test_a_partner_level_round_trips_in_pairs() -> None:
    chosen = GameSettings(players=4, level="normal", partner_level="hard")
    preferences.save(chosen)
    assert preferences.load() == (chosen, [])


def test_each_bad_value_is_one_line_and_only_that_key_falls_back() -> None:
    target = preferences.path()
    target.parent.mkdir(parents=True)
    target.write_text(
        "players = 3\n"
        'level = "hard"\n'
        "delay = -1\n"
        'pace = "timed"\n'
        "open_hands = 1\n"
        "colour = true\n"
        "[rules]\n"
        'preset = "aragones"\n'
        'target = "many"\n'
        'tute = "off"\n'
        "bogus = 1\n"
    )
    settings, problems = preferences.load()
    default = GameSettings()
    assert settings.players == default.players and settings.delay == default.delay
    assert settings.open_hands is False
    assert settings.level == "hard" and settings.pace == "timed"  # the good keys are kept
    assert settings.rules.tute == "off" and settings.rules.target == Rules().target
    assert len(problems) == 6 and all("\n" not in p and p.startswith("settings.toml") for p in problems)
    joined = " | ".join(problems)
    for key in ('"players"', '"delay"', '"open_hands"', '"colour"', "rules.target", '"rules.bogus"'):
        assert key in joined
    assert target.exists()  # a file with bad values is kept: only a file that is not TOML is set aside


@pytest.mark.parametrize("content", [b"players = = 2\n", b"\xff\xfe\x00"])
def test_a_file_that_is_not_toml_is_set_aside(content: bytes) -> None:
    target = preferences.path()
    target.parent.mkdir(parents=True)
    target.write_bytes(content)
    settings, problems = preferences.load()
    assert settings == GameSettings()
    assert len(problems) == 1 and "moved to settings.toml.corrupt-" in problems[0] and "\n" not in problems[0]
    assert not target.exists()
    (moved,) = target.parent.glob("settings.toml.corrupt-*")
    assert moved.read_bytes() == content


def test_an_unwritable_directory_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    problem = preferences.save(GameSettings(), blocker / "settings.toml")
    assert problem is not None and "could not be saved" in problem and "\n" not in problem
