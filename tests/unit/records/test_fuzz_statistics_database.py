"""Fuzz: valid SQLite databases of the statistics' schema holding any value in any column, through every reader.

Each example is a statistics file made from a recorded one: the schema as the
game makes it (its CHECK constraints ignored while planting) or the same
columns without any type or constraint, then values of every kind planted in
its rows and in new rows (the schema's UNIQUE keys are kept: they are what
records a hand once): whole numbers up to SQLite's limits, reals with
infinities, NaN and 9.9e307, text with escape sequences, NULs and 100,000
characters, blobs and NULL. Then ``guinote stats``, ``stats --json``, the
export, the queries the statistics screen makes, the queries of practice
(the graded decisions kept, the problems due, the learning curve, the
accuracy) and recording a match and its review afterwards must all hold:

* no exception, no traceback; exit 0, or 1 with one line;
* no control character in anything printed (an escape sequence planted is never run);
* the JSON is valid (no NaN, no infinity) and the CSV has a row per hand counted;
* the records counted plus the damaged ones are every row of the file, a
  planted blob or control character always counts as damage, and recording
  adds its hands and no damaged record;
* every figure of practice is finite, and no text read back holds a control character.

A bounded number of examples in every run (30); as many as
``GUINOTE_FUZZ_EXAMPLES`` says in a long run on purpose::

    GUINOTE_FUZZ_EXAMPLES=5000 pytest tests/unit/records/test_fuzz_statistics_database.py
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import os
import re
import shutil
import sqlite3
import tempfile
from dataclasses import asdict, dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from records_helpers import Clock, graded_decisions, play_match, record_as_the_game_does
from rich.console import Console
from seen_helpers import SeenHand, play_seen

from guinote_tui.cli import main
from guinote_tui.engine import Match
from guinote_tui.present import statsreport
from guinote_tui.records import PracticeAnswer, PracticeState, Statistics, TableInfo, default_path
from guinote_tui.records.columns import columns
from guinote_tui.records.export import CSV_HEADER, CSV_TEXT
from guinote_tui.records.schema import MIGRATIONS, SCHEMA_VERSION
from guinote_tui.ui.screens import statistics as screen

EXAMPLES = int(os.environ.get("GUINOTE_FUZZ_EXAMPLES", "30"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)

TABLES = tuple(columns())
#: What a terminal acts on: anything printed holds none of it (a newline ends a line, nothing more).
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07"


@cache
def template() -> Path:
    """A statistics file with two whole matches recorded (heads-up and pairs) and reviewed, and practice, made once."""
    folder = Path(tempfile.mkdtemp(prefix="guinote-fuzz-"))
    path = folder / "statistics.sqlite3"
    with Statistics(path, clock=Clock()) as stats:
        for key, players, seats in (("a", 2, {"1": "hard"}), ("b", 4, {"1": "easy", "2": "normal", "3": "easy"})):
            match, states = play_match(players, 90 + players, seats)
            record_as_the_game_does(stats, key, match, TableInfo.of_match(match))
            for number, state in enumerate(states[:4], start=1):
                kept = stats.record_mistakes(key, number, graded_decisions(state, number - 1), today=date(2025, 3, 1))
                assert kept.saved
                for ref in kept.ids[:1]:
                    answer = PracticeAnswer("mistake", str(ref), players, number % 2 == 0, "same", "WIN_POINTS")
                    stats.record_answer(answer, PracticeState("mistake", str(ref), 1, date(2025, 3, 5), None, 1))
        people, seen = play_seen(4, 19)  # a match with people, recorded from the seat that saw it (seat 1)
        record_seen(stats, "c", seen, TableInfo.at_table_with_people(4, {0, 1, 2}, "hard", people.rules))
        stats.set_practice_state(PracticeState("puzzle", "cante-1", 0, date(2025, 3, 2)))
        stats.record_answer(PracticeAnswer("puzzle", "cante-1", 2, False, "blunder", "CANTE", assisted=True))
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.execute("PRAGMA journal_mode = DELETE")
    connection.close()
    return path


@cache
def unique_keys(table: str) -> list[tuple[str, ...]]:
    """The columns of each UNIQUE constraint of ``table`` in the schema (what keeps a hand from counting twice)."""
    connection = sqlite3.connect(template())
    try:
        indexes = [row[1] for row in connection.execute(f"PRAGMA index_list({table})") if row[2] and row[3] == "u"]
        return [tuple(row[2] for row in connection.execute(f"PRAGMA index_info({index})")) for index in indexes]
    finally:
        connection.close()


def record_seen(stats: Statistics, key: str, seen: list[list[SeenHand]], table: TableInfo) -> list[Any]:
    """Record each hand as seat 1 saw it, then the match's end: what each recording did."""
    done = [stats.record_seen_hand(key, h[1].view, h[1].number, h[1].before, h[1].after, table) for h in seen]
    stats.record_seen_match_end(key, seen[-1][1].after.winner, table)
    return done


