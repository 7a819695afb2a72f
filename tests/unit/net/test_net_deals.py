"""The whole deal after each hand, over real sockets on 127.0.0.1: every seat is sent it once the hand is over,
a forged one is refused in one line and the seat plays on, and the coach reviews a hand played with people as
one against the bots, keeping the seat's mistakes for practice."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_net_table import SHORT, check_no_leak, run

from guinote_tui.coach import CoachBudget
from guinote_tui.engine import Dealt, HandState, Passed, Rules, Stage, parse_deck, visible_to
from guinote_tui.game.services import Services
from guinote_tui.game.session import SeatHandSession
from guinote_tui.net.client import Client
from guinote_tui.net.deals import MAX_DEAL_ACTIONS, Deal
from guinote_tui.net.host import Host, TableConfig
from guinote_tui.net.mirror import MirroredTable
from guinote_tui.net.protocol import ProtocolError
from guinote_tui.records import Statistics, TableInfo, seat_match_key

#: Two juegos to win: a match of several hands, some of them de vueltas (points carried in).
TWO = Rules.preset("aragones", juegos_per_coto=2)
#: The coach's budget for these reviews: small, the grading is what is checked, not its depth.
QUICK = CoachBudget(min_deals=20, batch=20, max_playouts=600, max_deals=200)


async def play_reading_deals(
    client: Client, rng: random.Random, log: list[dict[str, Any]], deals: dict[int, Deal], hands: int | None = None
) -> None:
    """Random legal actions; each ``deal`` read as the seat's screen reads it (checked), until the match's last
    deal (or hand ``hands``'s) is in."""
    while (message := await client.receive()) is not None:
        log.append(message)
        if message["type"] == "deal":
            deal = client.read_deal(message)
            deals[deal.number] = deal
            done = message["hand"] == hands or (client.seen is not None and client.seen.score.winner is not None)
            if done:
                return
        elif message["type"] == "state" and message["view"]["legal"]:
            await client.act(rng.choice(message["view"]["legal"]), message["serial"])


def test_every_seat_is_sent_the_whole_deal_after_each_hand_and_it_replays_as_the_seat_saw_it() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=4, rules=TWO, people=(0, 1, 3), level="random", seed=11))
        await host.start()
        clients = [await Client.join(address, code) for _, address, code in host.invitations()]
        logs: dict[int, list[dict[str, Any]]] = {seat: [] for seat in host.people}
        deals: dict[int, dict[int, Deal]] = {seat: {} for seat in host.people}
        rng = random.Random(2)
        try:
            await asyncio.gather(
                *(play_reading_deals(c, rng, logs[s], deals[s]) for c, s in zip(clients, host.people, strict=True))
            )
        finally:
            for client in clients:
                await client.close()
            await host.close()
        match = host.match
        assert match.winner is not None and len(match.finished) >= 2
        for seat in host.people:
            log = logs[seat]
            sent = [m for m in log if m["type"] == "deal"]
            assert [m["hand"] for m in sent] == list(range(1, len(match.finished) + 1))
            for message in sent:
                # Sent once the hand is over, right after the state that shows it over: never a card earlier.
                before = log[log.index(message) - 1]
                assert before["type"] == "state" and before["view"]["stage"] == "over"
                assert before["match"]["hand"] == message["hand"]
                record = match.finished[message["hand"] - 1]
                assert (message["dealer"], len(message["deck"]), len(message["actions"])) == (
                    record.dealer,
                    40,
                    len(record.actions),
                )
            table = MirroredTable.read(next(m for m in log if m["type"] == "welcome"))
            assert sorted(deals[seat]) == [m["hand"] for m in sent]
            for number, deal in deals[seat].items():
                # Turned to the player: what seat 0 of the turned hand may know is what the seat was told.
                hand = deal.turned_match().hand
                record = match.finished[number - 1]
                assert hand.is_over and hand.result is not None and record.result is not None
                assert [(s, str(a)) for s, a in deal.actions] == [(s, str(a)) for s, a in record.actions]
                assert hand.result.totals == table.pair(record.result.totals)
                told = [table.event(m) for m in log if m["type"] == "event" and m["hand"] == number]
                mine = [e for e in visible_to(hand.events or [], 0) if not isinstance(e, Passed)]
                if not isinstance(told[0], Dealt):  # (the first hand's deal is shown by the first state alone)
                    mine = mine[1:]
                assert mine == [e for e in told if e is not None]
        assert check_no_leak(match, logs) > 0

    run(scenario)


