"""The start screen: rows changed by keys and clicks become the dealt match's settings.

Every row explains itself on the line below the rows while it has the focus;
the rule variants wait under a collapsed House rules section whose title sums
up the preset; an empty seed deals a new random match every time.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.widgets import Button, Collapsible, Input
from uihelpers import key_for, make_app, playable, resize, screen_lines, settle, wait_until

from guinote_tui.engine import Match, Rules
from guinote_tui.game import resume
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.screens.dialogs import YesNoDialog
from guinote_tui.ui.screens.start import RULE_ROWS, StartScreen, house_rules_summary
from guinote_tui.ui.screens.table import TableScreen
from guinote_tui.ui.widgets.choice import ChoiceRow
from guinote_tui.ui.widgets.notice import TooSmall

ARAGONES_SUMMARY = "House rules: aragonés — sota over caballo, 101 to win, 3 juegos a coto"


def start_screen(app: GuinoteApp) -> StartScreen:
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return screen


def house_rules(screen: StartScreen) -> Collapsible:
    return screen.query_one("#house-rules", Collapsible)


async def open_house_rules(pilot) -> None:  # type: ignore[no-untyped-def]
    """Walk down to the House rules title with ↓ and open it with →."""
    screen = start_screen(pilot.app)
    for _ in range(10):
        if screen.focused is house_rules(screen)._title:
            break
        before = screen.focused
        await pilot.press("down")
        # each ↓ judged once the focus has moved (checked at once, a loaded machine let a second ↓ pass the title)
        assert await wait_until(pilot, lambda before=before: screen.focused is not before)
    assert screen.focused is house_rules(screen)._title
    await pilot.press("right")
    assert await wait_until(pilot, lambda: not house_rules(screen).collapsed)
    # The rows inside are laid out before a test clicks them (on a loaded machine the layout comes later).
    assert await wait_until(pilot, lambda: screen.query_one("#preset").region.width > 40)
    # and in sight, where a click lands on it (80×24 scrolls the rules into view after they open)
    preset = screen.query_one("#preset")
    preset.scroll_visible(animate=False)
    height = pilot.app.size.height
    assert await wait_until(pilot, lambda: preset.region.y >= 0 and preset.region.bottom <= height - 1)


def test_choices_on_the_start_screen_make_the_match() -> None:
    async def choose_and_deal() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            # Game row has the focus: → switches to heads-up, and the partner row is hidden.
            await pilot.press("right")
            assert await wait_until(pilot, lambda: screen.query_one("#players", ChoiceRow).value == 2)
            assert not screen.query_one("#partner_level", ChoiceRow).display
            await open_house_rules(pilot)
            # A click on the preset row moves it on: libre-100 brings its own flags.
            await pilot.click("#preset", offset=(30, 0))
            assert await wait_until(pilot, lambda: screen.query_one("#preset", ChoiceRow).value == "libre-100")
            assert screen.query_one("#tute", ChoiceRow).value == "off"
            assert screen.query_one("#juegos_per_coto", ChoiceRow).value == 1
            # Then one flag changed by keys: the focus walks down the rules with ↓.
            assert app.focused is screen.query_one("#preset")
            await pilot.press("down", "down", "down", "down", "down")
            assert await wait_until(pilot, lambda: app.focused is screen.query_one("#treinta_malas"))
            await pilot.press("left")
            assert await wait_until(pilot, lambda: screen.query_one("#treinta_malas", ChoiceRow).value is True)
            screen.query_one("#seed", Input).value = "42"
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
            session = app.session
            assert session is not None
            rules = session.match.rules
            assert session.players == 2 and session.settings.seed == 42 == session.seed
            assert rules.preset_name == "libre-100" and rules.treinta_malas and rules.tute == "off"
            assert rules.differences() == {"treinta_malas": True}

    asyncio.run(choose_and_deal())


def test_enter_alone_deals_pairs_against_the_default_bots() -> None:
    async def just_enter() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            session = app.session
            assert session is not None and session.players == 4
            from guinote_tui.ai import default_level

            assert {session.settings.level_of(seat) for seat in (1, 2, 3)} == {default_level()}
            assert session.match.rules.preset_name == "aragones" and not session.match.rules.differences()
            # A new player waits for no clock: a finished trick stays until a key is pressed.
            assert session.settings.pace == "wait"
            await pilot.press("ctrl+q")

    asyncio.run(just_enter())


def test_every_row_explains_itself_when_it_has_the_focus() -> None:
    async def walk_the_rows() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            expected = {
                "players": "Game: pairs: you and the bot opposite you against two bots; heads-up: you against one bot",
                "level": "Bot level: how well the bots play",
                "partner_level": "Partner level: how well the bot sitting opposite you plays",
                "pace": "Pace: wait for me — a finished trick stays on the table until you press a key;"
                " timed — it stays for the time set",
                "delay": "Bot speed: how long each bot's card stays in view",
                "open_hands": "Bots' cards: normal: the bots' cards are hidden; open hands: every bot's cards"
                " are shown face up",
                "seed": "Seed: empty: a new random deal every match",
            }
            # The explanation follows the focus by a message: each is judged once the row has it (on a loaded
            # machine a check at once read the row before's).
            for row_id, text in expected.items():
                row = screen.query_one(f"#{row_id}")
                assert await wait_until(
                    pilot, lambda row=row, text=text: app.focused is row and screen.explanation.startswith(text)
                ), (row_id, screen.explanation)
                await pilot.press("down")
            # ↓ from the seed reaches the House rules title, which says how to open it.
            assert app.focused is house_rules(screen)._title
            assert await wait_until(
                pilot, lambda: screen.explanation.startswith("House rules: the preset and the rules that vary")
            ), screen.explanation
            assert "→ opens them" in screen.explanation
            await pilot.press("right")
            await pilot.pause()
            # Inside: the preset, then every rule flag, each with its own explanation from the rulebook.
            await pilot.press("down")
            preset = "Rules preset: aragonés, the usual rules of Aragón; libre-100:"
            assert await wait_until(pilot, lambda: screen.explanation.startswith(preset)), screen.explanation
            explanations = set()
            for flag, label, _, _ in RULE_ROWS:
                await pilot.press("down")
                assert app.focused is screen.query_one(f"#{flag}")
                assert await wait_until(pilot, lambda label=label: screen.explanation.startswith(f"{label}: ")), (
                    flag,
                    screen.explanation,
                )
                explanations.add(screen.explanation)
            assert len(explanations) == len(RULE_ROWS)
            screen.query_one("#treinta_malas").focus()
            await pilot.pause()
            assert screen.explanation == (
                "Treinta malas: a side that ends the first hand with under 30 points from cards and the last ten"
                " does not win the juego, even past 101"
            )
            # The line fits its two rows at 80 columns.
            help_line = screen.query_one("#start-help")
            assert help_line.region.height == 2 and help_line.region.right <= 80
            # The buttons explain themselves too.
            screen.query_one("#rules").focus()
            await pilot.pause()
            assert screen.explanation.startswith("Rules: the rules of Guiñote")

    asyncio.run(walk_the_rows())


def test_house_rules_are_collapsed_with_the_presets_summary() -> None:
    async def look_then_change() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            section = house_rules(screen)
            body = screen.query_one("#start-body")
            assert section.collapsed and section.title == ARAGONES_SUMMARY
            # Collapsed, everything fits 80×24: nothing to scroll, the rule rows out of reach of the focus.
            assert body.max_scroll_y == 0
            assert screen.query_one("#preset").region.area == 0
            focusable = [w.id for w in screen.focus_chain]
            assert "preset" not in focusable and "treinta_malas" not in focusable
            # The footer: on the title Enter opens it, not deals.
            section._title.focus()
            await pilot.pause()
            assert "start" not in {b.binding.action for b in app.active_bindings.values()}
            await pilot.press("enter")
            await pilot.pause()
            assert not section.collapsed and app.screen is screen
            assert body.max_scroll_y > 0  # expanded, the rows scroll
            # One flag changed: the summary names it.
            screen.query_one("#treinta_malas", ChoiceRow).focus()
            await pilot.press("right")
            await pilot.pause()
            assert section.title == f"{ARAGONES_SUMMARY} · changed: Treinta malas off"
            assert "off" in str(section._title.render())
            # Back to the preset's value: no longer changed.
            await pilot.press("left")
            await pilot.pause()
            assert section.title == ARAGONES_SUMMARY
            # Another preset: its own summary, and ← on the title closes the section.
            screen.query_one("#preset", ChoiceRow).focus()
            await pilot.press("right")
            await pilot.pause()
            libre = "House rules: libre-100 — caballo over sota, 100 to win, 1 juego a coto, capote +100"
            assert section.title == libre
            section._title.focus()
            await pilot.press("left")
            await pilot.pause()
            assert section.collapsed
            assert body.max_scroll_y == 0

    asyncio.run(look_then_change())


def test_house_rules_summary_names_the_changes() -> None:
    assert house_rules_summary(Rules()) == ARAGONES_SUMMARY
    assert house_rules_summary(Rules.preset("aragones", target=120, cotos_to_win=2)) == (
        "House rules: aragonés — sota over caballo, 120 to win, 3 juegos a coto, 2 cotos to win"
        " · changed: Target 120, Cotos to win 2 (best of 3)"
    )
    many = Rules.preset("aragones", tute="off", vueltas=False, deal_packet=1)
    assert house_rules_summary(many).endswith(" · 3 rules changed")


def test_a_rule_from_the_command_line_is_shown_and_kept() -> None:
    async def deal_with_custom_rules() -> None:
        rules = Rules.preset("aragones", target=120, card_order="caballo_high")
        app = make_app(level="random", delay=0, rules=rules)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            assert screen.query_one("#target", ChoiceRow).shown == "120"
            assert "120 to win" in house_rules(screen).title
            await pilot.press("enter")
            await pilot.pause()
            assert app.session is not None and app.session.match.rules == rules

    asyncio.run(deal_with_custom_rules())


def test_the_pace_chosen_reaches_the_settings() -> None:
    async def choose_timed() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            pace = screen.query_one("#pace", ChoiceRow)
            assert pace.shown == "wait for me"
            assert [text for _, text in pace.options] == [
                "wait for me",
                "timed, 1.5 s a trick",
                "timed, 2 s a trick",
                "timed, 3 s a trick",
            ]
            await pilot.press("down", "down", "down")
            assert app.focused is pace
            await pilot.press("left")  # wraps round to the longest time
            assert pace.shown == "timed, 3 s a trick"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            settings = app.settings
            assert settings.pace == "timed" and settings.trick_seconds == 3.0
            assert app.session is not None and app.session.settings is settings

    asyncio.run(choose_timed())


def test_a_timed_pace_is_shown_again_and_never_below_the_minimum() -> None:
    async def look() -> None:
        app = make_app(level="random", delay=0, pace="timed")
        app.settings.trick_seconds = 0.5  # e.g. from an old saved file
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            pace = start_screen(app).query_one("#pace", ChoiceRow)
            assert pace.value == ("timed", 1.5)
            await pilot.press("enter")
            await pilot.pause()
            assert app.settings.pace == "timed" and app.settings.trick_seconds == 1.5

    asyncio.run(look())


async def deal_then_new_match(pilot) -> tuple[int | None, tuple[object, ...]]:  # type: ignore[no-untyped-def]
    """From the start screen: Enter deals; returns the match's seed and deal, then n, y back to the start screen."""
    app = pilot.app
    await pilot.press("enter")
    await settle(pilot)
    session = app.session
    assert isinstance(app.screen, TableScreen) and session is not None
    hand = session.match.hand
    deal = (hand.dealer, hand.muestra_card, tuple(tuple(session.view_for(seat).hand) for seat in range(4)))
    await pilot.press("n")
    await pilot.pause()
    await pilot.press("y")
    await pilot.pause()
    assert isinstance(app.screen, StartScreen)
    return session.seed, deal


