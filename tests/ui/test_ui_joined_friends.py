"""Getting back to a table with friends, in the pilot: a host restarted mid-hand, pasted invitations, the key
that shows the invitations. The host runs on 127.0.0.1 in the app's own loop."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from textual.pilot import Pilot
from uihelpers import MARK_AND_PLAY, log_text, make_app, past_summary, quick_joined_table, until

from guinote_tui.cli import main
from guinote_tui.engine import Play, Rules, read_history
from guinote_tui.net import keep
from guinote_tui.net.host import Host, TableConfig
from guinote_tui.ui.screens.joined import JoinedTableScreen
from guinote_tui.ui.screens.summary import HandSummary

SHORT = Rules.preset("aragones", juegos_per_coto=1)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    quick_joined_table(monkeypatch)




async def play_one(pilot: Pilot[None], screen: JoinedTableScreen) -> None:
    """One decision of the player's with the keys (Space after a trick)."""
    await until(
        pilot,
        lambda: screen.holding
        or bool(screen.seen and screen.seen.view.legal and not screen.queue)
        or isinstance(pilot.app.screen, HandSummary),
    )
    if await past_summary(pilot):
        return
    if screen.holding:
        await pilot.press("space")
        return
    assert screen.seen is not None
    await pilot.press(*(MARK_AND_PLAY if any(isinstance(a, Play) for a in screen.seen.view.legal) else "p"))


def test_a_host_restarted_normally_mid_hand_finds_its_joined_seat_back_without_a_key() -> None:
    host = Host(TableConfig(players=2, rules=SHORT, people=(1,), level="random", seed=5, keep=True))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        port = host.port
        app = make_app(seat={"address": host.address, "code": host.codes[1]})
        again: Host | None = None
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                for _ in range(4):
                    await play_one(pilot, screen)
                await until(pilot, lambda: len(host.match.hand.log) >= 4)
                played = list(host.match.hand.log)
                await host.close()  # q, y or Ctrl+C at the host: its match kept
                await until(pilot, lambda: "come back" in log_text(screen) or screen.over)
                assert not screen.over and not screen.failed, screen.message
                assert "waiting for it to come back (q leaves)" in log_text(screen)
                kept = keep.load()
                assert kept is not None
                again = Host.continued(kept)
                await again.start("127.0.0.1", port)
                # No key pressed: the seat joins again by itself, and the hand goes on where it stood.
                await until(pilot, lambda: 1 in again.connections and "The host is back" in log_text(screen))
                assert again.match.hand.log[: len(played)] == played
                before = len(again.match.hand.log)
                for _ in range(3):
                    await play_one(pilot, screen)
                await until(pilot, lambda: len(again.match.hand.log) > before)
                assert 1 not in again.stood_in
        finally:
            if again is not None:
                await again.close()

    asyncio.run(scenario())


def test_the_hosts_seat_shows_every_invitation_again_with_a_key_labelled_as_seen_from_it() -> None:
    host = Host(TableConfig(players=4, rules=SHORT, people=(0, 1, 2, 3), level="random", seed=7))

    async def scenario() -> None:
        app = make_app(seat={"host": host, "bind": ("127.0.0.1", 0)})
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, JoinedTableScreen)
            await until(pilot, lambda: screen.code != "")
            await pilot.press("i")
            await until(pilot, lambda: app.screen.__class__.__name__ == "InvitationsScreen")
            shown = [str(line.render()) for line in app.screen.query(".invitation")]
            address = host.address
            assert shown == [
                f"Right (seat 2): guinote join {address} {host.codes[1]}",
                f"Partner (seat 3): guinote join {address} {host.codes[2]}",
                f"Left (seat 4): guinote join {address} {host.codes[3]}",
            ]
            # One line each at 80 columns: nothing wraps.
            assert all(line.size.width >= len(str(line.render())) for line in app.screen.query(".invitation"))
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen)

    asyncio.run(scenario())


