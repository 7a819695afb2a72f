"""Every key of the table's footer does the same at the game's own table and at a seat of a hosted table.

The same hand is set up twice in the same state, once at the local table
(:class:`~guinote_tui.ui.screens.table.TableScreen`, the bots stalled so that
"the rival is thinking" lasts) and once at a joined seat
(:class:`~guinote_tui.ui.screens.joined.JoinedTableScreen`) fed by a host in
memory that applies the seat's actions with the engine and answers as the
real host does (a new state, or a refusal with the rule). Then one key is
pressed and what the player sees is compared: the action made, whether a
trick is still held, the screen in front and the message line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from textual.pilot import Pilot
from uihelpers import make_app, quick_joined_table, until, workers_done

from guinote_tui.engine import HandEnded, IllegalAction, Match, parse_action, seat_view
from guinote_tui.game.session import GameSession, GameSettings
from guinote_tui.game.table_controller import BOTS, Turn
from guinote_tui.net import protocol
from guinote_tui.ui.bindings import JOINED_BINDINGS, TABLE_BINDINGS
from guinote_tui.ui.screens.joined import JoinedTableScreen
from guinote_tui.ui.screens.summary import HandSummary
from guinote_tui.ui.screens.table import TableScreen

SEED = 5  # (heads-up: the player leads the first trick)

#: The keys of the local table's footer, each pressed once per state.
KEYS = ["1", "3", "left", "enter", "space", "s", "c", "t", "p", "l", "r", "o", "k", "h", "question_mark", "q"]
#: Keys only one of the two seats has, by design: a hosted match is kept by its host (no undo, no pace, no
#: saving, no new match from a seat); only the host's own seat passes invitations on. At a seat Ctrl+C, not in the
#: footer, asks as q does (a seat's terminal is often closed that way); the local table leaves it to the app.
LOCAL_ONLY = {"u", "w", "ctrl+s", "n"}
JOINED_ONLY = {"i", "ctrl+c"}


def footer_keys(bindings: list[Any]) -> set[str]:
    return {key for binding in bindings for key in binding.key.split(",")}


def test_the_two_footers_differ_only_by_the_keys_of_a_kept_match() -> None:
    local, joined = footer_keys(TABLE_BINDINGS), footer_keys(JOINED_BINDINGS)
    assert local - joined == LOCAL_ONLY and joined - local == JOINED_ONLY


# -- the same hand in the same state, twice ----------------------------------------------------------------


def session_at(moves: int) -> GameSession:
    """The hand of :data:`SEED` after its first ``moves`` actions (the first legal one each time, the player's
    first card chosen so that the player wins the first trick)."""
    session = GameSession(GameSettings(players=2, level="random", seed=SEED, delay=0, pace="wait"))
    for _ in range(moves):
        hand = session.match.hand
        seat = hand.to_move
        assert seat is not None
        legal = seat_view(hand, seat, events=False).legal
        session.apply(seat, legal[-1] if seat == 0 else legal[0])
    return session


#: The states the keys are pressed in: how many actions of the hand are played, and what the table does.
STATES = {
    "your turn": 0,
    "rival thinking": 1,
    "held trick": 2,
    "end-of-hand summary": -1,
}


def hand_over_moves() -> int:
    """How many actions the hand of :func:`session_at` lasts."""
    session = session_at(0)
    while not session.hand_over:
        hand = session.match.hand
        seat = hand.to_move
        assert seat is not None
        legal = seat_view(hand, seat, events=False).legal
        session.apply(seat, legal[-1] if seat == 0 else legal[0])
    return len(session.match.hand.log)


def front(app: Any, screen: Any) -> str:
    """The screen in front: the table itself, or what covers it."""
    if isinstance(app.screen, HandSummary):
        return "the hand's summary"  # (the local table's, or a joined seat's: the same but for the host's choices)
    return "the table" if app.screen is screen else type(app.screen).__name__


class Stalled:
    """The local table's scheduler with the bots' threads dropped: the rival thinks for as long as the test."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def run_thread(self, work: Callable[..., None], group: str, name: str = "") -> None:
        if group != BOTS:
            self.inner.run_thread(work, group, name)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class MemoryHost:
    """A host in memory for one joined seat (seat 0): the engine applies the seat's actions and deals the next
    hand at once, as the real host does; no bot moves."""

    def __init__(self, match: Match, screen: JoinedTableScreen) -> None:
        self.match, self.screen = match, screen
        self.serial = 1
        #: The actions the host applied (a refused one is answered, not made).
        self.made: list[str] = []

    def state(self) -> dict[str, Any]:
        wire = protocol.state_message(seat_view(self.match.hand, 0, events=False), self.match, self.serial)
        return protocol.decode_host(protocol.encode(wire))

    async def act(self, text: str, serial: int) -> None:
        try:
            self.match.apply(parse_action(text), 0)
        except IllegalAction as problem:
            refusal = problem.refusal
            self.screen.take(protocol.refused(text, "illegal", refusal.template, refusal.params))
            return
        self.made.append(text)
        self.publish()

    def publish(self) -> None:
        """The hand's end (its result, as the real host tells it), then the new state."""
        hand = self.match.hand
        if hand.is_over:
            ended = protocol.event_message(HandEnded(hand.result), self.match.hand_number, 0)
            self.screen.take(protocol.decode_host(protocol.encode(ended)))
        self.serial += 1
        self.screen.take(self.state())
        if hand.is_over and not self.match.is_over:  # the real host deals the next hand at once
            self.match.next_hand()
            self.serial += 1
            self.screen.take(self.state())

    async def close(self) -> None:
        return None