def test_an_empty_seed_deals_a_new_random_match_each_time() -> None:
    async def two_matches() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert start_screen(app).query_one("#seed", Input).value == ""
            assert start_screen(app).chosen_settings().seed is None
            first_seed, first_deal = await deal_then_new_match(pilot)
            assert app.settings.seed is None and first_seed is not None
            # Back on the start screen with the previous settings: the seed field is still empty.
            assert start_screen(app).query_one("#seed", Input).value == ""
            second_seed, second_deal = await deal_then_new_match(pilot)
            assert app.settings.seed is None
            assert second_seed != first_seed and second_deal != first_deal

    asyncio.run(two_matches())


def test_a_typed_seed_is_kept_for_the_next_match() -> None:
    async def same_deal_twice() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            screen.query_one("#seed", Input).focus()
            await pilot.press("4", "2")
            assert screen.chosen_settings().seed == 42
            first_seed, first_deal = await deal_then_new_match(pilot)
            assert first_seed == 42 == app.settings.seed
            assert start_screen(app).query_one("#seed", Input).value == "42"
            second_seed, second_deal = await deal_then_new_match(pilot)
            assert second_seed == 42 and second_deal == first_deal

    asyncio.run(same_deal_twice())


def test_enter_does_not_deal_under_the_too_small_notice() -> None:
    async def press_enter_while_small() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(70, 20)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            assert screen.has_class("-narrow")
            # The notice speaks of the game, not of a card table the start screen does not show.
            notice = str(screen.query_one(TooSmall).render())
            assert "The game needs a terminal of at least 80 × 24 characters." in notice
            assert "card table" not in notice
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen and app.session is None
            await resize(pilot, 80, 24)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(press_enter_while_small())


