"""Who sits where, over real sockets on 127.0.0.1: names, the away countdown, a seat caught up when it comes back,
a second connection with a seat's code, and what the seats hear while the host stops and after it restarts."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_net_table import SHORT, run

from guinote_tui.engine import Match, Play, Rules, parse_action, seat_view
from guinote_tui.net import keep, protocol
from guinote_tui.net.client import Client, read_missed_hand
from guinote_tui.net.host import Host, TableConfig
from guinote_tui.net.mirror import MirroredTable
from guinote_tui.net.protocol import MAX_NAME, ProtocolError
from guinote_tui.records import JuegoPlace, Statistics, TableInfo, hand_facts, seen_hand_facts

#: A match of three juegos: a person away long enough sees hands end without them.
LONG = Rules.preset("aragones")


async def until(client: Client, log: list[dict[str, Any]], done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Read ``client``'s messages into ``log`` until one satisfies ``done`` (returned)."""
    while (message := await client.receive()) is not None:
        log.append(message)
        if done(message):
            return message
    raise AssertionError(f"the connection closed first: {[m['type'] for m in log]}")


async def play(
    client: Client, rng: random.Random, log: list[dict[str, Any]], stop: Callable[[dict[str, Any]], bool]
) -> None:
    """A random legal action whenever the seat may act, until ``stop`` says so (or the match is won)."""
    while (message := await client.receive()) is not None:
        log.append(message)
        if stop(message):
            return
        if message["type"] == "state":
            if message["match"]["winner"] is not None:
                return
            if message["view"]["legal"]:
                await client.act(rng.choice(message["view"]["legal"]), message["serial"])


def kind(name: str) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["type"] == name


def playing(message: dict[str, Any]) -> bool:
    """A state once everyone sat down (serial 0: the table waits for its people)."""
    return message["type"] == "state" and message["serial"] >= 1


def test_names_given_in_the_hello_reach_every_seat_and_a_first_join_is_announced() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=4, rules=SHORT, people=(0, 2), seed=1))
        await host.start()
        (_, address, code0), (_, _, code2) = host.invitations()
        ana = await Client.join(address, code0, name="  Ana   María ")
        bea: Client | None = None
        try:
            ana_log: list[dict[str, Any]] = []
            await until(ana, ana_log, kind("state"))
            bea = await Client.join(address, code2, name="Bea")
            bea_log: list[dict[str, Any]] = []
            welcome = await until(bea, bea_log, kind("welcome"))
            assert welcome["names"] == ["Ana María", "Bot 2", "Bea", "Bot 4"]
            await until(bea, bea_log, kind("state"))
            # Bea is told Ana already sat down; Ana is told Bea did (a first join is announced, with the name).
            assert {"type": "seat_joined", "seat": 0, "name": "Ana María"} in bea_log
            await until(ana, ana_log, kind("seat_joined"))
            assert ana_log[-1] == {"type": "seat_joined", "seat": 2, "name": "Bea"}
        finally:
            await ana.close()
            if bea is not None:
                await bea.close()
            await host.close()

    run(scenario)


@pytest.mark.parametrize(
    "name",
    ["x" * (MAX_NAME + 1), "   ", "花子" * 5, "Ana\u200bBea", "Ana\u2028Bea"],
    ids=["too-long", "only-spaces", "too-wide", "zero-width", "line-separator"],
)
def test_a_bad_name_from_the_socket_is_refused_in_one_line_and_takes_no_seat(name: str) -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), seed=1))
        await host.start()
        (_, address, code0), _two = host.invitations()
        client = await Client.join(address, code0, name=name)
        try:
            answer = await client.receive()
            assert answer is not None and answer["type"] == "error" and answer["code"] == "bad_name"
            assert "\n" not in answer["reason"] and str(MAX_NAME) in answer["reason"]
            assert await client.receive() is None  # (closed)
            assert host.connections == {} and host.joined == set()
            assert host.names[0] == "Seat 1"
        finally:
            await client.close()
            await host.close()

    run(scenario)