def test_the_start_screens_join_takes_an_invitation_pasted_over_three_lines() -> None:
    host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=7))

    async def scenario() -> None:
        from textual import events

        await host.start("127.0.0.1", 0)
        code = host.codes[1]
        pasted = f"Rival (seat 2):\n  guinote join\n{host.address}   {code.replace('-', ' ')}\n"
        app = make_app()
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                await pilot.press("j")
                await until(pilot, lambda: app.screen.__class__.__name__ == "JoinDialog")
                app.screen.query_one("#address").post_message(events.Paste(pasted))
                await pilot.pause()
                await pilot.press("enter")
                await until(pilot, lambda: isinstance(app.screen, JoinedTableScreen))
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                assert screen.address == host.address
                await until(pilot, lambda: screen.table is not None or screen.over)
                assert screen.table is not None and screen.table.seat == 1, (screen.message, screen.code)
                assert not screen.failed
        finally:
            await host.close()

    asyncio.run(scenario())


def test_leaving_a_joined_seat_says_how_to_come_back() -> None:
    host = Host(TableConfig(players=2, rules=SHORT, people=(1,), level="random", seed=7))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        app = make_app(seat={"address": host.address, "code": host.codes[1]})
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                await until(pilot, lambda: screen.seen is not None)
                await pilot.press("q")
                await pilot.press("y")
                await until(pilot, lambda: screen.closing)
            assert app.parting == [f"To come back: guinote join {host.address} {host.codes[1]}"]
        finally:
            await host.close()

    asyncio.run(scenario())


def test_a_person_to_move_is_waited_for_and_once_gone_said_away_never_thinking() -> None:
    from guinote_tui.net.client import Client

    host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=5, away_seconds=600))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        other = await Client.join(host.address, host.codes[0])
        app = make_app(seat={"address": host.address, "code": host.codes[1]})
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                # The other person reads until it is their turn, and goes (the screen's player plays meanwhile).
                while True:
                    message = await asyncio.wait_for(other.receive(), 30)
                    assert message is not None
                    if message["type"] == "state" and message["view"]["legal"]:
                        break
                    if message["type"] == "state" and host.match.to_move == 1:
                        await play_one(pilot, screen)
                # Still there and to move: the other person is waited for, not "thinking" as a bot is.
                await until(pilot, lambda: "Waiting for" in str(screen.query_one("#message").render()))
                assert "thinking" not in str(screen.query_one("#message").render())
                await other.close()
                await until(pilot, lambda: 0 not in host.connections and bool(screen.away))
                await until(pilot, lambda: "has left the table" in str(screen.query_one("#message").render()))
                assert "thinking" not in str(screen.query_one("#message").render())
        finally:
            await other.close()
            await host.close()

    asyncio.run(scenario())


def test_after_the_match_the_footer_no_longer_offers_to_play() -> None:
    import random

    from guinote_tui.net.client import Client

    host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=11))

    async def other_plays(client: Client) -> None:
        rng = random.Random(2)
        while (message := await client.receive()) is not None:
            if message["type"] == "state" and message["view"]["legal"]:
                await client.act(rng.choice(message["view"]["legal"]), message["serial"])

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        other = await Client.join(host.address, host.codes[0])
        task = asyncio.create_task(other_plays(other))
        app = make_app(seat={"address": host.address, "code": host.codes[1]})
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                deadline = time.monotonic() + 120
                while not screen.over:
                    assert time.monotonic() < deadline
                    if await past_summary(pilot):
                        pass
                    elif screen.holding:
                        await pilot.press("space")
                    elif screen.seen is not None and screen.seen.view.legal and not screen.queue:
                        legal = screen.seen.view.legal
                        await pilot.press(*(MARK_AND_PLAY if any(isinstance(a, Play) for a in legal) else "p"))
                    await pilot.pause(0.02)
                await until(pilot, lambda: host.match.winner is not None and not screen.failed)
                await pilot.pause()
                keys = {key for key, active in app.active_bindings.items() if active.binding.show and active.enabled}
                assert "1" not in keys and "q" in keys, keys
                assert screen.check_action("play_index", (0,)) is False
        finally:
            task.cancel()
            await other.close()
            await host.close()

    asyncio.run(scenario())


def test_ctrl_c_at_the_hosts_own_seat_closes_the_table_as_q_does_and_frees_its_lock() -> None:
    host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=7, keep=True))

    async def scenario() -> None:
        app = make_app(seat={"host": host, "bind": ("127.0.0.1", 0)})
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            assert isinstance(screen, JoinedTableScreen)
            await until(pilot, lambda: screen.code != "")
            await pilot.press("ctrl+c")
            await until(pilot, lambda: app.screen.__class__.__name__ == "YesNoDialog")
            await pilot.press("y")
            await until(pilot, lambda: screen.closing)
        assert host.closing and host.runner is not None
        writer = keep.keeper()  # (the lock is free again: a new table may keep its match)
        assert not writer.elsewhere
        keep.release()

    asyncio.run(scenario())


