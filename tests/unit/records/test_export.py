"""The CSV export: one row per hand, the same text whatever the file, and never over the file itself."""

from __future__ import annotations

import csv
import os
import random
from pathlib import Path

import pytest
from records_helpers import Clock, play_match
from records_helpers import three_matches as played

from guinote_tui import storage
from guinote_tui.engine import (
    CARDS,
    PASS,
    Action,
    Card,
    DeclareTute,
    HandState,
    Match,
    Play,
    Rules,
    card_tables,
    parse_cards,
)
from guinote_tui.records import ExportRefused, Problem, ProblemKind, Statistics, TableInfo
from guinote_tui.records.export import CSV_HEADER, csv_text

#: What each match's table records (records_helpers.three_matches, then scripted_match): the bots' specs by seat
#: (the player is seat 0), whether the match is assisted, and the rule flags changed from the preset.
TABLES = {
    "a": ({"1": "normal"}, False, ""),
    "b": ({"1": "hard", "2": "easy", "3": "hard"}, False, ""),
    "c": ({"1": "easy"}, True, ""),
    "d": ({"1": "expert", "2": "normal", "3": "easy"}, False, "capote_bonus=100 tute=points40"),
}
#: The coach's cost kept for some hands (match, hand); every other hand's cell is empty.
REVIEW_COSTS = {("a", 2): 0.25, ("d", 2): 12.5}


@pytest.fixture
def three_matches() -> list[tuple[str, Match, list[HandState], TableInfo]]:
    return played()


def stacked_deck(dealer: int, dealt: dict[int, list[Card]], muestra: str, stock: list[Card]) -> list[int]:
    """A deck order that deals ``dealt[seat]`` (six cards, in packets of three from the seat after the dealer)."""
    deck: list[int] = []
    for packet in (0, 3):
        for offset in range(1, 5):
            deck += dealt[(dealer + offset) % 4][packet : packet + 3]
    return [*deck, *parse_cards(muestra), *stock]


def scripted_action(hand: HandState, rng: random.Random) -> Action:
    """Seats 0 and 2 declare a tute when they can, else play their strongest card, trumps first; rivals at random."""
    legal = hand.legal_actions()
    if hand.to_move not in (0, 2):
        return rng.choice(legal)
    strength = card_tables(hand.rules).strength
    plays = [a for a in legal if isinstance(a, Play)]
    tutes = [a for a in legal if isinstance(a, DeclareTute)]
    if tutes:
        return tutes[0]
    return max(plays, key=lambda a: (a.card.suit == hand.trump, strength[a.card])) if plays else PASS


def scripted_match() -> tuple[Match, list[HandState]]:
    """Two hands of a pairs match with flags changed: the player's side takes every trick, then the partner's tute.

    Hand 1: seat 0 leads every trick, with the nine trumps it is dealt and draws (the 2 of Oros, the muestra, is
    the one trump the rivals draw; it falls under the first trump led in the arrastre), then the As de Copas.
    Hand 2: seat 2 is dealt the four reyes and the As de Oros, which takes the first trick.
    """
    rng = random.Random(5)
    player = parse_cards("1O 3O 12O 11O 10O 7O 6O 5O 4O 1C")
    rest = [card for card in CARDS if card not in [*player, *parse_cards("2O")]]
    rng.shuffle(rest)
    dealt = {0: player[:6], 1: rest[0:6], 2: rest[6:12], 3: rest[12:18]}
    draws = {0: player[6:], 1: rest[18:22], 2: rest[22:26], 3: [*rest[26:29], CARDS[0]]}
    stock = [draws[seat][step] for step in range(4) for seat in range(4)][:-1]  # seat 0 draws first; the muestra last
    rules = Rules.preset("aragones", tute="points40", capote_bonus=100)
    match = Match(4, rules, seed=5, dealer=3, deck=stacked_deck(3, dealt, "2O", stock))
    match.table = {"seats": TABLES["d"][0]}
    states = [match.hand]
    while not match.hand.is_over:
        match.apply(scripted_action(match.hand, rng))
    player = parse_cards("12O 12C 12E 12B 1O 3O")
    rest = [card for card in CARDS if card not in [*player, *parse_cards("2O")]]
    rng.shuffle(rest)
    dealer = (match.hand.dealer + 1) % 4  # rules.next_dealer is "rotate"
    dealt = {0: rest[0:6], 1: rest[6:12], 2: player, 3: rest[12:18]}
    states.append(match.next_hand(stacked_deck(dealer, dealt, "2O", rest[18:])))
    while not match.hand.is_over:
        match.apply(scripted_action(match.hand, rng))
    assert match.hand.dealer == dealer and len(match.finished) == 2
    return match, states


