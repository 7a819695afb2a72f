"""A statistics file the game did not write: wrong types and ranges, escapes, a FIFO or a folder in its place.

Each value planted here is one the probe of issue 38 planted by hand (or one
of the same kind); the figures leave the row out and count it, a file mostly
damaged is set aside, and nothing in the file's place is ever waited on.
"""

from __future__ import annotations

import csv
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from records_helpers import Clock, play_match, record_as_the_game_does, three_matches

from guinote_tui.present import statsreport
from guinote_tui.records import ProblemKind, Statistics, TableInfo
from guinote_tui.records.schema import MIGRATIONS, TABLES
from guinote_tui.records.store import _expected_columns

ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07"


def recorded(path: Path) -> Statistics:
    """Three whole matches recorded in ``path`` (the object is closed again)."""
    with Statistics(path, clock=Clock()) as stats:
        for key, match, _, table in three_matches():
            record_as_the_game_does(stats, key, match, table)
        assert stats.problem is None
        return stats


def plant(path: Path, statement: str, *args: object) -> None:
    connection = sqlite3.connect(path)
    try:
        connection.execute(statement, args)
        connection.commit()
    finally:
        connection.close()


def count(path: Path, table: str) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    finally:
        connection.close()


def test_every_column_of_the_schema_is_declared_and_nothing_else() -> None:
    from guinote_tui.records.columns import columns

    schema = _expected_columns(MIGRATIONS)
    assert {table: set(declared) for table, declared in columns().items()} == schema


def test_what_the_game_records_is_valid(tmp_path: Path) -> None:
    from guinote_tui.records.columns import find_damaged

    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    connection = sqlite3.connect(path)
    try:
        damaged, records = find_damaged(connection)
        assert damaged == 0 and records > 50
    finally:
        connection.close()


#: (the statement planting one bad value in one row, the table it is in): what the probe planted, and more.
PLANTED = {
    "players-text": ("UPDATE hands SET players = 'x' WHERE id = 1", "hands"),
    "players-3": ("UPDATE hands SET players = 3 WHERE id = 1", "hands"),
    "rd-huge": ("UPDATE ratings SET rd = 9.9e307 WHERE id = 1", "ratings"),
    "rd-zero": ("UPDATE ratings SET rd = 0 WHERE id = 1", "ratings"),
    "rating-text": ("UPDATE ratings SET rating = 'abc' WHERE id = 1", "ratings"),
    "rating-inf": ("UPDATE ratings SET rating = 1e999 WHERE id = 1", "ratings"),
    "won-huge": ("UPDATE juegos SET won = 9.9e307 WHERE id = 1", "juegos"),
    "won-2": ("UPDATE juegos SET won = 2 WHERE id = 1", "juegos"),
    "coto-won-blob": ("UPDATE cotos SET won = x'01' WHERE id = 1", "cotos"),
    "played-at-blob": ("UPDATE hands SET played_at = x'00ff' WHERE id = 1", "hands"),
    "played-at-feb-30": ("UPDATE hands SET played_at = '2025-02-30T10:00:00+00:00' WHERE id = 1", "hands"),
    "played-at-words": ("UPDATE hands SET played_at = 'yesterday' WHERE id = 1", "hands"),
    "rival-blob": ("UPDATE hands SET rival_level = x'00ff' WHERE id = 1", "hands"),
    "rival-escapes": (f"UPDATE hands SET rival_level = '{ESCAPES}' WHERE id = 1", "hands"),
    "rival-nul": ("UPDATE hands SET rival_level = 'hard' || char(0) || char(27) || '[2J' WHERE id = 1", "hands"),
    "rival-unknown-case": ("UPDATE juegos SET rival_level = 'HARD' WHERE id = 1", "juegos"),
    "termination-unknown": ("UPDATE hands SET termination = 'boom' WHERE id = 1", "hands"),
    "points-negative": ("UPDATE hands SET points_player = -5 WHERE id = 1", "hands"),
    "points-real": ("UPDATE hands SET points_player = 2.5 WHERE id = 1", "hands"),
    "match-key-escapes": (f"UPDATE matches SET key = '{ESCAPES}' WHERE id = 1", "matches"),
    "rated-at-blob": ("UPDATE ratings SET rated_at = x'41' WHERE id = 1", "ratings"),
    "rival-people-3": ("UPDATE hands SET rival_people = 3 WHERE id = 1", "hands"),
    "partner-person-text": ("UPDATE juegos SET partner_person = 'yes' WHERE id = 1", "juegos"),
    "coto-people-negative": ("UPDATE cotos SET rival_people = -1 WHERE id = 1", "cotos"),
    "match-partner-person-2": ("UPDATE matches SET partner_person = 2 WHERE id = 1", "matches"),
}