def test_escape_on_the_start_screen_does_not_quit_but_q_does() -> None:
    async def run() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            for focus in ("#players", "#seed", "#quit"):
                screen.query_one(focus).focus()
                await pilot.press("escape")
                await pilot.pause()
                assert app.is_running and app.screen is screen, focus
            assert "Esc" not in " ".join(screen_lines(app)[-1:])  # the footer offers no Esc
            screen.query_one("#quit").focus()
            await pilot.pause()
            assert "Esc" not in screen.explanation
            screen.query_one("#players").focus()
            await pilot.press("q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(run())


def test_ctrl_q_still_quits_from_the_start_screen() -> None:
    async def run() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(run())


def test_the_partner_row_shows_only_for_pairs() -> None:
    async def run() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            partner = screen.query_one("#partner_level", ChoiceRow)
            assert partner.display and any("Partner level" in line for line in screen_lines(app))
            await pilot.press("right")  # heads-up
            await pilot.pause()
            assert not partner.display and not any("Partner level" in line for line in screen_lines(app))
            await pilot.press("down")  # ↓ from the Game row skips the hidden row
            assert app.focused is screen.query_one("#level")
            await pilot.press("down")
            assert app.focused is screen.query_one("#pace")
            screen.query_one("#players").focus()
            await pilot.press("left")  # pairs again
            await pilot.pause()
            assert partner.display and any("Partner level" in line for line in screen_lines(app))

    asyncio.run(run())


def test_the_practice_row_says_what_open_hands_means() -> None:
    async def run() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            screen.query_one("#open_hands").focus()
            await pilot.pause()
            text = screen.explanation
            assert "normal: the bots' cards are hidden" in text
            assert "open hands: every bot's cards are shown face up" in text
            # The whole explanation is on screen at 80×24 (two lines under the rows).
            shown = " ".join(line.strip() for line in screen_lines(app))
            assert " ".join(text.split()) in " ".join(shown.split())

    asyncio.run(run())


def kept_match(players: int, levels: dict[str, str], tricks: int) -> Match:
    """A match in progress kept in the data directory, ``tricks`` tricks into its first hand."""
    match = Match(players, seed=5)
    rng = random.Random(2)
    while len(match.hand.tricks) < tricks:
        seat = match.hand.to_move
        assert seat is not None
        match.apply(rng.choice(match.hand.legal_actions()), seat)
    names = ["You", "Rival"] if players == 2 else ["You", "Right", "Partner", "Left"]
    assert resume.Keeper().save(match, names, {"seats": levels, "pace": "wait"})
    return match


def test_continue_says_what_it_resumes() -> None:
    match = kept_match(2, {"1": "hard"}, tricks=3)
    score = f"{match.hand.total(0)}–{match.hand.total(1)}"

    async def run() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            button = screen.query_one("#continue", Button)
            expected = f"Continue: heads-up against hard, hand 1, {score}"
            assert button.tooltip == expected
            button.focus()
            await pilot.pause()
            assert screen.explanation == f"{expected} (c)"
            assert any(expected in line for line in screen_lines(app))

    asyncio.run(run())


def test_continue_names_a_partner_of_another_level() -> None:
    kept_match(4, {"1": "normal", "2": "easy", "3": "normal"}, tricks=1)

    async def run() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            button = start_screen(app).query_one("#continue", Button)
            assert str(button.tooltip).startswith("Continue: pairs against normal (partner easy), hand 1, ")

    asyncio.run(run())


def test_a_damaged_kept_match_does_not_stop_the_start_screen_and_continue_tells_it() -> None:
    target = resume.path()
    target.parent.mkdir(parents=True)
    target.write_text("{not json")

    async def run() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            button = screen.query_one("#continue", Button)
            assert button.tooltip is None and screen.continue_text is None
            told: list[str] = []
            original = screen.notify
            screen.notify = lambda message, **kw: told.append(message) or original(message, **kw)  # type: ignore[method-assign]
            await pilot.press("c")
            await pilot.pause()
            assert app.screen is screen and not screen.query("#continue")
            assert len(told) == 1 and "current-match.json could not be read" in told[0]
            assert list(target.parent.glob("current-match.json.corrupt-*"))

    asyncio.run(run())


def test_the_level_row_says_how_strong_the_level_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    from guinote_tui.ai import strength
    from guinote_tui.tournament.ladder import build_table, pooled

    def measured(a: str, b: str, players: int, share: float) -> object:
        return pooled([{"a": a, "b": b, "players": players, "deals": 1000, "seed": 1, "juego_share_a": share,
                        "effective_games": 1800.0, "rules": "aragones"}])  # fmt: skip

    steps = {}
    for players, hard_share in ((2, 0.64), (4, 0.69)):
        for a, b, share in (
            ("easy", "random", 0.85),
            ("normal", "easy", 0.75),
            ("hard", "normal", hard_share),
            ("expert", "hard", 0.52),  # measured, and not stronger
        ):
            steps[(players, a, b)] = measured(a, b, players, share)
    table = strength.parse_table(build_table(steps, "test"))  # type: ignore[arg-type]
    monkeypatch.setattr(strength, "strength_table", lambda: table)

    async def run() -> None:
        app = make_app(level="hard", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            screen.query_one("#level").focus()
            await pilot.pause()
            assert screen.explanation == "Bot level: hard wins about 69\u00a0% of juegos against normal"  # pairs
            screen.query_one("#players", ChoiceRow).value = 2
            screen.query_one("#players").focus()
            await pilot.pause()
            screen.query_one("#level").focus()
            await pilot.pause()
            assert "64\u00a0%" in screen.explanation
            row = screen.query_one("#level", ChoiceRow)
            assert [value for value, _label in row.options] == ["easy", "normal", "hard"]  # expert is not offered

    asyncio.run(run())


def test_deal_asks_before_it_gives_up_a_kept_match() -> None:
    """Quit with q and y (the match is kept), start again, Enter: a question, and only a yes deals anew."""

    async def play_and_quit() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            session = app.session
            assert session is not None
            await settle(pilot)
            await pilot.press(key_for(app, playable(session.view().legal)[0]))
            await settle(pilot)
            await pilot.press("q")
            assert await wait_until(pilot, lambda: isinstance(app.screen, YesNoDialog))
            await pilot.press("y")
            await pilot.pause()

    asyncio.run(play_and_quit())
    kept = resume.path().read_bytes()

    async def start_again() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            assert screen.query("#continue")
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: isinstance(app.screen, YesNoDialog))
            question = app.screen
            assert isinstance(question, YesNoDialog) and "heads-up against random, hand 1" in question.question
            await pilot.press("n")  # no: the start screen, the match still kept
            assert await wait_until(pilot, lambda: app.screen is screen)
            assert resume.path().read_bytes() == kept and screen.query("#continue")
            screen.query_one("#start", Button).press()  # the button asks too
            assert await wait_until(pilot, lambda: isinstance(app.screen, YesNoDialog))
            await pilot.press("escape")
            assert await wait_until(pilot, lambda: app.screen is screen)
            assert resume.path().read_bytes() == kept
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: isinstance(app.screen, YesNoDialog))
            await pilot.press("y")  # yes: a new match, kept in its place
            assert await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))

    asyncio.run(start_again())
    assert resume.path().read_bytes() != kept


