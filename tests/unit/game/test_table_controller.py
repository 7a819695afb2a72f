"""The table's flow without a screen: the controller driven by a scheduler whose threads and timers run when the
test says, and a listener that writes down what the screen would show."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from deals import arranged_deck

from guinote_tui.coach import Advice
from guinote_tui.engine import PLAY, SING, Action, Card, Play, Sing, Suit, Swap
from guinote_tui.game import resume
from guinote_tui.game.coachmemo import Position
from guinote_tui.game.services import NO_SERVICES, Services, StackedDeal
from guinote_tui.game.session import HUMAN, GameSession, GameSettings
from guinote_tui.game.table_controller import BOTS, COACH, BotAnswer, Change, TableController, Turn, keyed_declaration

HAND = "1O 7O 12C 10C 4E 5B"


@dataclass
class FakeTimer:
    seconds: float
    fn: Callable[[], None]
    stopped: bool = False

    def stop(self) -> None:
        self.stopped = True


@dataclass
class Job:
    group: str
    work: Callable[[threading.Event], None]
    cancelled: threading.Event = field(default_factory=threading.Event)


class Jobs:
    """A scheduler whose threads, answers and timers run only when the test says (and on the test's thread)."""

    def __init__(self) -> None:
        self.threads: list[Job] = []
        self.soon: list[Callable[[], None]] = []
        self.timers: list[FakeTimer] = []
        self.is_covered = False

    # -- the Scheduler protocol
    def run_thread(self, work: Callable[[threading.Event], None], group: str, name: str = "") -> None:
        self.cancel(group)  # one job a group: the older one is cancelled
        self.threads.append(Job(group, work))

    def call_soon(self, fn: Callable[[], None]) -> None:
        self.soon.append(fn)

    def call_later(self, seconds: float, fn: Callable[[], None]) -> FakeTimer:
        timer = FakeTimer(seconds, fn)
        self.timers.append(timer)
        return timer

    def cancel(self, group: str) -> None:
        for job in self.threads:
            if job.group == group:
                job.cancelled.set()

    def covered(self) -> bool:
        return self.is_covered

    # -- the test's hands
    def run_threads(self) -> None:
        jobs, self.threads = self.threads, []
        for job in jobs:
            job.work(job.cancelled)  # a cancelled job runs out, as a thread does, and hands nothing back

    def deliver(self) -> None:
        answers, self.soon = self.soon, []
        for answer in answers:
            answer()

    def pump(self) -> None:
        """Every thread, then every answer, until nothing is left (timers wait for the test)."""
        for _ in range(500):
            if not (self.threads or self.soon):
                return
            self.run_threads()
            self.deliver()
        raise AssertionError("the jobs never ended")

    def live_timers(self) -> list[FakeTimer]:
        return [t for t in self.timers if not t.stopped]

    def fire(self) -> None:
        timers, self.timers = self.live_timers(), []
        for timer in timers:
            timer.fn()


class Seen:
    """The listener: what the screen is told, in order."""

    def __init__(self) -> None:
        self.changes: list[Change] = []
        self.log: list[str] = []
        self.warnings: list[tuple[str, str]] = []
        self.refusals: list[str] = []
        self.failures: list[str] = []
        self.hints: list[Advice] = []
        self.summaries = 0
        self.problems: list[str | None] = []

    def table_changed(self, change: Change, lines: Sequence[str]) -> None:
        self.changes.append(change)
        if change is Change.TAKEN_BACK:
            self.log = list(lines)
        else:
            self.log += lines

    def warn(self, message: str, title: str) -> None:
        self.warnings.append((message, title))

    def refused(self, rule: str) -> None:
        self.refusals.append(rule)

    def bot_failed(self, problem: str) -> None:
        self.failures.append(problem)

    def show_hint(self, advice: Advice) -> None:
        self.hints.append(advice)

    def summary_due(self) -> None:
        self.summaries += 1

    def kept(self, problem: str | None) -> None:
        self.problems.append(problem)


def table_for(session: GameSession) -> tuple[TableController, Jobs, Seen]:
    jobs, seen = Jobs(), Seen()
    seen.log = list(session.log)  # as the screen shows the log when it opens
    return TableController(session, jobs, seen), jobs, seen


def new_session(players: int = 2, seed: int = 11, services: Services = NO_SERVICES, **options: Any) -> GameSession:
    settings = GameSettings(players=players, level="random", seed=seed, delay=0)
    for key, value in options.items():
        setattr(settings, key, value)
    return GameSession(settings, services=services)


def arranged(services: Services = NO_SERVICES) -> GameSession:
    """Heads-up, the player leads first holding ``HAND``, Oros trumps (the Tres turned up)."""
    deck = arranged_deck(2, dealer=1, hands={HUMAN: HAND}, muestra="3O")
    settings = GameSettings(players=2, level="random", seed=3, delay=0)
    return GameSession(settings, services=services, stacked=StackedDeal((tuple(deck),), dealer=1))


def to_players_turn(table: TableController, jobs: Jobs) -> None:
    """Let the bots move (and clear held tricks by a key) until the player is to act."""
    for _ in range(50):
        jobs.pump()
        if table.holding:
            table.release()
            continue
        if table.session.human_to_move or table.session.hand_over:
            return
        table.advance()
    raise AssertionError("the bots never handed the turn back")


def play_hand(table: TableController, jobs: Jobs, seen: Seen, rng: random.Random) -> int:
    """The player's moves at random through the controller until the summary is due; returns the tricks held."""
    session = table.session
    held = 0
    summaries = seen.summaries
    table.advance()  # as the screen does once it is shown
    for _ in range(400):
        jobs.pump()
        if seen.summaries > summaries:
            return held
        if table.holding:
            held += 1
            if session.settings.pace == "timed":
                (timer,) = jobs.live_timers()
                assert timer.seconds == session.settings.trick_seconds
                jobs.fire()  # the trick's time is up
            else:
                assert not jobs.live_timers()
                table.release()  # Space
            continue
        assert session.human_to_move, "nothing to do: the flow stopped"
        assert table.state is Turn.PLAYER
        assert table.act(rng.choice(session.view().legal))
    raise AssertionError("the hand never ended")


def replayed_directly(settings: GameSettings, players_moves: list[Action]) -> list[tuple[int, Action]]:
    """The hand a session plays when asked directly: the bots' moves from their own views, the player's given."""
    session = GameSession(GameSettings(**{**vars(settings), "pace": "wait"}))
    moves = iter(players_moves)
    while not session.hand_over:
        seat = session.match.hand.to_move
        assert seat is not None
        action = next(moves) if seat == HUMAN else session.think(seat, session.view_for(seat)).action
        session.apply(seat, action)
    return list(session.match.hand.log)


@pytest.mark.parametrize(("players", "pace"), [(2, "wait"), (2, "timed"), (4, "wait"), (4, "timed")])
def test_whole_hands_play_through_the_controller_as_the_session_plays_them(players: int, pace: str) -> None:
    session = new_session(players, seed=23, pace=pace, trick_seconds=1.5)
    table, jobs, seen = table_for(session)
    held = play_hand(table, jobs, seen, random.Random(4))

    hand = session.match.hand
    assert hand.is_over and table.state is Turn.OVER
    assert held == len(hand.tricks)  # every finished trick stayed on the felt until a key, or its time
    # The same play as the session's own, asked directly: the controller adds nothing, drops nothing.
    mine = [action for seat, action in hand.log if seat == HUMAN]
    assert list(hand.log) == replayed_directly(session.settings, mine)
    assert any(seat != HUMAN for seat, _ in hand.log)
    assert seen.log == session.log  # each move's lines told to the screen, in order
    assert table.turn == len(hand.log)

    assert table.open_summary() and table.state is Turn.SUMMARY
    assert not table.open_summary()  # once
    table.summary_closed(next_hand=True)
    assert session.match.hand_number == 2 and table.state is table.next_turn()
    assert seen.changes[-1] is Change.NEW_HAND and seen.log == session.log
    held = play_hand(table, jobs, seen, random.Random(5))  # the next hand plays on
    assert session.match.hand_number == 2 and session.hand_over and held == len(session.match.hand.tricks)


def test_a_timed_pace_without_a_pause_holds_nothing() -> None:
    session = new_session(2, pace="timed", trick_seconds=0)
    table, jobs, seen = table_for(session)
    assert play_hand(table, jobs, seen, random.Random(1)) == 0
    assert not jobs.timers


def test_switching_the_pace_while_a_trick_is_held_starts_or_stops_its_timer() -> None:
    session = new_session(2, seed=5)
    table, jobs, _ = table_for(session)
    to_players_turn(table, jobs)
    while not table.holding:
        table.act(session.view().legal[0])
        jobs.pump()
    assert not jobs.timers
    assert "Timed" in table.toggle_pace() and session.settings.pace == "timed"
    (timer,) = jobs.live_timers()
    assert "Wait for me" in table.toggle_pace()
    assert timer.stopped and table.holding  # held until a key again


def test_a_bots_answer_about_a_position_taken_back_is_dropped() -> None:
    session = arranged()
    table, jobs, seen = table_for(session)
    table.advance()
    assert table.state is Turn.PLAYER
    assert table.act(PLAY[Card.parse("5B")])
    assert table.state is Turn.BOT
    jobs.run_threads()  # the rival has its answer, on its way back to the table
    assert len(jobs.soon) == 1
    before = table.turn

    assert table.undo()
    assert table.turn > before and table.state is Turn.PLAYER
    assert "Taken back" in table.message and session.assisted
    assert seen.changes[-1] is Change.TAKEN_BACK and seen.log == session.log
    jobs.deliver()  # the answer about the position taken back arrives
    assert session.match.hand.log == [] and session.human_to_move and table.state is Turn.PLAYER
    assert not jobs.threads


def test_a_bot_still_thinking_when_its_position_is_taken_back_hands_nothing_back() -> None:
    session = arranged()
    table, jobs, _ = table_for(session)
    table.advance()
    table.act(PLAY[Card.parse("5B")])
    table.undo()
    jobs.run_threads()  # the cancelled thread ends its thought
    assert not jobs.soon and session.match.hand.log == []


def test_a_move_due_while_the_table_is_covered_is_made_when_it_is_uncovered() -> None:
    session = arranged()
    table, jobs, seen = table_for(session)
    table.advance()
    table.act(PLAY[Card.parse("5B")])
    jobs.is_covered = True  # the rules (a dialog) over the table
    jobs.pump()
    assert isinstance(table.due, BotAnswer)
    assert len(session.match.hand.log) == 1 and table.state is Turn.BOT  # not made under the rules
    jobs.is_covered = False
    table.uncovered()
    assert table.due is None and len(session.match.hand.log) == 2
    assert table.holding and seen.changes[-1] is Change.MOVED


def test_a_step_due_while_the_table_is_covered_is_taken_when_it_is_uncovered() -> None:
    session = new_session(2, seed=3)  # the rival leads
    table, jobs, _ = table_for(session)
    jobs.is_covered = True
    table.advance()
    assert table.due == "advance" and not jobs.threads  # no bot thinks under a dialog
    jobs.is_covered = False
    table.uncovered()
    assert [job.group for job in jobs.threads] == [BOTS]
    jobs.pump()
    assert session.human_to_move and len(session.match.hand.log) == 1


def test_a_refused_play_names_the_rule_and_changes_nothing() -> None:
    session = arranged()
    table, jobs, seen = table_for(session)
    table.advance()
    log, turn, changes = list(session.log), table.turn, list(seen.changes)
    assert not table.act(SING[Suit.COPAS], declared=True)  # no trick won yet: nothing to sing
    assert not table.act(PLAY[Card.parse("1C")])  # a card the player does not hold
    assert len(seen.refusals) == 2
    assert seen.refusals[0] == session.why_illegal(SING[Suit.COPAS]) != ""
    assert "sing only after your side won" in seen.refusals[0] and "1C" in seen.refusals[1]
    assert seen.refusals[1] == session.why_illegal(PLAY[Card.parse("1C")]) != ""
    assert session.match.hand.log == [] and session.log == log and table.turn == turn
    assert table.state is Turn.PLAYER and seen.changes == changes and not jobs.threads


def test_out_of_turn_the_table_says_to_wait() -> None:
    session = new_session(2, seed=3)  # the rival leads
    table, _, seen = table_for(session)
    card = session.view().hand[0]
    assert not table.act(PLAY[card])
    assert seen.warnings == [("[b]Wait for your turn[/b]", "")] and table.message == "[b]Wait for your turn[/b]"
    assert session.match.hand.log == [] and not seen.refusals


def won_first_trick() -> tuple[TableController, Jobs, GameSession]:
    """The arranged deal after the player took the first trick with the As of trumps: held on the felt."""
    session = arranged()
    table, jobs, _ = table_for(session)
    table.advance()
    table.act(PLAY[Card.parse("1O")])
    jobs.pump()
    assert table.holding and session.human_to_move
    return table, jobs, session


def test_a_card_key_after_a_finished_trick_only_clears_it() -> None:
    table, _, session = won_first_trick()
    assert not table.act(PLAY[Card.parse("5B")])
    assert not table.holding and len(session.match.hand.log) == 2


def test_a_declaration_after_a_finished_trick_clears_it_and_is_made() -> None:
    table, _, session = won_first_trick()
    # Won a trick: the Siete of trumps may be changed for the muestra (its key makes it at once).
    swap = keyed_declaration(session.view(), Swap)
    assert swap is not None
    table.declare(Swap)
    assert not table.holding and session.match.hand.log[-1] == (HUMAN, swap)
    assert Card.parse("3O") in session.view().hand


def test_with_two_cantes_open_the_key_asks_which() -> None:
    deck = arranged_deck(2, dealer=1, hands={HUMAN: "12C 10C 12E 10E 1O 4B"}, muestra="3O")
    settings = GameSettings(players=2, level="random", seed=3, delay=0)
    session = GameSession(settings, stacked=StackedDeal((tuple(deck),), dealer=1))
    table, jobs, _ = table_for(session)
    table.advance()
    table.act(PLAY[Card.parse("1O")])  # won: the player may sing
    jobs.pump()
    table.release()
    cantes = table.cantes()
    assert len(cantes) == 2 and all(isinstance(c, Sing) for c in cantes)
    assert keyed_declaration(session.view(), Sing) is None  # the key asks; it sings neither by itself
    table.declare(Sing)
    assert not any(isinstance(a, Sing) for _, a in session.match.hand.log)


def hinting(session: GameSession, monkeypatch: pytest.MonkeyPatch) -> list[Position]:
    """The coach's work stands in: each position asked is written down, the advice is the first legal action."""
    asked: list[Position] = []

    def work_out_hint(position: Position) -> Advice:
        asked.append(position)
        no_reason: Any = None  # (nothing here reads it)
        advice = Advice(action=session.view().legal[0], values={}, reason=no_reason, forced=False)
        return session.coach.remember(position, advice)

    monkeypatch.setattr(session, "work_out_hint", work_out_hint)
    return asked


def test_the_hint_is_shown_for_the_position_it_was_asked_about(monkeypatch: pytest.MonkeyPatch) -> None:
    session = arranged()
    asked = hinting(session, monkeypatch)
    table, jobs, seen = table_for(session)
    table.advance()
    table.ask_hint()
    assert session.assisted and "The coach is thinking" in table.message
    assert [job.group for job in jobs.threads] == [COACH]
    jobs.pump()
    (advice,) = seen.hints
    assert asked == [session.hint_position()] and table.message == ""
    assert session.coach.advised(session.hint_position()) == advice.action  # shown: a followed hint is not graded
    table.ask_hint()  # asked again: at once, no thought
    assert not jobs.threads
    jobs.deliver()
    assert seen.hints == [advice, advice] and len(asked) == 1


def test_a_hint_about_a_position_the_player_left_is_not_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    session = arranged()
    asked = hinting(session, monkeypatch)
    table, jobs, seen = table_for(session)
    table.advance()
    table.ask_hint()
    jobs.run_threads()  # the coach has its answer...
    table.act(PLAY[Card.parse("5B")])  # ...but the player played meanwhile
    jobs.pump()
    assert asked and not seen.hints
    assert session.coach.advised(asked[0]) is None


def test_the_coach_gives_hints_on_the_players_turn_only() -> None:
    session = new_session(2, seed=3)  # the rival leads
    table, jobs, seen = table_for(session)
    table.ask_hint()
    assert seen.warnings == [("The coach gives hints on your turn", "")] and not jobs.threads
    assert not session.assisted


def test_a_failed_bot_is_told_and_its_first_legal_move_made(monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session(2, seed=3)  # the rival leads
    table, jobs, seen = table_for(session)

    def broken(view: Any, rng: Any) -> Action:
        raise RuntimeError("out of ideas")

    monkeypatch.setattr(session.bots[1], "choose", broken)
    legal = session.view_for(1).legal
    table.advance()
    jobs.pump()
    assert len(seen.failures) == 1 and "out of ideas" in seen.failures[0]
    assert session.match.hand.log == [(1, legal[0])]


def test_leaving_keeps_the_match_with_the_trick_in_progress() -> None:
    session = arranged(Services(review_ahead=False, keep_match=True, record_stats=False))
    table, _, seen = table_for(session)
    table.advance()
    assert table.act(PLAY[Card.parse("5B")])  # a trick begun: not kept yet (kept after each trick)
    kept = resume.load()
    assert kept is not None and kept.hand.log == []
    table.leave()
    kept = resume.load()
    assert kept is not None and list(kept.hand.log) == [(HUMAN, PLAY[Card.parse("5B")])]
    assert seen.problems and not any(seen.problems)  # kept, nothing to tell
    assert isinstance(kept.hand.log[0][1], Play)