@pytest.mark.parametrize(("statement", "table"), list(PLANTED.values()), ids=list(PLANTED))
def test_a_wrong_value_leaves_its_row_out_and_counted(tmp_path: Path, statement: str, table: str) -> None:
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    with Statistics(path) as stats:
        before = stats.summary()
        history = (stats.rating_history(2), stats.rating_history(4))
    plant(path, statement)
    with Statistics(path) as stats:
        summary = stats.summary()
        series = stats.points_series()
        ratings = (stats.rating_history(2), stats.rating_history(4))
        exported = stats.export_csv(tmp_path / "hands.csv")
        assert stats.problem is None and stats.take_problem() is None
    assert summary.damaged >= 1
    if table != "matches":  # (a match damaged leaves its hands out too)
        assert summary.damaged == 1
    total = {"hands": summary.totals.hands, "juegos": summary.totals.juegos, "cotos": summary.totals.cotos}
    total["matches"] = summary.totals.matches
    total["ratings"] = sum(len(r) for r in ratings)
    was = {"hands": before.totals.hands, "juegos": before.totals.juegos, "cotos": before.totals.cotos}
    was["matches"] = before.totals.matches
    was["ratings"] = sum(len(r) for r in history)
    assert total[table] == was[table] - 1
    assert len(series) == summary.totals.hands == exported
    # Every figure is of the right type: nothing the presentation would choke on.
    text = "\n".join(statsreport.text_lines(summary))
    assert "\x1b" not in text and "\x00" not in text
    assert statsreport.damaged_line(summary) in text
    data = statsreport.summary_dict(summary)
    assert data["damaged"] == summary.damaged
    assert all(isinstance(r.rival_level, str) and r.players in (2, 4) for r in summary.results)
    assert all(0 <= r.wins <= r.juegos for r in summary.results)


def test_an_unknown_but_well_formed_bot_is_kept_and_shown_as_it_is(tmp_path: Path) -> None:
    """The statistics' API records any bot spec (an unmeasured one is never rated); its name is plain ASCII."""
    path = tmp_path / "statistics.sqlite3"
    match, _ = play_match(2, seed=31, seats={"1": "normal"})
    with Statistics(path, clock=Clock()) as stats:
        stats.record_match("oracle", match, TableInfo(2, "open"))
        stats.record_match("budget", match, TableInfo(2, "hard:samples=3"))
        summary = stats.summary()
    assert summary.damaged == 0
    assert {statsreport.table_name(r) for r in summary.results} == {"heads-up · open", "heads-up · hard:samples=3"}


def test_a_file_whose_records_are_mostly_damaged_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    records = sum(count(path, table) for table in TABLES)
    for table in ("hands", "juegos", "cotos", "ratings"):
        plant(path, f"UPDATE {table} SET players = 'x'")
    damaged = records - count(path, "matches")
    original = path.read_bytes()
    with Statistics(path) as stats:
        problem = stats.take_problem()
        assert problem is not None and problem.kind is ProblemKind.SET_ASIDE
        assert (problem.cause.value, problem.damaged, problem.records) == ("mostly-damaged", damaged, records)
        assert stats.set_aside_to is not None and stats.set_aside_to.read_bytes() == original
        assert stats.saving and stats.summary().totals.hands == 0
    line = statsreport.problem_line(problem)
    assert f"most of the records checked are damaged: {damaged} of {records}" in line and "moved to" in line