def test_the_others_are_told_how_long_before_a_bot_plays_for_a_seat_whose_person_left() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=4, rules=SHORT, people=(0, 1, 2), seed=2, away_seconds=30))
        await host.start()
        (_, address, code0), (_, _, code1), (_, _, code2) = host.invitations()
        zero, one = await Client.join(address, code0), await Client.join(address, code1)
        logs: list[list[dict[str, Any]]] = [[], [], []]
        two: Client | None = None
        try:
            await until(zero, logs[0], kind("state"))
            await until(one, logs[1], kind("state"))
            await one.close()
            away = await until(zero, logs[0], kind("seat_away"))
            assert away == {"type": "seat_away", "seat": 1, "seconds": 30}
            # A seat that sits down later is told too, with the time left.
            two = await Client.join(address, code2)
            told = await until(two, logs[2], kind("seat_away"))
            assert told["seat"] == 1 and 0 < told["seconds"] <= 30
            assert [m["type"] for m in logs[2]][:2] == ["welcome", "seat_joined"]  # (seat 0 sat down already)
        finally:
            await zero.close()
            if two is not None:
                await two.close()
            await host.close()

    run(scenario)


def test_a_seat_that_comes_back_is_told_the_hands_it_missed_and_what_the_bot_played_for_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=LONG, people=(0, 1), level="easy", seed=5, away_seconds=0.05))
        await host.start()
        (_, address, code0), (_, _, code1) = host.invitations()
        rng = random.Random(3)
        zero, one = await Client.join(address, code0), await Client.join(address, code1)
        back: Client | None = None
        try:

            def mid_hand(message: dict[str, Any]) -> bool:
                return message["type"] == "state" and message["match"]["ply"] >= 6 and bool(message["view"]["legal"])

            dropped_at: list[int] = []
            holding, release = asyncio.Event(), asyncio.Event()

            def stand_in_played_in_a_later_hand() -> bool:
                number = host.match.hand_number
                later = bool(dropped_at) and number > dropped_at[0]
                return later and any(h == number and s == 0 for h, _, s in host.bot_decisions)

            async def play_one() -> None:
                # Seat 1 plays on against the stand-in until a hand has ended and the stand-in played in the next;
                # then it holds its move (the table waits on it) while seat 0 comes back, so that hand cannot end
                # before seat 0 is told of it, however slow the machine.
                while (message := await one.receive()) is not None:
                    if message["type"] == "state" and message["match"]["winner"] is not None:
                        return
                    if message["type"] == "state" and message["view"]["legal"]:
                        if not release.is_set() and stand_in_played_in_a_later_hand():
                            holding.set()
                            await release.wait()
                        await one.act(rng.choice(message["view"]["legal"]), message["serial"])

            one_task = asyncio.create_task(play_one())
            await play(zero, rng, [], mid_hand)
            dropped_at.append(host.match.hand_number)
            dropped = dropped_at[0]
            await zero.close()
            await asyncio.wait_for(holding.wait(), 120)
            assert not one_task.done() and host.match.winner is None
            back = await Client.join(address, code0)
            log: list[dict[str, Any]] = []
            await until(back, log, kind("state"))
            types = [m["type"] for m in log]
            missed = [m for m in log if m["type"] == "missed_hand"]
            assert types[0] == "welcome" and types[1 : 1 + len(missed)] == ["missed_hand"] * len(missed)
            # (a decision the stand-in was taking when the seat came back is still the stand-in's: the table may
            # have moved on by one action since it was told)
            finished = missed[-1]["hand"] if missed else 0
            assert [m["hand"] for m in missed] == list(range(dropped, finished + 1)) and finished >= dropped
            assert all(m["stand_in"] for m in missed)  # (the bot played in every hand that ended meanwhile)
            for message in missed:
                assert message["view"]["stage"] == "over" and message["view"]["seat"] == 0
                assert message["view"]["legal"] == []
            assert missed[-1]["after"] == host.score_after(finished)

            catch = next(m for m in log if m["type"] == "catch_up")
            assert catch["hand"] == finished + 1 and catch["missed"] == len(missed)
            # (the table may have finished that hand since: seat 1 plays on, and the stand-in's last decision too)
            number = catch["hand"]
            match = host.match
            actions = match.hand.log if match.hand_number == number else match.records()[number - 1].actions
            by_bot = [str(actions[at][1]) for h, at, s in host.bot_decisions if h == number and s == 0]
            assert catch["stand_in"] and by_bot[: len(catch["stand_in"])] == catch["stand_in"]
            by_bot = catch["stand_in"]
            # The hand so far follows, from its deal, before the state: the log can tell it again.
            events = [m["event"] for m in log[types.index("catch_up") + 1 :] if m["type"] == "event"]
            assert events[0]["kind"] == "dealt" and len(events) == catch["events"]
            played = [e["card"] for e in events if e["kind"] == "card_played" and e["seat"] == 0]
            # (the cards the bot played for the seat; a cante or a change it made is an event of its own kind)
            assert {a for a in by_bot if isinstance(parse_action(a), Play)} <= set(played)
            assert not any(e.get("card") is not None for e in events if e["kind"] == "card_drawn" and e["seat"] == 1)
            one_task.cancel()

            # The missed hands read as the seat's own: the facts the match gives, and in the statistics as the
            # player's hands, marked assisted (a bot played for them), never as hands played unaided.
            table = back.table
            assert table is not None
            stats = Statistics(tmp_path / "statistics.sqlite3")
            info = TableInfo.at_table_with_people(2, {0, 1}, "easy", LONG, seat=0)
            for message in missed:
                read = read_missed_hand(table, message)
                number = read.number
                place = JuegoPlace.after(hand_facts(host.match, number - 1)) if number > 1 else JuegoPlace()
                facts = seen_hand_facts(read.view, number, read.before, read.after, place)
                assert facts == hand_facts(host.match, number, seat=0)
                assisted = replace(info, assisted=read.stand_in)
                assert stats.record_seen_hand("seat", read.view, number, read.before, read.after, assisted).new
                assert not stats.record_seen_hand("seat", read.view, number, read.before, read.after, assisted).new
            assert stats.totals(assisted=True).hands == len(missed)
            assert stats.totals(assisted=False).hands == 0
        finally:
            for client in (one, back):
                if client is not None:
                    await client.close()
            await host.close()

    run(scenario)


