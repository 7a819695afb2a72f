"""A table over real sockets on 127.0.0.1: whole matches, what each client is sent, and the door's refusals."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import pytest

from guinote_tui.engine import Action, HandState, Match, Pass, Rules, seat_view
from guinote_tui.net.client import Client, table_url
from guinote_tui.net.host import Host, TableConfig
from guinote_tui.net.protocol import MAX_CLIENT_MESSAGE, PROTOCOL_VERSION

#: A short match (one juego wins it), so that whole matches stay quick.
SHORT = Rules.preset("aragones", juegos_per_coto=1)
CARD = re.compile(r"\b(?:1[012]|[1-7])[OCEB]\b")


def run(scenario: Callable[[], Awaitable[None]], limit: float = 120) -> None:
    asyncio.run(asyncio.wait_for(scenario(), timeout=limit))


async def play_randomly(client: Client, rng: random.Random, log: list[dict[str, Any]]) -> None:
    """Take a random legal action whenever the seat's state offers some, until the match is won or the host goes."""
    while (message := await client.receive()) is not None:
        log.append(message)
        if message["type"] == "state":
            if message["match"]["winner"] is not None:
                return
            if message["view"]["legal"]:
                await client.act(rng.choice(message["view"]["legal"]), message["serial"])


async def play_match(host: Host, seed: int = 1) -> dict[int, list[dict[str, Any]]]:
    rng = random.Random(seed)
    logs: dict[int, list[dict[str, Any]]] = {seat: [] for seat in host.people}
    clients = [await Client.join(address, code) for _, address, code in host.invitations()]
    try:
        await asyncio.gather(*(play_randomly(c, rng, logs[s]) for c, s in zip(clients, host.people, strict=True)))
    finally:
        for client in clients:
            await client.close()
    return logs


def known_ply(seat: int, actor: int, action: Action) -> bool:
    """Whether ``seat`` counts ``actor``'s ``action`` among the hand's actions (a message's ``ply``): every action
    but another seat's pass, which nobody else is told of (``engine.views.known_actions``)."""
    return actor == seat or not isinstance(action, Pass)


def known_cards(match: Match) -> dict[tuple[int, int, int], frozenset[str]]:
    """(hand number, actions the seat knows were taken, seat) -> every card that seat may have seen by then, replayed
    from the match (after another seat's unseen pass, the seat's count stands and what it may see is updated)."""
    known: dict[tuple[int, int, int], frozenset[str]] = {}
    for number, record in enumerate(match.finished, 1):
        result = record.result
        assert result is not None
        hand = HandState(record.deck, record.dealer, match.rules, match.players, result.carried, result.first_of_juego)
        seen = [set() for _ in range(match.players)]
        counts = [0] * match.players

        def note(
            hand: HandState = hand, seen: list[set[str]] = seen, counts: list[int] = counts, number: int = number
        ) -> None:
            public = {str(c) for trick in hand.tricks for c in trick.cards} | {str(c) for c in hand.trick}
            public.add(str(hand.muestra_card))
            if hand.swap is not None:
                public |= {str(hand.swap.given), str(hand.swap.taken)}
            for seat in range(match.players):
                seen[seat] |= {str(c) for c in hand.hands[seat]} | public
                known[number, counts[seat], seat] = frozenset(seen[seat])

        note()
        for actor, action in record.actions:
            hand.apply(action, actor)
            for seat in range(match.players):
                counts[seat] += known_ply(seat, actor, action)
            note()
    return known


def replayed_hand(match: Match, number: int, ply: int, seat: int | None = None) -> HandState:
    """Hand ``number`` after its first ``ply`` actions; with ``seat``, after the last action at which ``seat`` knew
    of ``ply`` actions (a message's count: another seat's pass is not one of them)."""
    record = match.finished[number - 1]
    assert record.result is not None
    hand = HandState(
        record.deck, record.dealer, match.rules, match.players, record.result.carried, record.result.first_of_juego
    )
    count = 0
    for actor, action in record.actions:
        step = 1 if seat is None else int(known_ply(seat, actor, action))
        if count + step > ply:
            break
        hand.apply(action, actor)
        count += step
    return hand


def cards_in(message: dict[str, Any]) -> set[str]:
    return set(CARD.findall(json.dumps(message)))


def check_no_leak(match: Match, logs: dict[int, list[dict[str, Any]]]) -> int:
    """Every card each client was sent is one its seat may see at that moment; its hand is its view's.

    Returns how many messages were checked.
    """
    known = known_cards(match)
    checked = 0
    for seat, log in logs.items():
        for message in log:
            if message["type"] == "state":
                number, ply = message["match"]["hand"], message["match"]["ply"]
                view = seat_view(replayed_hand(match, number, ply, seat), seat)
                assert message["view"]["hand"] == [str(c) for c in view.hand]
                assert message["view"]["hand_sizes"] == list(view.hand_sizes)
                # Nobody decides before every person has sat down (the states of serial 0, at each welcome).
                deciding = view.to_move == seat and message["serial"] > 0
                assert message["view"]["legal"] == ([str(a) for a in view.legal] if deciding else [])
            elif message["type"] == "event":
                number, ply = message["hand"], message["ply"]
            else:
                continue
            allowed = known[number, ply, seat]
            assert cards_in(message) <= allowed, (seat, message, cards_in(message) - allowed)
            checked += 1
    return checked


