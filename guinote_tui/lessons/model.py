"""What a lesson is made of, and how a move in a lesson is judged.

A :class:`Lesson` is a list of steps: :class:`Explain` (a short screen with
one idea) and :class:`Move` (a position from a fixed deal where the player
must act). :func:`check` judges an action in a move step: an illegal action
is refused with the engine's own words for the rule it breaks, a legal but
wrong one with the lesson's explanation (and, where the step asks for it,
the coach's reason for the right move); the right one is played out and told.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..coach import advise
from ..engine import (
    Action,
    CanteSung,
    CardDrawn,
    CardPlayed,
    Event,
    HandEnded,
    HandResult,
    HandState,
    LastTrickTen,
    MuestraTaken,
    Rules,
    SevenChanged,
    TrickWon,
    parse_action,
    seat_view,
)

PLAYER = 0
HEADS_UP_NAMES = ("You", "Rival")
PAIR_NAMES = ("You", "Right", "Partner", "Left")


def names(players: int) -> tuple[str, ...]:
    """The seats' names as the table shows them."""
    return HEADS_UP_NAMES if players == 2 else PAIR_NAMES


@dataclass(frozen=True)
class Explain:
    """A screen of explanation: one idea in a few plain sentences, and cards to look at."""

    text: str
    #: Cards drawn under the text (at most six, in the card notation: ``"1O 3O"``).
    cards: str = ""


@dataclass(frozen=True)
class Position:
    """A hand from a fixed deck, with the actions that lead to the moment of the lesson."""

    players: int
    dealer: int
    deck: tuple[int, ...]
    actions: tuple[Action, ...] = ()
    carried: tuple[int, int] = (0, 0)
    first_of_juego: bool = True
    rules: Rules = field(default_factory=Rules)

    def state(self) -> HandState:
        """A fresh copy of the position (the player, seat 0, is to move)."""
        state = HandState(list(self.deck), self.dealer, self.rules, self.players, self.carried, self.first_of_juego)
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


@dataclass(frozen=True)
class Verdict:
    """The lesson's judgement of an answer: right or not, and what to tell the player."""

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
    problem = state.why_illegal(action)
    if problem:
        return Verdict(False, f"That is not allowed: {problem}.", legal=False)
    if str(action) in step.accept:
        after, lines = play_out(step, action)
        message = " ".join([*lines, step.after]).strip()
        return Verdict(True, message, state=after)
    message = step.wrong.get(str(action), step.hint)
    if step.coach:
        message = f"{message} The coach says: {coach_reason(step)}"
    return Verdict(False, message)


_REASONS: dict[int, tuple[Move, str]] = {}


def coach_reason(step: Move) -> str:
    """The coach's reason for its move in ``step``'s position (asked once per step)."""
    known = _REASONS.get(id(step))
    if known is None or known[0] is not step:
        advice = advise(seat_view(step.state(), PLAYER, events=False), random.Random(0))
        known = _REASONS[id(step)] = (step, advice.reason.text)
    return known[1]


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
    """Plain sentences for what the player may know of ``events``."""
    who = names(players)
    out: list[str] = []
    for event in events:
        if isinstance(event, CardPlayed) and event.seat != PLAYER:  # the player knows their own card
            out.append(f"{who[event.seat]} plays the {event.card.name}.")
        elif isinstance(event, TrickWon):
            verb = "win" if event.winner == PLAYER else "wins"
            out.append(f"{who[event.winner]} {verb} the trick: {event.points} points.")
        elif isinstance(event, LastTrickTen):
            out.append("And 10 more for the last trick.")
        elif isinstance(event, CardDrawn) and event.seat == PLAYER and event.card is not None:
            out.append(f"You draw the {event.card.name}.")
        elif isinstance(event, MuestraTaken) and event.seat == PLAYER:
            out.append(f"You draw the muestra, the {event.card.name}.")
        elif isinstance(event, CanteSung):
            verb = "sing" if event.seat == PLAYER else "sings"
            out.append(f"{who[event.seat]} {verb} {event.points} in {event.suit.title}.")
        elif isinstance(event, SevenChanged):
            out.append(f"The {event.taken.name} is now in your hand; the {event.given.name} lies under the stock.")
        elif isinstance(event, HandEnded):
            result = event.result
            assert isinstance(result, HandResult)
            if result.juego_winner is not None and result.stopped_early:
                side = "Your side wins" if result.juego_winner == PLAYER else "The other side wins"
                out.append(f"{side} the juego with {result.totals[result.juego_winner]} points.")
    return out


def action(text: str) -> Action:
    """An action from its text (``"3C"``, ``"sing:O"``)."""
    return parse_action(text)
