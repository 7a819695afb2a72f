"""A joined seat's table flow without a screen: the same key rules as the local table, the host as the source."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

from guinote_tui.coach import advise
from guinote_tui.engine import PASS, Action, HandEnded, Match, Play, seat_view
from guinote_tui.game.table_controller import COACH, SPACE_ONLY, Turn
from guinote_tui.net import protocol
from guinote_tui.net.mirror import MirroredTable
from guinote_tui.net.remote import RemoteTable


class Jobs:
    """A scheduler that keeps its jobs until the test runs them."""

    def __init__(self) -> None:
        self.threads: list[tuple[str, Callable[[threading.Event], None]]] = []
        self.timers: list[Callable[[], None]] = []

    def run_thread(self, work: Callable[[threading.Event], None], group: str, name: str = "") -> None:
        self.threads.append((group, work))

    def call_soon(self, fn: Callable[[], None]) -> None:
        fn()

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Any:
        self.timers.append(fn)
        return None

    def cancel(self, group: str) -> None:
        self.threads = [job for job in self.threads if job[0] != group]

    def covered(self) -> bool:
        return False

    def run_timers(self) -> None:
        while self.timers:
            self.timers.pop(0)()


class Told:
    """The screen's side: what it was told, in order."""

    def __init__(self) -> None:
        self.said: list[tuple[str, object]] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: self.said.append((name, args))

    def names(self) -> list[str]:
        return [name for name, _args in self.said]


def wire(message: dict[str, Any]) -> dict[str, Any]:
    return json.loads(protocol.encode(message))


class Seat:
    """A heads-up match hosted in memory, and seat 0's :class:`RemoteTable` fed from it."""

    def __init__(self, seed: int = 5) -> None:
        self.match = Match(2, seed=seed)
        self.jobs, self.told = Jobs(), Told()
        self.sent: list[tuple[Action, int]] = []
        self.table = MirroredTable.read(wire(protocol.welcome(0, self.match, ["Seat 1", "Seat 2"], [0, 1])))
        self.flow = RemoteTable(self.jobs, self.told, lambda action, serial: self.sent.append((action, serial)), advise)
        self.flow.seated(self.table)
        self.serial = 1
        self.publish()

    def publish(self) -> None:
        hand = self.match.hand
        if hand.is_over:
            self.flow.arrived("event", self.table.event(wire(protocol.event_message(HandEnded(hand.result), 1, 0))))
        view = seat_view(hand, 0, events=False)
        self.flow.arrived("state", self.table.state(wire(protocol.state_message(view, self.match, self.serial))))
        self.serial += 1

    def play(self, seat: int, choose: Callable[[tuple[Action, ...]], Action]) -> None:
        self.match.apply(choose(seat_view(self.match.hand, seat, events=False).legal), seat)
        self.publish()
        self.jobs.run_timers()


def won_first_trick() -> Seat:
    """Seed 5: the player leads; its last card and the rival's first one give the player the trick."""
    seat = Seat()
    seat.play(0, lambda legal: legal[-1])
    seat.play(1, lambda legal: legal[0])
    return seat


def test_the_first_card_key_after_a_trick_won_only_clears_it_and_a_declaration_is_made() -> None:
    seat = won_first_trick()
    flow = seat.flow
    assert flow.state is Turn.HOLDING and flow.to_act
    card = next(a for a in flow.view().legal if isinstance(a, Play))
    assert flow.act(card) is False and seat.sent == []  # only cleared: nothing sent to the host
    assert flow.state is Turn.PLAYER
    assert flow.act(card) is True and seat.sent == [(card, seat.serial - 1)]


def test_out_of_turn_says_wait_and_sends_nothing_and_space_never_plays() -> None:
    seat = Seat()
    flow = seat.flow
    flow.go_on()  # the player's turn: Space explains itself
    assert flow.message == SPACE_ONLY and seat.sent == []
    seat.play(0, lambda legal: legal[0])
    assert flow.state is Turn.BOT
    assert flow.act(PASS, declared=True) is False and "Wait for your turn" in flow.message and seat.sent == []


def test_a_hint_asked_while_the_rival_plays_comes_on_the_players_turn() -> None:
    seat = Seat()
    seat.flow.hints = True
    seat.play(0, lambda legal: legal[0])
    seat.flow.ask_hint()
    assert seat.flow.hint_wanted and seat.jobs.threads == []
    seat.play(1, lambda legal: legal[0])  # the trick is over; if the player won it, it is held
    if seat.flow.holding:
        seat.flow.release()
    assert [group for group, _work in seat.jobs.threads] == [COACH] and not seat.flow.hint_wanted


def test_the_next_deal_waits_for_the_summary_as_at_the_local_table() -> None:
    seat = Seat()
    while not seat.match.hand.is_over:
        mover = seat.match.hand.to_move
        assert mover is not None
        seat.play(mover, lambda legal: legal[0])
        if seat.flow.holding:
            seat.flow.release()
    assert seat.flow.state is Turn.SUMMARY and "summary_due" in seat.told.names()
    told = seat.flow.told
    assert told is not None and told.result is not None
    assert told.result.points == seat.match.finished[0].result.points  # seat 0: side 0 is its own
    seat.match.next_hand()
    seat.publish()  # the host deals at once: the deal waits while the summary is in front
    assert seat.flow.view().stage.value == "over" and len(seat.flow.queue) == 1
    seat.flow.summary_closed()
    assert seat.flow.view().stage.value != "over" and not seat.flow.queue
    assert len(told.match.finished) == 1 and not told.match.hand.is_over


def test_a_seat_that_sat_down_late_numbers_the_hand_in_play_and_takes_the_tally_from_the_host() -> None:
    """The hands played before the seat sat down have no row; the hand in play keeps its number and the juegos."""
    from guinote_tui.game.scoresheet import sheet_rows

    match = Match(2, seed=5)
    while sum(match.juegos) == 0:  # (at least one hand, until a juego is won)
        while not match.hand.is_over:
            match.apply(match.legal_actions()[0])
        match.next_hand()
    table = MirroredTable.read(wire(protocol.welcome(0, match, ["Seat 1", "Seat 2"], [0, 1])))
    flow = RemoteTable(Jobs(), Told(), lambda action, serial: None, advise)
    flow.seated(table)
    flow.arrived("state", table.state(wire(protocol.state_message(seat_view(match.hand, 0, events=False), match, 1))))
    told = flow.told
    assert told is not None
    seen = told.match
    rows = sheet_rows(seen.finished, seen.rules, seen.hand, (seen.juegos, seen.cotos))
    assert [row.hand for row in rows] == [match.hand_number] and rows[0].in_play
    assert rows[0].juegos == tuple(match.juegos) and rows[0].cotos == tuple(match.cotos)
