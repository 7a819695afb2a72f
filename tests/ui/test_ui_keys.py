"""The table always answers the keyboard: focus never lost, a held trick never played over.

Random keys (cards, arrows, Tab, hint, undo, dialogs, resizes) are driven
through whole hands; after each one the focus must be on a widget of the
screen in front (or nowhere), and that screen's keys must still be live.
The short run is seeded and takes a few seconds; ``--runslow`` (or
``GUINOTE_KEYS=<number of keys>``) runs a longer one.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from deals import arranged_deck
from textual.app import App
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey
from uihelpers import hint_drawn, key_for, make_app, playable, settle, summary_ready, wait_until

from guinote_tui import i18n
from guinote_tui.engine import Card, Match, Swap
from guinote_tui.game import preferences, resume
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.screens.dialogs import YesNoDialog
from guinote_tui.ui.screens.start import StartScreen
from guinote_tui.ui.screens.summary import SummaryScreen
from guinote_tui.ui.screens.table import DeclarationButton, TableScreen
from guinote_tui.ui.widgets.choice import ChoiceRow
from guinote_tui.ui.widgets.hand import HandCard
from guinote_tui.ui.widgets.notice import too_small
from guinote_tui.ui.widgets.table import TrickArea, TrickPicture

#: The keys a player presses, with how often the run presses each (q and Ctrl+Q would end the run).
KEYS: dict[str, int] = {
    **{str(n): 6 for n in range(1, 7)},
    "space": 10,
    "enter": 8,
    "left": 3,
    "right": 3,
    "tab": 5,
    "shift+tab": 2,
    "s": 2,
    "c": 2,
    "t": 1,
    "p": 2,
    "h": 2,
    "u": 3,
    "l": 2,
    "r": 2,
    "k": 1,
    "w": 1,
    "question_mark": 1,
    "escape": 5,
    "n": 2,
    "y": 2,
    "a": 1,
    "v": 1,
    "ctrl+s": 1,
}
SIZES = ((80, 24), (100, 30), (120, 40), (70, 20))


def focus_problem(app: App[None]) -> str | None:
    """What is wrong with the focus and the live keys of the screen in front (None: all is well)."""
    screen = app.screen
    focused = screen.focused
    if focused is not None and (not focused.is_attached or focused.screen is not screen):
        return f"the focus is on {focused!r}, which is not on the screen in front"
    live = [b for b in app.active_bindings.values() if b.node is not app]
    if not live:
        return f"{type(screen).__name__} answers no key but the app's"
    if isinstance(screen, TableScreen) and not too_small(screen):
        keys = {b.binding.key for b in live if b.enabled}
        if not {"1", "h", "r", "question_mark"} <= keys:
            return f"the table's keys are not live: {sorted(keys)}"
    return None


async def probe(pilot: Pilot[None], app: GuinoteApp) -> bool:
    """Clear a held trick with Space, or play a card by its key, and check the game took it (when it may)."""
    table = app.screen
    session = app.session
    if not isinstance(table, TableScreen) or session is None or too_small(table):
        return False
    if table.holding:
        await pilot.press("space")
        assert await wait_until(pilot, lambda: not table.holding), "Space did not clear the finished trick"
        return True
    if not session.human_to_move:
        return False
    cards = playable(session.view().legal)
    if not cards:
        return False
    before = len(session.match.hand.log)
    await pilot.press(key_for(app, cards[0]))
    assert await wait_until(pilot, lambda: len(session.match.hand.log) > before or session.match.hand.log == []), (
        "a card's key was not taken"
    )
    return True


def bot_has_moved(app: GuinoteApp, table: TableScreen) -> bool:
    return app.screen is not table or table.session.bot_to_move is None


async def random_keys(seed: int, presses: int, players: int = 4, finish: bool = False) -> tuple[int, int]:
    """``presses`` random keys from seed ``seed``; (hands finished, cards played by the probe).

    ``finish``: when no hand was finished by then, go on playing with the keys a player would press
    (the probe, back to the table with Escape, Enter on the start screen) until one is: how far the
    random keys get depends on how fast the bots answer, the hand's end on the keys alone.
    """
    rng = random.Random(seed)
    keys, weights = list(KEYS), list(KEYS.values())
    app = make_app(players=players, level="random", seed=seed, delay=0)
    hands = probed = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for step in range(presses):
            if step % 60 == 59:
                width, height = rng.choice(SIZES)
                await pilot.resize_terminal(width, height)
            if rng.random() < 0.5 and await probe(pilot, app):
                probed += 1
            else:
                key = rng.choices(keys, weights)[0]
                table = app.screen
                asked = key == "h" and isinstance(table, TableScreen) and table.session.human_to_move
                await pilot.press(key)  # (which waits until the key is taken)
                if asked:  # the player waits for the coach's hint (the next key answers it)
                    await wait_until(pilot, lambda: hint_drawn(app))
            if isinstance(app.screen, SummaryScreen) and not app.screen.ready:
                hands += 1
                await summary_ready(pilot)
            problem = focus_problem(app)
            assert problem is None, f"seed {seed}, key {step}: {problem}"
        for _ in range(800 if finish and not hands else 0):
            screen = app.screen
            if isinstance(screen, SummaryScreen):
                hands += 1
                break
            if isinstance(screen, StartScreen):
                await pilot.press("enter")
            elif not isinstance(screen, TableScreen):
                await pilot.press("escape")
            elif await probe(pilot, app):
                probed += 1
            else:
                moved = partial(bot_has_moved, app, screen)  # wait for the bot, a bounded while
                await wait_until(pilot, moved, timeout=5)
            problem = focus_problem(app)
            assert problem is None, f"seed {seed}, finishing the hand: {problem}"
    return hands, probed


def test_random_keys_never_leave_the_game_deaf() -> None:
    hands, _probed = asyncio.run(random_keys(4, 60, finish=True))
    assert hands > 0  # a whole hand was played through, not only looked at


@pytest.mark.slow
def test_random_keys_never_leave_the_game_deaf_long_run() -> None:
    presses = int(os.environ.get("GUINOTE_KEYS", "1000"))
    for seed, players in ((105, 4), (101, 2)):
        hands, _probed = asyncio.run(random_keys(seed, presses, players))
        assert hands > 0


def test_a_hint_taken_from_a_focused_declaration_button_leaves_the_table_answering() -> None:
    """Tab to the change-the-seven button, ask for a hint, take it: the button goes, the keys stay."""

    async def run() -> None:
        app = make_app(players=4, seed=105, delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            session = app.session
            assert session is not None
            for _ in range(12):
                await settle(pilot)
                if any(isinstance(a, Swap) for a in session.view().legal):
                    break
                await pilot.press(key_for(app, playable(session.view().legal)[0]))
            assert any(isinstance(a, Swap) for a in session.view().legal), "the change of the seven never came"
            await pilot.press("tab")
            await pilot.pause()
            assert isinstance(app.focused, DeclarationButton)
            await pilot.press("h")
            assert await wait_until(pilot, lambda: hint_drawn(app))
            await pilot.press("enter")
            table = app.screen
            assert await wait_until(pilot, lambda: isinstance(table, TableScreen) and not table.query("HintScreen"))
            await pilot.pause()
            assert isinstance(table, TableScreen)
            assert focus_problem(app) is None
            await settle(pilot)
            played = len(session.match.hand.log)
            cards = playable(session.view().legal)
            await pilot.press(key_for(app, cards[0]) if cards else "p")
            assert await wait_until(pilot, lambda: len(session.match.hand.log) > played)

    asyncio.run(run())


# -- a finished trick is cleared the same way whoever won it ------------------------------------------

# Heads-up, the rival deals and the player leads 1B: the rival holds no Bastos and no trumps (Oros),
# so the player takes the first trick and leads the second.
WINNER = "1B 7C 4B 5B 6B 7E"
NO_ANSWER = "4E 5E 6E 4C 5C 6C"


def won_trick_app(**options: object) -> GuinoteApp:
    deck = arranged_deck(2, dealer=1, hands={0: WINNER, 1: NO_ANSWER}, muestra="3O")
    return make_app(players=2, level="random", seed=3, delay=0, decks=[deck], dealer=1, **options)


async def first_trick_won(pilot: Pilot[None], app: GuinoteApp) -> TableScreen:
    """Lead the As de Bastos and wait until the rival has answered: the trick is the player's."""
    table = app.screen
    session = app.session
    assert isinstance(table, TableScreen) and session is not None
    await pilot.press(key_for(app, Card.parse("1B")))
    hand = session.match.hand
    assert await wait_until(pilot, lambda: len(hand.tricks) == 1)
    assert hand.tricks[0].winner == 0 and session.human_to_move
    return table


