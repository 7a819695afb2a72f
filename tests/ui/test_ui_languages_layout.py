"""The layout holds in every language at 80×24: nothing cut off, the footer fits, no English left over.

The catalogs are compiled from the ``.po`` files of the repository for the
test (so a stale ``.mo`` from an older install cannot hide a long
translation). Each screen is checked widget by widget: a text widget outside
a scrolling container must have the room its text needs at its width (a
wrapped text needing more lines than it has is cut), a widget that does not
wrap must be as wide as its text, no widget may stick out of its container,
and the footer's keys must all be in sight. The card tracker draws its own
lines: each must fit its width (a wrapped legend is a layout fault too).

Every screen a player meets is checked so: the start screen, the table (with
the tracker, the quit question and the rules), the summary, the coach's review
and the step-through. In a language other than English no word of
:data:`ENGLISH_WORDS` may show on any of them.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import uihelpers
from rich.table import Table
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Static
from textual.widgets._footer import FooterKey
from uihelpers import key_for, playable, screen_lines, settle, summary_ready, wait_until

from guinote_tui import i18n
from guinote_tui.coach import CoachBudget
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.screens.dialogs import YesNoDialog
from guinote_tui.ui.screens.review import ReviewScreen, StepScreen
from guinote_tui.ui.screens.rules import RulesScreen
from guinote_tui.ui.screens.start import StartScreen
from guinote_tui.ui.screens.summary import SummaryScreen
from guinote_tui.ui.screens.table import TableScreen
from guinote_tui.ui.widgets.footer import GameFooter
from guinote_tui.ui.widgets.tracker import TrackerPanel

#: The review's budget here: the screens' layout, not the coach's precision, is under test (a hand reviewed in a
#: fraction of the pilot tests' budget, in each of six languages).
LAYOUT_SERVICES = replace(
    uihelpers.TEST_SERVICES,
    review_budget=CoachBudget(
        min_deals=4,
        batch=4,
        max_playouts=80,
        max_deals=12,
        arrastre_deals=4,
        arrastre_nodes=20_000,
        arrastre_min_deals=2,
    ),
)


def make_app(*args: Any, **options: Any) -> GuinoteApp:
    """The pilot tests' app with :data:`LAYOUT_SERVICES` unless other services are given."""
    options.setdefault("services", LAYOUT_SERVICES)
    return uihelpers.make_app(*args, **options)


babel_mofile = pytest.importorskip("babel.messages.mofile")
babel_pofile = pytest.importorskip("babel.messages.pofile")

LOCALE = Path(__file__).resolve().parents[2] / "guinote_tui" / "locale"
SIZE = (80, 24)


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every catalog of the repository compiled into a folder of the test's own; the languages found."""
    found = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/guinote.po")):
        code = po.parent.parent.name
        with po.open("rb") as source:
            catalog = babel_pofile.read_po(source, locale=code, domain="guinote")
        target = tmp_path / code / "LC_MESSAGES"
        target.mkdir(parents=True)
        with (target / "guinote.mo").open("wb") as stream:
            babel_mofile.write_mo(stream, catalog, use_fuzzy=False)
        found.append(code)
    monkeypatch.setattr(i18n, "_locale_dir", lambda: str(tmp_path))
    i18n._translations.cache_clear()
    yield found
    i18n._translations.cache_clear()
    i18n.set_language(i18n.SOURCE)


def _scrolls(widget: Widget) -> bool:
    """Whether ``widget`` or a container around it scrolls (what does not fit can be reached)."""
    for node in widget.ancestors_with_self:
        if not isinstance(node, Widget) or isinstance(node, Screen):
            return False
        if isinstance(node, Footer):
            return False  # the footer scrolls, but a key out of sight is a key the player does not see
        styles = node.styles
        if node.is_scrollable and "hidden" not in (styles.overflow_x, styles.overflow_y):
            if node.max_scroll_y > 0 or node.max_scroll_x > 0 or node.is_container:
                return True
        if node.is_scrollable and styles.overflow_y != "hidden" and node.max_scroll_y > 0:
            return True  # a text scrolled up and down (the rules): what is below can be reached
    return False


