"""The plain mode's dialogue: the match told line by line, the player's answers read line by line.

:class:`PlainGame` drives a :class:`~guinote_tui.game.session.GameSession`
as the table does (the bots' turns, the declarations, the hint, undo, the
end of a hand, the review, the end of the match), reading one answer a line
from a text stream and writing sentences to another. Nothing is redrawn and
no escape code is written: the transcript is the game. The end of the input
leaves the game as ``q`` does, with the match kept for ``--continue``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TextIO, TypeVar

from ..coach import COACH_BUDGET, CoachBudget
from ..coach.ahead import Reviewed
from ..engine import PLAY, SING, Action, Card, IllegalAction, SeatView, Suit, visible_to
from ..game.choices import declaration_asked, sorted_hand
from ..game.narration import HUMAN
from ..game.pacing import bot_pause, think_with_delay
from ..game.saving import default_history_path, save_session_history
from ..game.session import GameSession
from ..i18n import _
from ..present import statsreport
from .words import (
    declarations,
    echoed,
    event_lines,
    hand_line,
    help_lines,
    hint_lines,
    history_lines,
    opening_line,
    plain,
    review_lines,
    scoresheet_lines,
    status_line,
    summary_lines,
    tracker_lines,
    turn_lines,
)

__all__ = ["Leave", "PlainGame"]

#: The answers that ask for something other than a move, by their letter (and a word for each).
HINT, HISTORY, UNDO, HELP, QUIT, REVIEW, TABLE = "h", "r", "u", "?", "q", "v", "i"
SHEET, TRACKER, SAVE = "o", "k", "save"
WORDS = {
    "hint": HINT,
    "tricks": HISTORY,
    "undo": UNDO,
    "help": HELP,
    "quit": QUIT,
    "review": REVIEW,
    "table": TABLE,
    "scores": SHEET,
    "tracker": TRACKER,
}
#: Seconds a bot may think before a line says so (no unexplained silence).
THINKING_LINE_AFTER = 1.0
#: Seconds between the review's progress lines ("Decision 8 of 21…").
REVIEW_LINE_EVERY = 4.0
T = TypeVar("T")
#: The letters of the declarations (``s`` may name a suit: ``s copas``).
DECLARING = ("s", "c", "t", "p")


class Leave(Exception):
    """The player leaves the game: ``q``, or the end of the input (``eof``)."""

    def __init__(self, eof: bool) -> None:
        super().__init__("end of input" if eof else "quit")
        self.eof = eof


class Speaker:
    """Says lines on :attr:`writer`, one a line, each let out at once (a reader may be waiting for it); what is
    not printable is never written."""

    writer: TextIO

    def say(self, line: str) -> None:
        self.writer.write(_printable(line) + "\n")
        self.writer.flush()

    def say_all(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.say(line)


class PlainGame(Speaker):
    """One match as a dialogue on ``reader`` and ``writer``.

    ``echo``: write each answer back after its prompt, so that a transcript
    read from a pipe shows the dialogue (default: when ``reader`` is not a
    terminal, which echoes by itself). ``hint_budget``: what the coach spends
    on a hint asked before its analysis made ahead is ready (the table's
    :data:`~guinote_tui.coach.COACH_BUDGET`). ``delay``: seconds a bot's move
    takes (none by default: the lines come as fast as they are read).
    ``notices``: one-line messages to say first.
    """

    def __init__(
        self,
        session: GameSession,
        reader: TextIO,
        writer: TextIO,
        *,
        echo: bool | None = None,
        hint_budget: CoachBudget = COACH_BUDGET,
        delay: float = 0.0,
        notices: Sequence[str] = (),
    ) -> None:
        self.session = session
        self.reader = reader
        self.writer = writer
        self.echo = echo if echo is not None else not _is_terminal(reader)
        self.hint_budget = hint_budget
        self.delay = delay
        self.notices = list(notices)
        #: The review of the hand just finished, once made (asked again, it is said again at once).
        self._reviewed: list[Reviewed] | None = None
        #: The cards on the table were not just told one by one (the game resumed, a move taken back):
        #: the player's turn says them.
        self._retell = True

    # -- the flow of the game ------------------------------------------------------------

    def run(self) -> int:
        """Play until the match is over or the player leaves; returns the exit status (130 after Ctrl+C)."""
        try:
            self._opening()
            while not self._step():
                pass
        except Leave as leaving:
            self._leave(eof=leaving.eof)
        except KeyboardInterrupt:  # Ctrl+C: the line it broke is ended first
            self.writer.write("\n")
            self._leave(eof=False)
            return 130
        finally:
            if self.session.ahead is not None:
                self.session.ahead.forget()  # nothing more to analyse for this game
        return 0

    def _opening(self) -> None:
        session = self.session
        self.say(opening_line(session))
        self.say(
            _(
                "Answer with a card's number or a letter; ? lists them, with the rules in brief. The end of the"
                " input leaves the game and keeps the match."
            )
        )
        for notice in self.notices:
            self.say(notice)
        self._tell_problems()
        hand = session.match.hand
        told = event_lines(session.narrator, hand.visible_events(HUMAN))
        deal = session.hand_log()
        narrated = len(session.narrator.lines(hand.visible_events(HUMAN)))
        self.say_all([plain(line) for line in deal[: len(deal) - narrated]] + told)

    def _step(self) -> bool:
        """One turn of the game: a bot's move, the player's answer, or the end of a hand; True once it is all over."""
        session = self.session
        if session.hand_over:
            return self._end_of_hand()
        seat = session.bot_to_move
        if seat is not None:
            self._bot_moves(seat)
        else:
            self._players_turn()
        return False

    def _bot_moves(self, seat: int) -> None:
        session = self.session
        view = session.view_for(seat)
        think = partial(session.think, seat, view)
        delay = bot_pause(view, self.delay)
        move = self._while_thinking(seat, partial(think_with_delay, think, delay, threading.Event()))
        if move.problem:
            self.say(_("{problem}. Its first legal move was played instead.").format(problem=move.problem))
        self._apply(seat, move.action)

    def _while_thinking(self, seat: int, work: Callable[[], T]) -> T:
        """``work`` (a bot's decision) in a thread; past :data:`THINKING_LINE_AFTER` seconds a line says who thinks."""
        done: list[T] = []
        failed: list[BaseException] = []

        def run() -> None:
            try:
                done.append(work())
            except BaseException as exc:  # (raised again in the dialogue's thread)
                failed.append(exc)

        worker = threading.Thread(target=run, name="plain bot", daemon=True)
        worker.start()
        worker.join(THINKING_LINE_AFTER)
        if worker.is_alive():
            self.say(_("{name} is thinking…").format(name=self.session.names[seat]))
            worker.join()
        if failed:
            raise failed[0]
        return done[0]

    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action (refused with :class:`IllegalAction`) and say what the player saw happen."""
        session = self.session
        hand = session.match.hand
        start = len(hand.events or ())
        session.apply(seat, action)
        self.say_all(event_lines(session.narrator, visible_to((hand.events or [])[start:], HUMAN)))
        self._tell_problems()

    def _tell_problems(self) -> None:
        """Say once that the match cannot be kept, or the statistics saved (the game goes on)."""
        session = self.session
        problem = session.keeper.problem_to_tell() if session.keeper is not None else None
        if problem:
            self.say(problem)
        if session.stats is not None:
            line = statsreport.problem_line(session.stats.take_problem())
            if line:
                self.say(line)

    # -- the player's turn -----------------------------------------------------------------

    def _players_turn(self) -> None:
        session = self.session
        session.think_ahead()  # the coach starts on the decision while the player thinks
        view = session.view()
        self.say(status_line(session, view, table=self._retell))
        self._retell = False
        self.say(hand_line(view))
        while not self._answer(self.ask(*turn_lines(view)), view):
            pass

    def _table_again(self, view: SeatView) -> None:
        """``i`` or an empty line: the table (the trick, trumps, the muestra, the stock, the points) and the hand."""
        self.say(status_line(self.session, view, table=True))
        self.say(hand_line(view))

    def _answer(self, answer: str, view: SeatView) -> bool:
        """Act on one answer; True when the turn moved on (a move made, or taken back)."""
        words = answer.lower().split()
        key = WORDS.get(words[0], words[0]) if words else ""
        if key.isdecimal():
            return self._play_number(int(key), view)
        if key in DECLARING:
            return self._declare(key, words[1:], view)
        if key in ("", TABLE):
            self._table_again(view)
        elif key == HINT:
            self._hint(view)
        elif key == HISTORY:
            self.say_all(history_lines(self.session))
        elif key == TRACKER:
            self.say_all(tracker_lines(view))
        elif self._any_moment(key):
            pass
        elif key == UNDO:
            return self._undo()
        elif key == HELP:
            self.say_all(help_lines(self.session, view))
        elif key == QUIT:
            raise Leave(eof=False)
        elif key == REVIEW:
            self.say(_("The coach reviews a hand once it is over."))
        else:
            self._not_understood(answer)
        return False

    def _any_moment(self, key: str) -> bool:
        """The answers of every moment: the score sheet (``o``), saving the history (``save``); True for one."""
        if key == SHEET:
            self.say_all(scoresheet_lines(self.session))
        elif key == SAVE:
            _saved, line = save_session_history(self.session, default_history_path())
            self.say(line)
        else:
            return False
        return True

    def _play_number(self, number: int, view: SeatView) -> bool:
        shown = sorted_hand(view)
        if not 1 <= number <= len(shown):
            self.say(_("You have no card {number}").format(number=number))
            return False
        return self._act(PLAY[shown[number - 1]], shown[number - 1])

    def _declare(self, key: str, rest: list[str], view: SeatView) -> bool:
        """A declaration by its letter (``s copas`` names the suit to sing); refused with the rule when not offered."""
        if key == "s" and rest:
            suit = _suit_named(rest[0])
            if suit is None:
                self._not_understood(" ".join([key, *rest]))
                return False
            return self._act(SING[suit])
        offered = dict(declarations(view))
        if key in offered:
            return self._act(offered[key])
        # Not offered: the engine says why, for the declaration nearest to what was asked.
        return self._act(declaration_asked(view, key))

    def _act(self, action: Action, card: Card | None = None) -> bool:
        """The player's action, refused with the engine's words for the rule it breaks."""
        session = self.session
        try:
            self._apply(HUMAN, action)
        except IllegalAction as exc:
            rule = session.why_illegal(action) or exc.rule
            if card is not None:
                self.say(_("{card} is not allowed: {rule}.").format(card=card.name, rule=rule))
            else:
                self.say(_("Not allowed: {rule}.").format(rule=rule))
            return False
        return True

    def _hint(self, view: SeatView) -> None:
        """The coach's hint for the decision now (the match is then assisted, and the hint followed is not
        graded in the review, as at the table)."""
        session = self.session
        session.assisted = True
        position = session.hint_position()
        advice = session.hint_ready()  # given before, or analysed ahead while the player read
        if advice is None:
            self.say(_("The coach is thinking…"))
            advice = session.work_out_hint(position, self.hint_budget)
        session.hint_shown(position, advice)
        self.say_all(hint_lines(advice, sorted_hand(view)))

    def _undo(self) -> bool:
        session = self.session
        if not session.undo():
            self.say(_("Nothing to take back in this hand"))
            return False
        self._tell_problems()
        self.say(plain(_("[b]Taken back.[/b] Your move again (this match is now marked assisted)")))
        self._retell = True
        return True

    # -- the end of a hand -------------------------------------------------------------------

    def _end_of_hand(self) -> bool:
        """The hand's summary, then the review when asked; True when the match is over (or the player leaves it)."""
        session = self.session
        self._reviewed = None
        self.say_all(summary_lines(session))
        over = session.match.is_over
        if over:
            prompt = _("The match is over. v: the coach's review of this hand; Enter ends the game.")
        else:
            prompt = _("Enter: the next hand; v: the coach's review of this hand; q: leave the game.")
        while True:
            answer = self.ask(prompt)
            words = answer.lower().split()
            key = WORDS.get(words[0], words[0]) if words else ""
            if key == "" or (over and key == QUIT):
                break
            if key == REVIEW:
                self._review()
            elif key == HISTORY:
                self.say_all(history_lines(session))
            elif self._any_moment(key):
                pass
            elif key == HELP:
                self.say_all(help_lines(session, session.view()))
            elif key == QUIT:
                raise Leave(eof=False)
            else:
                self._not_understood(answer)
        if over:
            return True
        session.next_hand()
        self._tell_problems()
        self.say_all([plain(line) for line in session.hand_log()])
        return False

    def _review(self) -> None:
        session = self.session
        if self._reviewed is None:
            self.say(_("The coach is going through your decisions…"))
            told = [time.monotonic()]

            def progress(done: int, total: int) -> None:  # no silence of more than a few seconds
                if done < total and time.monotonic() - told[0] >= REVIEW_LINE_EVERY:
                    told[0] = time.monotonic()
                    self.say(_("Decision {done} of {total}…").format(done=done, total=total))

            self._reviewed = session.review(progress=progress)  # a followed hint not graded
            session.record_review(self._reviewed)
        self.say_all(review_lines(session, self._reviewed))

    # -- leaving -----------------------------------------------------------------------------------

    def _leave(self, eof: bool) -> None:
        session = self.session
        session.keep()  # the trick in progress too
        self.say(_("End of input: you leave the game.") if eof else _("You leave the game."))
        keeper = session.keeper
        if session.match.is_over:
            return
        if keeper is not None and keeper.problem is None and not keeper.discarded:
            self.say(
                _(
                    "The match is kept: guinote play --plain --continue goes on with it"
                    " (guinote play --continue at the table)."
                )
            )
        else:
            self.say(_("This match is not kept."))

    # -- reading and writing --------------------------------------------------------------------------

    def ask(self, *prompt: str) -> str:
        """Say the ``prompt`` lines, then read one answer (the end of the input raises :class:`Leave`)."""
        self.say_all(prompt)
        self.writer.write("> ")
        self.writer.flush()
        try:
            line = self.reader.readline()
        except UnicodeDecodeError:
            line = "\ufffd\n"  # not text: answered as not understood
        if not line:
            self.writer.write("\n")
            self.writer.flush()
            raise Leave(eof=True)
        answer = _printable(line.strip())
        if self.echo:
            self.writer.write(echoed(answer) + "\n")
            self.writer.flush()
        return answer

    def _not_understood(self, answer: str) -> None:
        self.say(
            _("“{answer}” is not an answer here: a card's number, a letter, or ? for the list.").format(
                answer=answer[:40]
            )
        )


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _printable(text: str) -> str:
    """``text`` without control characters: nothing read or written may move the cursor or change a colour."""
    return "".join(ch for ch in text if ch.isprintable() or ch == "\t")


def _suit_named(word: str) -> Suit | None:
    """The suit a word names (``copas``, ``Oros``, or its first letters), or None."""
    for suit in Suit:
        if word and suit.title.lower().startswith(word.lower()):
            return suit
    return None