def test_names_are_sent_and_shown_a_first_sit_down_is_told_and_an_absence_says_its_countdown() -> None:
    """``guinote join --name Bea``: the host calls the seat Bea; another person who sits down as Ana is announced
    and called Ana at this seat (in the log and the seat's panel); when Ana goes, the log says how long until a
    bot plays for her."""
    from guinote_tui.net.client import Client

    host = Host(TableConfig(players=2, rules=SHORT, people=(0, 1), level="random", seed=5, away_seconds=600))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        app = make_app(seat={"address": host.address, "code": host.codes[1], "name": "Bea"})
        other = None
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                await until(pilot, lambda: 1 in host.connections)
                assert host.names[1] == "Bea"
                other = await Client.join(host.address, host.codes[0], name="Ana")
                await until(pilot, lambda: "Ana sat down at the table." in log_text(screen))
                assert screen.narrator().name(1) == "Ana"
                await until(pilot, lambda: "Ana" in str(screen.query_one("#seat-top").render()))
                await other.close()
                await until(pilot, lambda: "Ana has left the table; a bot plays for them in" in log_text(screen))
                assert "in 600 seconds unless they are back" in log_text(screen)
        finally:
            if other is not None:
                await other.close()
            await host.close()

    asyncio.run(scenario())


def test_a_hand_that_ended_while_the_seat_was_away_is_told_and_kept_as_assisted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The seat's connection goes and cannot come back for a while; a bot plays for it until a hand ends. Back at
    the table, the log says how that hand ended and the statistics keep it as the player's, marked assisted."""
    from uihelpers import REVIEW_TEST_BUDGET

    from guinote_tui.game.services import Services
    from guinote_tui.net import client as client_module

    host = Host(TableConfig(players=2, rules=SHORT, people=(1,), level="random", seed=5, away_seconds=0))
    blocked = asyncio.Event()
    join = client_module.Client.join.__func__  # type: ignore[attr-defined]

    async def guarded(cls: type, *args: object, **kwargs: object) -> object:
        if blocked.is_set():
            raise OSError("the network is down")
        return await join(cls, *args, **kwargs)

    monkeypatch.setattr(client_module.Client, "join", classmethod(guarded))
    services = Services(review_ahead=False, record_stats=True, review_budget=REVIEW_TEST_BUDGET)

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        app = make_app(seat={"address": host.address, "code": host.codes[1]}, services=services)
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                await until(pilot, lambda: screen.seen is not None and 1 in host.connections)
                blocked.set()
                await screen.client.close()
                await until(pilot, lambda: host.match.hand.is_over)  # (the bot played the seat's hand out)
                blocked.clear()
                await until(pilot, lambda: "While you were away, hand 1 ended:" in log_text(screen))
                await until(pilot, lambda: app.statistics().totals(assisted=True).hands >= 1)
                assert app.statistics().totals(assisted=False).hands == 0
        finally:
            await host.close()

    asyncio.run(scenario())