def message(table: TableScreen) -> str:
    return str(table.query_one("#message").render())


def felt(table: TableScreen) -> TrickPicture:
    picture = table.query_one(TrickArea).picture
    assert picture is not None
    return picture


@pytest.mark.parametrize("key", ["space", "1"])
def test_after_a_trick_the_player_won_the_first_key_only_clears_it(key: str) -> None:
    async def run() -> None:
        app = won_trick_app()
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            table = await first_trick_won(pilot, app)
            session = app.session
            assert session is not None
            # Held as after a trick a bot wins: on the felt, with the same words.
            assert table.holding
            assert felt(table).finished is not None
            assert "Trick 1 to you." in message(table) and "Press Space to go on" in message(table)
            assert not any(card.selected for card in table.query(HandCard))  # no card marked to be played
            await pilot.press(key)
            await pilot.pause()
            assert len(session.match.hand.log) == 2  # nothing played: the trick was only cleared
            assert not table.holding and felt(table).finished is None
            assert "Your lead" in message(table)
            assert any(card.selected for card in table.query(HandCard))
            log = session.match.hand.log
            if key == "space":
                # Space never plays a card: pressed once too often, it says how to play instead.
                await pilot.press("space")
                await pilot.pause()
                assert len(log) == 2 and "Space only goes on after a trick" in message(table)
                # Nor does Enter throw the card the highlight happens to be on: a card is marked first.
                await pilot.press("enter")
                await pilot.pause()
                assert len(log) == 2 and "Enter plays the card you mark" in message(table)
                await pilot.press("right", "left")
            await pilot.press("enter" if key == "space" else key)  # now a key plays: Enter the marked card
            assert await wait_until(pilot, lambda: len(log) >= 3)
            assert log[2][0] == 0

    asyncio.run(run())


