"""Where a run's settings come from: defaults < settings.toml < the match resumed < what the run asks for."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from guinote_tui.engine import Match, Rules, save_history
from guinote_tui.game import preferences
from guinote_tui.game.launch import Asked, prepare
from guinote_tui.game.services import Services
from guinote_tui.game.settings import GameSettings

SERVICES = Services(review_ahead=False, keep_match=False, record_stats=False)


def remembered(**changes: object) -> None:
    """The start screen's last choices, as it saves them (settings.toml in the test's config folder)."""
    settings = GameSettings()
    for name, value in changes.items():
        setattr(settings, name, value)
    assert preferences.save(settings) is None


def test_nothing_remembered_nothing_asked_gives_the_defaults() -> None:
    start = prepare(services=SERVICES)
    defaults = GameSettings()
    assert (start.settings.players, start.settings.level, start.settings.delay, start.settings.pace) == (
        defaults.players,
        defaults.level,
        defaults.delay,
        defaults.pace,
    )
    assert start.match is None and start.notices == []


def test_what_is_asked_wins_over_what_is_remembered() -> None:
    remembered(players=4, level="easy", delay=0.5, pace="timed")
    start = prepare(services=SERVICES)
    assert (start.settings.players, start.settings.level, start.settings.delay, start.settings.pace) == (
        4,
        "easy",
        0.5,
        "timed",
    )
    start = prepare(Asked(players=2, level="hard", delay=0.0, pace="wait"), services=SERVICES)
    assert (start.settings.players, start.settings.level, start.settings.delay, start.settings.pace) == (
        2,
        "hard",
        0.0,
        "wait",
    )
    # The same as keywords.
    assert prepare(players=2, level="hard", delay=0.0, pace="wait", services=SERVICES).settings == start.settings


def test_a_resumed_match_sets_its_table_and_the_run_only_its_pace(tmp_path: Path) -> None:
    remembered(players=4, level="easy", delay=0.5, pace="timed")
    rules = Rules.preset("libre-100")
    match = Match(2, rules, seed=3)
    rng = random.Random(3)
    for _ in range(5):
        match.apply(rng.choice(match.legal_actions()))
    path = tmp_path / "match.json"
    save_history(match, path, names=["You", "Rival"], table={"seats": {"1": "normal"}, "assisted": False})
    start = prepare(Asked(history=path, players=4, rules=Rules.preset("aragones"), delay=0.25), services=SERVICES)
    assert start.match is not None
    # The match's own table (heads-up, its rules, its rival) over the remembered and the asked table...
    assert (start.settings.players, start.settings.rules, start.settings.level) == (2, rules, "normal")
    # ...and the run's delay over the remembered one; the pace not asked stays as remembered.
    assert (start.settings.delay, start.settings.pace) == (0.25, "timed")


def test_an_asked_and_its_fields_together_are_refused() -> None:
    with pytest.raises(TypeError):
        prepare(Asked(players=2), players=4)
