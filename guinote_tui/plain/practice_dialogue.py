"""Practice in plain text (``guinote practice --plain``): the problems as a dialogue, one answer a line.

The same practice as the screen's (:class:`~guinote_tui.game.practice_session.PracticeSession`):
the kept mistakes due today, then the puzzles with the problem of the day,
each told from the seat's view alone (the trick, trumps, the points, the
cards numbered as the answers count them), judged, and kept with its
schedule. ``n`` passes over a problem, ``z`` (or ``puzzles``) goes to the
puzzles and ``m`` (or ``mistakes``) to the mistakes, ``o`` to the puzzles in the other rules, ``f`` to the
next theme's puzzles (then every theme again), ``r`` tells the
tricks so far, ``l`` the line of best play after a puzzle, ``q`` (or the end of the input) leaves. A puzzle names
its rules; the puzzles offered first are in the rules the player plays (the start screen's preset).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TextIO

from ..engine import PLAY, Action, Card, Play, SeatView, Suit
from ..game.choices import sorted_hand
from ..game.launch import Asked, prepare
from ..game.narration import Narrator, seat_names
from ..game.practice_judge import LineStep, PracticeVerdict, Problem, problem_facts, puzzle_line, stars_text
from ..game.practice_session import (
    MISTAKE,
    PUZZLE,
    PracticeSession,
    puzzle_note,
    rules_text,
    theme_name,
)
from ..game.services import Services
from ..i18n import _, ngettext
from ..present.refusals import refusal_text
from ..records import Statistics
from .dialogue import Speaker, _is_terminal, _printable
from .words import declarations, echoed, hand_line, plain, turn_lines

__all__ = ["PlainPractice", "position_lines", "practise", "tricks_lines"]

QUIT, SKIP, TRICKS, LINE, HELP, TABLE, OTHER_RULES, THEME = "q", "n", "r", "l", "?", "i", "o", "f"
#: The answers that go to a tab (``p`` passes in a position, so the puzzles are ``z``).
TABS = {"m": MISTAKE, "mistakes": MISTAKE, "z": PUZZLE, "puzzles": PUZZLE}


class _Switch(Exception):
    """The player goes to the other tab."""


class _Leave(Exception):
    """The player leaves (``q``, or the end of the input)."""


class PlainPractice(Speaker):
    """Practice as a dialogue on ``reader`` and ``writer``, starting with ``tab`` (``mistake`` or ``puzzle``)."""

    def __init__(
        self, practice: PracticeSession, reader: TextIO, writer: TextIO, tab: str = MISTAKE, echo: bool | None = None
    ) -> None:
        self.practice = practice
        self.reader = reader
        self.writer = writer
        self.tab = tab if tab in (MISTAKE, PUZZLE) else MISTAKE
        self.echo = echo if echo is not None else not _is_terminal(reader)

    def run(self) -> int:
        """Ask problems until the player leaves; returns the exit status."""
        due = self.practice.due_count()
        if due:
            said = ngettext("Practice: {n} problem due today.", "Practice: {n} problems due today.", due)
            self.say(said.format(n=due))
        else:  # (never "0 problems": read aloud it is a count of nothing)
            self.say(_("Practice: nothing is due today."))
        self.say(_("Answer with a card's number or a letter; ? lists them. q leaves."))
        last: Problem | None = None
        try:
            while True:
                problem = self.practice.next_problem(self.tab, after=last)
                self.say_all(self.practice.take_notes())
                if problem is None:
                    self._nothing()
                    continue
                last = problem
                try:
                    self._ask(problem)
                except _Switch:
                    last = None
        except _Leave:
            self.say(_("You leave practice."))
        except KeyboardInterrupt:
            self.writer.write("\n")
            self.say(_("You leave practice."))
            return 130
        return 0

    # -- one problem ------------------------------------------------------------------------------------

    def _nothing(self) -> None:
        """Nothing left on this tab: say so, and wait for another tab or leaving."""
        self.say(_("Nothing is due today in your mistakes."))
        later = self.practice.next_due()
        if later is not None:
            self.say(_("Your next kept mistake comes back on {day}.").format(day=later.isoformat()))
        menu = _("z: the puzzles, with the problem of the day; e: your kept mistakes now; q: leave.")
        while True:
            answer = self.ask(menu)
            if answer == "e" and later is not None:
                self.practice.early = True
                return
            if answer in TABS:
                self.tab = TABS[answer]
                return
            if answer == QUIT:
                raise _Leave
            if answer not in ("", HELP):  # (the menu is said again)
                self._not_understood(answer)

    def _ask(self, problem: Problem) -> None:
        view = problem.view
        heading = _("A puzzle") if problem.kind == PUZZLE else _("One of your mistakes")
        self.say(" · ".join([heading, *spoken_facts(problem, self.practice.theme)]) + ".")
        if problem.puzzle is not None:
            self.say(rules_text(problem.puzzle.preset) + ".")
            note = puzzle_note(problem.puzzle)
            if note is not None:
                self.say(note)
        self.say_all(position_lines(view))
        while True:
            answer = self.ask(_("What do you play? A card's number; n passes over it; ? lists the letters."))
            action = self._action(answer, problem)
            if action is not None:
                break
            if answer == SKIP:
                self.practice.skip(problem)
                return
        if self.practice.needs_coach(problem, action):
            self.say(_("The coach is weighing your answer…"))
        verdict = self.practice.judge(problem, action)
        before = self.practice.rating() if problem.puzzle is not None else None
        self.practice.answer(problem, verdict)
        self._tell(verdict)
        if problem.puzzle is not None and not problem.assisted and before is not None:
            self.say(self.practice.answered_text(problem, before) + ".")
        self._after(problem)

    def _action(self, answer: str, problem: Problem) -> Action | None:
        """The move an answer makes (None: it asked for something else, done here, or was not understood; a card
        the rules forbid is refused naming the rule, as at the table)."""
        view = problem.view
        if answer.isdecimal():
            shown = sorted_hand(view)
            number = int(answer)
            if not 1 <= number <= len(shown):
                self.say(_("You have no card {number}").format(number=number))
                return None
            action = PLAY[shown[number - 1]]
            refused = problem.state().refusal(action) if action not in view.legal else None
            if refused is not None:
                rule = refusal_text(refused)
                self.say(_("{card} is not allowed: {rule}.").format(card=shown[number - 1].name, rule=rule))
                return None
            return action
        offered = dict(declarations(view))
        if answer in offered:
            return offered[answer]
        if answer == QUIT:
            raise _Leave
        if answer in TABS:
            self.tab = TABS[answer]
            raise _Switch
        if answer in (OTHER_RULES, THEME):
            self._choose(answer)
            raise _Switch
        if answer == TRICKS:
            self.say_all(tricks_lines(view))
        elif answer in ("", TABLE):
            self.say_all(position_lines(view))
        elif answer == HELP:
            self.say(_help_line(view))
        elif answer != SKIP:
            self._not_understood(answer)
        return None

    def _tell(self, verdict: PracticeVerdict) -> None:
        self.say(plain(verdict.headline))
        if verdict.detail:
            self.say(plain(verdict.detail))

    def _after(self, problem: Problem) -> None:
        prompt = _("Enter: the next problem; l: the line of best play; q: leave.")
        if problem.puzzle is None:
            prompt = _("Enter: the next problem; q: leave.")
        while True:
            answer = self.ask(prompt)
            if answer == "":
                return
            if answer == LINE and problem.puzzle is not None:
                names = tuple(_(name) for name in seat_names(problem.players))
                for step in puzzle_line(problem):
                    turned = LineStep((step.seat - problem.seat) % problem.players, step.action, step.view)
                    self.say(line_sentence(turned, names))
                continue
            if answer == QUIT:
                raise _Leave
            if answer in TABS:
                self.tab = TABS[answer]
                return
            if answer in (OTHER_RULES, THEME):
                self._choose(answer)
                return
            if answer != HELP:  # (the prompt, said again, lists the answers)
                self._not_understood(answer)

    def _choose(self, answer: str) -> None:
        """Go to the puzzles in the next preset's rules (``o``) or of the next theme (``f``), and say which."""
        self.tab = PUZZLE
        if answer == THEME:
            theme = self.practice.next_theme()
            self.say((theme_name(theme) if theme is not None else _("Every theme, taking turns")) + ".")
            return
        preset = self.practice.other_rules()
        if preset is not None:
            self.say(rules_text(preset) + ".")

    # -- reading and writing --------------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        """Say ``prompt``, then read one answer (lower case; the end of the input leaves)."""
        self.say(prompt)
        self.writer.write("> ")
        self.writer.flush()
        try:
            line = self.reader.readline()
        except UnicodeDecodeError:
            line = "\ufffd\n"
        if not line:
            self.writer.write("\n")
            raise _Leave
        answer = _printable(line.strip())
        if self.echo:
            self.writer.write(echoed(answer) + "\n")
            self.writer.flush()
        return answer.lower()

    def _not_understood(self, answer: str) -> None:
        self.say(_("“{answer}” is not an answer here: ? lists them.").format(answer=answer[:40]))