def test_two_people_and_two_bots_play_a_whole_pairs_match_and_no_client_sees_a_card_it_may_not() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=4, rules=SHORT, people=(0, 2), level="easy", seed=5))
        await host.start()
        try:
            logs = await play_match(host, seed=2)
            await asyncio.wait_for(host.over.wait(), 10)
        finally:
            await host.close()
        match = host.match
        assert match.winner is not None and len(match.finished) >= 1
        assert {seat for seat, _ in match.finished[0].actions} == {0, 1, 2, 3}
        assert check_no_leak(match, logs) > 100
        # Each person was told the other hands' cards only as they fell: no state ever holds another hand.
        assert all(m["view"]["seat"] == s for s, log in logs.items() for m in log if m["type"] == "state")

    run(scenario)


def test_two_people_play_a_whole_heads_up_match_and_no_client_sees_a_card_it_may_not() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), seed=11))
        await host.start()
        try:
            logs = await play_match(host, seed=3)
        finally:
            await host.close()
        assert host.match.winner is not None
        assert check_no_leak(host.match, logs) > 50

    run(scenario)


def test_the_leak_check_catches_a_card_of_another_hand() -> None:
    """The check above can fail: a state with the rival's hand in it is caught."""
    match = Match(2, SHORT, seed=4)
    while not match.is_over:
        if match.hand.is_over:
            match.next_hand()
        else:
            match.apply(match.legal_actions()[0])
    rival = [str(c) for c in replayed_hand(match, 1, 0).hands[1]]
    forged = {"type": "event", "hand": 1, "ply": 0, "event": {"kind": "card_drawn", "seat": 1, "card": rival[0]}}
    with pytest.raises(AssertionError):
        check_no_leak(match, {0: [forged]})


async def next_of(client: Client, kind: str) -> dict[str, Any] | None:
    """The client's next message of ``kind`` (None if the connection closes first)."""
    while (message := await client.receive()) is not None:
        if message["type"] == kind:
            return message
    return None


async def turn_of(client: Client) -> dict[str, Any]:
    """The client's next state, once the match has begun (serial 1 on), in which it has to decide."""
    while True:
        state = await next_of(client, "state")
        assert state is not None
        if state["view"]["legal"] and state["serial"] > 0:
            return state


async def first_word(address: str, first: str | bytes) -> str | None:
    """The error code a connection opening with ``first`` gets, after which the host closes it."""
    async with aiohttp.ClientSession() as session, session.ws_connect(table_url(address)) as ws:
        await (ws.send_bytes(first) if isinstance(first, bytes) else ws.send_str(first))
        reply = await ws.receive()
        closing = await ws.receive()
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
        return json.loads(reply.data)["code"] if reply.type is aiohttp.WSMsgType.TEXT else None


def test_bad_input_is_refused_or_dropped_and_the_table_plays_on() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), seed=7, burst=10, rate=5, strikes=10))
        await host.start()
        (_, address, code0), (_, _, code1) = host.invitations()
        try:
            # Garbage before a hello, a wrong version, a wrong code: one error each, then the door closes.
            assert await first_word(address, b"\x00\xff garbage") == "hello_first"
            assert await first_word(address, "{not json") == "bad_message"
            assert await first_word(address, '{"type": "act", "action": "1O", "serial": 0}') == "hello_first"
            assert await first_word(address, '{"type":"hello","version":99,"code":"' + code0 + '"}') == "version"
            assert (
                await first_word(
                    address, json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": code0 + "x"})
                )
                == "wrong_code"
            )
            wrong = await Client.join(address, "not-the-code")
            error = await next_of(wrong, "error")
            assert error is not None and error["code"] == "wrong_code"
            assert await wrong.receive() is None
            await wrong.close()

            one, two = await Client.join(address, code0), await Client.join(address, code1)
            clients = {0: one, 1: two}
            state = await turn_of(one) if host.match.to_move == 0 else await turn_of(two)
            mover = state["view"]["seat"]
            me, other = clients[mover], clients[1 - mover]
            before = (host.serial, len(host.match.hand.log))
            # Out of turn: refused, nothing changes.
            await other.act(state["view"]["legal"][0], state["serial"])
            refusal = await next_of(other, "refused")
            assert refusal is not None and refusal["code"] == "not_your_turn"
            # Not a card in the seat's hand: the engine's refusal, nothing changes.
            elsewhere = next(c for c in ("1O", "1C", "1E", "1B", "3O", "3C") if c not in state["view"]["hand"])
            await me.act(elsewhere, state["serial"])
            refusal = await next_of(me, "refused")
            assert refusal is not None and refusal["code"] == "illegal" and refusal["reason"]
            await me.act("sing:nothing", state["serial"])
            refusal = await next_of(me, "refused")
            assert refusal is not None and refusal["code"] == "not_an_action"
            await me.send_raw("{]")
            await me.send_raw(b"\x00\x01")
            await me.send_raw('{"type": "act", "action": "1O", "serial": 0, "extra": 1}')
            assert (host.serial, len(host.match.hand.log)) == before
            codes = [(await next_of(me, "error") or {}).get("code") for _ in range(3)]
            assert codes == ["bad_message"] * 3

            # A message over the size limit closes that connection; a flood closes the other.
            await me.send_raw("x" * (MAX_CLIENT_MESSAGE + 1))
            assert await next_of(me, "state") is None
            for _ in range(500):  # out of turn again and again: refused, then dropped, then closed
                try:
                    await other.act(state["view"]["legal"][0], state["serial"])
                except ConnectionError:
                    break
            farewell = await next_of(other, "bye")
            assert farewell is not None and farewell["code"] == "flooding"
            assert await next_of(other, "state") is None
            await me.close()
            await other.close()
            assert (host.serial, len(host.match.hand.log)) == before

            # The table plays on: both seats join again with their codes and finish the match.
            logs = await play_match(host, seed=9)
            assert host.match.winner is not None
            assert check_no_leak(host.match, logs) > 0
        finally:
            await host.close()

    run(scenario)