class TimerWatch:
    """The table's scheduler with every timer it sets kept (its seconds and what it calls) and set far off: the test
    ends the wait itself, as the timer would, instead of counting on a loaded machine to keep 0.2 s (it cleared the
    trick before the test could see it held, in three runs of three side by side)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.set: list[tuple[float, Callable[[], None]]] = []

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Any:
        self.set.append((seconds, fn))
        return self.inner.call_later(3600, fn)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_a_timed_pace_clears_a_trick_the_player_won_by_itself_and_zero_seconds_holds_nothing() -> None:
    async def run(seconds: float) -> None:
        app = won_trick_app(pace="timed")
        app.settings.trick_seconds = seconds
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            watch = TimerWatch(screen.game.scheduler)
            screen.game.scheduler = watch
            table = await first_trick_won(pilot, app)
            if seconds <= 0:
                assert not table.holding and felt(table).finished is None
                assert "Your lead" in message(table)
                assert watch.set == []
                return
            assert table.holding and felt(table).finished is not None
            assert [after for after, _ in watch.set] == [seconds]  # the timer set for the pace's seconds
            watch.set[0][1]()  # ... and its time is up
            assert await wait_until(pilot, lambda: not table.holding)
            assert felt(table).finished is None

    asyncio.run(run(0))
    asyncio.run(run(0.2))


# -- abandoning, and the start screen's choices -----------------------------------------------------


def test_abandoning_from_the_table_gives_the_kept_match_up() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert resume.exists()
            await pilot.press("n")
            assert await wait_until(pilot, lambda: isinstance(app.screen, YesNoDialog))
            await pilot.press("y")
            assert await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
            await pilot.pause()
            assert not resume.exists()
            assert not app.screen.query("#continue")  # nothing to continue

    asyncio.run(run())


def test_abandoning_from_the_summary_gives_the_match_up_and_keeps_its_statistics() -> None:
    from guinote_tui.records import Statistics

    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            session = app.session
            assert session is not None
            for _ in range(40):
                await settle(pilot)
                if session.hand_over:
                    break
                await pilot.press(key_for(app, playable(session.view().legal)[0]))
            assert await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen))
            assert not session.match.is_over and resume.exists()
            await summary_ready(pilot)
            await pilot.press("n")
            assert await wait_until(pilot, lambda: isinstance(app.screen, YesNoDialog))
            await pilot.press("y")
            assert await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
            await pilot.pause()
            assert not resume.exists()
            assert not app.screen.query("#continue")

    asyncio.run(run())
    with Statistics() as stats:
        assert stats.totals().hands == 1  # the hand played stays recorded


def test_the_start_screens_choices_outlive_a_continued_match() -> None:
    match = Match(2, seed=5)
    assert resume.Keeper().save(match, ["You", "Rival"], {"seats": {"1": "easy"}, "pace": "wait"})

    async def run() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            start = app.screen
            assert isinstance(start, StartScreen)
            start.query_one("#level", ChoiceRow).value = "hard"
            start.query_one("#players", ChoiceRow).value = 4
            await pilot.pause()
            await pilot.press("c")
            assert await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
            session = app.session
            assert session is not None and session.players == 2
            assert session.settings.level_of(1) == "easy"  # the continued match plays as it was
            await pilot.press("n")
            assert await wait_until(pilot, lambda: isinstance(app.screen, YesNoDialog))
            await pilot.press("y")
            assert await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
            start = app.screen
            assert isinstance(start, StartScreen)
            assert start.query_one("#level", ChoiceRow).value == "hard"
            assert start.query_one("#players", ChoiceRow).value == 4

    asyncio.run(run())
    assert preferences.load()[0].level == "hard"  # and remembered for the next run


def test_a_language_the_player_never_picked_is_not_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))

    asyncio.run(run())
    assert preferences.path().is_file()
    assert preferences.load()[0].language is None
    # So the locale still chooses it on the next run.
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    make_app(delay=0)
    assert i18n.current() == "es"


# -- what the keys say ----------------------------------------------------------------------------------


def test_the_table_footer_offers_the_last_trick_and_the_rules_and_l_says_why_before_a_trick() -> None:
    async def run() -> None:
        app = make_app(players=4, level="random", seed=3, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            shown: set[str] = set()
            for _ in range(20):
                await pilot.pause()
                shown = {str(key.description) for key in table.query(FooterKey) if key.display}
                if {"Last trick", "Rules"} <= shown:
                    break
            assert {"Last trick", "Rules"} <= shown, shown
            session = app.session
            assert session is not None
            if not session.view().tricks:
                await pilot.press("l")
                await pilot.pause()
                assert "No trick has been played yet" in message(table)

    asyncio.run(run())
