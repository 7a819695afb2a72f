"""The store's problems are codes with facts; the line a player reads is worded at the edge, in their language."""

from __future__ import annotations

import pickle

import pytest

from guinote_tui import i18n
from guinote_tui.present.statsreport import problem_line
from guinote_tui.records import Cause, ExportRefused, Problem, ProblemKind

#: One problem of each kind, and the line it reads as in English (the catalogs' msgids, filled in).
LINES = {
    Problem(ProblemKind.NOT_SAVED, detail="No such file"): (
        "Statistics cannot be saved (No such file); the game goes on without them."
    ),
    Problem(ProblemKind.DAMAGED_WHILE_SAVING, detail="database disk image is malformed"): (
        "Statistics cannot be saved (the file is damaged: database disk image is malformed);"
        " the game goes on without them."
    ),
    Problem(ProblemKind.READ_ONLY, detail="attempt to write a readonly database"): (
        "Statistics cannot be saved (attempt to write a readonly database):"
        " those recorded so far are shown but not updated."
    ),
    Problem(
        ProblemKind.SET_ASIDE,
        detail="file is not a database",
        file="statistics.sqlite3",
        moved="statistics.sqlite3.corrupt-20250301-120000",
    ): (
        "statistics.sqlite3 could not be read (file is not a database); it was moved to"
        " statistics.sqlite3.corrupt-20250301-120000 and a new one was started."
    ),
    Problem(ProblemKind.NOT_SET_ASIDE, detail="file is not a database", file="statistics.sqlite3"): (
        "statistics.sqlite3 could not be read (file is not a database); it could not be moved aside"
        " and a new one was started."
    ),
    Problem(ProblemKind.NEWER, file="statistics.sqlite3", version=6, known=1): (
        "statistics.sqlite3 was written by a newer guinote-tui (schema 6, this one knows up to 1);"
        " it is left as it is and statistics are not saved."
    ),
    Problem(ProblemKind.HAND_NOT_SAVED, detail="database is locked"): (
        "Statistics: this hand could not be saved (database is locked)."
    ),
    Problem(ProblemKind.NOT_READ, detail="no such table: hands"): (
        "Statistics could not be read (no such table: hands)."
    ),
    Problem(ProblemKind.EXPORT_IS_DATABASE, file="/tmp/stats.csv"): (
        "/tmp/stats.csv is the statistics file itself: choose another place"
    ),
    Problem(ProblemKind.UNREADABLE, detail="Permission denied", file="/home/x/statistics.sqlite3"): (
        "/home/x/statistics.sqlite3 cannot be opened (Permission denied): no statistics are shown or saved."
    ),
}

#: The reasons of the program's own a file is set aside for, as they read in the line.
CAUSES = {
    Cause.FOLDER: "a folder is in its place",
    Cause.NOT_REGULAR: "not a regular file: a FIFO or a device is in its place",
    Cause.MOSTLY_DAMAGED: "most of the records checked are damaged: 7 of 9",
    Cause.CODE: "it holds SQL of its own, which the game never makes: x",
}


def test_every_kind_of_problem_has_its_line() -> None:
    assert {problem.kind for problem in LINES} == set(ProblemKind)


@pytest.mark.parametrize(("problem", "line"), list(LINES.items()), ids=[p.kind.value for p in LINES])
def test_a_problem_reads_as_one_line_with_its_facts(problem: Problem, line: str) -> None:
    assert problem_line(problem) == line
    assert "\n" not in line


@pytest.mark.parametrize("cause", list(Cause), ids=[c.value for c in Cause])
def test_a_cause_of_the_programs_own_is_worded_in_the_line(cause: Cause) -> None:
    problem = Problem(
        ProblemKind.SET_ASIDE, detail="x", file="statistics.sqlite3", moved="m", cause=cause, damaged=7, records=9
    )
    assert problem_line(problem) == (
        f"statistics.sqlite3 could not be read ({CAUSES[cause]}); it was moved to m and a new one was started."
    )
    i18n.set_language("de")
    assert CAUSES[cause] not in problem_line(problem)


def test_what_a_problem_quotes_is_shown_with_its_control_characters_escaped() -> None:
    """An SQLite message may quote a name from the file (an index's), and a path may hold anything."""
    problem = Problem(ProblemKind.NOT_READ, detail="no such index: \x1b]52;c;cHduZWQ=\x07", file="a\x1b[2Jb")
    line = problem_line(problem)
    assert "\x1b" not in line and "\x07" not in line
    assert "no such index: \\x1b]52;c;cHduZWQ=\\x07" in line
    assert problem.file == "a\\x1b[2Jb"


def test_no_problem_is_no_line() -> None:
    assert problem_line(None) == ""


def test_the_line_is_in_the_player_s_language() -> None:
    problem = Problem(ProblemKind.NEWER, file="statistics.sqlite3", version=99, known=1)
    i18n.set_language("es")
    assert problem_line(problem) == (
        "statistics.sqlite3 lo escribió un guinote-tui más reciente (esquema 99, este conoce hasta el 1);"
        " se deja como está y no se guardan estadísticas."
    )
    for other in LINES:  # every line is translated (the facts stay as they were said)
        assert problem_line(other) != LINES[other]


def test_an_export_refusal_carries_its_problem() -> None:
    problem = Problem(ProblemKind.EXPORT_IS_DATABASE, file="x.csv")
    refused = ExportRefused(problem)
    assert refused.problem is problem and isinstance(refused, Exception)
    again = pickle.loads(pickle.dumps(refused))  # (crosses a process boundary intact)
    assert isinstance(again, ExportRefused) and again.problem == problem
