"""The statistics file when things go wrong: old and newer schemas, damage, no room to write, two writers; reset."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest
from records_helpers import Clock, play_match

from guinote_lab.memory_bench import record_matches
from guinote_tui.records import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Migration,
    Problem,
    ProblemKind,
    Rating,
    Statistics,
    TableInfo,
)
from guinote_tui.records import store as store_module
from guinote_tui.records.store import Store


def recorded_database(path: Path) -> int:
    """A database at ``path`` with one whole match in it; its number of hands."""
    match, _ = play_match(2, seed=61, seats={"1": "normal"})
    with Statistics(path, clock=Clock()) as stats:
        stats.record_match_end("k", match, TableInfo.of_match(match))
        assert stats.problem is None
        return stats.totals().hands


def user_version(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute("PRAGMA user_version").fetchone()[0])
    finally:
        connection.close()


def test_a_new_database_uses_wal_and_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "statistics.sqlite3"
    with Statistics(path) as stats:
        assert stats.saving and stats.problem is None and stats.take_problem() is None
    assert user_version(path) == SCHEMA_VERSION == MIGRATIONS[-1].version
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    connection.close()


def test_an_empty_file_is_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"")
    with Statistics(path) as stats:
        assert stats.saving and stats.problem is None
    assert user_version(path) == SCHEMA_VERSION


def test_an_older_database_is_migrated_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    hands = recorded_database(path)
    assert user_version(path) == SCHEMA_VERSION
    following = SCHEMA_VERSION + 1
    minutes = Migration(following, "juegos keep their minutes", ("ALTER TABLE juegos ADD COLUMN minutes REAL",))
    with Statistics(path, migrations=(*MIGRATIONS, minutes)) as stats:
        assert stats.problem is None and stats.saving
        assert stats.totals().hands == hands
    assert user_version(path) == following
    connection = sqlite3.connect(path)
    assert "minutes" in {row[1] for row in connection.execute("PRAGMA table_info(juegos)")}
    connection.close()


def test_a_database_from_a_newer_program_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    recorded_database(path)
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    connection.close()
    before = path.read_bytes()
    match, _ = play_match(2, seed=62, seats={"1": "normal"})
    with Statistics(path) as stats:
        assert stats.problem == Problem(
            ProblemKind.NEWER, file="statistics.sqlite3", version=SCHEMA_VERSION + 5, known=SCHEMA_VERSION
        )
        assert not stats.saving
        assert stats.record_hand("x", match, TableInfo.of_match(match)).saved is False
        assert stats.totals().hands == 0
        assert stats.take_problem() == stats.problem and stats.take_problem() is None
    assert path.read_bytes() == before
    assert user_version(path) == SCHEMA_VERSION + 5
    assert sorted(p.name for p in tmp_path.iterdir() if ".corrupt" in p.name) == []


def test_a_file_that_is_not_sqlite_is_set_aside_with_its_companions(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    garbage = b"this is not a database at all, " * 200
    path.write_bytes(garbage)
    (tmp_path / "statistics.sqlite3-wal").write_bytes(b"wal bytes")
    with Statistics(path) as stats:
        moved = stats.set_aside_to
        assert moved is not None and moved.read_bytes() == garbage
        assert moved.name.startswith("statistics.sqlite3.corrupt-")
        assert stats.problem == Problem(
            ProblemKind.SET_ASIDE, detail="file is not a database", file="statistics.sqlite3", moved=moved.name
        )
        assert moved.with_name(moved.name + "-wal").read_bytes() == b"wal bytes"
        assert stats.saving  # a fresh database
        match, _ = play_match(2, seed=63, seats={"1": "easy"})
        assert stats.record_hand("k", match, TableInfo.of_match(match), 1).new
    assert user_version(path) == SCHEMA_VERSION


def test_a_schema_that_lacks_a_table_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    recorded_database(path)
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE ratings")
    connection.close()
    with Statistics(path) as stats:
        assert stats.problem is not None and stats.problem.kind is ProblemKind.SET_ASIDE
        assert stats.problem.detail.startswith("table ratings lacks ")
        assert stats.set_aside_to is not None and stats.set_aside_to.exists()
        assert stats.saving and stats.totals().hands == 0


def test_a_database_with_damaged_pages_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    recorded_database(path)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = connection.execute("PRAGMA page_size").fetchone()[0]
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.close()
    data = bytearray(path.read_bytes())
    for number in range(1, pages):  # every page but the first (the header and the schema)
        start = number * page
        data[start : start + page] = bytes([0xA5]) * page
    path.write_bytes(bytes(data))
    with Statistics(path) as stats:
        assert stats.problem is not None and stats.problem.kind is ProblemKind.SET_ASIDE
        assert stats.set_aside_to is not None and stats.set_aside_to.read_bytes() == bytes(data)
        assert stats.problem.moved == stats.set_aside_to.name
        assert stats.saving and stats.totals().hands == 0


def test_a_directory_that_cannot_be_made_means_no_saving_said_once(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    match, _ = play_match(2, seed=64, seats={"1": "normal"})
    with Statistics(blocker / "statistics.sqlite3") as stats:
        assert not stats.saving
        problem = stats.take_problem()
        assert problem is not None and problem.kind is ProblemKind.NOT_SAVED and problem.detail
        for _ in range(3):
            assert stats.record_hand("k", match, TableInfo.of_match(match)).saved is False
        assert stats.record_match_end("k", match, TableInfo.of_match(match)) is False
        assert stats.take_problem() is None  # said once
        assert stats.summary().totals.hands == 0 and stats.export_csv(tmp_path / "h.csv") == 0


@pytest.mark.parametrize("message", ["attempt to write a readonly database", "disk I/O error"])
def test_a_database_that_cannot_be_opened_for_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, message: str
) -> None:
    path = tmp_path / "statistics.sqlite3"
    hands = recorded_database(path)
    real_connect = sqlite3.connect

    def connect(database: str | Path, *args: object, **kwargs: object) -> sqlite3.Connection:
        if not kwargs.get("uri"):
            raise sqlite3.OperationalError(message)
        return real_connect(database, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store_module.sqlite3, "connect", connect)
    match, _ = play_match(2, seed=65, seats={"1": "normal"})
    with Statistics(path) as stats:
        assert not stats.saving
        assert stats.take_problem() == Problem(ProblemKind.READ_ONLY, detail=message)
        assert stats.record_hand("new", match, TableInfo.of_match(match)).saved is False
        assert stats.take_problem() is None
        assert stats.totals().hands == hands  # what was saved can still be read


def test_a_full_disk_stops_recording_with_one_message(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    match, _ = play_match(4, seed=66, seats={"1": "normal", "2": "normal", "3": "normal"})
    table = TableInfo.of_match(match)
    with Statistics(path, clock=Clock()) as stats:
        connection = stats._connection
        assert connection is not None
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")  # as if the disk were full
        outcomes = [stats.record_hand(f"k{i}", match, table, 1) for i in range(200)]
        assert not all(o.saved for o in outcomes)
        first_lost = next(i for i, o in enumerate(outcomes) if not o.saved)
        assert not any(o.saved for o in outcomes[first_lost:])
        problem = stats.take_problem()
        assert problem == Problem(ProblemKind.NOT_SAVED, detail="database or disk is full")
        assert stats.take_problem() is None
        assert stats.totals().hands == first_lost  # the hands saved before are intact
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    connection.close()


def test_two_programs_recording_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    hands = 300
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        counts = pool.starmap(record_matches, [(str(path), "one", hands, 1), (str(path), "two", hands, 2)])
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = dict(
            connection.execute(
                "SELECT substr(m.key, 1, 3), COUNT(*) FROM hands h JOIN matches m ON m.id = h.match_id GROUP BY 1"
            )
        )
        assert rows == {"one": counts[0], "two": counts[1]}
        assert min(counts) >= hands
        juegos = connection.execute("SELECT COUNT(*) FROM juegos").fetchone()[0]
        decided = connection.execute("SELECT COUNT(*) FROM hands WHERE juego_won IS NOT NULL").fetchone()[0]
        assert juegos == decided
        rated = connection.execute("SELECT COUNT(*) FROM ratings").fetchone()[0]
        unassisted = connection.execute("SELECT COUNT(*) FROM juegos WHERE assisted = 0").fetchone()[0]
        assert rated == unassisted
    finally:
        connection.close()


def test_reset_forgets_everything_and_recording_goes_on() -> None:
    match, _ = play_match(4, seed=51, seats={"1": "normal", "2": "normal", "3": "normal"})
    table = TableInfo.of_match(match)
    with Statistics(clock=Clock()) as stats:
        stats.record_match_end("k", match, table)
        assert stats.totals().hands > 0 and stats.rating_history(4)
        assert stats.reset()
        assert stats.totals().hands == 0 and stats.totals().matches == 0
        assert stats.rating_history(4) == [] and stats.results() == []
        assert stats.rating(4).rating == Rating()
        assert stats.record_hand("k", match, table, 1).new
        assert stats.totals().hands == 1


def test_a_store_alone_opens_the_file_and_forgets(tmp_path: Path) -> None:
    """The file's part works without recording or queries: opened, said well, emptied, closed."""
    path = tmp_path / "statistics.sqlite3"
    recorded_database(path)
    with Store(path) as store:
        assert store.saving and store.problem is None and store.version == SCHEMA_VERSION
        assert store.reset()
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 0
    connection.close()


def test_a_file_that_cannot_be_moved_aside_is_said_and_nothing_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "statistics.sqlite3"
    garbage = b"not a database, and it stays where it is " * 10
    path.write_bytes(garbage)
    monkeypatch.setattr(store_module.storage, "set_aside", lambda _path: None)
    with Statistics(path) as stats:
        assert stats.problem == Problem(
            ProblemKind.NOT_SET_ASIDE, detail="file is not a database", file="statistics.sqlite3"
        )
        assert not stats.saving and stats.set_aside_to is None
    assert path.read_bytes() == garbage