def _shown(widget: Widget) -> bool:
    return all(node.display and node.visible for node in widget.ancestors_with_self if isinstance(node, Widget))


def _name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__


def _text(widget: Widget) -> str:
    if isinstance(widget, Button):
        return str(widget.label)
    if isinstance(widget, Static):
        return str(widget.render())[:60]
    return ""


def cut_off(screen: Screen[object]) -> list[str]:
    """What on ``screen`` is cut off, one line each (empty when everything shows whole)."""
    problems = []
    whole = Region(0, 0, *screen.size)
    for widget in screen.query("*"):
        if not _shown(widget) or widget.region.area == 0 or _scrolls(widget):
            continue
        region = widget.region
        if not whole.contains_region(region):
            problems.append(f"{_name(widget)} sticks out of the screen: {region}")
            continue
        parent = widget.parent
        if isinstance(parent, Widget) and not isinstance(parent, Screen) and parent.region.area:
            if not parent.region.contains_region(region):
                problems.append(f"{_name(widget)} sticks out of {_name(parent)}: {region} in {parent.region}")
        if isinstance(widget, (Static, Button)) and not isinstance(widget, FooterKey):
            room = widget.content_region
            if room.width <= 0 or room.height <= 0:
                continue
            container, viewport = (parent.size if isinstance(parent, Widget) else screen.size), screen.size
            if widget.styles.text_wrap == "nowrap" or isinstance(widget, Button):
                needed_width = widget.get_content_width(container, viewport)
                if needed_width > room.width:
                    problems.append(
                        f"{_name(widget)} needs {needed_width} columns, has {room.width}: {_text(widget)!r}"
                    )
            needed = widget.get_content_height(container, viewport, room.width)
            if needed > room.height:
                problems.append(f"{_name(widget)} needs {needed} lines, has {room.height}: {_text(widget)!r}")
    for tracker in screen.query(TrackerPanel):
        if not _shown(tracker) or tracker.region.area == 0:
            continue
        room = tracker.content_region
        lines = tracker.render().plain.split("\n")  # type: ignore[union-attr]
        if len(lines) > room.height:
            problems.append(f"the tracker needs {len(lines)} lines, has {room.height}")
        problems += [
            f"the tracker's line needs {len(line)} columns, has {room.width}: {line!r}"
            for line in lines
            if len(line) > room.width
        ]
    for footer in screen.query(Footer):
        if not _shown(footer):
            continue
        keys = [key for key in footer.query(FooterKey) if key.display]
        right = max((key.virtual_region.right for key in keys), default=0)
        if right > footer.size.width:
            shown = " ".join(f"{key.key_display} {key.description}" for key in keys)
            problems.append(f"the footer needs {right} columns, has {footer.size.width}: {shown}")
    return problems


#: English words a player of another language must not meet (whole words, case as written; a word joined by a
#: hyphen, like the German "Bot-Stärke", is that language's own).
ENGLISH_WORDS = (
    "Seed",
    "Space",
    "off",
    "on",
    "Bot",
    "Usage",
    "Error",
    "Options",
    "Show this message",
    "Trumps",
    "Undo",
    "Hint",
    "Yes",
)
#: Words of the list that are also words of a language.
OWN_WORDS = {"es": {"Error"}, "de": {"Bot"}}


def english_words(code: str, text: str) -> list[str]:
    """The words of :data:`ENGLISH_WORDS` found in ``text`` (none to find in English)."""
    if code == i18n.SOURCE:
        return []
    words = [w for w in ENGLISH_WORDS if w not in OWN_WORDS.get(code, set())]
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def shown_text(screen: Screen[object]) -> str:
    """What ``screen`` shows: its rows, and the whole text of its text widgets (scrolled out of sight too)."""
    texts = screen_lines(screen.app)  # type: ignore[arg-type]
    for widget in screen.query("*"):
        if _shown(widget) and isinstance(widget, (Static, Button)):
            texts.append(_text(widget) if isinstance(widget, Button) else str(widget.render()))
        if isinstance(widget, FooterKey) and widget.display:
            texts.append(widget.description)
    return "\n".join(texts)


