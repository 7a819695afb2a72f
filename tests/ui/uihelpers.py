"""Helpers for the interface tests: arranged deals and driving a hand by key presses."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from textual.pilot import Pilot

from guinote_tui.coach import CoachBudget
from guinote_tui.engine import Card, Play
from guinote_tui.game.services import Services
from guinote_tui.ui import app as app_module
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.cardart import FACE_WIDTH

#: The review's budget in the pilot tests: smaller than the game's, so a hand played out at once is analysed in seconds.
REVIEW_TEST_BUDGET = CoachBudget(min_deals=20, batch=20, max_playouts=600, max_deals=200)
#: The pilot tests' side jobs: the review made on the spot (no worker process), the match kept and the
#: statistics recorded (in the temporary data directory of tests/conftest.py).
TEST_SERVICES = Services(review_ahead=False, review_budget=REVIEW_TEST_BUDGET)
#: As a player plays: the review analysed ahead in the worker process (with the tests' smaller budget).
REVIEWING = Services(review_ahead=True, review_budget=REVIEW_TEST_BUDGET)


def make_app(*args: Any, services: Services = TEST_SERVICES, **options: Any) -> GuinoteApp:
    """The game's :func:`~guinote_tui.ui.app.make_app` with the tests' services unless others are given."""
    return app_module.make_app(*args, services=services, **options)


async def workers_done(app: Any) -> None:
    """Wait for the app's workers that end: every one but a joined table's connection (group "table"), which
    reads the host for as long as the table lasts (waiting for it at a table that has not started waits for ever:
    one run in three side by side hung there)."""
    ending = [worker for worker in app.workers if worker.group != "table"]
    if ending:  # (an empty list means every worker to Textual)
        await app.workers.wait_for_complete(ending)


async def settle(pilot: Pilot[None]) -> None:
    """Let bot workers run until the player is to move or the hand is over."""
    app = pilot.app
    assert isinstance(app, GuinoteApp)
    for _ in range(200):
        await pilot.pause()
        await workers_done(app)
        await pilot.pause()
        session = app.session
        assert session is not None
        if getattr(app.screen, "holding", False):
            await pilot.press("space")  # a finished trick waits for the player (pace "wait for me")
            continue
        if session.human_to_move or session.hand_over:
            return
    raise AssertionError("the bots never handed the turn back")


def shown_hand(app: GuinoteApp) -> tuple[Card, ...]:
    """The player's cards in the order the table shows them (the order keys 1-6 count)."""
    from guinote_tui.ui.picture import sorted_hand

    session = app.session
    assert session is not None
    return sorted_hand(session.view())


def key_for(app: GuinoteApp, card: Card) -> str:
    """The key (1-6) that plays ``card``."""
    return str(shown_hand(app).index(card) + 1)


def playable(legal: Sequence[object]) -> list[Card]:
    return [a.card for a in legal if isinstance(a, Play)]


async def resize(pilot: Pilot[None], width: int, height: int) -> None:
    """Resize the terminal and wait until the screen's size classes follow (a moment later)."""
    await pilot.resize_terminal(width, height)
    small = width < 80 or height < 24
    screen = pilot.app.screen
    took = await wait_until(pilot, lambda: (screen.has_class("-narrow") or screen.has_class("-short")) == small)
    assert took, f"the screen never took the size classes for {width}×{height}"


_SVG_TEXT = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)"[^>]*>([^<]*)</text>')
_CELL = 12.2  # the width of one cell in Rich's SVG export


def screen_lines(app: GuinoteApp) -> list[str]:
    """The screen as rows of characters, rebuilt cell by cell from the SVG a screenshot saves."""
    svg = app.export_screenshot()
    width, height = app.size
    rows = {}
    for x, y, _, text in _SVG_TEXT.findall(svg):
        rows.setdefault(float(y), []).append((round(float(x) / _CELL), html.unescape(text).replace("\xa0", " ")))
    grid = []
    for y in sorted(rows)[:height]:
        line = [" "] * width
        for column, text in rows[y]:
            for offset, char in enumerate(text):
                if 0 <= column + offset < width:
                    line[column + offset] = char
        grid.append("".join(line))
    return grid


