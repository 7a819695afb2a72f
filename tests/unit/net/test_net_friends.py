"""Getting a table together and back to it, over real sockets on 127.0.0.1: codes, wrong tries, a restart."""

from __future__ import annotations

import asyncio
import math
import re
from collections.abc import Awaitable, Callable

from guinote_tui.engine import Rules
from guinote_tui.net import keep
from guinote_tui.net.client import Client
from guinote_tui.net.host import ALPHABET, Host, TableConfig

SHORT = Rules.preset("aragones", juegos_per_coto=1)


def run(scenario: Callable[[], Awaitable[None]], limit: float = 60) -> None:
    asyncio.run(asyncio.wait_for(scenario(), timeout=limit))


async def answer(address: str, code: str) -> dict[str, object]:
    client = await Client.join(address, code)
    try:
        message = await client.receive()
        assert message is not None
        return message
    finally:
        await client.close()


def test_codes_are_read_aloud_groups_without_look_alikes_and_open_their_seat_however_typed() -> None:
    host = Host(TableConfig(players=4, people=(0, 1, 2, 3), level="random", seed=1))
    codes = list(host.codes.values())
    assert len(set(codes)) == 4
    for code in codes:
        assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", code), code
        assert not set(code) & set("lI10O_oi")
    assert not set(ALPHABET) & set("lI10Oo_-")
    assert 12 * math.log2(len(ALPHABET)) > 59  # (the figure docs/dev/protocol.md states)

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        try:
            code = host.codes[2]
            for typed in (code, code.upper(), code.replace("-", " "), code.replace("-", ""), f"  {code} "):
                message = await answer(host.address, typed)
                assert message["type"] == "welcome" and message["seat"] == 2, typed
        finally:
            await host.close()

    run(scenario)


def test_after_five_wrong_codes_an_address_is_refused_in_one_line_for_the_cool_down() -> None:
    host = Host(TableConfig(players=2, people=(0, 1), level="random", seed=1, wrong_tries=5, cooldown=30))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        try:
            for _ in range(5):
                message = await answer(host.address, "aaaa-bbbb-cccc")
                assert message["code"] == "wrong_code"
            # Now even the right code is refused, with the time left, in one line.
            message = await answer(host.address, host.codes[0])
            assert message["type"] == "error" and message["code"] == "too_many_tries"
            assert message["reason"] == "too many wrong codes from this address: try again in 30 seconds"
            host.wrong.clear()  # (the cool-down over)
            assert (await answer(host.address, host.codes[0]))["type"] == "welcome"
        finally:
            await host.close()

    run(scenario)


def test_a_normal_stop_of_a_kept_table_tells_the_seats_it_will_be_back() -> None:
    host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=3, keep=True))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        client = await Client.join(host.address, host.codes[1])
        try:
            assert (await client.receive() or {})["type"] == "welcome"
            await host.close()
            said = []
            while (message := await client.receive()) is not None:
                said.append(message)
            assert said[-1]["type"] == "bye" and said[-1]["code"] == "back_soon", said[-1]
        finally:
            await client.close()

    run(scenario)


def test_a_restart_before_everyone_sat_down_waits_for_them() -> None:
    host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=3, keep=True))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        first = await Client.join(host.address, host.codes[0])
        await first.receive()
        await first.close()
        await host.close()
        kept = keep.load()
        assert kept is not None
        again = Host.continued(kept)
        await again.start("127.0.0.1", 0)
        try:
            assert not again.all_joined.is_set()
            client = await Client.join(again.address, again.codes[0])
            try:
                await client.receive()
                state = await client.receive()
                assert state is not None and state["type"] == "state"
                assert state["view"]["legal"] == []  # nobody decides before the other person sat down
                assert 1 not in again.stood_in and not again.away_timers
            finally:
                await client.close()
        finally:
            await again.close()

    run(scenario)


def test_the_example_bot_follows_the_card_order_the_welcome_names() -> None:
    import json
    import subprocess
    import sys
    from pathlib import Path

    bot = Path(__file__).resolve().parents[3] / "docs" / "dev" / "example_bot.py"

    def plays(card_order: str) -> str:
        welcome = {"type": "welcome", "rules": {"card_order": card_order}}
        state = {"type": "state", "serial": 3, "match": {"winner": None}, "view": {"legal": ["10O", "11O", "12O"]}}
        lines = "".join(json.dumps(m) + "\n" for m in (welcome, state))
        done = subprocess.run([sys.executable, str(bot)], input=lines, capture_output=True, text=True, timeout=30)
        return str(json.loads(done.stdout)["action"])

    assert plays("sota_high") == "11O"  # under aragonés the Sota ranks above the Caballo: the Caballo is lowest
    assert plays("caballo_high") == "10O"



def test_the_wrong_tries_are_counted_for_a_bounded_number_of_addresses() -> None:
    from guinote_tui.net import host as hosting

    host = Host(TableConfig(players=2, people=(0, 1), level="random", wrong_tries=2, cooldown=60))
    host.wrong_code("10.0.0.1")
    host.wrong_code("10.0.0.1")  # refused for a minute
    for n in range(hosting.MAX_WRONG_PEERS + 10):
        host.wrong_code(f"10.1.{n // 256}.{n % 256}")
    assert len(host.wrong) <= hosting.MAX_WRONG_PEERS
    assert host.refused_for("10.0.0.1") > 0  # an address refused now is kept
