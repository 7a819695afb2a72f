"""Learn to play: the lessons menu and a lesson played through by keys, at 80×24 and 100×30."""

from __future__ import annotations

import asyncio

from click.testing import CliRunner
from textual.widgets import OptionList
from uihelpers import make_app, resize, screen_lines

from guinote_tui.cli import main
from guinote_tui.engine import Card
from guinote_tui.lessons import LESSONS, Move, Progress
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.screens.lessons import LessonScreen, LessonsMenu
from guinote_tui.ui.screens.start import StartScreen


def lesson_screen(app: GuinoteApp) -> LessonScreen:
    screen = app.screen
    assert isinstance(screen, LessonScreen)
    return screen


async def go_to_move(pilot, screen: LessonScreen) -> Move:  # type: ignore[no-untyped-def]
    """Enter through the explanations to the next move step."""
    while not isinstance(screen.step, Move):
        await pilot.press("enter")
    return screen.step


async def footer_line(pilot, holds) -> str:  # type: ignore[no-untyped-def]
    """The footer's line once ``holds(line)`` (it is rebuilt a moment after the keys change): waits on the state."""
    line = ""
    for _ in range(100):
        line = screen_lines(pilot.app)[-1]
        if holds(line):
            break
        await pilot.pause()
    return line


def key_for(screen: LessonScreen, text: str) -> str:
    return str(screen.hand.index(Card.parse(text)) + 1)


def test_a_lesson_with_a_wrong_move_on_the_way_is_done_and_remembered() -> None:
    async def run() -> None:
        app = make_app(learn="1")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = lesson_screen(app)
            assert screen.lesson.id == "cards"
            await go_to_move(pilot, screen)
            lines = screen_lines(app)
            assert any("Your move:" in line for line in lines)
            assert any("╭1─" in line and "╭6─" in line for line in lines)  # the whole hand shows at 80×24
            await pilot.press(key_for(screen, "12E"))  # legal, but not the card worth most
            await pilot.pause()
            assert "Not quite. The Rey de Espadas is worth 4 points." in screen.message
            assert screen.query_one("#lesson-message").has_class("-warning")
            assert not screen.solved
            await pilot.press(key_for(screen, "3C"))
            await pilot.pause()
            assert screen.solved and screen.message.startswith("Correct! Rival plays the Cuatro de Bastos.")
            assert "draw" not in screen.message  # drawing waits for lesson 2
            await pilot.press("enter")
            await go_to_move(pilot, screen)
            await pilot.press(key_for(screen, "3E"))
            await pilot.pause()
            assert "You win the trick: 14 points." in screen.message
            await pilot.press("enter")  # the last step: the lesson is done
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, LessonsMenu)
            assert menu.progress.done == {"cards"}
            options = menu.query_one("#lesson-list", OptionList)
            assert str(options.get_option_at_index(0).prompt).startswith("✓ 1")
            assert options.highlighted == 1  # the next lesson to do
            # Said under the list, not by a notification that would cover the next lesson's text.
            note = str(menu.query_one("#lessons-note").render())
            assert note.startswith("Well done · Lesson 1 done: "), note
            await pilot.press("enter")  # the next lesson at once
            await pilot.pause()
            assert lesson_screen(app).lesson.id != "cards"
            assert not app.screen.query("Toast")
        assert Progress.load().done == {"cards"}  # a fresh load remembers it

    asyncio.run(run())


def test_an_illegal_card_is_refused_with_the_engine_s_rule() -> None:
    async def run() -> None:
        app = make_app(learn="arrastre")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = lesson_screen(app)
            await go_to_move(pilot, screen)
            await pilot.press(key_for(screen, "5C"))
            await pilot.pause()
            assert screen.message.startswith(
                "That is not allowed: you must beat the winning Sota de Copas (montar): you hold a higher Copas."
            )
            await pilot.press(key_for(screen, "1C"))
            await pilot.pause()
            assert screen.solved and "You win the trick: 25 points." in screen.message
            await pilot.press("escape")  # leaving the lesson does not mark it done
            await pilot.pause()
            assert isinstance(app.screen, LessonsMenu) and app.screen.progress.done == set()

    asyncio.run(run())


def test_the_start_screen_s_learn_button_opens_the_menu_and_escape_comes_back() -> None:
    async def run() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            await pilot.click("#learn")
            await pilot.pause()
            assert isinstance(app.screen, LessonsMenu)
            lines = screen_lines(app)
            for lesson in LESSONS:
                assert any(f"{lesson.number}  {lesson.title}" in line for line in lines)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            await pilot.press("escape")  # Escape goes back, but never out of the game from the start screen
            await pilot.pause()
            assert app.is_running and isinstance(app.screen, StartScreen)
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, LessonsMenu)

    asyncio.run(run())