class ForgingHost(Host):
    """A host whose deals are changed by ``forge`` (a test's hostile host, on a real table)."""

    forge: Callable[[dict[str, Any]], None] = staticmethod(lambda message: None)

    def deal_for(self, number: int, seat: int) -> dict[str, Any]:
        message = super().deal_for(number, seat)
        type(self).forge(message)
        return message


def trade_a_card_between_the_seats(message: dict[str, Any]) -> None:
    """A card of seat 0's deal traded for one of seat 1's: a deal that may still replay, but not as either saw it."""
    deck = message["deck"]
    hands = HandState(parse_deck(deck), message["dealer"], SHORT, 2).hands
    first, second = deck.index(str(hands[0][0])), deck.index(str(hands[1][0]))
    deck[first], deck[second] = deck[second], deck[first]


FORGERIES: dict[str, Callable[[dict[str, Any]], None]] = {
    "cards-traded": trade_a_card_between_the_seats,
    "deck-of-41": lambda m: m["deck"].append(m["deck"][0]),
    "a-card-twice": lambda m: m["deck"].__setitem__(1, m["deck"][0]),
    "too-many-actions": lambda m: m["actions"].extend([[0, "pass"]] * MAX_DEAL_ACTIONS),
    "stops-before-the-end": lambda m: m["actions"].pop(),
    "an-action-of-no-seat": lambda m: m["actions"].__setitem__(0, [7, m["actions"][0][1]]),
    "not-an-action": lambda m: m["actions"].__setitem__(0, [m["actions"][0][0], "\x1b[2Jx"]),
    "another-hand": lambda m: m.__setitem__("hand", m["hand"] + 1),
    "another-dealer": lambda m: m.__setitem__("dealer", 1 - m["dealer"]),
    "deck-not-a-list": lambda m: m.__setitem__("deck", "12E " * 40),
    "stand-in-beyond-the-actions": lambda m: m.__setitem__("stand_in", [len(m["actions"])]),
    "stand-in-not-a-list": lambda m: m.__setitem__("stand_in", "0"),
}


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
def test_a_forged_deal_is_refused_in_one_line_and_the_seat_plays_on(forgery: str) -> None:
    async def scenario() -> None:
        host = ForgingHost(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=3))
        type(host).forge = staticmethod(FORGERIES[forgery])
        await host.start()
        (_, address, code0), (_, _, code1) = host.invitations()
        zero, one = await Client.join(address, code0), await Client.join(address, code1)
        rng = random.Random(5)
        problems: list[str] = []

        async def seat(client: Client) -> None:
            while (message := await client.receive()) is not None:
                if message["type"] == "deal":
                    with pytest.raises(ProtocolError) as refused:
                        client.read_deal(message)
                    problems.append(refused.value.worded())
                elif message["type"] == "state":
                    if message["match"]["hand"] >= 2 and message["view"]["stage"] != "over":
                        return  # the next hand is dealt and read: the seat played on
                    if message["view"]["legal"]:
                        await client.act(rng.choice(message["view"]["legal"]), message["serial"])

        try:
            await asyncio.gather(seat(zero), seat(one))
        finally:
            for client in (zero, one):
                await client.close()
            await host.close()
        assert len(problems) == 2, problems
        for line in problems:
            assert "\n" not in line and "\x1b" not in line and line.startswith("the table did not understand")

    run(scenario)