@cache
def later_people() -> tuple[list[list[SeenHand]], TableInfo]:
    people, seen = play_seen(2, 7)
    return seen, TableInfo.at_table_with_people(2, {1}, "normal", people.rules)


@cache
def later_match() -> tuple[Match, TableInfo, list[Any]]:
    match, states = play_match(2, 77, {"1": "normal"})
    return match, TableInfo.of_match(match), graded_decisions(states[0], 3)


def values() -> st.SearchStrategy[Any]:
    """A value of any kind SQLite keeps, with the ones that break readers made likely."""
    return st.one_of(
        st.integers(min_value=-(2**63), max_value=2**63 - 1),
        st.integers(min_value=-3, max_value=130),
        st.sampled_from([0, 1, 2, 4, 10, -1, 2**63 - 1, -(2**63)]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([9.9e307, -9.9e307, math.inf, -math.inf, math.nan, 0.0, 0.5, 1e-300, 350.0, 1500.0]),
        st.text(max_size=20),
        st.sampled_from(
            [
                ESCAPES,
                "hard",
                "normal",
                "open",
                "hard:samples=12",
                "target",
                "aragones",
                "",
                "2025-03-01T12:00:00+00:00",
                "2025-02-30T12:00:00+00:00",
                "0001-01-01T00:00:00+00:00",
                '=HYPERLINK("http://x")',
                "-5",
                "+1",
                "@SUM(A1)",
                "\tx",
                "a\x00b",
                "\u202etxt.exe",
                "9" * 40,
                "x" * 100_000,
            ]
        ),
        st.binary(max_size=16),
        st.none(),
    )


def surely_damaging(value: Any) -> bool:
    """A value no column accepts: a blob, or text holding a control character."""
    return isinstance(value, bytes) or (isinstance(value, str) and bool(CONTROL.search(value)))


@dataclass(frozen=True)
class Planted:
    """A statistics file to build: the schema as the game makes it or without types, and the values planted."""

    loose: bool
    #: (table, the row's position among the template's rows, column, value)
    changes: list[tuple[str, int, str, Any]]
    #: (table, {column: value}) rows added
    added: list[tuple[str, dict[str, Any]]]
    #: (table, column, value) planted in every row of the table (enough of them: the file is set aside)
    sweeps: list[tuple[str, str, Any]]


@st.composite
def planted(draw: st.DrawFn) -> Planted:
    loose = draw(st.booleans())
    changes = []
    for _ in range(draw(st.integers(0, 6))):
        table = draw(st.sampled_from(TABLES))
        column = draw(st.sampled_from([c for c in columns()[table] if c != "id"]))
        changes.append((table, draw(st.integers(0, 30)), column, draw(values())))
    added = []
    for table in draw(st.lists(st.sampled_from(TABLES), max_size=2)):
        row = {c: draw(values()) for c in columns()[table] if c != "id"}
        added.append((table, row))
    sweeps = []
    for _ in range(draw(st.integers(0, 3)) if draw(st.integers(0, 4)) == 0 else 0):
        table = draw(st.sampled_from(TABLES))
        column = draw(st.sampled_from([c for c in columns()[table] if c != "id"]))
        sweeps.append((table, column, draw(values())))
    return Planted(loose, changes, added, sweeps)


def build(plan: Planted, path: Path) -> tuple[int, bool]:
    """Write the file; the rows it holds and whether a value no column accepts sits in one of them."""
    folder = path.parent
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    if plan.loose:
        connection = sqlite3.connect(path)
        connection.execute("ATTACH DATABASE ? AS template", (str(template()),))
        for table, declared in columns().items():
            names = ", ".join(c for c in declared if c != "id")
            keys = "".join(f", UNIQUE ({', '.join(key)})" for key in unique_keys(table))
            connection.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY, {names}{keys})")
            connection.execute(f"INSERT INTO {table} SELECT id, {names} FROM template.{table}")
        connection.commit()
        connection.execute("DETACH DATABASE template")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    else:
        shutil.copyfile(template(), path)
        connection = sqlite3.connect(path)
        connection.execute("PRAGMA ignore_check_constraints = ON")
    assert connection.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    final: dict[tuple[str, int, str], Any] = {}  # (the last value planted in a cell counts)
    for table, position, column, value in plan.changes:
        ids = [row[0] for row in connection.execute(f"SELECT id FROM {table} ORDER BY id")]
        if not ids:
            continue
        row_id = ids[position % len(ids)]
        try:
            connection.execute(f"UPDATE {table} SET {column} = ? WHERE id = ?", (value, row_id))
        except sqlite3.IntegrityError:  # NULL in a NOT NULL column, a key twice: the schema would not take it
            continue
        final[(table, row_id, column)] = value
    for table, column, value in plan.sweeps:
        try:
            connection.execute(f"UPDATE {table} SET {column} = ?", (value,))
        except sqlite3.IntegrityError:
            continue
        for (row_id,) in connection.execute(f"SELECT id FROM {table}").fetchall():
            final[(table, row_id, column)] = value
    damaging = any(surely_damaging(value) for value in final.values())
    for table, row in plan.added:
        names = ", ".join(row)
        try:
            connection.execute(
                f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(row))})", tuple(row.values())
            )
        except sqlite3.IntegrityError:
            continue
        damaging = damaging or any(surely_damaging(v) for v in row.values())
    connection.commit()
    rows = sum(connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in TABLES)
    connection.close()
    return rows, damaging