_FACE_CORNER = re.compile(r"[│┃┆](\d{1,2}) +([OCEB])[│┃┆]")


def face_up_cards(lines: Sequence[str]) -> set[Card]:
    """Every card drawn face up on the screen, read from the corner line of its face (``│12    C│``)."""
    found = set()
    for line in lines:
        for match in _FACE_CORNER.finditer(line):
            if len(match.group(0)) == FACE_WIDTH + 2:
                found.add(Card.parse(match.group(1) + match.group(2)))
    return found


async def summary_ready(pilot: Pilot[None]) -> None:
    """Wait until the end-of-hand summary takes input (it ignores keys for a moment after it appears)."""
    from guinote_tui.ui.screens.summary import SummaryScreen

    screen = pilot.app.screen
    assert isinstance(screen, SummaryScreen)
    await pilot.pause(SummaryScreen.INPUT_GUARD)
    await pilot.pause()
    assert screen.ready


#: The longest any pilot test waits for a state (bot moves, the coach's hint, the review): only a test
#: that is broken waits this long; a loaded machine makes each pause slower, never the state wrong.
WAIT_LIMIT = 180.0


async def wait_until(pilot: Pilot[None], done: Callable[[], bool], timeout: float = WAIT_LIMIT) -> bool:
    """Pause until ``done()`` holds: the state ends the wait; ``timeout`` only keeps a broken test from hanging."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() >= deadline:
            return False
        await pilot.pause(0.01)
        await workers_done(pilot.app)
    return True


def hint_drawn(app: GuinoteApp) -> bool:
    """The coach's hint is in front and drawn: its reason is on the screen (a pushed screen is composed later)."""
    from guinote_tui.ui.screens.hint import HintScreen

    screen = app.screen
    return isinstance(screen, HintScreen) and screen.is_mounted and bool(screen.query("#hint-reason"))


async def ask_hint(pilot: Pilot[None]) -> Any:
    """Press ``h`` and return the coach's hint screen once it is drawn (the coach thinks in a worker)."""
    app = pilot.app
    assert isinstance(app, GuinoteApp)
    await pilot.press("h")
    assert await wait_until(pilot, lambda: hint_drawn(app)), "the coach's hint never came"
    return app.screen


# -- a seat at a hosted table ------------------------------------------------------------------------------


#: Mark the highlighted card and play it (Enter alone after a trick never throws a card, at any table).
MARK_AND_PLAY = ("right", "left", "enter")


async def past_summary(pilot: Pilot[None]) -> bool:
    """Close the hand's summary with Enter once it takes keys; False when no summary is in front."""
    from guinote_tui.ui.screens.summary import HandSummary

    summary = pilot.app.screen
    if not isinstance(summary, HandSummary) or summary.told.match.is_over:
        return False
    if summary.ready:
        await pilot.press("enter")
    return True


def quick_joined_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pauses for reading at a joined table: the tests play whole hands, and reconnect at once."""
    from guinote_tui.net import remote
    from guinote_tui.ui.screens import joined

    monkeypatch.setattr(remote, "CARD_PAUSE", 0.001)
    monkeypatch.setattr(remote, "TRICK_PAUSE", 0.001)
    monkeypatch.setattr(remote, "HAND_PAUSE", 0.001)
    monkeypatch.setattr(joined, "RETRY_SECONDS", 0.05)


async def until(pilot: Pilot[None], done: Callable[[], bool], limit: float = WAIT_LIMIT) -> None:
    """Pause until ``done()`` holds, failing the test past ``limit`` seconds (a joined table waits on a host; a
    minute ran out once in three full runs side by side, each beside two others and a tournament)."""
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the table never got there"
        await pilot.pause(0.02)


def log_text(screen: Any) -> str:
    """The joined table's log, one line a line."""
    from guinote_tui.ui.widgets.log import EventLog

    return "\n".join(screen.query_one("#log", EventLog).lines)