def test_the_summarys_review_at_a_joined_seat_grades_the_seats_decisions_and_keeps_its_mistakes() -> None:
    """Seat 2 of a heads-up table (the other seat the host's bot) plays a hand with the keys; the host sends the
    whole deal; v on the summary opens the coach's review of the seat's own decisions, and its graded mistakes
    are kept for practice under the seat's match, as after a hand against the bots."""
    from uihelpers import REVIEW_TEST_BUDGET

    from guinote_tui.game.services import Services
    from guinote_tui.records import seat_match_key
    from guinote_tui.ui.screens.review import ReviewScreen

    host = Host(TableConfig(players=2, rules=SHORT, people=(1,), level="random", seed=5))
    services = Services(review_ahead=False, record_stats=True, review_budget=REVIEW_TEST_BUDGET)

    async def scenario() -> tuple[Path, list[str]]:
        await host.start("127.0.0.1", 0)
        app = make_app(seat={"address": host.address, "code": host.codes[1]}, services=services)
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                while not isinstance(app.screen, HandSummary):
                    await play_one_before_the_summary(pilot, screen)
                summary = app.screen
                await until(pilot, lambda: 1 in screen.deals and summary.ready)
                await pilot.press("v")
                await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.reviewed is not None)
                review = app.screen
                assert isinstance(review, ReviewScreen) and review.reviewed
                # The seat's own decisions: seat 1 at the table is the player (seat 0) of the reviewed hand.
                record = host.match.finished[0]
                for decision in review.reviewed:
                    assert record.actions[decision.index][0] == 1
                    assert str(record.actions[decision.index][1]) == str(decision.played)
                graded = {r.index for r in review.reviewed if r.mistake}
                assert graded, "the marked card each time (seed 5) costs points somewhere in the hand"
                key = seat_match_key(host.codes[1])
                kept = [m for m in app.statistics().mistakes() if m.match_key == key]
                assert {m.decision for m in kept} == graded and all(m.hand_number == 1 for m in kept)
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is summary)
                # The seat's match is kept as a history, the player at seat 0: guinote review reads it.
                path = screen.history_path()
                assert path.is_file()
                kept = read_history(path)
                assert [(0 if s == 1 else 1, str(a)) for s, a in record.actions] == [
                    (s, str(a)) for s, a in kept.finished[0].actions
                ]
                return path, [str(r.played) for r in review.reviewed]
        finally:
            await host.close()

    path, played = asyncio.run(scenario())
    args = ["--lang", "en", "review", str(path), "--playouts", "100", "--jobs", "1", "--json"]
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 0, done.output
    decisions = json.loads(done.output)["decisions"]
    assert decisions and all(d["seat"] == 0 and d["hand"] == 1 for d in decisions)
    assert set(played) <= {d["played"] for d in decisions}  # (the command lists the forced last cards too)


async def play_one_before_the_summary(pilot: Pilot[None], screen: JoinedTableScreen) -> None:
    """One decision of the player's with the keys, leaving the hand's summary open once it comes."""
    await until(
        pilot,
        lambda: screen.holding
        or bool(screen.seen and screen.seen.view.legal and not screen.queue)
        or isinstance(pilot.app.screen, HandSummary),
    )
    if isinstance(pilot.app.screen, HandSummary):
        return
    if screen.holding:
        await pilot.press("space")
        return
    assert screen.seen is not None
    await pilot.press(*(MARK_AND_PLAY if any(isinstance(a, Play) for a in screen.seen.view.legal) else "p"))


def test_a_forged_deal_is_refused_in_one_line_in_the_log_and_the_seat_plays_on() -> None:
    class Forging(Host):
        def deal_for(self, number: int, seat: int) -> dict[str, object]:
            message = super().deal_for(number, seat)
            message["actions"] = message["actions"][:-1]  # type: ignore[index]  # (the hand never ends)
            return message

    host = Forging(TableConfig(players=2, rules=Rules.preset("aragones"), people=(1,), level="random", seed=5))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        app = make_app(seat={"address": host.address, "code": host.codes[1]})
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                while not isinstance(app.screen, HandSummary):
                    await play_one_before_the_summary(pilot, screen)
                await until(pilot, lambda: "deal of the hand was refused" in log_text(screen))
                lines = [line for line in log_text(screen).splitlines() if "deal of the hand was refused" in line]
                assert len(lines) == 1 and "stop before the hand's end" in lines[0]
                assert screen.deals == {} and not screen.over
                await pilot.press("v")  # the review says why it cannot be had, and the seat plays on
                await until(pilot, lambda: host.match.hand_number == 2)
                for _ in range(3):
                    await play_one(pilot, screen)
                assert not screen.failed
        finally:
            await host.close()

    asyncio.run(scenario())


def test_a_joined_seat_sees_each_hands_summary_with_the_running_totals_and_o_shows_the_score_sheet() -> None:
    from rich.console import Console

    from guinote_tui.ui.screens.scoresheet import ScoreSheetScreen
    from guinote_tui.ui.screens.summary import points_table

    host = Host(TableConfig(players=2, rules=Rules.preset("aragones"), people=(1,), level="random", seed=5))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        app = make_app(seat={"address": host.address, "code": host.codes[1]})
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                while not isinstance(app.screen, HandSummary):
                    await play_one_before_the_summary(pilot, screen)
                summary = app.screen
                assert isinstance(summary, HandSummary)
                await until(pilot, lambda: summary.ready)
                console = Console(width=100, record=True)
                console.print(points_table(summary.told, summary.told.result))  # type: ignore[arg-type]
                text = console.export_text()
                result = host.match.finished[0].result
                assert result is not None
                assert "Hand 1 is over" in str(summary.query_one(".dialog-title").render())
                assert str(result.totals[1]) in text and str(result.totals[0]) in text  # (the seat's side first)
                await pilot.press("o")
                await until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is summary)
                await pilot.press("enter")
                await until(pilot, lambda: app.screen is screen and screen.game.hand_number == 2)
        finally:
            await host.close()

    asyncio.run(scenario())