def printed(text: str) -> None:
    assert "Traceback" not in text, text[-2000:]
    found = CONTROL.search(text)
    assert found is None, (found, text[max(0, found.start() - 200) : found.start() + 200] if found else "")


def counted(summary: Any, history: tuple[int, int], practice: Any) -> int:
    """The records the figures count: matches, hands, juegos, cotos, ratings, and practice's."""
    totals = summary.totals
    kept = practice.mistakes + practice.problems + practice.answers
    return totals.matches + totals.hands + totals.juegos + totals.cotos + sum(history) + kept


def read_practice(stats: Statistics) -> Any:
    """Every query of practice, checked: finite figures (JSON without NaN), no control character in any text."""
    found = {
        "mistakes": stats.mistakes(),
        "due": stats.due(date(2025, 3, 31)),
        "due_count": stats.due_count(date(2025, 3, 31), players=2),
        "curves": [stats.mistake_curve(2), stats.mistake_curve(4, block=1)],
        "accuracy": stats.practice_accuracy(assisted=None),
        "states": stats.practice_states(),
    }
    for mistake in found["mistakes"]:
        assert stats.mistake(mistake.id) == mistake
        for text in (mistake.position, mistake.played, mistake.best, mistake.reason, mistake.rule_flags):
            printed(text)
        with contextlib.suppress(ValueError):  # a position or rules of a file the game did not write: refused
            mistake.state()
    text = json.dumps(
        {
            "mistakes": [asdict(m) for m in found["mistakes"]],
            "due": [{"state": str(p.state), "mistake": p.mistake and asdict(p.mistake)} for p in found["due"]],
            "curves": [asdict(c) for c in found["curves"]],
            "accuracy": [(t.theme, t.answers, t.correct, t.interval) for t in found["accuracy"]],
            "states": [str(state) for state in found["states"]],
        },
        allow_nan=False,
    )
    printed(text)
    return stats.practice_counts()