def line_sentence(step: LineStep, names: Sequence[str]) -> str:
    """A move of the line of best play as a sentence ("Rival plays the Rey de Copas."), as the game tells a move."""
    action = step.action
    if isinstance(action, Play):
        card = Card(action.card).name
        if step.seat == 0:
            return _("You play the {card}.").format(card=card)
        return _("{name} plays the {card}.").format(name=names[step.seat], card=card)
    return plain(step.words(tuple(names))) + "."


def spoken_facts(problem: Problem, chosen: str | None = None) -> list[str]:
    """The problem's facts as a screen reader says them well: the stars in words ("4 of 5 stars"); ``chosen``:
    the theme the player chose (:func:`~guinote_tui.game.practice_judge.problem_facts`)."""
    facts = problem_facts(problem, chosen)
    puzzle = problem.puzzle
    if puzzle is None:
        return facts
    stars = stars_text(puzzle.stars)
    words = _("{n} of {total} stars").format(n=puzzle.stars, total=len(stars))
    return [words if fact == stars else fact for fact in facts]


def _help_line(view: SeatView) -> str:
    """The answers a problem takes; the declarations' clause only when the position offers some."""
    keys = ", ".join(key for key, _action in declarations(view))
    if keys:
        return _(
            "A card's number plays it; {keys} declare; n passes over the problem; r tells the tricks so far;"
            " i or an empty line the position again; z the puzzles, o the puzzles in the other rules, f a theme,"
            " m your mistakes; q leaves."
        ).format(keys=keys)
    return _(
        "A card's number plays it; n passes over the problem; r tells the tricks so far;"
        " i or an empty line the position again; z the puzzles, o the puzzles in the other rules, f a theme,"
        " m your mistakes; q leaves."
    )