def test_a_card_key_while_the_host_is_away_says_so_and_the_seat_plays_once_it_is_back() -> None:
    """The host stops while it is the seat's turn: a card key then neither crashes the screen nor says "wait for
    your turn" (the seat's turn it is): the line says the host is away; once it is back, the card is played."""
    host = Host(TableConfig(players=2, rules=SHORT, people=(1,), level="random", seed=5, keep=True))

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        port = host.port
        app = make_app(seat={"address": host.address, "code": host.codes[1]})
        again: Host | None = None
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                await until(pilot, lambda: screen.game.to_act)
                await host.close()  # q, y at the host, on the seat's turn
                await until(pilot, lambda: screen.host_away)
                await pilot.press("1")
                await pilot.press("1")
                await pilot.pause(0.3)
                assert app.is_running and not screen.failed and not screen.over
                line = str(screen.query_one("#message").render())
                assert "waiting for it to come back" in line and "Wait for your turn" not in line, line
                kept = keep.load()
                assert kept is not None
                again = Host.continued(kept)
                await again.start("127.0.0.1", port)
                await until(pilot, lambda: 1 in again.connections and screen.game.to_act)
                before = len(again.match.hand.log)
                await pilot.press("1")
                await until(pilot, lambda: len(again.match.hand.log) > before)
        finally:
            if again is not None:
                await again.close()

    asyncio.run(scenario())


def test_a_hand_a_bot_played_in_for_the_player_who_came_back_before_its_end_is_recorded_assisted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The seat's connection goes on its turn; a bot plays that decision for it; the seat is back in the same hand
    (told the bot's play in the catch-up) and plays it out: the hand counts in the statistics as assisted."""
    import random

    from uihelpers import REVIEW_TEST_BUDGET

    from guinote_tui.game.services import Services
    from guinote_tui.net import client as client_module
    from guinote_tui.net.client import Client

    host = Host(TableConfig(players=2, rules=Rules.preset("aragones"), people=(0, 1), level="random", seed=5))
    host.config.away_seconds = 0
    blocked = asyncio.Event()
    join = client_module.Client.join.__func__  # type: ignore[attr-defined]

    async def guarded(cls: type, *args: object, **kwargs: object) -> object:
        if blocked.is_set():
            raise OSError("the network is down")
        return await join(cls, *args, **kwargs)

    services = Services(review_ahead=False, record_stats=True, review_budget=REVIEW_TEST_BUDGET)
    allowed = asyncio.Event()

    async def other(client: Client) -> None:
        rng = random.Random(1)
        while (message := await client.receive()) is not None:
            if message["type"] == "state" and message["view"]["legal"]:
                await allowed.wait()
                await client.act(rng.choice(message["view"]["legal"]), message["serial"])

    async def scenario() -> None:
        await host.start("127.0.0.1", 0)
        rival = await Client.join(host.address, host.codes[0])
        task = asyncio.create_task(other(rival))
        allowed.set()
        app = make_app(seat={"address": host.address, "code": host.codes[1]}, services=services)
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                await until(pilot, lambda: screen.game.to_act and host.match.to_move == 1)
                allowed.clear()  # (the rival waits: the hand stays where the bot leaves it)
                monkeypatch.setattr(client_module.Client, "join", classmethod(guarded))
                blocked.set()
                await screen.client.close()
                await until(pilot, lambda: any(h == 1 and s == 1 for h, _, s in host.bot_decisions))
                assert not host.match.hand.is_over
                blocked.clear()
                await until(pilot, lambda: 1 in host.connections and 1 in screen.stood_in_hands)
                allowed.set()
                while not isinstance(app.screen, HandSummary):
                    await play_one_before_the_summary(pilot, screen)
                await until(pilot, lambda: app.statistics().totals(assisted=True).hands == 1)
                assert app.statistics().totals(assisted=False).hands == 0
        finally:
            task.cancel()
            await rival.close()
            await host.close()

    asyncio.run(scenario())