class Fed(JoinedTableScreen):
    """A joined seat whose host is :class:`MemoryHost` (no socket)."""

    def connect(self) -> None:  # type: ignore[override]
        return None


@dataclass(frozen=True)
class Outcome:
    """What the player sees after one key."""

    made: tuple[str, ...]
    holding: bool
    front: str
    message: str


def message_line(screen: Any) -> str:
    return str(screen.query_one("#message").render()).strip()


async def settle(pilot: Pilot[None]) -> None:
    app = pilot.app
    for _ in range(3):
        await pilot.pause()
        await workers_done(app)
    await pilot.pause()


async def local_outcome(pilot: Pilot[None], moves: int, held: bool, key: str) -> Outcome:
    app = pilot.app
    session = session_at(moves)
    screen = TableScreen(session)
    screen.game.scheduler = Stalled(screen.game.scheduler)
    if held:
        screen.game.state = Turn.HOLDING
    before = len(session.match.hand.log)
    await app.push_screen(screen)
    await settle(pilot)
    if session.hand_over:
        await until(pilot, lambda: getattr(app.screen, "ready", False))  # (the summary's guard against a key)
    await pilot.press(key)
    await settle(pilot)
    made = tuple(str(a) for _seat, a in session.match.hand.log[before:])
    outcome = Outcome(made, screen.holding, front(app, screen), message_line(screen))
    while app.screen is not screen:
        app.pop_screen()
    app.pop_screen()
    await pilot.pause()
    return outcome


async def joined_outcome(pilot: Pilot[None], moves: int, held: bool, key: str) -> Outcome:
    app = pilot.app
    screen = Fed("127.0.0.1:1", "ABCD", bind=("127.0.0.1", 0))
    await app.push_screen(screen)
    arrives = held or moves == hand_over_moves()  # (the last card of a trick, or of the hand, arrives)
    start = session_at(moves - 1 if arrives else moves)
    host = MemoryHost(start.match, screen)
    screen.client = host
    names = ["Seat 1", "Seat 2"]
    screen.take(protocol.decode_host(protocol.encode(protocol.welcome(0, start.match, names, [0], hints=True))))
    screen.take(host.state())
    if arrives:  # the trick's last card arrives (the player won it and leads next), or the hand's
        last = session_at(moves).match.hand.log[-1]
        host.match.apply(last[1], last[0])
        host.publish()
    if moves == hand_over_moves():
        await until(pilot, lambda: getattr(app.screen, "ready", False))  # (the summary's guard against a key)
    else:
        await until(pilot, lambda: not screen.pausing and not screen.queue)
    await settle(pilot)
    await pilot.press(key)
    await settle(pilot)
    outcome = Outcome(tuple(host.made), screen.holding, front(app, screen), message_line(screen))
    while app.screen is not screen:
        app.pop_screen()
    screen.closing = True
    app.pop_screen()
    await pilot.pause()
    return outcome


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    quick_joined_table(monkeypatch)


def outcomes(moves: int, held: bool) -> dict[str, tuple[Outcome, Outcome]]:
    results: dict[str, tuple[Outcome, Outcome]] = {}

    async def scenario() -> None:
        app = make_app(show_start=True)
        async with app.run_test(size=(120, 40)) as pilot:
            for key in KEYS:
                results[key] = (
                    await local_outcome(pilot, moves, held, key),
                    await joined_outcome(pilot, moves, held, key),
                )

    asyncio.run(scenario())
    return results


@pytest.mark.parametrize("state", list(STATES))
def test_every_footer_key_does_the_same_at_a_local_and_a_joined_seat(state: str) -> None:
    moves = STATES[state] if STATES[state] >= 0 else hand_over_moves()
    held = state == "held trick"
    results = outcomes(moves, held)
    different = {key: pair for key, pair in results.items() if pair[0] != pair[1]}
    assert not different, "\n".join(f"{key}: local {pair[0]}\n    joined {pair[1]}" for key, pair in different.items())


@pytest.mark.parametrize("state", ["your turn", "end-of-hand summary"])
def test_ctrl_c_at_a_seat_asks_as_q_does_at_its_table_and_on_its_summary(state: str) -> None:
    moves = STATES[state] if STATES[state] >= 0 else hand_over_moves()
    results: dict[str, Outcome] = {}

    async def scenario() -> None:
        app = make_app(show_start=True)
        async with app.run_test(size=(120, 40)) as pilot:
            for key in ("q", "ctrl+c"):
                results[key] = await joined_outcome(pilot, moves, False, key)

    asyncio.run(scenario())
    assert results["ctrl+c"] == results["q"] and results["q"].front == "YesNoDialog"
