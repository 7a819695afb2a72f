"""Recording hands as a seat at a hosted table saw them: the rows the game's own recording writes, once, and games
with people kept apart (never rated, their own results, their own totals)."""

from __future__ import annotations

import itertools
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from records_helpers import Clock, graded_decisions, record_as_the_game_does
from seen_helpers import SeenHand, play_seen

from guinote_tui.engine import Match, Rules, Stage
from guinote_tui.net import protocol
from guinote_tui.net.mirror import MirroredTable
from guinote_tui.records import Statistics, TableInfo, hand_facts, seat_match_key
from guinote_tui.records.schema import MIGRATIONS, SCHEMA_VERSION
from guinote_tui.records.seen import least_place

#: The columns that differ between the two recordings by design: the match's end is recorded at another moment,
#: and a seat at a hosted table does not know the match's seed.
NOT_COMPARED = {"matches": {"ended_at", "seed"}}
TABLES = ("matches", "hands", "juegos", "cotos", "ratings")


def table_rows(path: Path, table: str) -> list[dict[str, object]]:
    connection = sqlite3.connect(path)
    connection.row_factory = sqlite3.Row
    try:
        found = connection.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()
    finally:
        connection.close()
    left_out = NOT_COMPARED.get(table, set())
    return [{k: row[k] for k in row.keys() if k not in left_out} for row in found]  # noqa: SIM118 (a Row)


def record_seen(stats: Statistics, key: str, seen: list[list[SeenHand]], table: TableInfo, seat: int = 0) -> None:
    """Record each hand as ``seat`` saw it, as a table screen does, then the match's end."""
    for hand in seen:
        mine = hand[seat]
        recorded = stats.record_seen_hand(key, mine.view, mine.number, mine.before, mine.after, table)
        assert recorded.new and recorded.saved
    assert stats.record_seen_match_end(key, seen[-1][seat].after.winner, table)


def people_table(match: Match, assisted: bool = False) -> TableInfo:
    """A table where every other seat was a person's."""
    return TableInfo.at_table_with_people(match.players, range(match.players), "normal", match.rules, assisted)


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (4, 19)])
def test_a_match_seen_from_the_players_seat_is_recorded_as_the_game_records_it(
    tmp_path: Path, players: int, seed: int
) -> None:
    match, seen = play_seen(players, seed, Rules.preset("aragones", juegos_per_coto=2, cotos_to_win=2))
    match.table = {"seats": {str(s): "hard" for s in range(1, players)}}
    table = TableInfo.of_match(match)
    with Statistics(tmp_path / "game.sqlite3", clock=Clock()) as game:
        by_game = [game.record_hand("k", match, table, n) for n in range(1, len(match.finished) + 1)]
        game.record_match_end("k", match, table)
    with Statistics(tmp_path / "seat.sqlite3", clock=Clock()) as seat:
        by_seat = [seat.record_seen_hand("k", h[0].view, h[0].number, h[0].before, h[0].after, table) for h in seen]
        seat.record_seen_match_end("k", seen[-1][0].after.winner, table)
    assert by_seat == by_game
    assert any(r.rating is not None for r in by_seat) and any(r.juego_won is None for r in by_seat)
    for name in TABLES:
        assert table_rows(tmp_path / "seat.sqlite3", name) == table_rows(tmp_path / "game.sqlite3", name), name
    assert table_rows(tmp_path / "seat.sqlite3", "cotos")
    assert table_rows(tmp_path / "seat.sqlite3", "matches")[0]["winner_side"] == match.winner is not None


def test_a_hand_seen_again_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    match, seen = play_seen(4, 23)
    table = people_table(match)
    with Statistics(path, clock=Clock()) as stats:
        record_seen(stats, "k", seen, table, seat=2)
        before = (stats.summary(), [table_rows(path, name) for name in TABLES])
        for hand in seen:  # joined again: the states of the hands already recorded come again
            mine = hand[2]
            again = stats.record_seen_hand("k", mine.view, mine.number, mine.before, mine.after, table)
            assert again.saved and not again.new
        assert stats.record_seen_match_end("k", seen[-1][2].after.winner, table)
        assert (stats.summary(), [table_rows(path, name) for name in TABLES]) == before