def test_a_second_connection_with_a_seats_code_takes_it_and_the_first_is_told_but_nobody_hears_a_false_return() -> (
    None
):
    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), seed=3))
        await host.start()
        (_, address, code0), (_, _, code1) = host.invitations()
        first, other = await Client.join(address, code0), await Client.join(address, code1)
        second: Client | None = None
        try:
            first_log: list[dict[str, Any]] = []
            other_log: list[dict[str, Any]] = []
            await until(first, first_log, playing)
            await until(other, other_log, playing)
            second = await Client.join(address, code0)
            state = await until(second, [], kind("state"))
            bye = await until(first, first_log, kind("bye"))
            assert bye["code"] == "replaced"
            assert host.stood_in == set() and 0 not in host.away_until
            # One card is played (by whoever is to move); the other seat, reading up to the state after it, was
            # told nothing of seat 0 (it never left).
            if state["view"]["legal"]:
                await second.act(state["view"]["legal"][0], state["serial"])
            else:
                other_state = other.state
                assert other_state is not None and other_state["view"]["legal"]
                await other.act(other_state["view"]["legal"][0], other_state["serial"])
            seen = len(other_log)
            await until(other, other_log, lambda m: m["type"] == "state" and len(other_log) > seen + 1)
            kinds = [m["type"] for m in other_log]
            assert not {"seat_away", "seat_back", "seat_bot"} & set(kinds)
        finally:
            for client in (first, other, second):
                if client is not None:
                    await client.close()
            await host.close()

    run(scenario)


def test_while_the_host_stops_no_seat_is_told_another_left_and_after_its_return_a_stale_away_is_put_right() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=4, rules=SHORT, people=(0, 2), seed=4, keep=True, away_seconds=30))
        await host.start()
        (_, address, code0), (_, _, code2) = host.invitations()
        zero, two = await Client.join(address, code0), await Client.join(address, code2)
        logs: dict[int, list[dict[str, Any]]] = {0: [], 2: []}
        rng = random.Random(2)

        def begun(message: dict[str, Any]) -> bool:
            return message["type"] == "state" and message["match"]["ply"] >= 4

        await asyncio.gather(play(zero, rng, logs[0], begun), play(two, rng, logs[2], begun))
        await host.close()  # q, y or Ctrl+C at the host: its match kept
        for seat, client in ((0, zero), (2, two)):
            bye = await until(client, logs[seat], kind("bye"))
            assert bye["code"] == "back_soon"
            assert "seat_away" not in [m["type"] for m in logs[seat]]
            await client.close()

        kept = keep.load()
        assert kept is not None
        again = Host.continued(kept, away_seconds=30)
        await again.start()
        back0: Client | None = None
        back2: Client | None = None
        try:
            # Seat 2 comes back first; seat 0, coming back, hears that seat 2 is back (not that it left).
            back2 = await Client.join(again.address, code2)
            await until(back2, [], kind("state"))
            back0 = await Client.join(again.address, code0)
            log: list[dict[str, Any]] = []
            await until(back0, log, kind("state"))
            assert {"type": "seat_back", "seat": 2, "name": "Seat 3"} in log
            assert not [m for m in log if m["type"] in ("seat_away", "seat_bot")]
        finally:
            for client in (back0, back2):
                if client is not None:
                    await client.close()
            await again.close()

    run(scenario)