def test_the_review_of_a_hand_played_with_people_grades_the_seats_decisions_and_keeps_its_mistakes(
    tmp_path: Path,
) -> None:
    """Seat 1 of a pairs table (side 1: the sides turn) plays a hand at random; its deal, turned to the player,
    is reviewed as a hand against the bots and the graded decisions are kept under the seat's match."""

    async def scenario() -> tuple[Deal, list[dict[str, Any]], str]:
        host = Host(TableConfig(players=4, rules=SHORT, people=(1, 2), level="random", seed=21))
        await host.start()
        (_, address, code1), (_, _, code2) = host.invitations()
        one, two = await Client.join(address, code1), await Client.join(address, code2)
        logs: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
        deals: dict[int, dict[int, Deal]] = {1: {}, 2: {}}
        rng = random.Random(9)
        try:
            await asyncio.gather(
                play_reading_deals(one, rng, logs[1], deals[1], hands=1),
                play_reading_deals(two, rng, logs[2], deals[2], hands=1),
            )
        finally:
            for client in (one, two):
                await client.close()
            await host.close()
        return deals[1][1], logs[1], code1

    deal, log, code = asyncio.run(asyncio.wait_for(scenario(), 120))
    over = next(m for m in log if m["type"] == "state" and m["view"]["stage"] == "over")
    # The seat's statistics hold the hand as it saw it (as its screen records it), under the seat's key.
    welcome = next(m for m in log if m["type"] == "welcome")
    table = MirroredTable.read(welcome)
    seen = table.state(over)
    assert seen.view.stage is Stage.OVER
    stats = Statistics(tmp_path / "statistics.sqlite3")
    key = seat_match_key(code)
    info = TableInfo.at_table_with_people(4, {1, 2}, "random", SHORT, seat=1)
    zero = table.score({"hand": 0, "ply": 0, "scores": [0, 0], "juegos": [0, 0], "cotos": [0, 0], "winner": None})
    assert stats.record_seen_hand(key, seen.view, 1, zero, seen.score, info).new

    services = Services(review_ahead=False, review_budget=QUICK)
    session = SeatHandSession(deal.turned_match(), 1, key, stats, services)
    assert session.finished_number == 1 and session.match.hand.is_over
    reviewed = session.review()
    # The seat's own decisions, and only those: each is what seat 1 played at that place of the table's hand.
    assert reviewed
    for decision in reviewed:
        assert deal.actions[decision.index][0] == 1 and session.match.hand.log[decision.index][0] == 0
        assert str(deal.actions[decision.index][1]) == str(decision.played)
    session.record_review(reviewed)
    graded = [r for r in reviewed if r.mistake and not r.followed_hint]
    kept = [m for m in stats.mistakes() if m.match_key == key]
    assert [m.hand_number for m in kept] == [1] * len(graded)
    assert {m.decision for m in kept} == {r.index for r in graded}
    assert graded, "a random player's hand of ten tricks has a graded mistake (seed 21)"


def test_the_decisions_a_stand_in_took_are_named_in_the_deal_and_never_graded_as_the_players() -> None:
    """Seat 0 leaves mid-hand and comes back before its end: its deal names the decisions the bot took for it, the
    review leaves them out (the player's own decisions are graded, and only those)."""

    async def scenario() -> tuple[Deal, Host]:
        host = Host(TableConfig(players=2, rules=TWO, people=(0, 1), level="random", seed=4, away_seconds=0))
        await host.start()
        (_, address, code0), (_, _, code1) = host.invitations()
        zero, one = await Client.join(address, code0), await Client.join(address, code1)
        rng = random.Random(1)
        deals: dict[int, Deal] = {}
        back: Client | None = None
        try:
            one_task = asyncio.create_task(play_reading_deals(one, rng, [], {}, hands=1))
            while (message := await zero.receive()) is not None:  # seat 0 plays two cards, then is away
                if message["type"] == "state" and message["view"]["legal"]:
                    if sum(1 for s, _ in host.match.hand.log if s == 0) >= 2:
                        break
                    await zero.act(rng.choice(message["view"]["legal"]), message["serial"])
            await zero.close()
            while not any(h == 1 and s == 0 for h, _, s in host.bot_decisions):
                await asyncio.sleep(0.01)
            assert host.match.hand_number == 1 and not host.match.hand.is_over, "the bot ended the hand first"
            back = await Client.join(address, code0)
            await play_reading_deals(back, rng, [], deals, hands=1)
            await one_task
        finally:
            for client in (zero, one, back):
                if client is not None:
                    await client.close()
            await host.close()
        return deals[1], host

    deal, host = asyncio.run(asyncio.wait_for(scenario(), 120))
    by_bot = {at for hand, at, seat in host.bot_decisions if hand == 1 and seat == 0}
    assert by_bot and deal.stand_in == by_bot
    services = Services(review_ahead=False, review_budget=QUICK)
    session = SeatHandSession(deal.turned_match(), 1, "seat", None, services, deal.stand_in)
    reviewed = session.review()
    assert reviewed and not {r.index for r in reviewed} & by_bot
    mine = {at for at, (seat, _) in enumerate(deal.actions) if seat == 0} - by_bot
    assert {r.index for r in reviewed} <= mine