def test_a_seat_that_saw_the_match_from_a_later_hand_never_merges_two_juegos(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    match, seen = play_seen(2, 19)
    assert len(seen) > 7
    skipped = 6
    table = people_table(match)
    with Statistics(path, clock=Clock()) as stats:
        for hand in seen[2:]:  # joined at hand 3; hand 6 lost on the way
            mine = hand[0]
            if mine.number != skipped:
                assert stats.record_seen_hand("k", mine.view, mine.number, mine.before, mine.after, table).new
        juegos = stats.totals().juegos
    rows = {row["number"]: (row["juego_number"], row["juego_won"]) for row in table_rows(path, "hands")}
    first = seen[2][0]
    assert rows[3][0] == least_place(first.view, 3, first.before).number
    numbers = sorted(rows)
    for earlier, later in itertools.pairwise(numbers):
        (juego, won), (next_juego, _) = rows[earlier], rows[later]
        if later == earlier + 1:  # the hand before is known: the juego follows from it
            assert next_juego == juego + (won is not None)
        else:
            assert next_juego > juego
    assert juegos == sum(won is not None for _, won in rows.values())


def test_games_with_people_are_never_rated_and_are_kept_apart(tmp_path: Path) -> None:
    bots, _ = play_seen(2, 7)
    bots.table = {"seats": {"1": "normal"}}
    people, people_seen = play_seen(2, 19)
    table = people_table(people)
    assert table == TableInfo(2, "normal", rival_people=1)
    alone = tmp_path / "bots.sqlite3"
    with Statistics(alone, clock=Clock()) as only_bots:
        record_as_the_game_does(only_bots, "b", bots, TableInfo.of_match(bots))
        bots_only = (only_bots.totals(), only_bots.results(), only_bots.rating_history(2))
    with Statistics(tmp_path / "both.sqlite3", clock=Clock()) as stats:
        record_as_the_game_does(stats, "b", bots, TableInfo.of_match(bots))
        for hand in people_seen:
            mine = hand[0]
            recorded = stats.record_seen_hand("p", mine.view, mine.number, mine.before, mine.after, table)
            assert recorded.new and recorded.rating is None
        stats.record_seen_match_end("p", people_seen[-1][0].after.winner, table)
        assert stats.rating_history(2) == bots_only[2]
        assert stats.totals(people=False) == bots_only[0]
        with_people = stats.totals(people=True)
        assert with_people.matches == 1 and with_people.hands == len(people.finished)
        decided = [r.result.juego_winner for r in people.finished if r.result and r.result.juego_winner is not None]
        assert (with_people.juegos, with_people.juegos_won) == (len(decided), decided.count(0))
        assert with_people.matches_won == (people.winner == 0)
        results = stats.results()
        assert [r for r in results if not r.with_people] == bots_only[1]
        apart = [r for r in results if r.with_people]
        assert len(apart) == 1 and (apart[0].rival_people, apart[0].partner_person) == (1, False)
        assert (apart[0].juegos, apart[0].wins, apart[0].hands) == (
            with_people.juegos,
            with_people.juegos_won,
            with_people.hands,
        )
        summary = stats.summary()
        assert summary.people == with_people and summary.totals.hands == bots_only[0].hands + with_people.hands
        # Every record of the match with people says so; the export too.
        for name in ("matches", "hands", "juegos", "cotos"):
            rows = table_rows(tmp_path / "both.sqlite3", name)
            assert {(r["rival_people"], r["partner_person"]) for r in rows} == {(0, 0), (1, 0)}, name
        exported = tmp_path / "hands.csv"
        assert stats.export_csv(exported) == summary.totals.hands
    lines = exported.read_text().splitlines()
    header = lines[0].split(",")
    people_column = header.index("rival_people")
    assert header[people_column + 1] == "partner_person"
    assert sorted({line.split(",")[people_column] for line in lines[1:]}) == ["0", "1"]


def test_pairs_with_people_say_who_they_were() -> None:
    match, seen = play_seen(4, 23)
    partner_only = TableInfo.at_table_with_people(4, {0, 2}, "hard", match.rules)
    rivals_only = TableInfo.at_table_with_people(4, [3, 1], "hard", match.rules, assisted=True)
    with Statistics(clock=Clock()) as stats:
        record_seen(stats, "partner", seen, partner_only)
        record_seen(stats, "rivals", seen, rivals_only)
        assert stats.rating_history(4) == []
        found = {(r.rival_people, r.partner_person, r.assisted, r.partner_level) for r in stats.results()}
        assert found == {(0, True, False, "hard"), (2, False, True, "hard")}
        assert stats.totals(people=False).hands == 0


def test_the_end_of_a_match_with_people_is_won_lost_or_left() -> None:
    match, seen = play_seen(2, 7)
    table = people_table(match)
    with Statistics(clock=Clock()) as stats:
        for key, winner in (("won", 0), ("lost", 1), ("left", None)):
            mine = seen[0][0]
            stats.record_seen_hand(key, mine.view, 1, mine.before, mine.after, table)
            assert stats.record_seen_match_end(key, winner, table)
        assert stats.record_seen_match_end("no hand", 0, table)  # a match ended before its first hand ended
        totals = stats.totals(people=True)
        assert (totals.matches, totals.matches_won, totals.matches_lost, totals.matches_unfinished) == (4, 2, 1, 1)
        with pytest.raises(ValueError, match="a side is 0 or 1"):
            stats.record_seen_match_end("won", 2, table)


def test_a_view_that_does_not_hold_together_records_nothing() -> None:
    match, seen = play_seen(2, 7)
    mine = seen[0][0]
    table = people_table(match)
    with Statistics(clock=Clock()) as stats:
        playing = replace(mine.view, stage=Stage.PLAY)
        assert not stats.record_seen_hand("k", playing, 1, mine.before, mine.after, table).saved
        assert not stats.record_seen_hand("k", mine.view, 1, {"juegos": "x"}, mine.after, table).saved
        assert not stats.record_seen_hand("k", mine.view, 0, mine.before, mine.after, table).saved
        assert stats.totals().hands == 0 and stats.totals().matches == 0 and stats.problem is None
        with pytest.raises(ValueError, match="the table has 4 players but the view 2"):
            stats.record_seen_hand("k", mine.view, 1, mine.before, mine.after, TableInfo(4, "normal", "normal"))
        assert stats.record_seen_hand("k", mine.view, 1, mine.before, mine.after, table).new


def test_the_table_of_a_seat_with_people() -> None:
    rules = Rules.preset("libre-100", tute="juego")
    assert TableInfo.at_table_with_people(4, {1, 2, 3}, "easy", rules, assisted=True) == TableInfo(
        4, "easy", "easy", "libre-100", "tute=juego", True, rival_people=2, partner_person=True
    )
    assert not TableInfo.at_table_with_people(2, {0}, "easy", rules).with_people
    # The seats as the host numbers them, the player's among them: turned to the player's.
    assert TableInfo.at_table_with_people(2, {0, 1}, "easy", rules, seat=1).rival_people == 1
    at_seat_1 = TableInfo.at_table_with_people(4, {1, 2}, "easy", rules, seat=1)
    assert (at_seat_1.rival_people, at_seat_1.partner_person) == (1, False)
    at_seat_2 = TableInfo.at_table_with_people(4, {0, 2}, "easy", rules, seat=2)
    assert (at_seat_2.rival_people, at_seat_2.partner_person) == (0, True)
    with pytest.raises(ValueError, match="seats 0 to 1"):
        TableInfo.at_table_with_people(2, {2}, "easy", rules)
    with pytest.raises(ValueError, match="seats 0 to 3"):
        TableInfo.at_table_with_people(4, {1}, "easy", rules, seat=4)
    with pytest.raises(ValueError, match="no 2 rivals"):
        TableInfo(2, "easy", rival_people=2)
    with pytest.raises(ValueError, match="no partner"):
        TableInfo(2, "easy", partner_person=True)


def test_a_seats_match_key_is_the_same_whenever_its_code_joins() -> None:
    assert seat_match_key("Xq3-a_b") == seat_match_key("Xq3-a_b") != seat_match_key("Xq3-a_c")
    assert "Xq3" not in seat_match_key("Xq3-a_b")


def test_a_hand_with_people_may_be_reviewed_for_practice_and_the_learning_curve() -> None:
    match, seen = play_seen(2, 7)
    table = people_table(match)
    with Statistics(clock=Clock()) as stats:
        record_seen(stats, "k", seen, table)
        kept = stats.record_mistakes("k", 1, graded_decisions(seen[0][0].state, 2))
        assert kept.saved and kept.new == 2
        assert [p.hands for p in stats.mistake_curve(2).points] == [1]


def version_2_file(path: Path, source: Path) -> None:
    """A statistics file of schema version 2 at ``path`` holding the version 2 columns of ``source``'s records."""
    connection = sqlite3.connect(path)
    try:
        for migration in MIGRATIONS[:2]:
            for statement in migration.statements:
                connection.execute(statement)
        connection.execute("PRAGMA user_version = 2")
        connection.execute("ATTACH DATABASE ? AS source", (str(source),))
        for table in ("matches", "hands", "juegos", "cotos", "ratings", "mistakes", "practice"):
            names = ", ".join(row[1] for row in connection.execute(f"PRAGMA main.table_info({table})"))
            connection.execute(f"INSERT INTO main.{table} ({names}) SELECT {names} FROM source.{table}")
        connection.commit()
        connection.execute("DETACH DATABASE source")
    finally:
        connection.close()


def test_a_version_2_file_is_migrated_its_games_against_the_bots(tmp_path: Path) -> None:
    path, source = tmp_path / "statistics.sqlite3", tmp_path / "source.sqlite3"
    match, seen = play_seen(4, 19)
    match.table = {"seats": {"1": "hard", "2": "easy", "3": "hard"}}
    with Statistics(source, clock=Clock()) as recording:
        record_as_the_game_does(recording, "k", match, TableInfo.of_match(match))
        assert recording.record_mistakes("k", 1, graded_decisions(seen[0][0].state, 2)).new == 2
        # (The rating's deviation grows with the time since: each file's clock reads its own time.)
        before = (replace(recording.summary(), ratings={}), recording.rating_history(4), recording.mistakes())
    version_2_file(path, source)
    with Statistics(path, clock=Clock()) as stats:
        assert stats.problem is None and stats.saving
        assert (replace(stats.summary(), ratings={}), stats.rating_history(4), stats.mistakes()) == before
        assert all(not r.with_people for r in stats.results()) and stats.totals(people=True).hands == 0
        record_seen(stats, "people", seen, people_table(match), seat=1)
        assert stats.totals(people=True).hands == len(match.finished)
    assert SCHEMA_VERSION == 4
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        people = connection.execute("SELECT rival_people, partner_person, COUNT(*) FROM hands GROUP BY 1, 2").fetchall()
    finally:
        connection.close()
    assert people == [(0, 0, len(match.finished)), (2, 1, len(match.finished))]


def test_what_a_table_screen_calls_records_each_hand_as_its_seat_saw_it(tmp_path: Path) -> None:
    """The calls of a person's table screen at seat 4 of a pairs table (seats 2 and 4 people), with what it holds:
    the host's welcome read by the mirror, each hand's last view and scores, the seat's code."""
    match, seen = play_seen(4, 23)
    names = [f"Seat {s + 1}" for s in range(4)]
    welcome = protocol.decode_host(protocol.encode(protocol.welcome(3, match, names, [1, 3], "hard", True)))
    table = MirroredTable.read(welcome)
    info = TableInfo.at_table_with_people(
        table.players, table.people, table.level, table.rules, assisted=False, seat=table.seat
    )
    assert (info.rival_people, info.partner_person, info.rival_level) == (0, True, "hard")
    key = seat_match_key("the code of seat 4")
    path = tmp_path / "statistics.sqlite3"
    with Statistics(path, clock=Clock()) as stats:
        for hand in seen:
            mine = hand[3]
            assert stats.record_seen_hand(key, mine.view, mine.after.hand, mine.before, mine.after, info).new
        assert stats.record_seen_match_end(key, seen[-1][3].after.winner, info)
    rows = table_rows(path, "hands")
    assert [row["number"] for row in rows] == list(range(1, len(match.finished) + 1))
    for row in rows:
        facts = hand_facts(match, int(str(row["number"])), seat=3)
        assert (row["points_player"], row["points_rivals"], row["totals_player"], row["totals_rivals"]) == (
            *facts.points,
            *facts.totals,
        )
        assert (row["juego_number"], row["coto_number"], row["termination"]) == (
            facts.juego_number,
            facts.coto_number,
            facts.termination.value,
        )
        assert (row["tute_seat"], row["tute_side"], row["cantes_player"], row["cantes_rivals"]) == (
            facts.tute_seat,
            facts.tute_side,
            *facts.cantes,
        )
        assert row["juego_won"] == (None if facts.juego_won is None else int(facts.juego_won))
    assert table_rows(path, "matches")[0]["winner_side"] == (match.winner ^ 1 if match.winner is not None else None)
