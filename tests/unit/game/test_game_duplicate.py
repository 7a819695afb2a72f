"""The daily duplicate: one deal for everyone from the date, the scores compared, the streak kept, the share line."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from guinote_tui.engine import Action, HandState
from guinote_tui.game.duplicate import (
    LOST,
    UNDECIDED,
    WON,
    DayResult,
    Score,
    compare,
    daily_deal,
    day_so_far,
    duplicate_session,
    load_results,
    play_out,
    save_result,
    share_line,
    streak,
)

DAY = date(2026, 12, 7)


def test_the_deal_comes_from_the_date_and_the_table_alone() -> None:
    for players in (2, 4):
        deal = daily_deal(DAY, players)
        assert deal == daily_deal(DAY, players) and sorted(deal.deck) == list(range(40))
        assert 0 <= deal.dealer < players
        assert deal.deck != daily_deal(DAY + timedelta(days=1), players).deck
    assert daily_deal(DAY, 2).deck != daily_deal(DAY, 4).deck
    # Pinned: every copy of the game deals these cards on this date.
    assert daily_deal(DAY, 2).deck[:5] == daily_deal(date(2026, 12, 7), 2).deck[:5]
    with pytest.raises(ValueError, match="a table of 2 or 4"):
        daily_deal(DAY, 3)


def test_a_deal_played_out_is_the_same_each_time_and_only_the_seat_is_asked() -> None:
    asked: list[int] = []

    def lowest(state: HandState, seat: int) -> Action:
        asked.append(seat)
        return state.legal_actions()[0]

    for players in (2, 4):
        deal = daily_deal(DAY, players)
        first = play_out(deal, "aragones", lowest)
        assert play_out(deal, "aragones", lowest) == first
        assert first.juego in (WON, UNDECIDED, LOST) and min(first.points) >= 0
    assert asked and set(asked) == {0}


def test_scores_rank_the_juego_before_the_points() -> None:
    assert compare(Score(WON, (101, 120)), Score(UNDECIDED, (90, 20))) == 1
    assert compare(Score(UNDECIDED, (60, 70)), Score(UNDECIDED, (70, 60))) == -1
    assert compare(Score(LOST, (10, 101)), Score(LOST, (10, 101))) == 0
    for hostile in ([1, 2], [2, 0, 0], [0, -5, 3], [True, 1, 1], "J+3", None, [0, 0, 10_000]):
        assert Score.from_json(hostile) is None
    assert Score.from_json(Score(WON, (101, 40)).to_json()) == Score(WON, (101, 40))


def test_the_share_line_is_plain_and_the_same_for_the_same_scores() -> None:
    scores = {
        2: {"you": Score(WON, (110, 50)), "hard": Score(WON, (120, 40)), "coach": Score(UNDECIDED, (70, 60))},
        4: {"you": Score(LOST, (40, 101))},
    }
    line = share_line(DAY, "aragones", scores)
    assert line == share_line(DAY, "aragones", scores) and line.isascii()
    assert line == "guinote duplicate 2026-12-07 aragones | 1v1: you W+60 hard W+80 coach U+10 | 2v2: you L-61"


def test_the_results_and_the_streak_survive_a_restart_and_a_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "duplicate.json"
    played = {2: {"you": Score(WON, (101, 30))}}
    for back in (3, 2, 1):  # three days in a row, then today not played yet
        assert save_result(DayResult(DAY - timedelta(days=back), "aragones", played), path)
    kept = load_results(path)  # as a new run reads it
    assert streak(kept, DAY) == 3  # today still open: the streak stands
    assert save_result(DayResult(DAY, "aragones", played), path)
    assert streak(load_results(path), DAY) == 4
    assert streak(load_results(path), DAY + timedelta(days=2)) == 0  # a day missed
    # A file written by hand with nonsense: what reads is kept, the rest left out, nothing raises.
    data = json.loads(path.read_text())
    data["days"]["2026-13-01"] = {"preset": "aragones", "tables": {}}
    data["days"][(DAY - timedelta(days=1)).isoformat()]["tables"]["2"]["you"] = [9, 9, 9]
    path.write_text(json.dumps(data))
    assert streak(load_results(path), DAY) == 1
    path.write_text("{not json")
    assert load_results(path) == {}


def test_a_write_stopped_before_its_rename_keeps_the_results_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a kill between writing the new file and renaming it over the old one would: the old file stays whole."""
    path = tmp_path / "duplicate.json"
    assert save_result(DayResult(DAY, "aragones", {2: {"you": Score(WON, (101, 30))}}), path)
    before = path.read_bytes()

    def killed(*_args: object) -> None:
        raise OSError("killed")

    monkeypatch.setattr("guinote_tui.storage.os.replace", killed)
    assert not save_result(DayResult(DAY + timedelta(days=1), "aragones", {2: {"you": Score(LOST, (3, 101))}}), path)
    assert path.read_bytes() == before and streak(load_results(path), DAY + timedelta(days=1)) == 1


def test_the_day_so_far_keeps_the_rules_the_deals_were_first_played_in(tmp_path: Path) -> None:
    path = tmp_path / "duplicate.json"
    assert day_so_far(DAY, "aragones", path) == ("aragones", {2: {}, 4: {}})
    save_result(DayResult(DAY, "libre-100", {2: {"you": Score(WON, (101, 40))}}), path)
    preset, scores = day_so_far(DAY, "aragones", path)
    assert preset == "libre-100" and scores == {2: {"you": Score(WON, (101, 40))}, 4: {}}


def test_the_players_hand_is_the_days_deal_against_normal_bots() -> None:
    from guinote_tui.game.services import Services
    from guinote_tui.game.session import GameSettings

    deal = daily_deal(DAY, 4)
    session = duplicate_session(GameSettings(players=2, level="hard"), Services(), deal, "libre-100")
    hand = session.match.hand
    assert hand.players == 4 and hand.dealer == deal.dealer and hand.rules.preset_name == "libre-100"
    assert session.settings.level == "normal" and session.settings.partner_level == "normal"
    assert session.settings.seed == deal.seed
    assert not session.services.keep_match and not session.services.record_stats
