"""The table asks each bot with its own seat's view only (played through the real app)."""

from __future__ import annotations

import random

from guinote_tui.ai import Bot
from guinote_tui.engine import SeatView


class Spy(Bot):
    name = "spy"

    def __init__(self) -> None:
        self.seen: list[SeatView] = []

    def choose(self, view: SeatView, rng: random.Random):  # type: ignore[no-untyped-def]
        self.seen.append(view)
        return view.legal[0]


def test_the_table_asks_each_bot_with_its_own_seat_view_only() -> None:
    import asyncio

    from uihelpers import key_for, make_app, playable, settle

    async def play_a_few_tricks() -> dict[int, Spy]:
        app = make_app(players=4, level="random", seed=12, delay=0, dealer=3)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            assert session is not None and session.human_to_move  # seat 0 leads: no bot asked yet
            spies = {seat: Spy() for seat in (1, 2, 3)}
            session.bots.update(spies)
            for _ in range(4):
                await settle(pilot)
                if session.hand_over:
                    break
                cards = playable(session.view().legal)
                await pilot.press(key_for(app, cards[0]) if cards else "p")
            await settle(pilot)
            return spies

    spies = asyncio.run(play_a_few_tricks())
    for seat, spy in spies.items():
        assert len(spy.seen) >= 3
        assert all(v.seat == seat and v.to_move == seat for v in spy.seen)
        assert all(len(v.hand) == v.hand_sizes[seat] for v in spy.seen)
