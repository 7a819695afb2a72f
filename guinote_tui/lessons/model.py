"""What a lesson is made of, and how a move in a lesson is judged.

A :class:`Lesson` is a list of steps: :class:`Explain` (a short screen with
one idea) and :class:`Move` (a position from a fixed deal where the player
must act). :func:`check` judges an action in a move step: an illegal action
is refused with the engine's own words for the rule it breaks, a legal but
wrong one with the lesson's explanation (and, where the step asks for it,
the coach's reason for the right move); the right one is played out and told.

The model objects keep their texts in English, marked for the catalogs
(``N_`` in :mod:`.content`); they are translated when they are shown, so that
a change of language takes effect at once: :func:`shown` for any of them, and
the ``shown_*`` properties (:attr:`Lesson.shown_title`,
:attr:`Lesson.shown_summary`, :attr:`Explain.shown_text`,
:attr:`Move.shown_task`). :func:`check`'s verdicts, :func:`names` and
:func:`tell` are in the current language.
"""

from __future__ import annotations

import gettext
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from ..coach import Reason, advise
from ..engine import (
    Action,
    CardDrawn,
    Event,
    HandState,
    MuestraTaken,
    Rules,
    parse_action,
    parse_position,
    seat_view,
)
from ..game.narration import HUMAN, Narrator, seat_names
from ..i18n import _, ngettext

PLAYER = HUMAN


def names(players: int) -> tuple[str, ...]:
    """The seats' names as the table shows them, in the current language."""
    return tuple(_(name) for name in seat_names(players))


