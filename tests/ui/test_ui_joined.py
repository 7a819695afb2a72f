"""A person's seat at a hosted table, in the pilot: the host runs on 127.0.0.1 in the app's own loop.

The joined screen's connection is a worker that lives as long as the table, so these tests wait on the
screen's state with :func:`until` (never on the workers being done).
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest
from textual.pilot import Pilot
from uihelpers import MARK_AND_PLAY, log_text, make_app, past_summary, quick_joined_table, until

from guinote_tui.engine import Play, Rules
from guinote_tui.net.client import Client
from guinote_tui.net.host import Host, TableConfig
from guinote_tui.net.protocol import worded
from guinote_tui.ui.screens.joined import JoinedTableScreen

SHORT = Rules.preset("aragones", juegos_per_coto=1)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    quick_joined_table(monkeypatch)



async def play_randomly(client: Client, rng: random.Random) -> None:
    while (message := await client.receive()) is not None:
        if message["type"] == "state" and message["view"]["legal"]:
            await client.act(rng.choice(message["view"]["legal"]), message["serial"])



async def play_hands(pilot: Pilot[None], screen: JoinedTableScreen, hands: int) -> None:
    """The player plays with the keys (Space after a trick, Enter for the marked card) until ``hands`` ended."""
    deadline = time.monotonic() + 120
    while log_text(screen).count("Hand over") < hands and not screen.over:
        assert time.monotonic() < deadline, "the hands never ended"
        if await past_summary(pilot):
            pass
        elif screen.holding:
            await pilot.press("space")
        elif screen.seen is not None and screen.seen.view.legal and not screen.queue and not screen.pausing:
            # A window or the change before the last draw offers no card: let it go.
            await pilot.press(*(MARK_AND_PLAY if any(isinstance(a, Play) for a in screen.seen.view.legal) else "p"))
        await pilot.pause(0.02)


def test_the_hosts_own_seat_plays_a_pairs_hand_with_a_friend_and_two_bots() -> None:
    host = Host(TableConfig(players=4, rules=SHORT, people=(0, 2), level="random", seed=7))

    async def scenario() -> None:
        app = make_app(seat={"host": host, "bind": ("127.0.0.1", 0)})
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, JoinedTableScreen)
            await until(pilot, lambda: screen.code != "")
            assert "Partner (seat 3): guinote join" in log_text(screen)
            await until(pilot, lambda: screen.seen is not None)
            assert "Waiting for everyone to sit down" in str(screen.query_one("#message").render())
            ((_, address, code),) = [i for i in host.invitations() if i[0] == 2]
            friend = await Client.join(address, code)
            task = asyncio.create_task(play_randomly(friend, random.Random(3)))
            try:
                await until(pilot, lambda: screen.seen is not None)
                assert screen.table is not None and screen.table.seat == 0 and screen.table.players == 4
                await play_hands(pilot, screen, 1)
                text = log_text(screen)
                assert "Trick 10" in text and "Hand over" in text
                assert text.count("Hand over") == 1  # (the hand's end told once, by its result, as at the local table)
                # The partner (seat 2) is the person; the others are the table's bots.
                assert screen.query_one("#seat-top").info.level == "a person"
                assert screen.query_one("#seat-left").info.level == "random"
            finally:
                task.cancel()
                await friend.close()

    asyncio.run(scenario())
    assert host.runner is None or host.match.hand_number >= 2  # (closed with the screen)


def test_a_joined_seat_sees_the_table_turned_to_it_and_plays_heads_up() -> None:
    """The joiner sits at the table's seat 1: its own cards at the bottom, its side's points first."""
    host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=11))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        (_, address, first), (_, _, second) = host.invitations()
        other = await Client.join(address, first)
        task = asyncio.create_task(play_randomly(other, random.Random(5)))
        app = make_app(seat={"address": address, "code": second})
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                await until(pilot, lambda: screen.seen is not None)
                assert screen.table is not None and screen.table.seat == 1
                view = screen.seen.view
                real = host.match.hand
                assert view.seat == 0 and set(view.hand) == set(real.hands[1])
                await play_hands(pilot, screen, 1)
                finished = host.match.finished[0].result
                assert finished is not None
                seen = screen.seen.view if screen.seen.view.stage.value == "over" else None
                shown = log_text(screen)
                ours, theirs = finished.points[1], finished.points[0]  # seat 1 is on side 1
                told = screen.game.told
                assert told is not None and told.match.finished
                result = told.match.finished[0].result  # (the host's result, read turned to the seat)
                assert result is not None and result.points == (ours, theirs), (result, seen)
                assert screen.narrator().result_lines(result)[0] in shown, shown[-300:]
                # The hand is in the statistics, apart from the games against the bots, as the seat saw it.
                stats = app.statistics()
                assert stats.totals(people=True).hands == 1 and stats.totals(people=False).hands == 0
                assert [r.with_people for r in stats.results()] == [True]
                screen.action_quit_table()
                await pilot.press("y")
                await until(pilot, lambda: screen.recorded_end)
                assert stats.totals(people=True).matches == 1
        finally:
            task.cancel()
            await other.close()
            await host.close()

    asyncio.run(scenario())


def test_a_refused_card_names_the_rule_and_a_wrong_code_says_so() -> None:
    host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=4))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        (_, address, first), (_, _, second) = host.invitations()
        other = await Client.join(address, first)
        task = asyncio.create_task(play_randomly(other, random.Random(2)))
        try:
            app = make_app(seat={"address": address, "code": second + "x"})
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                await until(pilot, lambda: screen.over)
                assert "this code opens no seat" in str(screen.query_one("#message").render())
            app = make_app(seat={"address": address, "code": second})
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                # Play until the seat must follow a suit with cards it may not play (the arrastre's duties).
                deadline = time.monotonic() + 120
                while True:
                    assert time.monotonic() < deadline and not screen.over, "no refusal came up"
                    seen = screen.seen
                    if await past_summary(pilot):
                        pass
                    elif screen.holding:
                        await pilot.press("space")
                    elif seen is not None and seen.view.legal and not screen.queue and not screen.pausing:
                        legal = {getattr(a, "card", None) for a in seen.view.legal}
                        wrong = [i for i, c in enumerate(screen.shown_hand) if c not in legal]
                        if wrong:
                            await pilot.press(str(wrong[0] + 1))
                            await until(pilot, lambda: "Not allowed" in screen.message)
                            assert "must" in screen.message  # the engine's rule, worded here
                            return
                        await pilot.press(*MARK_AND_PLAY)
                    await pilot.pause(0.02)
        finally:
            task.cancel()
            await other.close()
            await host.close()

    asyncio.run(scenario())


def test_an_unreachable_table_is_one_line_and_the_start_screen_joins() -> None:
    async def scenario() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("j")
            await until(pilot, lambda: app.screen.__class__.__name__ == "JoinDialog")
            await pilot.press(*"guinote join 127.0.0.1:9 abc")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, JoinedTableScreen))
            screen = app.screen
            assert isinstance(screen, JoinedTableScreen)
            await until(pilot, lambda: screen.over)
            assert "Cannot reach the table at 127.0.0.1:9" in str(screen.query_one("#message").render())
            await pilot.press("q")  # leaves the table: back to the start screen
            await until(pilot, lambda: app.screen.__class__.__name__ == "StartScreen")

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("template", "params", "expected"),
    [
        (
            "you don't hold the {name} ({card})",
            {"name": "Rey de Oros", "card": "12O"},
            "you don't hold the Rey de Oros (12O)",
        ),
        (
            "you don't hold the {name} ({card})",
            {"name": "\x1b]2;PWNED\x07", "card": "12O"},
            "you don't hold the \\x1b]2;PWNED\\x07 (12O)",
        ),
        ("you must follow {suit}", {"suit": "Oros"}, None),  # not one of the game's messages
        ("{x.__class__}", {"x": "a"}, None),
        ("{x:>30000000}", {"x": "a"}, None),
        ("{missing}", {}, None),
        ("{0}", {}, None),
        ("{", {}, None),
        ("it is not your turn", [1, 2], None),
    ],
)
def test_a_hosts_refusal_is_worded_only_from_the_games_catalog_with_plain_fields(
    template: str, params: Any, expected: str | None
) -> None:
    assert worded(template, params) == expected
