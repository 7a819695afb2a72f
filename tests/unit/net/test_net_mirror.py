"""The client's reading of the host's messages: turned to the player's seat, and hostile fields refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from guinote_tui.engine import HandEnded, HandResult, Match, Play, seat_view, visible_to
from guinote_tui.engine.events import CardPlayed, TrickWon
from guinote_tui.net import protocol
from guinote_tui.net.mirror import MirroredTable
from guinote_tui.net.protocol import ProtocolError


def wire(message: dict[str, Any]) -> dict[str, Any]:
    return json.loads(protocol.encode(message))


def tables(match: Match) -> dict[int, MirroredTable]:
    names = [f"Seat {s + 1}" for s in range(match.players)]
    return {
        seat: MirroredTable.read(wire(protocol.welcome(seat, match, names, list(range(match.players)))))
        for seat in range(match.players)
    }


@pytest.mark.parametrize("players", [2, 4])
def test_every_seat_reads_its_view_turned_to_it_over_a_whole_hand(players: int) -> None:
    match = Match(players, seed=21)
    seated = tables(match)
    rng = random.Random(4)
    hand = match.hand
    while not hand.is_over:
        for seat, table in seated.items():
            real = seat_view(hand, seat, events=False)
            view = table.state(wire(protocol.state_message(real, match, 3))).view
            assert view.seat == 0 and view.hand == real.hand
            # Seat s of the table is seat (s - seat) % players of the picture, and side 0 is the seat's own.
            assert view.hand_sizes == tuple(real.hand_sizes[(s + seat) % players] for s in range(players))
            assert view.points == (real.points if seat % 2 == 0 else real.points[::-1])
            assert view.dealer == (real.dealer - seat) % players
            assert view.legal == real.legal
            assert [(s, c) for s, c in view.trick] == [((s - seat) % players, c) for s, c in real.trick]
            for trick, own in zip(view.tricks, real.tricks, strict=True):
                assert trick.winner == (own.winner - seat) % players and trick.cards == own.cards
        mover = hand.to_move
        assert mover is not None
        hand.apply(rng.choice(seat_view(hand, mover, events=False).legal), mover)
    for seat, table in seated.items():
        for event in visible_to(hand.events or [], seat):
            read = table.event(wire(protocol.event_message(event, 1, 1)))
            if isinstance(event, CardPlayed):
                assert isinstance(read, CardPlayed) and read.seat == (event.seat - seat) % players
            if isinstance(event, TrickWon):
                assert isinstance(read, TrickWon) and read.winner == (event.winner - seat) % players


def test_actions_travel_unturned() -> None:
    match = Match(2, seed=3)
    table = tables(match)[1]
    real = seat_view(match.hand, 1, events=False)
    view = table.state(wire(protocol.state_message(real, match, 0))).view
    assert all(isinstance(a, Play) for a in view.legal) or view.legal == ()
    assert [str(a) for a in view.legal] == [str(a) for a in real.legal]


def good_state() -> tuple[MirroredTable, dict[str, Any]]:
    match = Match(4, seed=8)
    table = tables(match)[2]
    return table, wire(protocol.state_message(seat_view(match.hand, 2, events=False), match, 1))


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("view", "hand"), ["99Z"]),
        (("view", "hand"), "1O"),
        (("view", "hand_sizes"), [1, 2]),
        (("view", "seat"), 1),
        (("view", "stage"), "dance"),
        (("view", "trick"), [[7, "1O"]]),
        (("view", "legal"), ["sing everything"]),
        (("view", "points"), [1e308, 0]),
        (("view", "points"), [True, 0]),
        (("view", "tricks"), [{"leader": 0, "cards": ["1O"], "winner": 0}]),
        (("view", "cantes"), [{"seat": 0, "suit": "X", "points": 20, "trick": 1}]),
        (("view", "muestra_card"), None),
        (("view", "trump"), "\x1b[2J"),
        (("match", "winner"), 2),
        (("match", "scores"), [1, 2, 3]),
        (("serial",), -1),
    ],
)
def test_a_hostile_state_is_one_line(path: tuple[str, ...], value: Any) -> None:
    table, message = good_state()
    target = message
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ProtocolError) as caught:
        table.state(message)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


@pytest.mark.parametrize(
    "change",
    [
        {"version": 1},
        {"players": 3},
        {"seat": 4},
        {"rules": {"target": "a lot"}},
        {"names": ["x"]},
        {"level": ""},
        {"hints": "yes"},
    ],
)
def test_a_hostile_welcome_is_refused(change: dict[str, Any]) -> None:
    match = Match(4, seed=1)
    message = wire(protocol.welcome(0, match, ["a", "b", "c", "d"], [0]))
    message.update(change)
    with pytest.raises(ProtocolError):
        MirroredTable.read(message)


def test_an_unknown_event_is_refused_and_a_malformed_hands_end_too() -> None:
    table, _ = good_state()
    with pytest.raises(ProtocolError):
        table.event({"event": {"kind": "teleported", "seat": 0}})
    with pytest.raises(ProtocolError):
        table.event({"event": {"kind": "hand_ended", "result": {}}})
    assert table.event({"event": {"kind": "passed", "seat": 1}}) is None


@pytest.mark.parametrize("seat", [0, 1])
def test_the_hands_result_is_read_turned_to_the_seat(seat: int) -> None:
    """The summary and the score sheet of a joined seat read the hand's result as the local table's: side 0 its own."""
    match = Match(2, seed=3)
    while not match.hand.is_over:
        match.apply(match.legal_actions()[0])
    real = match.hand.result
    assert real is not None
    read = tables(match)[seat].event(wire(protocol.event_message(HandEnded(real), 1, 0)))
    assert isinstance(read, HandEnded) and isinstance(read.result, HandResult)
    result = read.result
    turn = (lambda pair: pair) if seat == 0 else (lambda pair: (pair[1], pair[0]))
    assert result.points == turn(real.points) and result.totals == turn(real.totals)
    assert result.card_points == turn(real.card_points) and result.cante_points == turn(real.cante_points)
    side = (lambda s: s) if seat == 0 else (lambda s: None if s is None else 1 - s)
    assert result.juego_winner == side(real.juego_winner) and result.last_trick_side == side(real.last_trick_side)
    assert result.reason is real.reason and result.first_of_juego == real.first_of_juego
    hostile = wire(protocol.event_message(HandEnded(real), 1, 0))
    hostile["event"]["result"]["points"] = [10**9, 0]
    with pytest.raises(ProtocolError):
        tables(match)[seat].event(hostile)
