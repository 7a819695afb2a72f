"""guinote stats: the figures as text and JSON, --export, --reset, a damaged file."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from guinote_tui.ai import decide, make_bot
from guinote_tui.cli import main
from guinote_tui.engine import Match
from guinote_tui.present import statsreport
from guinote_tui.records import Statistics, TableInfo, default_path


def record(matches: int = 3, seed: int = 9) -> int:
    """Whole matches of random play in the default statistics file; the hands recorded."""
    rng = random.Random(seed)
    bot = make_bot("random")
    with Statistics(default_path()) as stats:
        for index in range(matches):
            players = 2 if index % 2 == 0 else 4
            match = Match(players, seed=rng.randrange(1 << 30), events=False)
            match.table = {"seats": {str(s): "normal" for s in range(1, players)}}
            table = TableInfo.of_match(match)
            while True:
                while not match.hand.is_over:
                    seat = match.hand.to_move
                    assert seat is not None
                    match.apply(decide(bot, match.hand, seat, rng), seat)
                stats.record_hand(f"m{index}", match, table)
                if match.is_over:
                    break
                match.next_hand()
            stats.record_match_end(f"m{index}", match, table)
        return stats.totals().hands


def test_nothing_recorded_yet() -> None:
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0
    assert "Play a hand and it will show here" in result.output


def test_text_shows_the_apis_figures() -> None:
    record()
    with Statistics(default_path()) as stats:
        summary = stats.summary()
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0, result.output
    assert statsreport.overview(summary) in result.output
    for r in summary.results:
        assert statsreport.table_name(r) in result.output and statsreport.interval_text(r) in result.output
    assert "How hands ended" in result.output and "Rating" in result.output


def test_json_matches_the_api_and_players_filters() -> None:
    record()
    with Statistics(default_path()) as stats:
        summary = stats.summary(2)
    result = CliRunner().invoke(main, ["stats", "--json", "--players", "2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["totals"]["hands"] == summary.totals.hands
    assert data["totals"]["juegos_won"] == summary.totals.juegos_won
    assert [(r["players"], r["juegos"], r["wins"]) for r in data["results"]] == [
        (r.players, r.juegos, r.wins) for r in summary.results
    ]
    assert set(data["ratings"]) == {"2"}
    assert data["ratings"]["2"]["juegos"] == summary.ratings[2].juegos
    assert data["endings"] == {t.value: n for t, n in summary.endings.items()}
    assert data["cantes"]["cantes_player"] == summary.cantes.cantes_player


def test_export_writes_a_row_per_hand(tmp_path: Path) -> None:
    hands = record()
    target = tmp_path / "hands.csv"
    result = CliRunner().invoke(main, ["stats", "--export", str(target)])
    assert result.exit_code == 0, result.output
    assert f"{hands} hands written to {target}" in result.output
    assert len(target.read_text().splitlines()) == hands + 1


def test_export_to_a_place_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    record(1)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = CliRunner().invoke(main, ["stats", "--export", str(blocker / "hands.csv")])
    assert result.exit_code == 1
    assert result.output.startswith("Error: cannot write") and len(result.output.splitlines()) == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_reset_asks_first() -> None:
    hands = record(1)
    result = CliRunner().invoke(main, ["stats", "--reset"], input="n\n")
    assert result.exit_code == 0 and "Nothing was forgotten" in result.output
    with Statistics(default_path()) as stats:
        assert stats.totals().hands == hands
    result = CliRunner().invoke(main, ["stats", "--reset"], input="y\n")
    assert result.exit_code == 0 and f"Statistics emptied: {hands} hand" in result.output
    with Statistics(default_path()) as stats:
        assert stats.totals().hands == 0


def test_reset_with_yes_does_not_ask() -> None:
    record(1)
    result = CliRunner().invoke(main, ["stats", "--reset", "--yes"])
    assert result.exit_code == 0 and "Statistics emptied" in result.output and "?" not in result.output
    with Statistics(default_path()) as stats:
        assert stats.totals().hands == 0


def test_bad_options_are_one_error_line() -> None:
    for args in (["stats", "--yes"], ["stats", "--json", "--reset"], ["stats", "--players", "3"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2
        assert sum(line.startswith("Error:") for line in result.output.splitlines()) == 1
        assert "Traceback" not in result.output


def test_a_damaged_file_is_set_aside_with_one_line() -> None:
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database")
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0
    problem = [line for line in result.output.splitlines() if "could not be read" in line]
    assert len(problem) == 1 and "moved to statistics.sqlite3.corrupt-" in problem[0]
    assert "Play a hand and it will show here" in result.output
    assert len(list(path.parent.glob("statistics.sqlite3.corrupt-*"))) == 1


def test_export_to_a_folder_that_is_not_there_is_one_line_and_creates_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from guinote_tui.cli import main

    target = tmp_path / "missing" / "hands.csv"
    result = CliRunner().invoke(main, ["stats", "--export", str(target)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1 and "missing" in result.output
    assert not target.parent.exists()