def test_recording_goes_on_past_damaged_records(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    plant(path, "UPDATE ratings SET rd = 9.9e307, rating = 'abc'")  # the rating's last row among them
    plant(path, "UPDATE hands SET rival_level = ? WHERE id = 2", ESCAPES)
    match, _ = play_match(2, seed=71, seats={"1": "hard"})
    with Statistics(path, clock=Clock()) as stats:
        before = stats.summary()
        record_as_the_game_does(stats, "new", match, TableInfo.of_match(match))
        after = stats.summary()
        assert stats.problem is None
    assert after.totals.hands == before.totals.hands + len(match.finished)
    assert after.damaged == before.damaged
    assert after.ratings[2].juegos >= 1  # rated afresh from 1500, the damaged ratings left out


def test_text_from_the_file_is_decoded_whatever_its_bytes(tmp_path: Path) -> None:
    """SQLite does not check that text is UTF-8; a query reading such text must not fail."""
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    plant(path, "UPDATE hands SET rule_flags = CAST(x'fffe41' AS TEXT) WHERE id = 1")
    with Statistics(path) as stats:
        summary = stats.summary()
        assert stats.export_csv(tmp_path / "h.csv") == summary.totals.hands
        assert stats.problem is None
    assert summary.damaged == 1


def test_the_export_keeps_text_cells_from_being_read_as_formulas(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    plant(path, "UPDATE matches SET key = '=HYPERLINK(\"http://x\",\"y\")' WHERE key = 'a'")
    plant(path, "UPDATE matches SET key = '-2+3' WHERE key = 'b'")
    plant(path, "UPDATE hands SET rules_preset = '@SUM(1)', rule_flags = '+1' WHERE id = 1")
    with Statistics(path) as stats:
        stats.export_csv(tmp_path / "hands.csv")
    with (tmp_path / "hands.csv").open(encoding="utf-8", newline="") as stream:
        table = list(csv.DictReader(stream))
    keys = {row["match"] for row in table}
    assert keys == {'\'=HYPERLINK("http://x","y")', "'-2+3", "c"}
    first = next(row for row in table if row["rules_preset"].startswith("'"))
    assert (first["rules_preset"], first["rule_flags"]) == ("'@SUM(1)", "'+1")
    for row in table:  # the numbers stay numbers
        assert row["points_player"].isdigit() and row["hand"].isdigit()
        assert not any(cell.startswith(("=", "+", "-", "@")) for cell in row.values())


def test_a_negative_number_in_the_export_stays_a_number() -> None:
    from guinote_tui.records.export import CSV_HEADER, csv_text

    row = ["k", 1, "2025-03-01T12:00:00+00:00"] + [0] * (len(CSV_HEADER) - 4) + [-5.5]
    assert csv_text([tuple(row)]).splitlines()[1].endswith(",-5.5")


# -- what is in the file's place -------------------------------------------------------------------------


def open_in_a_child(path: Path) -> subprocess.CompletedProcess[str]:
    """Open the statistics at ``path`` in another process, which must end (a FIFO read would block it)."""
    code = textwrap.dedent(
        f"""
        from guinote_tui.records import Statistics
        from guinote_tui.present.statsreport import problem_line
        with Statistics({str(path)!r}) as stats:
            print(stats.totals().hands, stats.saving)
            print(problem_line(stats.take_problem()))
        """
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize(("companion", "alone"), [("", True), ("-wal", False), ("-shm", False), ("-wal", True)])
def test_a_fifo_in_the_files_place_is_set_aside_without_waiting(tmp_path: Path, companion: str, alone: bool) -> None:
    path = tmp_path / "statistics.sqlite3"
    if not alone:
        recorded(path)
    os.mkfifo(path.with_name(path.name + companion))
    done = open_in_a_child(path)
    assert done.returncode == 0, done.stderr
    figures, line = done.stdout.splitlines()
    assert figures == "0 True"  # a fresh file, recording
    assert "not a regular file" in line
    if alone:
        moved = path.name + companion
        assert line.startswith(f"{moved} could not be read") and f"moved to {moved}.corrupt-" in line
    else:
        assert line.startswith(f"{path.name} could not be read") and f"moved to {path.name}.corrupt-" in line
    moved = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert any(p.is_fifo() for p in moved) and path.is_file()


def test_a_folder_in_the_files_place_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    path.mkdir()
    (path / "inside").write_text("kept")
    with Statistics(path) as stats:
        problem = stats.take_problem()
        assert problem is not None and problem.kind is ProblemKind.SET_ASIDE and problem.cause.value == "folder"
        assert stats.set_aside_to is not None and (stats.set_aside_to / "inside").read_text() == "kept"
        assert stats.saving and path.is_file()
    assert "a folder is in its place" in statsreport.problem_line(problem)


def test_a_link_to_a_device_in_the_files_place_is_set_aside_and_the_device_left_alone(tmp_path: Path) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    path = tmp_path / "statistics.sqlite3"
    path.symlink_to("/dev/zero")
    done = open_in_a_child(path)
    assert done.returncode == 0, done.stderr
    assert "not a regular file" in done.stdout
    assert path.is_file() and not path.is_symlink()
    assert any(p.is_symlink() for p in tmp_path.iterdir() if ".corrupt-" in p.name)


def test_rows_reads_a_table_under_its_own_name() -> None:
    from guinote_tui.records.columns import checked, find_damaged, rows

    connection = sqlite3.connect(":memory:")
    connection.execute(
        "CREATE TABLE cotos (id INTEGER PRIMARY KEY, match_id, number, ended_at, players, assisted, won,"
        " rival_people DEFAULT 0, partner_person DEFAULT 0)"
    )
    connection.executemany(
        "INSERT INTO cotos (match_id, number, ended_at, players, assisted, won) VALUES (1, 1, ?, 2, 0, ?)",
        [("2025-03-01T12:00:00+00:00", 1), ("2025-03-01T12:00:00+00:00", 9.9e307), (None, 1)],
    )
    assert find_damaged(connection, ("cotos",)) == (2, 3)
    assert connection.execute(f"SELECT COUNT(*), SUM(won) FROM {rows('cotos')}").fetchone() == (1, 1)
    assert connection.execute(f"SELECT COUNT(*), SUM(won) FROM {checked('cotos')}").fetchone() == (1, 1)


def test_a_value_against_a_check_constraint_is_a_damaged_record_not_a_damaged_file(tmp_path: Path) -> None:
    """SQLite's quick check reports it; it is one row left out, as a value out of range anywhere else."""
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA ignore_check_constraints = ON")
    connection.execute("UPDATE matches SET players = 3 WHERE key = 'c'")
    connection.commit()
    connection.close()
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA quick_check").fetchall() == [("CHECK constraint failed in matches",)]
    connection.close()
    with Statistics(path) as stats:
        assert stats.take_problem() is None and stats.set_aside_to is None
        summary = stats.summary()
    assert summary.totals.matches == 2 and summary.damaged >= 1


def test_a_stray_rating_naming_the_next_juego_does_not_stop_recording(tmp_path: Path) -> None:
    """Found by the fuzzer: the rating of a new juego was refused (UNIQUE juego_id) and recording stopped."""
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    connection = sqlite3.connect(path)
    following = connection.execute("SELECT MAX(id) + 1 FROM juegos").fetchone()[0]
    connection.execute(
        "INSERT INTO ratings (juego_id, players, rated_at, opponent, weight, score, expected, rating_before,"
        " rd_before, rating, rd) SELECT ?, players, rated_at, opponent, weight, score, expected, rating_before,"
        " rd_before, rating, rd FROM ratings LIMIT 1",
        (following,),
    )
    connection.commit()
    connection.close()
    match, _ = play_match(2, seed=72, seats={"1": "normal"})
    with Statistics(path, clock=Clock()) as stats:
        before = stats.totals().juegos
        record_as_the_game_does(stats, "new", match, TableInfo.of_match(match))
        assert stats.take_problem() is None and stats.saving
        assert stats.totals().juegos > before


ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c"


@pytest.mark.parametrize(
    ("statement", "what"),
    [
        (f"CREATE TRIGGER endless AFTER INSERT ON hands BEGIN {ENDLESS}; END", "trigger endless"),
        (
            "CREATE TRIGGER loud BEFORE DELETE ON ratings BEGIN SELECT RAISE(ABORT, '\x1b]0;PWNED\x07'); END",
            "trigger loud",
        ),
        (f"CREATE VIEW slow AS {ENDLESS}", "view slow"),
    ],
    ids=["a-trigger-without-end", "a-trigger-with-escapes", "a-view"],
)
def test_a_file_holding_sql_of_its_own_is_set_aside(tmp_path: Path, statement: str, what: str) -> None:
    """A trigger would run on the game's writes (a loop without end: recording hangs); the game makes none."""
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    plant(path, statement)
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from records_helpers import Clock, play_match
        from guinote_tui.records import Statistics, TableInfo
        from guinote_tui.present.statsreport import problem_line
        match, _ = play_match(2, seed=73, seats={{"1": "normal"}})
        with Statistics({str(path)!r}, clock=Clock()) as stats:
            print(problem_line(stats.take_problem()))
            print(stats.record_match_end("new", match, TableInfo.of_match(match)), stats.reset())
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    line, outcome = done.stdout.splitlines()
    assert f"(it holds SQL of its own, which the game never makes: {what})" in line
    assert "moved to statistics.sqlite3.corrupt-" in line and "\x1b" not in line
    assert outcome == "True True"


def test_rows_damaged_by_another_program_meanwhile_are_found_at_the_next_read(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    with Statistics(path) as stats:
        before = stats.summary()
        assert before.damaged == 0
        plant(path, "UPDATE hands SET players = 'x' WHERE id = 1")  # another connection, while this one is open
        after = stats.summary()
        assert (after.damaged, after.totals.hands) == (1, before.totals.hands - 1)


def test_what_is_recorded_after_a_reset_is_all_counted(tmp_path: Path) -> None:
    """The damaged rows are listed by rowid: after a reset, new rows take those rowids again."""
    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    plant(path, "UPDATE hands SET players = 'x' WHERE id IN (1, 2, 3)")
    match, _ = play_match(2, seed=74, seats={"1": "easy"})
    with Statistics(path, clock=Clock()) as stats:
        assert stats.summary().damaged == 3
        assert stats.reset()
        record_as_the_game_does(stats, "after", match, TableInfo.of_match(match))
        summary = stats.summary()
    assert (summary.damaged, summary.totals.hands) == (0, len(match.finished))


def test_opening_checks_the_latest_records_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening stays quick with a large file: a file whose latest records are sound is kept, its damage counted."""
    from guinote_tui.records import store

    path = tmp_path / "statistics.sqlite3"
    recorded(path)
    for table in ("hands", "juegos", "cotos", "ratings"):  # every row damaged but the two latest of each table
        plant(path, f"UPDATE {table} SET players = 'x' WHERE rowid <= (SELECT MAX(rowid) - 2 FROM {table})")
    copy = tmp_path / "copy" / path.name
    copy.parent.mkdir()
    copy.write_bytes(path.read_bytes())
    every = store.RECORDS_CHECKED
    monkeypatch.setattr(store, "RECORDS_CHECKED", 2)
    with Statistics(path) as stats:
        assert stats.take_problem() is None
        summary = stats.summary()
    assert summary.totals.hands == 2 and summary.damaged > 10 * summary.totals.hands
    monkeypatch.setattr(store, "RECORDS_CHECKED", every)  # every record checked: the same file is mostly damaged
    with Statistics(copy) as stats:
        problem = stats.take_problem()
    assert problem is not None and problem.kind is ProblemKind.SET_ASIDE
