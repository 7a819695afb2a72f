"""One schema checks a setting wherever it comes from: settings.toml and a saved match's table."""

from __future__ import annotations

import pytest

from guinote_tui.game.preferences import parse
from guinote_tui.game.settings import SCHEMA, GameSettings, SettingRefused, check, levels


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("pace", "fast"),
        ("delay", -1),
        ("delay", 61),
        ("delay", float("nan")),
        ("delay", True),
        ("trick_seconds", "2"),
        ("open_hands", "yes"),
        ("players", 3),
        ("players", True),
        ("level", "grandmaster"),
        ("level", "open"),  # a measuring bot that sees every card
        ("partner_level", 7),
    ],
)
def test_a_value_refused_in_one_file_is_refused_in_the_other_with_the_same_words(key: str, value: object) -> None:
    with pytest.raises(SettingRefused) as refused:
        check(key, value)
    expected = refused.value.expected
    if isinstance(value, str):
        toml_value = f'"{value}"'
    elif isinstance(value, bool):
        toml_value = "true"
    elif isinstance(value, float):
        toml_value = "nan"
    else:
        toml_value = str(value)
    _, problems = parse(f"{key} = {toml_value}\n")
    assert len(problems) == 1 and f'"{key}" must be {expected}' in problems[0]
    if key in ("pace", "delay", "trick_seconds", "open_hands"):
        with pytest.raises(ValueError, match=f'"table": "{key}" must be {expected}'):
            GameSettings().restore({key: value}, players=2)
    if key == "level":
        with pytest.raises(ValueError, match=f"a seat's level must be {expected}"):
            GameSettings().restore({"seats": {"1": value}}, players=2)


def test_allowed_values_are_taken_and_converted_the_same_way() -> None:
    assert check("delay", 2) == 2.0 and isinstance(check("delay", 2), float)
    assert check("partner_level", "") is None and check("language", "") is None
    settings, problems = parse('pace = "timed"\ndelay = 1\nopen_hands = true\n')
    assert problems == [] and (settings.pace, settings.delay, settings.open_hands) == ("timed", 1.0, True)
    restored = GameSettings()
    restored.restore({"pace": "timed", "delay": 1, "open_hands": True, "seats": {"1": levels()[-1]}}, players=2)
    assert (restored.pace, restored.delay, restored.open_hands, restored.level) == ("timed", 1.0, True, levels()[-1])


def test_a_refused_table_changes_nothing() -> None:
    settings = GameSettings(level="easy")
    with pytest.raises(ValueError):
        settings.restore({"seats": {"1": "normal"}, "pace": "timed", "delay": 99}, players=2)
    assert (settings.level, settings.pace, settings.delay) == ("easy", "wait", 0.6)


def test_every_setting_the_start_screen_remembers_is_in_the_schema() -> None:
    from guinote_tui.game.preferences import dumps

    keys = {
        line.split(" = ")[0]
        for line in dumps(GameSettings()).splitlines()
        if " = " in line and not line.startswith("#")
    }
    assert keys - {"preset"} == set(SCHEMA)


def test_a_saved_table_without_open_hands_shows_no_hands_whatever_settings_toml_chose() -> None:
    settings = GameSettings(open_hands=True, pace="timed")
    settings.restore({"seats": {"1": "easy"}}, players=2)  # an older file: no open_hands, no pace
    assert settings.open_hands is False and settings.pace == "timed"


def test_a_saved_tables_refusal_is_one_english_line_whatever_the_language() -> None:
    from guinote_tui import i18n

    i18n.set_language("es")
    try:
        with pytest.raises(ValueError) as refused:
            GameSettings().restore({"pace": "fast"}, players=2)
        _, problems = parse('pace = "fast"\n')
    finally:
        i18n.set_language("en")
    assert str(refused.value) == '"table": "pace" must be wait or timed, not \'fast\''
    assert problems and "wait or timed" not in problems[0]  # settings.toml's line is in the player's language