def expected_rows(key: str, match: Match, states: list[HandState]) -> list[dict[str, str]]:
    """The rows the export should write for ``match``, from its hands' states (``played_at`` left out)."""
    seats, assisted, flags = TABLES[key]
    rows: list[dict[str, str]] = []
    coto, juego, juegos = 1, 1, [0, 0]
    for number, (record, state) in enumerate(zip(match.finished, states, strict=True), 1):
        result = state.result
        assert result is not None and result == record.result
        tute = [seat for seat, action in state.log if isinstance(action, DeclareTute)]
        sung = [sum(1 for cante in state.cantes if cante.seat % 2 == side) for side in (0, 1)]
        cost = REVIEW_COSTS.get((key, number))
        cells: dict[str, object] = {
            "match": key,
            "hand": number,
            "players": match.players,
            "rival_level": seats["1"],
            "partner_level": seats.get("2", ""),
            "rival_people": 0,
            "partner_person": 0,
            "rules_preset": match.rules.preset_name,
            "rule_flags": flags,
            "assisted": int(assisted),
            "coto_number": coto,
            "juego_number": juego,
            "first_of_juego": int(state.first_of_juego),
            "termination": result.reason.value,
            "card_points_player": state.card_points[0],
            "card_points_rivals": state.card_points[1],
            "last_ten_player": 10 if state.last_trick_side == 0 else 0,
            "last_ten_rivals": 10 if state.last_trick_side == 1 else 0,
            "cante_points_player": state.cante_points[0],
            "cante_points_rivals": state.cante_points[1],
            "capote_side": "" if result.capote_side is None else result.capote_side,
            "capote_bonus": result.capote_bonus,
            "points_player": state.points[0],
            "points_rivals": state.points[1],
            "totals_player": state.total(0),
            "totals_rivals": state.total(1),
            "cantes_player": sung[0],
            "cantes_rivals": sung[1],
            "tute_seat": tute[0] if tute else "",
            "tute_side": tute[0] % 2 if tute else "",
            "juego_won": "" if result.juego_winner is None else int(result.juego_winner == 0),
            "review_cost": "" if cost is None else cost,
        }
        rows.append({name: str(value) for name, value in cells.items()})
        winner = result.juego_winner
        if winner is not None:
            juego += 1
            juegos[winner] += 1
            if juegos[winner] == match.rules.juegos_per_coto:
                coto, juegos = coto + 1, [0, 0]
    return rows


def test_each_row_says_what_the_recorded_hand_did(
    three_matches: list[tuple[str, Match, list[HandState], TableInfo]], tmp_path: Path
) -> None:
    scripted, scripted_states = scripted_match()
    matches = [(key, match, states) for key, match, states, _ in three_matches] + [("d", scripted, scripted_states)]
    # What the matches hold, so that every column below is told apart from its neighbours.
    assert scripted_states[0].result and scripted_states[0].result.capote_side == 0
    assert [seat for seat, action in scripted.finished[1].actions if isinstance(action, DeclareTute)] == [2]
    assert any(s.cantes for _, _, states in matches for s in states)
    with Statistics(clock=Clock()) as stats:
        for key, match, _ in matches:
            stats.record_match(key, match, TableInfo.of_match(match, assisted=TABLES[key][1]))
        for (key, number), cost in REVIEW_COSTS.items():
            assert stats.set_review_cost(key, number, cost)
        path = tmp_path / "hands.csv"  # not in the game's own folder, which an export never writes
        written = stats.export_csv(path)
    with path.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    expected = [row for key, match, states in matches for row in expected_rows(key, match, states)]
    # The hands in the order they were recorded, one minute apart (the test clock ticks once a hand).
    for minute, row in enumerate(expected, 1):
        row["played_at"] = f"2025-03-01T12:{minute:02d}:00+00:00"
    assert written == len(rows) == len(expected) == 30
    assert list(rows[0]) == list(CSV_HEADER)
    for row, want in zip(rows, expected, strict=True):
        assert row == {name: want[name] for name in CSV_HEADER}


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