def test_deal_without_a_kept_match_deals_at_once() -> None:
    async def run() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not start_screen(app).query("#continue")
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))

    asyncio.run(run())


def test_the_seed_row_lets_the_screen_letter_keys_through_and_the_footer_keeps_them() -> None:
    async def run() -> None:
        from textual.widgets._footer import FooterKey

        from guinote_tui.ui.screens.statistics import StatisticsScreen

        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = start_screen(app)
            seed = screen.query_one("#seed", Input)
            seed.focus()
            await pilot.press("4", "2")
            await pilot.pause()
            assert seed.value == "42"
            shown = {key.key for key in app.screen.query(FooterKey)}
            assert {"l", "p", "t"} <= shown, shown
            await pilot.press("t")
            assert await wait_until(pilot, lambda: isinstance(app.screen, StatisticsScreen))
            assert isinstance(app.screen, StatisticsScreen) and seed.value == "42"

    asyncio.run(run())


@pytest.mark.parametrize("code", ["en", "es", "de", "it", "nl", "ru"])
def test_the_buttons_keep_their_key_letters_at_80_columns_in_every_language(code: str) -> None:
    from guinote_tui import i18n
    from guinote_tui.ui.screens.start_rows import BUTTONS, button_labels

    shown = [button[0] for button in BUTTONS if button[0] != "continue"]
    try:
        i18n.set_language(code)
        for due in (0, 1, 12):
            labels = button_labels(80, shown, due)
            for button_id, key in (("learn", "l"), ("practice", "p"), ("statistics", "t"), ("rules", "?")):
                assert labels[button_id].endswith(f"({key})"), (code, due, labels)
        # The open-cards setting is not named as the practice section's button.
        from guinote_tui.ui.screens.start_rows import help_of

        assert help_of("open_hands")[0] != i18n._("Practice")
    finally:
        i18n.set_language("en")