def position_lines(view: SeatView) -> list[str]:
    """The position as the seat saw it, in plain sentences: the trick and trumps, the points, the cards, and what
    may be declared (with its letter) besides playing a card."""
    me, players = view.seat, view.players
    narrator = Narrator(seat_names(players))
    side = me & 1
    us, them = narrator.side_name(0), narrator.side_name(1)
    points = {"us": us, "them": them, "ours": view.points[side], "theirs": view.points[1 - side]}
    numbers = {"number": len(view.tricks) + 1, "suit": Suit(view.trump).title, "stock": view.stock_count}
    if view.muestra is not None:
        text = _(
            "Trick {number}. Trumps: {suit}, muestra {card}. Stock: {stock}. Points: {us} {ours}, {them} {theirs}."
        )
        lines = [text.format(card=view.muestra.name, **numbers, **points)]
    else:
        text = _("Trick {number}, arrastre. Trumps: {suit}. Points: {us} {ours}, {them} {theirs}.")
        lines = [text.format(**numbers, **points)]
    if not view.first_of_juego or view.carried != (0, 0):
        lines.append(
            _("Carried in: {us} {ours}, {them} {theirs}.").format(
                us=us, them=them, ours=view.carried[side], theirs=view.carried[1 - side]
            )
        )
    if view.trick:
        names = seat_names(players)
        cards = ", ".join(
            _("{name}: {card}").format(name=_(names[(seat - me) % players]), card=card.name)
            for seat, card in view.trick
        )
        lines.append(_("On the table: {cards}.").format(cards=cards))
    lines.append(hand_line(view))
    return [*lines, *turn_lines(view)]


def tricks_lines(view: SeatView) -> list[str]:
    """The tricks played so far, one a line, each seat's card in playing order and who took it."""
    if not view.tricks:
        return [_("No trick has been played yet in this hand.")]
    names = tuple(_(name) for name in seat_names(view.players))
    out = []
    for number, trick in enumerate(view.tricks, 1):
        seats = [(trick.seat_of(i, view.players) - view.seat) % view.players for i in range(len(trick.cards))]
        cards = ", ".join(
            _("{name}: {card}").format(name=names[seat], card=Card(card).name)
            for seat, card in zip(seats, trick.cards, strict=True)
        )
        winner = (trick.winner - view.seat) % view.players
        if winner == 0:
            out.append(_("Trick {number}: {cards}; you take it.").format(number=number, cards=cards))
        else:
            out.append(
                _("Trick {number}: {cards}; {name} takes it.").format(number=number, cards=cards, name=names[winner])
            )
    return out


def practise(
    reader: TextIO,
    writer: TextIO,
    *,
    tab: str = MISTAKE,
    lang: str | None = None,
    today: date | None = None,
    echo: bool | None = None,
    services: Services | None = None,
) -> int:
    """``guinote practice --plain``: practice on ``reader`` and ``writer``; returns the exit status.

    ``today``: the day practised (default: the clock's); ``services``: whether the statistics are read and kept,
    and the coach's budget (default: the game's).
    """
    start = prepare(Asked(lang=lang), services=services)
    stats = Statistics() if start.services.record_stats else None
    try:
        preset = start.settings.rules.preset_name  # the puzzles in the rules the player plays first
        practice = PracticeSession(stats, today, budget=start.services.review_budget, preset=preset)
        return PlainPractice(practice, reader, writer, tab=tab, echo=echo).run()
    finally:
        if stats is not None:
            stats.close()