def test_with_every_lesson_done_the_menu_offers_a_real_hand() -> None:
    async def run() -> None:
        progress = Progress.load()
        for lesson in LESSONS:
            progress.finish(lesson.id)
        app = make_app(learn="")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, LessonsMenu) and menu.all_done
            assert any("All six lessons done!" in line for line in screen_lines(app))
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            assert app.screen.chosen_settings().players == 2 and app.screen.chosen_settings().level == "easy"

    asyncio.run(run())


def test_a_damaged_progress_file_is_told_in_one_line() -> None:
    async def run() -> None:
        path = Progress.load().path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{oops")
        app = make_app(learn="")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, LessonsMenu)
            assert menu.progress.problem is not None and "moved to lessons.json.corrupt-" in menu.progress.problem
            assert list(path.parent.glob("lessons.json.corrupt-*"))

    asyncio.run(run())


def test_below_80_by_24_the_lesson_waits_behind_the_notice() -> None:
    async def run() -> None:
        app = make_app(learn="5")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = lesson_screen(app)
            await go_to_move(pilot, screen)
            await resize(pilot, 70, 20)
            await pilot.press(key_for(screen, "1C"))
            await pilot.pause()
            assert not screen.solved  # no playing blind
            await resize(pilot, 80, 24)
            await pilot.press(key_for(screen, "1C"))
            await pilot.pause()
            assert screen.solved

    asyncio.run(run())


def test_guinote_learn_with_an_unknown_lesson_says_so_in_one_line() -> None:
    result = CliRunner().invoke(main, ["learn", "tute"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("guinote learn: no lesson 'tute'; choose one of: 1 cards, 2 tricks")
    assert "Traceback" not in result.output


def test_the_first_lesson_shows_the_trick_alone_without_trumps_stock_or_muestra() -> None:
    async def run() -> None:
        app = make_app(learn="1")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = lesson_screen(app)
            for _ in screen.lesson.moves:
                move = await go_to_move(pilot, screen)
                for solved in (False, True):
                    shown = " ".join(screen_lines(app)).lower()
                    for word in ("trumps", "muestra", "stock", "draw"):
                        assert word not in shown, (word, solved)
                    if not solved:
                        await pilot.press(key_for(screen, sorted(move.accept)[0]))
                        await pilot.pause()
                        assert screen.solved
                await pilot.press("enter")
            # Lesson 2 shows them, once it has explained them.
            app.push_screen(LessonScreen(LESSONS[1], Progress.load()))
            await pilot.pause()
            screen = lesson_screen(app)
            await go_to_move(pilot, screen)
            assert any("Trumps" in line and "stock" in line for line in screen_lines(app))

    asyncio.run(run())


def test_each_cante_offered_has_a_key_tab_sings_the_other() -> None:
    async def run() -> None:
        app = make_app(learn="cantes")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = lesson_screen(app)
            await go_to_move(pilot, screen)
            await pilot.pause()
            labels = [str(button.label) for button in screen.query(".lesson-declaration")]
            assert labels == ["(s) 40 Oros", "(Tab) 20 Copas"]
            footer = await footer_line(pilot, lambda line: "Tab Other cante" in line)
            assert "Tab Other cante" in footer and "s Sing" in footer
            assert "Tab the other cante" in screen.message
            await pilot.press("tab")  # the twenty: explained, and the position waits
            await pilot.pause()
            assert not screen.solved and screen.message.startswith("Not quite. That is the twenty.")
            await pilot.press("s")
            await pilot.pause()
            assert screen.solved and screen.message.startswith("Correct! You sing 40 in Oros.")
            # Nothing more to sing: the key leaves the footer (rebuilt with Enter to go on).
            footer = await footer_line(pilot, lambda line: "Go on" in line)
            assert "Go on" in footer and "Tab" not in footer

    asyncio.run(run())


def test_enter_before_the_move_is_made_says_what_to_do() -> None:
    async def run() -> None:
        app = make_app(learn="1")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = lesson_screen(app)
            step = await go_to_move(pilot, screen)
            await pilot.press("enter")
            await pilot.pause()
            assert screen.step is step and not screen.solved  # the step waits for its move…
            assert screen.message.startswith("Make the move first to go on: 1-6 play a card")  # …and says so
            assert screen.query_one("#lesson-message").has_class("-warning")
            footer = await footer_line(pilot, lambda line: "Play" in line)
            assert "Play" in footer and "Go on" not in footer  # Enter is not offered before the move

    asyncio.run(run())