@FUZZ
@given(planted())
def test_fuzz_statistics_database(plan: Planted) -> None:
    path = default_path()
    rows, damaging = build(plan, path)
    runner = CliRunner()

    # guinote stats, as text and as JSON: the file is opened (and set aside if need be) by the first.
    text = runner.invoke(main, ["stats"])
    assert text.exception is None or isinstance(text.exception, SystemExit), repr(text.exception)
    assert text.exit_code in (0, 1), text.output
    printed(text.output)
    if text.exit_code == 1:
        assert len(text.output.strip().splitlines()) == 1, text.output
        return
    set_aside = "moved to statistics.sqlite3.corrupt-" in text.stderr
    as_json = runner.invoke(main, ["stats", "--json"])
    assert as_json.exit_code == 0, as_json.output
    printed(as_json.output)
    data = json.loads(as_json.stdout, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))

    # What the statistics screen reads and shows (its tables as a terminal would get them).
    loaded = screen.load(path)
    assert loaded.readable and loaded.problem is None, loaded.problem
    summary = loaded.summary
    with Statistics(path) as stats:
        series = stats.points_series()
        history = (len(stats.rating_history(2)), len(stats.rating_history(4)))
        practice = read_practice(stats)
        assert stats.take_problem() is None
    console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    plain, _, people = statsreport.result_groups(summary.results)
    for shown in (
        screen.results_table(plain, 30),
        screen.results_table(people, 30, header=False),
        screen.results_table(summary.results, 30, header=False),
        screen.cantes_table(summary),
        screen.endings_table(summary),
        screen.rating_text(summary),
    ):
        console.print(shown)
    printed(console.export_text())
    for line in [*statsreport.text_lines(summary), statsreport.overview(summary), statsreport.damaged_line(summary)]:
        printed(line)
    json.dumps(statsreport.summary_dict(summary), allow_nan=False)
    assert data["damaged"] == summary.damaged and data["totals"]["hands"] == summary.totals.hands
    assert len(series) == summary.totals.hands

    # Every row is counted or damaged; a planted blob or control character is damage (or the file went aside).
    if set_aside:
        assert summary.damaged == 0 and counted(summary, history, practice) == 0
    else:
        assert counted(summary, history, practice) + summary.damaged == rows
        if damaging:
            assert summary.damaged >= 1

    # The export: a row per hand counted, no text cell a spreadsheet reads as a formula.
    target = path.parent.parent / "hands.csv"
    target.unlink(missing_ok=True)
    export = runner.invoke(main, ["stats", "--export", str(target)])
    assert export.exit_code == 0, export.output
    printed(export.output)
    with target.open(encoding="utf-8", newline="") as stream:
        table = list(csv.reader(stream))
    assert tuple(table[0]) == CSV_HEADER and len(table) - 1 == summary.totals.hands
    for row in table[1:]:
        for cell, is_text in zip(row, CSV_TEXT, strict=True):
            if is_text:
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell

    # Recording afterwards: the new hands are counted, the damaged records stay as they were.
    match, info, decisions = later_match()
    with Statistics(path, clock=Clock()) as stats:
        recorded = [stats.record_hand("later", match, info, n) for n in range(1, len(match.finished) + 1)]
        stats.record_match_end("later", match, info)
        recorded += record_seen(stats, "later with people", *later_people())
        kept = stats.record_mistakes("later", 1, decisions)
        answered = stats.record_answer(PracticeAnswer("mistake", str(kept.ids[0]), 2, True, "same"))
        after = stats.summary()
        after_practice = read_practice(stats)
        assert stats.take_problem() is None
    assert all(r.saved for r in recorded) and kept.saved and kept.new == len(decisions) and answered
    assert after_practice.mistakes >= practice.mistakes + len(decisions)
    assert after_practice.answers == practice.answers + 1
    assert after.damaged <= summary.damaged  # (fewer: a stray rating naming the juego recorded now is replaced)
    assert after.totals.hands == summary.totals.hands + sum(r.new for r in recorded)