def _written_ellipses() -> frozenset[str]:
    """Every word ending in "…" that a catalog writes on purpose ("thinking…"), in any language."""
    words: set[str] = set()
    for po in [LOCALE / "guinote.pot", *LOCALE.glob("*/LC_MESSAGES/guinote.po")]:
        words.update(ELLIPSIS_WORD.findall(po.read_text(encoding="utf-8")))
    return frozenset(words)


#: A word that ends in an ellipsis: what Rich writes where a cell or a line is cut.
ELLIPSIS_WORD = re.compile(r"\w+…")
WRITTEN_ELLIPSES: frozenset[str] = frozenset()


def cut_words(screen: Screen[object]) -> list[str]:
    """The words on ``screen`` that end in an ellipsis no catalog writes: a label cut to its width."""
    global WRITTEN_ELLIPSES
    if not WRITTEN_ELLIPSES:
        WRITTEN_ELLIPSES = _written_ellipses()
    rows = screen_lines(screen.app)  # type: ignore[arg-type]
    cut = sorted({word for row in rows for word in ELLIPSIS_WORD.findall(row) if word not in WRITTEN_ELLIPSES})
    return [f"{type(screen).__name__} shows a cut word: {word!r}" for word in cut]


def faults(code: str, screen: Screen[object]) -> list[str]:
    """What is wrong on ``screen`` in language ``code``: cut off (a widget, or a word cut by an ellipsis), or
    English left over."""
    english = english_words(code, shown_text(screen))
    return (
        cut_off(screen) + cut_words(screen) + ([f"{type(screen).__name__} shows English: {english}"] if english else [])
    )


async def _wait_for(pilot, screen_type: type) -> None:  # type: ignore[no-untyped-def]
    for _ in range(100):
        await pilot.pause()
        if isinstance(pilot.app.screen, screen_type):
            return
    raise AssertionError(f"{screen_type.__name__} never showed; at {pilot.app.screen}")


