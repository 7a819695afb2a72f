"""A person away and back, and a host restarted from its kept match, over real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import random
import stat
import threading
from collections.abc import Callable
from typing import Any

from test_net_table import SHORT, check_no_leak, run

from guinote_tui.engine import Action, Pass, SeatView
from guinote_tui.net import keep
from guinote_tui.net.client import Client
from guinote_tui.net.host import Host, TableConfig


async def play(
    client: Client, rng: random.Random, log: list[dict[str, Any]], stop: Callable[[dict[str, Any]], bool] | None = None
) -> None:
    """A random legal action whenever the seat may act, until the match is won, the host goes, or ``stop`` says so."""
    while (message := await client.receive()) is not None:
        log.append(message)
        if stop is not None and stop(message):
            return
        if message["type"] == "state":
            if message["match"]["winner"] is not None:
                return
            if message["view"]["legal"]:
                await client.act(rng.choice(message["view"]["legal"]), message["serial"])


def test_a_person_dropped_mid_trick_is_played_by_a_bot_after_the_timeout_then_takes_the_seat_back() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="easy", seed=3, away_seconds=0.05))
        await host.start()
        (_, address, code0), (_, _, code1) = host.invitations()
        rng = random.Random(8)
        logs: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
        one, two = await Client.join(address, code0), await Client.join(address, code1)
        try:
            # Seat 0 plays until it is to answer a card on the table (mid-trick), then its connection drops.
            def mid_trick(message: dict[str, Any]) -> bool:
                view = message.get("view", {})
                return message["type"] == "state" and bool(view.get("legal")) and bool(view.get("trick"))

            watched: list[dict[str, Any]] = []
            bot_played = asyncio.Event()

            def after_the_bot(message: dict[str, Any]) -> bool:
                """Seat 1 stops once it has seen the bot play a card for seat 0."""
                watched.append(message)
                kinds = [m["type"] for m in watched]
                if "seat_bot" in kinds and message["type"] == "event" and message["event"].get("seat") == 0:
                    if message["event"]["kind"] == "card_played":
                        bot_played.set()
                        return True
                return False

            two_task = asyncio.create_task(play(two, rng, logs[1], after_the_bot))
            await play(one, rng, logs[0], mid_trick)
            assert host.match.to_move == 0 and host.match.hand.trick
            dropped_at = len(host.match.hand.log)
            await one.close()
            await bot_played.wait()
            await two_task
            kinds = [m["type"] for m in watched]
            assert kinds.index("seat_away") < kinds.index("seat_bot")
            assert [m["seat"] for m in watched if m["type"] in ("seat_away", "seat_bot")] == [0, 0]
            assert host.bot_decisions and host.bot_decisions[0][1:] == (dropped_at, 0)
            assert host.match.winner is None

            # Seat 0 rejoins with its code: seat 1 is told, and seat 0 plays its next decisions itself.
            back = await Client.join(address, code0)
            taken = len(host.bot_decisions)
            logs[0] = []
            await asyncio.gather(play(back, rng, logs[0]), play(two, rng, logs[1]))
            await back.close()
            assert any(m["type"] == "seat_back" and m["seat"] == 0 for m in logs[1])
            assert host.match.winner is not None
            assert len(host.bot_decisions) <= taken + 1  # at most the decision the bot was taking on the return
            assert all(seat == 0 for _, _, seat in host.bot_decisions)
            played_by_zero = sum(1 for r in host.match.records() for seat, _ in r.actions if seat == 0)
            assert played_by_zero > len(host.bot_decisions)
            assert check_no_leak(host.match, {0: logs[0]}) > 0
        finally:
            await two.close()
            await host.close()

    run(scenario)


def test_a_host_stopped_mid_match_continues_from_its_kept_file_with_the_same_codes() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=4, rules=SHORT, people=(0, 2), level="easy", seed=6, keep=True))
        await host.start()
        invitations = host.invitations()
        rng = random.Random(4)
        clients = [await Client.join(address, code) for _, address, code in invitations]

        def far_enough(message: dict[str, Any]) -> bool:
            return message["type"] == "state" and message["match"]["ply"] >= 14

        try:
            await asyncio.gather(*(play(c, rng, [], far_enough) for c in clients))
        finally:
            for client in clients:
                await client.close()
        await host.close()  # the server goes, mid-match
        position = [(r.dealer, r.deck, r.actions) for r in host.match.records()]
        assert host.match.winner is None and len(host.match.hand.log) >= 14

        kept_file = keep.path()
        assert stat.S_IMODE(kept_file.stat().st_mode) == 0o600
        saved = json.loads(kept_file.read_text())["table"]["net"]
        assert saved["codes"] == {str(seat): code for seat, _, code in invitations}

        kept = keep.load()
        assert kept is not None
        again = Host.continued(kept)
        await again.start()
        try:
            assert [(r.dealer, r.deck, r.actions) for r in again.match.records()] == position
            assert [(s, c) for s, _, c in again.invitations()] == [(s, c) for s, _, c in invitations]
            logs: dict[int, list[dict[str, Any]]] = {0: [], 2: []}
            clients = [await Client.join(again.address, code) for _, _, code in invitations]
            try:
                seats = [seat for seat, _, _ in invitations]
                await asyncio.gather(*(play(c, rng, logs[s]) for c, s in zip(clients, seats, strict=True)))
            finally:
                for client in clients:
                    await client.close()
            await asyncio.wait_for(again.over.wait(), 10)
        finally:
            await again.close()
        assert again.match.winner is not None
        records = again.match.records()[: len(position)]
        now = [(r.dealer, r.deck, r.actions[: len(a)]) for r, (_, _, a) in zip(records, position, strict=True)]
        assert now == position
        # The state sent on joining: where the first host stopped, or a little further (the bots' seats play on
        # while the people are away; a person's seat waits for them, or for its stand-in after the timeout).
        # (before it, what the seat missed: the others' seats, the hand so far)
        first = next(m for m in logs[0] if m["type"] == "state")
        seen = [action for seat, action in position[-1][2] if seat == 0 or not isinstance(action, Pass)]
        assert first["type"] == "state" and first["match"]["ply"] >= len(seen)  # (others' passes are not seen)
        assert first["match"]["hand"] == len(position)
        assert check_no_leak(again.match, logs) > 0
        assert not kept_file.exists()  # a finished match is not kept

    run(scenario)


def test_a_kept_file_that_is_not_a_table_is_refused_in_one_line() -> None:
    keep.path().parent.mkdir(parents=True, exist_ok=True)
    match_only = {"format": "guinote-history", "version": 1, "players": 2, "rules": {}, "seed": None, "hands": []}
    keep.path().write_text(json.dumps(match_only))
    try:
        keep.load()
    except keep.KeptTableError as exc:
        assert "\n" not in str(exc) and "--new" in str(exc)
    except Exception as exc:  # a history the engine refuses is set aside, also in one line
        assert "\n" not in str(exc)
    else:
        raise AssertionError("a file with no table was accepted")


class SlowStandIn:
    """A stand-in that says when it starts reading the hand and decides only once released (in its thread)."""

    def __init__(self) -> None:
        self.started, self.release = threading.Event(), threading.Event()

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        self.started.set()
        self.release.wait(30)
        return view.legal[0]


def test_a_persons_move_while_their_stand_in_reads_the_hand_is_refused_and_changes_nothing() -> None:
    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=SHORT, people=(0,), level="easy", seed=3, away_seconds=0))
        slow = SlowStandIn()
        host.stand_ins[0] = slow  # type: ignore[assignment]
        await host.start()
        ((_, address, code),) = host.invitations()
        client = await Client.join(address, code)
        try:
            while not ((m := await client.receive()) and m["type"] == "state" and m["view"]["legal"]):
                assert m is not None
        finally:
            await client.close()  # away on its turn: the stand-in takes the decision at once
        assert await asyncio.to_thread(slow.started.wait, 30)
        actions = len(host.match.hand.log)
        back = await Client.join(address, code)  # the person is back while the stand-in still reads the hand
        try:
            state = await next_state(back)
            assert state["view"]["legal"] and host.deciding == 0
            await back.act(state["view"]["legal"][-1], state["serial"])
            answer = await next_of_kind(back, "refused", "state")
            assert answer["type"] == "refused" and answer["code"] == "not_your_turn", answer
            assert len(host.match.hand.log) == actions  # the hand the stand-in reads did not change
            slow.release.set()
            after = await next_state(back)  # the stand-in's decision, taken as it was read
            assert after["match"]["ply"] == actions + 1
        finally:
            slow.release.set()
            await back.close()
            await host.close()

    run(scenario)


async def next_of_kind(client: Client, *kinds: str) -> dict[str, Any]:
    while (message := await client.receive()) is not None:
        if message["type"] in kinds:
            return message
    raise AssertionError(f"the connection closed before a {kinds}")


async def next_state(client: Client) -> dict[str, Any]:
    return await next_of_kind(client, "state")
