"""The CSV export: one row per hand, the same text whatever the file, and never over the file itself."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest
from records_helpers import Clock, play_match
from records_helpers import three_matches as played

from guinote_tui import storage
from guinote_tui.engine import HandState, Match, Termination
from guinote_tui.records import ExportRefused, Problem, ProblemKind, Statistics, TableInfo
from guinote_tui.records.export import CSV_HEADER, csv_text


@pytest.fixture
def three_matches() -> list[tuple[str, Match, list[HandState], TableInfo]]:
    return played()


def test_csv_export_has_one_row_per_hand(
    three_matches: list[tuple[str, Match, list[HandState], TableInfo]], tmp_path: Path
) -> None:
    with Statistics(clock=Clock()) as stats:
        for key, match, _, table in three_matches:
            stats.record_match(key, match, table)
        path = tmp_path / "hands.csv"  # not in the game's own folder, which an export never writes
        written = stats.export_csv(path)
    with path.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    results = [rec.result for _, m, _, _ in three_matches for rec in m.finished]
    assert written == len(rows) == len(results)
    header = list(rows[0])
    assert header[:3] == ["match", "hand", "played_at"]
    for column in ("termination", "points_player", "points_rivals", "juego_won", "assisted", "rival_level"):
        assert column in header
    assert [int(r["points_player"]) for r in rows] == [r.points[0] for r in results if r]
    assert {r["termination"] for r in rows} <= {t.value for t in Termination}
    assert rows[0]["match"] == "a" and rows[0]["hand"] == "1" and rows[-1]["match"] == "c"


def test_the_header_names_the_hand_and_ends_with_the_review_cost() -> None:
    assert CSV_HEADER[:3] == ("match", "hand", "played_at") and CSV_HEADER[-1] == "review_cost"
    assert "number" not in CSV_HEADER and "match_id" not in CSV_HEADER
    assert csv_text([]) == ",".join(CSV_HEADER) + "\n"


def test_the_export_never_writes_over_the_statistics_file(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    match, _ = play_match(2, seed=81, seats={"1": "easy"})
    with Statistics(path, clock=Clock()) as stats:
        stats.record_match("k", match, TableInfo.of_match(match))
        other = tmp_path / "elsewhere" / "stats.csv"
        other.parent.mkdir()
        os.link(path, other)  # the database under another name
        with pytest.raises(ExportRefused) as refused:
            stats.export_csv(other, force=True)
        assert refused.value.problem == Problem(ProblemKind.EXPORT_IS_DATABASE, file=str(other))
        existing = tmp_path / "old.csv"
        existing.write_text("kept", encoding="utf-8")
        with pytest.raises(storage.Refused):  # an existing file without --force: storage says no
            stats.export_csv(existing)
        assert existing.read_text(encoding="utf-8") == "kept"
    assert os.path.samefile(path, other)  # the link was not replaced by an export either
    with Statistics(path) as again:
        assert again.problem is None and again.totals().hands == len(match.finished)