async def _fitted(pilot, screen: Screen[object], keys: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Wait until every footer of ``screen`` has fitted its keys to the width (it does so after each change of
    the keys shown): a footer is judged as the player sees it once drawn, not between two refreshes. ``keys``:
    and shows the screen's keys (a footer composed before the screen's bindings reached it is fitted, and empty,
    for a moment: a loaded machine caught the start screen's there, 1 run in 3 side by side)."""

    def done() -> bool:
        return all(footer.fitted and (not keys or bool(footer.query(FooterKey))) for footer in screen.query(GameFooter))

    assert await wait_until(pilot, done)


LANGUAGES = list(i18n.LANGUAGES)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_start_screen_fits_80x24(code: str, catalogs: list[str]) -> None:
    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")

    async def run() -> None:
        app = make_app(lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, StartScreen)
            await pilot.pause()
            assert i18n.current() == code
            assert faults(code, app.screen) == []

    asyncio.run(run())


def _keep_a_match() -> None:
    """A match in progress kept on disk: the start screen offers Continue beside the other buttons."""
    from guinote_tui.engine import Match, dumps
    from guinote_tui.game import resume

    target = resume.path()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(dumps(Match(2, seed=2)))


def keys_out_of_sight(screen: Screen[object]) -> list[str]:
    """The start screen's buttons whose key the player cannot see: neither on the button nor in the footer."""
    from guinote_tui.ui.screens.start_rows import BUTTONS, NAMED_KEYS

    footer = {key.key_display for key in screen.query(FooterKey) if key.display}
    missing = []
    for button_id, key, *_rest in BUTTONS:
        for button in screen.query(f"#start-buttons #{button_id}").results(Button):
            label = str(button.label)
            on_button = f"({key})" in label or label.startswith(f"{key} ") or label.endswith(f" {key}")
            if not on_button and (button_id in NAMED_KEYS or key not in footer):
                missing.append(f"{button_id} ({key}): {label!r}, footer {sorted(footer)}")
    return missing


@pytest.mark.parametrize("kept", [False, True], ids=["new", "with-continue"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_start_button_shows_its_key_at_80x24(code: str, kept: bool, catalogs: list[str]) -> None:
    """Learn, Practice, Statistics and Rules keep their key letters on the button (the footer may have no room for
    them), with and without Continue; Deal, Continue and Quit show theirs on the button or in the footer."""
    if kept:
        _keep_a_match()

    async def run() -> None:
        app = make_app(lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, StartScreen)
            await _fitted(pilot, app.screen, keys=True)
            assert bool(app.screen.query("#start-buttons #continue")) == kept
            assert keys_out_of_sight(app.screen) == []
            assert faults(code, app.screen) == []

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_explanation_of_the_start_screen_fits_its_lines(code: str, catalogs: list[str]) -> None:
    """The line under the rows explains the focused row: each row's explanation shows whole, pairs and heads-up."""
    from textual.widgets.collapsible import CollapsibleTitle

    from guinote_tui.ui.widgets.choice import ChoiceRow

    async def run() -> None:
        app = make_app(lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, StartScreen)
            screen = app.screen
            assert isinstance(screen, StartScreen)
            help_line = screen.query_one("#start-help", Static)
            problems, seen = [], 0
            for players in (4, 2):
                screen.query_one("#players", ChoiceRow).value = players
                await pilot.pause()
                for widget in list(screen.query("*")):
                    if not isinstance(widget, (ChoiceRow, CollapsibleTitle, Button)):
                        continue
                    screen.explain(widget)
                    await pilot.pause()
                    room = help_line.content_region
                    needed = help_line.get_content_height(screen.size, screen.size, room.width)
                    seen += bool(screen.explanation.strip())
                    if needed > room.height:
                        problems.append(f"{needed} lines for {room.height}: {screen.explanation!r}")
                    english = english_words(code, screen.explanation)
                    if english:
                        problems.append(f"English {english}: {screen.explanation!r}")
            assert seen > 20  # every row was explained
            assert problems == []

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_pairs_table_mid_hand_and_its_summary_fit_80x24(code: str, catalogs: list[str]) -> None:
    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")

    async def run() -> None:
        app = make_app(players=4, level="random", seed=11, delay=0, lang=code)
        async with app.run_test(size=SIZE) as pilot:
            session = app.session
            assert session is not None
            checked_table = False
            for _ in range(60):
                await settle(pilot)
                if session.hand_over:
                    break
                if len(session.match.hand.tricks) == 3 and not checked_table:
                    assert isinstance(app.screen, TableScreen)
                    assert faults(code, app.screen) == []
                    await pilot.press("k")  # the card tracker in place of the log, and back
                    await pilot.pause()
                    assert app.screen.query_one(TrackerPanel).display
                    assert faults(code, app.screen) == []
                    await pilot.press("k")
                    checked_table = True
                await pilot.press(key_for(app, playable(session.view().legal)[0]))
            assert checked_table
            await _wait_for(pilot, SummaryScreen)
            await summary_ready(pilot)
            assert faults(code, app.screen) == []

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_screen_of_a_hand_fits_80x24_in_the_language(code: str, catalogs: list[str]) -> None:
    """Heads-up: the table with the tracker, the quit question, the rules, the summary, the review, the step-through."""
    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")

    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0, lang=code)
        async with app.run_test(size=SIZE) as pilot:
            session = app.session
            assert session is not None
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            await pilot.press("k")
            await pilot.pause()
            assert table.query_one(TrackerPanel).display
            assert faults(code, table) == []
            await pilot.press("q")
            await _wait_for(pilot, YesNoDialog)
            assert faults(code, app.screen) == []
            await pilot.press("n")
            await _wait_for(pilot, TableScreen)
            await pilot.press("question_mark")
            await _wait_for(pilot, RulesScreen)
            assert faults(code, app.screen) == []
            await pilot.press("escape")
            await _wait_for(pilot, TableScreen)
            for _ in range(60):
                await settle(pilot)
                if session.hand_over:
                    break
                await pilot.press(key_for(app, playable(session.view().legal)[0]))
            await _wait_for(pilot, SummaryScreen)
            await summary_ready(pilot)
            assert faults(code, app.screen) == []
            await pilot.press("v")
            await _wait_for(pilot, ReviewScreen)
            review = app.screen
            assert isinstance(review, ReviewScreen)
            for _ in range(3000):  # the coach reviews in a thread: up to a minute on a loaded machine
                if review.reviewed is not None:
                    break
                await pilot.pause(0.02)
            assert review.reviewed is not None
            await pilot.pause()
            assert faults(code, review) == []
            await pilot.press("s")
            await _wait_for(pilot, StepScreen)
            assert faults(code, app.screen) == []
            # "Try it" from the step-through: the decision of a trick dealt again, as practice asks it
            from guinote_tui.ui.screens.practice import TryScreen

            step = app.screen
            assert isinstance(step, StepScreen)
            for _ in range(40):
                if step.tried_decision() is not None:
                    break
                await pilot.press("right")
            await pilot.press("t")
            await _wait_for(pilot, TryScreen)
            await _fitted(pilot, app.screen)
            assert faults(code, app.screen) == []

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_status_line_fits_80_columns_with_a_long_seed_and_assistance(code: str, catalogs: list[str]) -> None:
    """The longest status: heads-up, assisted, a ten-digit seed; what does not fit gives way, nothing is cut."""
    from textual.widgets import Static

    async def run() -> None:
        app = make_app(players=2, level="random", seed=9_876_543_210, delay=0, lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            app.session.assisted = True
            screen._show_status(app.session.view())
            await pilot.pause()
            status = screen.query_one("#status", Static)
            assert cut_off(screen) == []
            assert status.get_content_height(screen.size, screen.size, status.content_region.width) == 1

    asyncio.run(run())


@pytest.mark.parametrize("code", ["en", "es"])
def test_the_header_names_the_rules_as_the_start_screen_does(code: str, catalogs: list[str]) -> None:
    """The preset's display name (aragonés), not its id on the command line (aragones)."""

    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0, lang=code)
        async with app.run_test(size=(120, 30)) as pilot:
            await settle(pilot)
            status = str(app.screen.query_one("#status", Static).render())
            assert "aragonés" in status and "aragones" not in status

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_seats_name_on_a_cards_edge_is_whole_or_an_abbreviation(code: str, catalogs: list[str]) -> None:
    """Seven letters fit on a card's edge: a longer name is abbreviated (with its period), never cut ("Compa")."""
    from guinote_tui.game.narration import EDGE_LETTERS, edge_name

    i18n.set_language(code)
    cut = []
    for name in ("You", "Right", "Partner", "Left", "Rival"):
        whole, short = i18n._(name), edge_name(name)
        assert len(short) <= EDGE_LETTERS
        if short != whole and not short.endswith(".") and whole.startswith(short):
            cut.append(f"{whole} → {short}")
    assert cut == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_start_screen_with_a_kept_match_and_its_deal_question_fit_80x24(code: str, catalogs: list[str]) -> None:
    """Continue makes six buttons on the row: each shows whole (not "Salir (q"), and so does Deal's question."""
    from guinote_tui.engine import Match
    from guinote_tui.game import resume

    match = Match(4, seed=5)
    assert resume.Keeper().save(match, ["You", "Right", "Partner", "Left"], {"seats": {"1": "normal"}})

    async def run() -> None:
        app = make_app(lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, StartScreen)
            await pilot.pause()
            assert app.screen.query("#continue")
            assert faults(code, app.screen) == []
            await pilot.press("enter")
            await _wait_for(pilot, YesNoDialog)
            assert faults(code, app.screen) == []

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_cante_chooser_fits_80x24(code: str, catalogs: list[str]) -> None:
    from deals import arranged_deck

    from guinote_tui.engine import Card
    from guinote_tui.ui.screens.dialogs import CanteChooser

    deck = arranged_deck(2, dealer=1, hands={0: "1C 12C 10C 12B 10B 4O"}, muestra="2C")

    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0, decks=[deck], dealer=1, lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press(key_for(app, Card.parse("1C")))
            await settle(pilot)
            await pilot.press("s")
            await _wait_for(pilot, CanteChooser)
            assert faults(code, app.screen) == []

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_practice_fits_80x24_in_the_language(code: str, catalogs: list[str]) -> None:
    """Practice: the mistakes' tab with nothing due, a puzzle asked, answered wrong, its line of best play, the
    tracker and the tricks so far."""
    from guinote_tui.ui.screens.practice import PracticeScreen, TricksScreen

    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")

    async def run() -> None:
        app = make_app(practice="mistake", lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, PracticeScreen)
            screen = app.screen
            assert isinstance(screen, PracticeScreen)
            await pilot.pause()
            await _fitted(pilot, screen)
            assert screen.problem is None and faults(code, screen) == []
            await pilot.press("tab")
            for _ in range(100):
                await pilot.pause()
                if screen.problem is not None:
                    break
            assert screen.problem is not None and screen.problem.puzzle is not None
            await _fitted(pilot, screen)
            assert faults(code, screen) == []
            wrong = screen.problem.puzzle.wrong[0]
            await pilot.press(str(screen.hand.index(wrong) + 1))
            await pilot.pause()
            await _fitted(pilot, screen)
            assert screen.verdict is not None and faults(code, screen) == []
            await pilot.press("l")
            await pilot.pause()
            await _fitted(pilot, screen)
            assert screen.line_at == 0 and faults(code, screen) == []
            await pilot.press("k")
            await pilot.pause()
            await _fitted(pilot, screen)
            assert faults(code, screen) == []
            await pilot.press("r")
            await _wait_for(pilot, TricksScreen)
            assert faults(code, app.screen) == []

    asyncio.run(run())


@pytest.mark.parametrize("theme", ["last-draw", "change-seven", "treinta-malas"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_a_puzzle_at_the_last_draw_fits_80x24_in_the_language(code: str, theme: str, catalogs: list[str]) -> None:
    """A puzzle at the last draw (the stock and the muestra on the table, the line saying what it is exact about),
    one about changing the seven there (the theme's long name in the corner), and one about treinta malas (the
    rule in the side panel), each asked and answered wrong."""
    from guinote_tui.game.practice_judge import puzzle_problem
    from guinote_tui.practice import shipped_puzzles
    from guinote_tui.practice.puzzles import puzzle_note, rules_text
    from guinote_tui.ui.screens.practice import PracticeScreen

    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")
    last = next(p for p in shipped_puzzles() if p.theme == theme)

    async def run() -> None:
        app = make_app(practice="puzzle", lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, PracticeScreen)
            screen = app.screen
            assert isinstance(screen, PracticeScreen)
            for _ in range(100):
                await pilot.pause()
                if screen.problem is not None:
                    break
            screen.show_problem(puzzle_problem(last))
            await pilot.pause()
            await _fitted(pilot, screen)
            assert faults(code, screen) == []
            # The note (the rule of treinta malas, what the last draw's answer holds over) and the rules are read
            # whole over the message line: the side panel shows only its first lines at 80×24.
            note = puzzle_note(last)
            if note is not None:
                shown = " ".join(" ".join(line.split()) for line in screen_lines(app))
                assert " ".join(note.split()) in shown and rules_text(last.preset) in shown
            await pilot.press(str(screen.hand.index(last.wrong[0]) + 1))
            await pilot.pause()
            await _fitted(pilot, screen)
            assert screen.verdict is not None and faults(code, screen) == []

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_hint_with_its_juego_column_fits_80x24(code: str, catalogs: list[str]) -> None:
    """The hint's table at its widest: heads-up, seed 303, the player's six cards at the first decision, every
    tier among them and the juego column (the cards do differently for it, on 200 deals); no header nor cell is
    cut by "…" in any language. The analysis is given, not searched: the layout is what is tested."""
    from uihelpers import shown_hand

    from guinote_tui.coach import Advice, CardEstimate, Evaluation, Reason, ReasonCode
    from guinote_tui.engine import PLAY
    from guinote_tui.ui.screens.hint import HintScreen

    async def run() -> None:
        app = make_app(players=2, level="normal", seed=303, delay=0, lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            cards = shown_hand(app)
            # best, about the same, close call, inaccuracy, mistake, blunder; the juego's shares all differ
            costs = [(0.0, 0.0), (0.5, 0.2), (3.0, 1.5), (7.3, 2.4), (12.0, 2.0), (40.0, 2.0)]
            shares = [(0.7, 0.0), (0.7, 0.1), (0.6, 0.1), (0.5, 0.2), (0.3, 0.3), (0.1, 0.8)]
            estimates = {
                card: CardEstimate(-cost, cost, se, 200, 0, win, loss, cost)
                for card, (cost, se), (win, loss) in zip(cards, costs, shares, strict=True)
            }
            evaluation = Evaluation(estimates, cards[0], "playouts", 200, 1200)
            reason = Reason(ReasonCode.LEAD_LOW, {"card": str(cards[0])})
            advice = Advice(PLAY[cards[0]], evaluation.values, reason, False, {}, evaluation)
            await app.push_screen(HintScreen(advice, cards))
            await pilot.pause()
            table = app.screen.query_one("#hint-values", Static).content
            assert isinstance(table, Table) and len(table.columns) == 4
            assert faults(code, app.screen) == []

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_statistics_and_the_hint_fit_80x24_in_the_language(code: str, catalogs: list[str]) -> None:
    """The statistics (after a hand played) and the coach's hint table: no widget cut, no word cut by "…"."""
    from guinote_tui.ui.screens.hint import HintScreen
    from guinote_tui.ui.screens.statistics import StatisticsScreen

    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")

    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0, lang=code)
        async with app.run_test(size=SIZE) as pilot:
            session = app.session
            assert session is not None
            await settle(pilot)
            await pilot.press("h")
            await _wait_for(pilot, HintScreen)
            for _ in range(3000):  # drawn once the coach's worker is done
                if app.screen.query("#hint-reason"):
                    break
                await pilot.pause(0.02)
            await pilot.pause()
            assert faults(code, app.screen) == []
            await pilot.press("escape")
            await _wait_for(pilot, TableScreen)
            for _ in range(60):
                await settle(pilot)
                if session.hand_over:
                    break
                await pilot.press(key_for(app, playable(session.view().legal)[0]))
            await _wait_for(pilot, SummaryScreen)
            await summary_ready(pilot)
            app.push_screen(StatisticsScreen())
            await _wait_for(pilot, StatisticsScreen)
            await pilot.pause()
            assert faults(code, app.screen) == []

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_daily_duplicate_fits_80x24(code: str, catalogs: list[str]) -> None:
    """A day with the heads-up deal compared with hard and the coach and the pairs deal still to play, after a
    day played the day before: every line of the screen in sight, nothing cut, no English."""
    from datetime import date, timedelta

    from guinote_tui.game.duplicate import LOST, UNDECIDED, WON, DayResult, Score, save_result
    from guinote_tui.ui.screens.duplicate import DuplicateScreen

    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")
    day = date(2026, 12, 7)
    scores = {"you": Score(WON, (101, 58)), "hard": Score(UNDECIDED, (70, 60)), "coach": Score(LOST, (40, 101))}
    save_result(DayResult(day - timedelta(days=1), "aragones", {4: scores}))
    save_result(DayResult(day, "aragones", {2: scores}))

    async def run() -> None:
        app = make_app(lang=code, practice="duplicate", day=day)
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, DuplicateScreen)
            screen = app.screen
            await _fitted(pilot, screen)
            assert faults(code, screen) == []
            scroll = screen.query_one("#duplicate-scroll")
            assert scroll.max_scroll_y == 0, "the screen's text needs more lines than 80×24 gives it"

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_seat_at_a_hosted_table_fits_80x24(code: str, catalogs: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat at a hosted table (one person and a bot, heads-up), as it opens: nothing cut, no English, and the
    rival's panel ("a person · 6 cards" in the language) whole on its lines."""
    from uihelpers import quick_joined_table

    from guinote_tui.engine import Rules
    from guinote_tui.net.host import Host, TableConfig
    from guinote_tui.ui.screens.joined import JoinedTableScreen
    from guinote_tui.ui.widgets.table import SeatPanel

    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")
    quick_joined_table(monkeypatch)
    host = Host(TableConfig(players=2, rules=Rules.preset("aragones"), people=(0, 1), level="random", seed=5))

    async def run() -> None:
        await host.start("127.0.0.1", 0)
        app = make_app(lang=code, seat={"address": host.address, "code": host.codes[1]})
        try:
            async with app.run_test(size=SIZE) as pilot:
                await _wait_for(pilot, JoinedTableScreen)
                screen = app.screen
                assert isinstance(screen, JoinedTableScreen)
                assert await wait_until(pilot, lambda: screen.seen is not None)
                await _fitted(pilot, screen)
                assert faults(code, screen) == []
                panel = screen.query_one("#seat-top", SeatPanel)
                lines = panel.render().plain.split("\n")
                assert all(len(line) <= panel.size.width for line in lines), lines
                person = i18n._("a person")
                assert person in " ".join(lines), lines
        finally:
            await host.close()

    asyncio.run(run())


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_tricks_the_last_trick_the_score_sheet_and_the_lessons_fit_80x24(code: str, catalogs: list[str]) -> None:
    """Heads-up after a few tricks: the tricks so far (r), the last trick (l), the score sheet (o); then the
    lessons' menu and a lesson (guinote learn): nothing cut, no English."""
    from guinote_tui.ui.screens.dialogs import LastTrickScreen
    from guinote_tui.ui.screens.history import HistoryScreen
    from guinote_tui.ui.screens.lessons import LessonScreen, LessonsMenu
    from guinote_tui.ui.screens.scoresheet import ScoreSheetScreen

    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")

    async def table() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0, lang=code)
        async with app.run_test(size=SIZE) as pilot:
            session = app.session
            assert session is not None
            for _ in range(3):
                await settle(pilot)
                await pilot.press(key_for(app, playable(session.view().legal)[0]))
            await settle(pilot)
            assert session.view().tricks
            for key, screen_type in (("r", HistoryScreen), ("l", LastTrickScreen), ("o", ScoreSheetScreen)):
                await pilot.press(key)
                await _wait_for(pilot, screen_type)
                await _fitted(pilot, app.screen)
                assert faults(code, app.screen) == [], key
                await pilot.press("escape")
                await _wait_for(pilot, TableScreen)

    async def lessons() -> None:
        app = make_app(lang=code, learn="")
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, LessonsMenu)
            await _fitted(pilot, app.screen)
            assert faults(code, app.screen) == []
        app = make_app(lang=code, learn="1")
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, LessonScreen)
            await _fitted(pilot, app.screen)
            assert faults(code, app.screen) == []

    asyncio.run(table())
    asyncio.run(lessons())


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_save_join_and_invitations_dialogs_fit_80x24(code: str, catalogs: list[str]) -> None:
    """Saving the history (Ctrl+S at the table), joining a table (j on the start screen) and the host's
    invitations (i at the host's seat, four seats of people): nothing cut, no English."""
    from guinote_tui.engine import Rules
    from guinote_tui.net.host import Host, TableConfig
    from guinote_tui.ui.screens.dialogs import InvitationsScreen, JoinDialog, SaveDialog

    if code != i18n.SOURCE and code not in catalogs:
        pytest.fail(f"no catalog for {code}")

    async def save() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0, lang=code)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+s")
            await _wait_for(pilot, SaveDialog)
            await _fitted(pilot, app.screen)
            assert faults(code, app.screen) == []

    async def join() -> None:
        app = make_app(lang=code, show_start=True)
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, StartScreen)
            await pilot.press("j")
            await _wait_for(pilot, JoinDialog)
            await _fitted(pilot, app.screen)
            assert faults(code, app.screen) == []

    async def invitations() -> None:
        host = Host(TableConfig(players=4, rules=Rules.preset("aragones"), people=(0, 1, 2, 3), level="random"))
        app = make_app(lang=code, show_start=True)
        async with app.run_test(size=SIZE) as pilot:
            await _wait_for(pilot, StartScreen)
            await app.push_screen(InvitationsScreen(host.invitation_lines(0)))
            await _fitted(pilot, app.screen)
            assert faults(code, app.screen) == []

    asyncio.run(save())
    asyncio.run(join())
    asyncio.run(invitations())