class Translator(Protocol):
    """What :class:`Said` builds its text with (``gettext.NullTranslations`` for English)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class _Current:
    """The translator of :mod:`guinote_tui.i18n`, in the current language at each call."""

    def gettext(self, message: str, /) -> str:
        return _(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return ngettext(singular, plural, n)


_ENGLISH: Translator = gettext.NullTranslations()
_CURRENT: Translator = _Current()


class Said(str):
    """A lesson's text built from parts when the lessons are made (a card's name, its points).

    It is the English text (a ``str``: what the model holds and the tests
    read), and :meth:`now` builds it again in the current language. ``make``
    builds the text with the translator it is given, through ``tr.gettext`` and
    ``tr.ngettext`` (names the catalogs' extraction finds).

        >>> Said(lambda tr: tr.gettext("Find the card worth the most points.")).now()
        'Find the card worth the most points.'
    """

    make: Callable[[Translator], str]

    def __new__(cls, make: Callable[[Translator], str]) -> Said:
        said = super().__new__(cls, make(_ENGLISH))
        said.make = make
        return said

    def now(self) -> str:
        """The text in the current language."""
        return self.make(_CURRENT)


def shown(text: str) -> str:
    """A lesson's text (English, as the model keeps it) in the current language; ``""`` stays empty."""
    if isinstance(text, Said):
        return text.now()
    return _(text) if text else text


@dataclass(frozen=True)
class Explain:
    """A screen of explanation: one idea in a few plain sentences, and cards to look at."""

    text: str
    #: Cards drawn under the text (at most six, in the card notation: ``"1O 3O"``).
    cards: str = ""

    @property
    def shown_text(self) -> str:
        """:attr:`text` in the current language."""
        return shown(self.text)


@dataclass(frozen=True)
class Position:
    """A hand written in the engine's position notation, with the actions that lead to the moment of the lesson."""

    #: The hand before :attr:`actions` (see :mod:`guinote_tui.engine.position`).
    start: str
    actions: tuple[Action, ...] = ()
    rules: Rules = field(default_factory=Rules)

    @property
    def players(self) -> int:
        return len(parse_position(self.start, self.rules).hands)

    def state(self) -> HandState:
        """A fresh copy of the position (the player, seat 0, is to move)."""
        state = parse_position(self.start, self.rules, events=True)
        for action in self.actions:
            state.apply(action)
        return state


@dataclass(frozen=True)
class Move:
    """A position where the player must act, and what the lesson says about each answer."""

    task: str
    position: Position
    #: The right answers (action texts: ``"3C"``, ``"sing:O"``, ``"swap:7E"``).
    accept: frozenset[str]
    #: The lesson's explanation for particular legal but wrong answers.
    wrong: Mapping[str, str]
    #: The explanation for any other legal but wrong answer.
    hint: str
    #: What the other seats do after the right answer (to finish the trick), as action texts.
    replies: tuple[str, ...] = ()
    #: The teacher's comment once the right answer is played.
    after: str = ""
    #: Add the coach's reason for the right move to a wrong answer's explanation.
    coach: bool = False
    #: Only the trick is shown and told, not trumps, the stock, the muestra nor the draw
    #: (lesson 1, before lesson 2 explains them).
    plain: bool = False

    def state(self) -> HandState:
        return self.position.state()

    @property
    def shown_task(self) -> str:
        """:attr:`task` in the current language."""
        return shown(self.task)


Step = Explain | Move


@dataclass(frozen=True)
class Lesson:
    number: int
    id: str
    title: str
    #: One line for the menu.
    summary: str
    steps: tuple[Step, ...]

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(step for step in self.steps if isinstance(step, Move))

    @property
    def shown_title(self) -> str:
        """:attr:`title` in the current language."""
        return shown(self.title)

    @property
    def shown_summary(self) -> str:
        """:attr:`summary` in the current language."""
        return shown(self.summary)


@dataclass(frozen=True)
class Verdict:
    """The lesson's judgement of an answer: right or not, and what to tell the player (in the current language)."""

    ok: bool
    message: str
    #: False when the engine refused the action (the message then gives the rule it breaks).
    legal: bool = True
    #: After a right answer: the hand once the answer and the replies are played.
    state: HandState | None = None


def check(step: Move, action: Action | str) -> Verdict:
    """Judge ``action`` in ``step``'s position.

    >>> from guinote_tui.lessons import LESSONS
    >>> step = LESSONS[0].moves[0]
    >>> check(step, "1O").ok
    False
    """
    if isinstance(action, str):
        action = parse_action(action)
    state = step.state()
    refused = state.refusal(action)  # the engine's rule, in English; said in the player's language
    problem = _(refused.template).format(**refused.params) if refused is not None else ""
    if problem:
        return Verdict(False, _("That is not allowed: {problem}.").format(problem=problem), legal=False)
    if str(action) in step.accept:
        after, lines = play_out(step, action)
        message = " ".join([*lines, shown(step.after)]).strip()
        return Verdict(True, message, state=after)
    message = shown(step.wrong.get(str(action), step.hint))
    if step.coach:
        message = _("{explanation} The coach says: {reason}").format(explanation=message, reason=coach_reason(step))
    return Verdict(False, message)


_REASONS: dict[int, tuple[Move, Reason]] = {}


def coach_reason(step: Move) -> str:
    """The coach's reason for its move in ``step``'s position, in the current language (asked once per step)."""
    known = _REASONS.get(id(step))
    if known is None or known[0] is not step:
        advice = advise(seat_view(step.state(), PLAYER, events=False), random.Random(0))
        known = _REASONS[id(step)] = (step, advice.idea or advice.reason)
    return known[1].text


def coach_action(step: Move) -> Action:
    """The coach's move in ``step``'s position (the tests check it is one of the right answers)."""
    state = step.state()
    return advise(seat_view(state, PLAYER, events=False), random.Random(0)).action


def play_out(step: Move, action: Action) -> tuple[HandState, list[str]]:
    """Play the right answer and the others' replies; the hand after them and what happened, in sentences."""
    state = step.state()
    seen = len(state.events or ())
    state.apply(action, PLAYER)
    for reply in step.replies:
        state.apply(parse_action(reply))
    events = (state.events or [])[seen:]
    if step.plain:
        events = [e for e in events if not isinstance(e, CardDrawn | MuestraTaken)]
    return state, tell(events, state.players)


def tell(events: list[Event], players: int) -> list[str]:
    """Plain sentences for what the player may know of ``events``, in the current language."""
    return Narrator(seat_names(players)).sentences(events)


def action(text: str) -> Action:
    """An action from its text (``"3C"``, ``"sing:O"``)."""
    return parse_action(text)
