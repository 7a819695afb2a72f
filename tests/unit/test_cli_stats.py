"""guinote stats: the figures as text and JSON, --export, --reset, a damaged file."""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from guinote_tui.ai import decide, make_bot
from guinote_tui.cli import main
from guinote_tui.engine import Match
from guinote_tui.present import statsreport
from guinote_tui.records import Statistics, Summary, TableInfo, default_path


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


# -- a statistics file the game did not write (issue 38) ----------------------------------------------

ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07"


def plant(*statements: str) -> None:
    connection = sqlite3.connect(default_path())
    try:
        for statement in statements:
            connection.execute(statement)
        connection.commit()
    finally:
        connection.close()


def run_stats(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``guinote stats`` in a child process, as the player runs it (a hang is a failure, not a stuck test)."""
    return subprocess.run(
        [sys.executable, "-m", "guinote_tui", "stats", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=os.environ.copy(),
    )


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE hands SET players = 'x' WHERE id = 1",
        "UPDATE ratings SET rd = 9.9e307 WHERE id = 1",
        "UPDATE juegos SET won = 9.9e307 WHERE id = 1",
        "UPDATE hands SET played_at = x'00ff' WHERE id = 1",
        "UPDATE hands SET rival_level = x'00ff' WHERE id = 1",
        "UPDATE ratings SET rating = 'abc' WHERE id = 1",
    ],
    ids=["players-text", "rd-huge", "won-huge", "played-at-blob", "rival-blob", "rating-text"],
)
def test_a_wrong_value_is_left_out_and_counted_in_text_and_json(statement: str) -> None:
    hands = record()
    plant(statement)
    text = CliRunner().invoke(main, ["stats"])
    assert text.exit_code == 0, text.output
    assert "1 damaged record in the statistics file is left out of these figures." in text.output.splitlines()
    as_json = CliRunner().invoke(main, ["stats", "--json"])
    assert as_json.exit_code == 0, as_json.output
    data = json.loads(as_json.output)
    assert data["damaged"] == 1
    assert data["totals"]["hands"] == hands - ("hands" in statement)


def test_escapes_planted_in_the_file_never_reach_the_output() -> None:
    record()
    plant(
        f"UPDATE hands SET rival_level = '{ESCAPES}' WHERE id = 2",
        f"UPDATE juegos SET rival_level = '{ESCAPES}', partner_level = '{ESCAPES}' WHERE id = 1",
        f"UPDATE matches SET rules_preset = '{ESCAPES}' WHERE id = 3",
    )
    for args in ([], ["--json"], ["--players", "2"]):
        result = run_stats(*args)
        assert result.returncode == 0, result.stderr
        assert "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout + result.stderr
    assert "damaged records in the statistics file are left out" in run_stats().stdout


def test_a_fifo_as_the_statistics_file_is_set_aside_without_waiting() -> None:
    path = default_path()
    path.parent.mkdir(parents=True)
    for number, args in enumerate(([], ["--json"]), start=1):
        path.unlink(missing_ok=True)
        os.mkfifo(path)
        result = run_stats(*args, timeout=60)
        assert result.returncode == 0, result.stderr
        line = result.stderr.strip()
        assert "\n" not in line and "not a regular file" in line and "moved to statistics.sqlite3.corrupt-" in line
        assert path.is_file() and len([p for p in path.parent.iterdir() if p.is_fifo()]) == number


def test_a_folder_as_the_statistics_file_is_set_aside() -> None:
    path = default_path()
    path.mkdir(parents=True)
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0, result.output
    assert "a folder is in its place" in result.output and "Play a hand and it will show here" in result.output
    assert path.is_file() and [p.is_dir() for p in path.parent.glob("statistics.sqlite3.corrupt-*")] == [True]


def test_export_with_an_empty_name_is_a_usage_error() -> None:
    record(1)
    result = CliRunner().invoke(main, ["stats", "--export", ""])
    assert result.exit_code == 2
    assert sum(line.startswith("Error:") for line in result.output.splitlines()) == 1
    assert "--export" in result.output and "hands ·" not in result.output


def test_the_export_messages_show_the_path_escaped(tmp_path: Path) -> None:
    record(1)
    written = tmp_path / "hands\x1b]0;x\x07.csv"
    result = CliRunner().invoke(main, ["stats", "--export", str(written)])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "hands\\x1b]0;x\\x07.csv" in result.output
    missing = tmp_path / "gone\x1b[2J" / "hands.csv"
    result = CliRunner().invoke(main, ["stats", "--export", str(missing)])
    assert result.exit_code == 1 and "cannot write" in result.output
    assert "\x1b" not in result.output and "gone\\x1b[2J" in result.output
    result = CliRunner().invoke(main, ["stats", "--export", str(written)])  # it exists now
    assert result.exit_code == 1 and "already exists" in result.output and "\x1b" not in result.output


def test_a_killed_export_leaves_a_temporary_file_the_next_export_removes(tmp_path: Path) -> None:
    record(1)
    folder = tmp_path / "out"
    folder.mkdir()
    code = textwrap.dedent(
        """
        import os, sys
        real = os.fsync
        def stop(descriptor):  # the temporary file is written: say so, then wait to be killed
            real(descriptor)
            print("written", flush=True)
            sys.stdin.read()
        os.fsync = stop
        from guinote_tui.cli import main
        main(["stats", "--export", sys.argv[1]])
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(folder / "hands.csv")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "written\n"  # waits for the state
        child.kill()
    finally:
        child.wait(timeout=60)
    left = [p.name for p in folder.iterdir()]
    assert len(left) == 1 and re.fullmatch(r"\.guinote-export-[a-z0-9_]{8}\.tmp", left[0]), left
    stale = folder / left[0]
    result = CliRunner().invoke(main, ["stats", "--export", str(folder / "a.csv")])
    assert result.exit_code == 0 and stale.exists()  # minutes old: it could be another export's, writing now
    two_hours_ago = time.time() - 7200
    os.utime(stale, (two_hours_ago, two_hours_ago))
    keep = folder / ".guinote-export-notmine.txt"
    keep.write_text("not an export's")
    os.utime(keep, (two_hours_ago, two_hours_ago))
    result = CliRunner().invoke(main, ["stats", "--export", str(folder / "b.csv")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == [".guinote-export-notmine.txt", "a.csv", "b.csv"]


@pytest.fixture
def locked_out():  # type: ignore[no-untyped-def]
    """Restore the modes the tests below take away (tmp_path must be removable)."""
    changed: list[Path] = []

    def lock(path: Path, mode: int) -> None:
        changed.append(path)
        path.chmod(mode)

    yield lock
    for path in reversed(changed):
        path.chmod(0o755)


def test_a_data_folder_that_cannot_be_entered_is_one_line_and_exit_1(locked_out) -> None:  # type: ignore[no-untyped-def]
    from test_read_only_data import run_unprivileged

    record(1)
    folder = default_path().parent
    locked_out(folder, 0o000)
    probe = run_unprivileged("-c", f"import os; os.stat({str(default_path())!r})")
    if probe.returncode == 99:
        pytest.skip("this machine does not let a process drop its capabilities")
    assert probe.returncode != 0 and "PermissionError" in probe.stderr  # the folder really is shut
    for args in (["stats"], ["stats", "--json"], ["stats", "--export", str(folder.parent / "h.csv")]):
        result = run_unprivileged("-m", "guinote_tui", *args)
        assert result.returncode == 1, result.stderr
        assert result.stdout == ""
        assert result.stderr.strip().splitlines() == [
            f"Error: {default_path()} cannot be opened (Permission denied): no statistics are shown or saved."
        ]


def test_a_database_that_cannot_be_read_is_one_line_and_exit_1(locked_out) -> None:  # type: ignore[no-untyped-def]
    from test_read_only_data import run_unprivileged

    record(1)
    locked_out(default_path(), 0o000)
    probe = run_unprivileged("-c", f"open({str(default_path())!r}, 'rb')")
    if probe.returncode == 99:
        pytest.skip("this machine does not let a process drop its capabilities")
    assert probe.returncode != 0 and "PermissionError" in probe.stderr
    result = run_unprivileged("-m", "guinote_tui", "stats")
    assert result.returncode == 1, result.stderr
    assert "Nothing recorded yet" not in result.stdout + result.stderr
    assert result.stderr.strip().splitlines() == [
        f"Error: {default_path()} cannot be opened (Permission denied): no statistics are shown or saved."
    ]


def record_with_people(seed: int = 5) -> TableInfo:
    """A heads-up match against a person and a pairs match with a person as partner, in the default file.

    The heads-up table's bots play at ``hard`` (the level of a table of people, for the seats nobody took).
    """
    rng = random.Random(seed)
    bot = make_bot("random")
    tables = []
    with Statistics(default_path()) as stats:
        for key, players, people in (("versus", 2, {1}), ("partner", 4, {2})):
            match = Match(players, seed=rng.randrange(1 << 30), events=False)
            table = TableInfo.at_table_with_people(players, people, "hard", match.rules)
            while True:
                while not match.hand.is_over:
                    seat = match.hand.to_move
                    assert seat is not None
                    match.apply(decide(bot, match.hand, seat, rng), seat)
                stats.record_hand(key, match, table)
                if match.is_over:
                    break
                match.next_hand()
            stats.record_match_end(key, match, table)
            tables.append(table)
    return tables[0]


def test_games_with_people_are_shown_apart_and_never_rated() -> None:
    record(1)
    with Statistics(default_path()) as stats:
        bots_only = stats.summary()
    record_with_people()
    with Statistics(default_path()) as stats:
        summary = stats.summary()
    def rated(figures: Summary) -> dict[int, tuple[int, float, str | None]]:  # (the deviation grows as time goes)
        return {size: (s.juegos, s.rating.rating, s.last_rated) for size, s in figures.ratings.items()}

    assert rated(summary) == rated(bots_only)
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    bots_at, people_at = lines.index("Results by table"), lines.index("With people (not rated)")
    assert bots_at < people_at
    people_rows = lines[people_at + 2 : people_at + 4]
    assert [row.split("  ")[1] for row in people_rows] == ["heads-up · a person", "pairs · hard, partner a person"]
    assert not any("a person" in line for line in lines[bots_at:people_at])
    rated = f"from {bots_only.ratings[2].juegos} rated juego"
    assert any(line.strip().startswith("heads-up") and rated in line for line in lines)
    data = json.loads(CliRunner().invoke(main, ["stats", "--json"]).output)
    assert data["with_people"]["hands"] == summary.people.hands > 0
    assert data["totals"]["hands"] == bots_only.totals.hands + summary.people.hands
    apart = [(r["players"], r["rival_people"], r["partner_person"]) for r in data["results"]]
    assert apart[-2:] == [(2, 1, False), (4, 0, True)] and all(not any(r[1:]) for r in apart[:-2])
    assert data["ratings"]["2"]["juegos"] == bots_only.ratings[2].juegos
    spanish = CliRunner().invoke(main, ["--lang", "es", "stats"])
    assert "Con personas (sin valoración)" in spanish.output
    assert "parejas · difícil, compañero una persona" in spanish.output
