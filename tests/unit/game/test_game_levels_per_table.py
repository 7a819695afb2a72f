"""Bot levels are offered per table size: a level heads-up only is refused at a pairs table, in one line.

The strength table here offers expert heads-up and not in pairs (the
shipped one may offer it at neither or both: the tests do not depend on it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from guinote_tui import ai
from guinote_tui.ai import strength
from guinote_tui.cli import main
from guinote_tui.engine import HistoryError, Match, save_history
from guinote_tui.game import preferences
from guinote_tui.game.launch import Asked, prepare
from guinote_tui.game.services import Services
from guinote_tui.game.settings import GameSettings, LevelNotOffered, not_offered
from guinote_tui.tournament.ladder import build_table, pooled, report_lines

SERVICES = Services(review_ahead=False, keep_match=False, record_stats=False)
BOTH = ["easy", "normal", "hard"]
PAIRS_REFUSAL = "bot level expert is not offered at a pairs table: choose from easy, normal, hard"


def table_data(**changes: Any) -> dict[str, Any]:
    """The shipped strength table's JSON with ``changes`` (None: the key removed)."""
    data: dict[str, Any] = json.loads((Path(strength.__file__).parent / "strength.json").read_text())
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


@pytest.fixture
def expert_heads_up(monkeypatch: pytest.MonkeyPatch) -> strength.StrengthTable:
    """A strength table that offers expert heads-up only."""
    table = strength.parse_table(table_data(offered=BOTH, offered_by_table={"2": [*BOTH, "expert"], "4": BOTH}))
    monkeypatch.setattr(strength, "strength_table", lambda: table)
    return table


def test_the_table_reads_the_levels_of_each_table_size() -> None:
    table = strength.parse_table(table_data(offered=None, offered_by_table={"2": [*BOTH, "expert"], "4": BOTH}))
    assert table.offered_at == {2: (*BOTH, "expert"), 4: tuple(BOTH)}
    assert table.offered == tuple(BOTH)  # (at both: a file without the older key)
    assert table.offers("expert", 2) and not table.offers("expert", 4)
    older = strength.parse_table(table_data(offered=["easy", "normal"], offered_by_table=None))
    assert older.offered_at == {2: ("easy", "normal"), 4: ("easy", "normal")}
    assert not older.offers("hard", 2) and not older.offers("hard", 4)
    neither = strength.parse_table(table_data(offered=None, offered_by_table=None))
    assert neither.offered_at is None and neither.offered is None and neither.offers("expert", 4)


def test_the_ladder_offers_each_table_size_its_own_levels() -> None:
    def measured(a: str, b: str, players: int, share: float) -> Any:
        return pooled([{"a": a, "b": b, "players": players, "deals": 1000, "seed": 1, "juego_share_a": share,
                        "effective_games": 1800.0, "rules": "aragones"}])  # fmt: skip

    steps = {}
    for players, expert_share in ((2, 0.62), (4, 0.5)):
        for a, b, share in (("easy", "random", 0.85), ("normal", "easy", 0.75), ("hard", "normal", 0.66)):
            steps[(players, a, b)] = measured(a, b, players, share)
        steps[(players, "expert", "hard")] = measured("expert", "hard", players, expert_share)
    written = build_table(steps, "test")
    assert written["offered_by_table"] == {"2": [*BOTH, "expert"], "4": BOTH}
    assert written["rule"].endswith("the level below offered too, at that table size")
    assert "offered heads-up: easy, normal, hard, expert" in report_lines(written)
    table = strength.parse_table(written)
    assert table.offers("expert", 2) and not table.offers("expert", 4)


def test_the_levels_offered_at_each_size_and_at_any(expert_heads_up: strength.StrengthTable) -> None:
    assert ai.offered_levels(2) == [*BOTH, "expert"]
    assert ai.offered_levels(4) == BOTH
    assert ai.offered_levels() == [*BOTH, "expert"]  # what --level accepts before the table is known
    assert ai.default_level(2) == ai.default_level(4) == "normal"
    assert not_offered("expert", 2) is None and not_offered("random", 4) is None
    assert not_offered("expert", 4) == PAIRS_REFUSAL


def test_a_level_asked_for_must_be_offered_at_the_table(expert_heads_up: strength.StrengthTable) -> None:
    assert prepare(Asked(players=2, level="expert"), services=SERVICES).settings.level == "expert"
    for asked in (Asked(players=4, level="expert"), Asked(players=4, partner_level="expert")):
        with pytest.raises(LevelNotOffered, match=f"^{PAIRS_REFUSAL}$"):
            prepare(asked, services=SERVICES)
    # The table's size from the remembered choices when the run does not say it.
    assert preferences.save(GameSettings(players=4)) is None
    with pytest.raises(LevelNotOffered):
        prepare(Asked(level="expert"), services=SERVICES)


def test_a_remembered_level_gives_way_where_it_is_not_offered(expert_heads_up: strength.StrengthTable) -> None:
    assert preferences.save(GameSettings(players=2, level="expert")) is None
    assert prepare(services=SERVICES).settings.level == "expert"
    start = prepare(Asked(players=4), services=SERVICES)  # pairs asked: quietly the default there
    assert (start.settings.players, start.settings.level, start.notices) == (4, "normal", [])
    # A file that names it at a pairs table says so in one line and uses the default.
    settings, problems = preferences.parse('players = 4\nlevel = "expert"\npartner_level = "expert"\n')
    assert (settings.level, settings.partner_level) == ("normal", None)
    assert problems == [f"settings.toml: {PAIRS_REFUSAL}; the default is used"] * 2


def test_a_history_with_a_level_not_offered_at_its_table_is_refused(
    expert_heads_up: strength.StrengthTable, tmp_path: Path
) -> None:
    for players in (2, 4):
        save_history(Match(players, seed=3), tmp_path / f"{players}.json", table={"seats": {"1": "expert"}})
    assert prepare(Asked(history=tmp_path / "2.json"), services=SERVICES).settings.level == "expert"
    with pytest.raises(HistoryError) as caught:
        prepare(Asked(history=tmp_path / "4.json"), services=SERVICES)
    assert "\n" not in str(caught.value) and PAIRS_REFUSAL in str(caught.value)
    # The level chosen for the run replaces the seats'.
    assert prepare(Asked(history=tmp_path / "4.json", level="hard"), services=SERVICES).settings.level == "hard"
    result = CliRunner().invoke(main, ["play", "--load", str(tmp_path / "4.json")])
    assert result.exit_code == 1 and PAIRS_REFUSAL in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--players", "4", "--level", "expert"],
        ["play", "--plain", "--players", "4", "--level", "expert"],
        ["host", "--players", "4", "--level", "expert"],
    ],
)
def test_the_command_line_refuses_a_level_not_offered_at_its_table(
    expert_heads_up: strength.StrengthTable, args: list[str]
) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.output.splitlines()[-1] == f"Error: Invalid value for --level: {PAIRS_REFUSAL}"
    assert "Traceback" not in result.output