@pytest.mark.parametrize(
    "change",
    [
        {"view": {}},
        {"view": None},
        {"events": [{"kind": "card_played", "seat": 9, "card": "1O", "trick": 1, "position": 0}]},
        {"before": {"juegos": ["x", 0], "cotos": [0, 0]}},
        {"after": {"juegos": [0, 0]}},
        {"stage": "play"},
    ],
    ids=["empty-view", "view-not-an-object", "event-of-no-seat", "juegos-not-numbers", "no-cotos", "not-over"],
)
def test_a_missed_hand_that_does_not_read_is_refused_in_one_line(change: dict[str, Any]) -> None:
    match = Match(2, SHORT, seed=1)
    while not match.hand.is_over:
        match.apply(match.legal_actions()[0])
    welcome = protocol.welcome(0, match, ["Seat 1", "Seat 2"], [0, 1])
    table = MirroredTable.read(welcome)
    score = {"juegos": [0, 0], "cotos": [0, 0]}
    message = protocol.missed_hand(1, seat_view(match.hand, 0, events=False), [], score, score, False)
    assert read_missed_hand(table, message).number == 1
    if "stage" in change:
        message["view"]["stage"] = change.pop("stage")
    message.update(change)
    with pytest.raises(ProtocolError) as problem:
        read_missed_hand(table, message)
    assert "\n" not in str(problem.value)


def test_after_a_restart_a_seat_is_caught_up_on_the_hands_it_missed_and_no_others() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=LONG, people=(0, 1), level="easy", seed=8, keep=True, away_seconds=0))
        await host.start()
        (_, address, code0), (_, _, code1) = host.invitations()
        rng = random.Random(5)
        zero, one = await Client.join(address, code0), await Client.join(address, code1)
        # Seat 0 leaves as play begins; seat 1 plays on against its stand-in until a hand has ended.
        one_plays = asyncio.create_task(play(one, rng, [], lambda m: m["type"] == "state" and m["match"]["hand"] >= 2))
        await play(zero, rng, [], playing)
        await zero.close()
        await one_plays
        await host.close()
        await one.close()
        kept = keep.load()
        assert kept is not None and kept.told == {0: 0, 1: len(kept.match.finished)} and kept.match.finished

        again = Host.continued(kept, away_seconds=30)
        await again.start()
        try:
            logs: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
            for seat, code in ((1, code1), (0, code0)):
                client = await Client.join(again.address, code)
                await until(client, logs[seat], kind("state"))
                await client.close()
            assert not [m for m in logs[1] if m["type"] == "missed_hand"]
            missed = [m["hand"] for m in logs[0] if m["type"] == "missed_hand"]
            assert missed == list(range(1, len(kept.match.finished) + 1))
        finally:
            await again.close()

    run(scenario)


def test_a_kept_tables_names_that_a_screen_could_not_show_are_set_aside() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), seed=9, keep=True))
        await host.start()
        (_, address, code0), _other = host.invitations()
        ana = await Client.join(address, code0, name="Ana")
        await until(ana, [], kind("state"))
        await ana.close()
        await host.close()

    run(scenario)
    kept = keep.load()
    assert kept is not None and kept.names == ("Ana", "Seat 2")
    data = json.loads(keep.path().read_text())
    data["table"]["net"]["names"] = ["Ana\x1b]0;PWN\x07", "Seat 2"]
    keep.path().write_text(json.dumps(data))
    kept = keep.load()
    assert kept is not None and kept.names == ()
    assert Host.continued(kept).names == ["Seat 1", "Seat 2"]
