"""How long a card played on one client takes to reach the other: ``python -m guinote_tui.net.latency``.

Two headless clients play heads-up matches (random legal actions) at a host
on 127.0.0.1. For every card one of them plays, the time from sending the
``act`` to the other client reading the ``card_played`` event is measured;
the median and the 99th percentile are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from ..engine import Rules
from .client import Client
from .host import Host, TableConfig


async def measure(plays: int, seed: int) -> list[float]:
    delays: list[float] = []
    sent: dict[tuple[int, int, int], float] = {}  # (hand, ply, seat) -> when the card was sent
    rng = random.Random(seed)
    while len(delays) < plays:
        host = Host(TableConfig(players=2, rules=Rules.preset("aragones", juegos_per_coto=1), people=(0, 1)))
        await host.start()
        clients = [await Client.join(address, code) for _, address, code in host.invitations()]

        async def play(client: Client, me: int) -> None:
            while (message := await client.receive()) is not None:
                if message["type"] == "event" and message["event"]["kind"] == "card_played":
                    when = sent.pop((message["hand"], message["ply"], message["event"]["seat"]), None)
                    if when is not None and message["event"]["seat"] != me:
                        delays.append(time.perf_counter() - when)
                elif message["type"] == "state":
                    if message["match"]["winner"] is not None:
                        return
                    legal = message["view"]["legal"]
                    if legal:
                        action = rng.choice(legal)
                        if action[0].isdigit():
                            sent[message["match"]["hand"], message["match"]["ply"] + 1, me] = time.perf_counter()
                        await client.act(action, message["serial"])

        try:
            await asyncio.gather(*(play(c, seat) for seat, c in enumerate(clients)))
        finally:
            for client in clients:
                await client.close()
            await host.close()
    return delays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    delays = sorted(asyncio.run(measure(args.plays, args.seed)))
    p99 = delays[min(len(delays) - 1, int(0.99 * len(delays)))]
    print(f"{len(delays)} cards: median {statistics.median(delays) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms")


if __name__ == "__main__":
    main()
