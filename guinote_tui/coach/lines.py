"""What a card's lines brought after it, and what singing the coach's cante first would have changed.

The first-phase playouts (:mod:`.evaluate`) play every card out to the end of
the hand. This module reads those ended lines: what the rest of the hand
brought the seat's side (:class:`LineStats`, for the reasons), the juego the
line decided (:func:`line_juego`), and, where the seat may sing a cante now,
the same line with the cante sung first (:class:`CanteLines`).

**A cante left for later.** A seat that leads after its side won a trick,
holding a Rey and its cante card, may sing now, or play a card and sing at a
later trick its side wins while it still holds both (the engine keeps the
cante open there). Playing a card first loses the cante only in the lines
that never sing it: the pair broken, no later trick won, the hand over first.
So each card's line also values "sing now, then this card" on the same deal
(:func:`sung_now`): where the line sang the cante later, singing it first
changes nothing; where it did not, the line gains the cante's points (half
of them in the side's points: a cante adds to one side's score only) and the
engine judges the juego again with them (:class:`~guinote_tui.engine.JuegoOutcome`:
reached first de vueltas, or at the hand's end). The rest of the line is
taken as played: the estimate leaves out what the cante tells the other side.
Where singing now takes the side to the target de vueltas, the juego is won
at once on every deal.

The cost of a card played now without singing, against the coach's "sing,
then its card", is then paired deal by deal (:class:`CanteDelay`, computed in
:mod:`.evaluate`). Where no later window can come (:func:`later_window`: the
card breaks the pair), the cante is lost for good and the coach's exact rule
applies: half its points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..ai.bitmasks import Tables, mask_of
from ..ai.rulebots import sung_mask
from ..engine import Card, HandState, JuegoOutcome, SeatView, Termination, open_cantes

#: A hand stopped the moment a side reached the target de vueltas.
_REACHED = (Termination.VUELTAS_TRICK, Termination.VUELTAS_CANTE, Termination.VUELTAS_TUTE)


@dataclass(frozen=True)
class LineStats:
    """What a card's lines brought after it, averaged over its deals (first-phase playouts).

    Every field is the mean over the deals the card was played out on; the
    reasons compare them between two cards to say what one loses.
    """

    #: Points of cantes (and a tute's forty) the seat's side sang after the card.
    cantes: float = 0.0
    #: Points of cantes the other side sang after the card.
    rival_cantes: float = 0.0
    #: Share of the lines in which the seat's side declared tute.
    tute: float = 0.0
    #: Share of the lines in which the seat's side took the last trick (and its ten).
    last: float = 0.0
    #: Share of the lines in which the seat's side drew the muestra (0 once it is drawn).
    muestra: float = 0.0
    #: Points of the card itself the other side took on this trick.
    given: float = 0.0
    #: Share of the lines in which the seat's side took this trick.
    trick: float = 0.0


class Lines:
    """Each card's lines deal by deal: the value, the juego, and what the rest of the hand brought."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.juego: dict[Card, list[int]] = {c: [] for c in cards}
        self.sums: dict[Card, list[float]] = {c: [0.0] * 7 for c in self.juego}

    def add(self, card: Card, juego: int, facts: Sequence[float]) -> None:
        self.juego[card].append(juego)
        sums = self.sums[card]
        for i, fact in enumerate(facts):
            sums[i] += fact

    def stats(self, card: Card) -> LineStats | None:
        n = len(self.juego[card])
        if not n:
            return None
        return LineStats(*(s / n for s in self.sums[card]))

    def shares(self, card: Card) -> tuple[float | None, float | None]:
        lines = self.juego[card]
        if not lines:
            return None, None
        return sum(1 for j in lines if j > 0) / len(lines), sum(1 for j in lines if j < 0) / len(lines)


def line_juego(state: HandState, side: int) -> int:
    """The juego a finished hand decided for ``side``: 1 won, -1 lost, 0 not decided."""
    result = state.result
    if result is None or result.juego_winner is None:
        return 0
    return 1 if result.juego_winner == side else -1


def line_facts(
    state: HandState, tables: Tables, side: int, trick_number: int, card: int, cantes_before: int
) -> tuple[float, ...]:
    """What the rest of the hand (``state``, ended) brought ``side`` after ``card`` (:class:`LineStats`' order)."""
    mine = theirs = 0
    for cante in state.cantes[cantes_before:]:
        if cante.seat % 2 == side:
            mine += cante.points
        else:
            theirs += cante.points
    result = state.result
    tute = 1.0 if result is not None and result.reason is Termination.TUTE and line_juego(state, side) > 0 else 0.0
    last = (
        1.0 if state.last_trick_side == side and result is not None and result.reason is not Termination.TUTE else 0.0
    )
    taker = state.muestra_taker
    muestra = 1.0 if taker is not None and taker % 2 == side else 0.0
    took = given = 0.0
    if trick_number < len(state.tricks):
        trick = state.tricks[trick_number]
        if trick.winner % 2 == side:
            took = 1.0
        elif card in trick.cards:
            given = float(tables.points[card])
    return (float(mine), float(theirs), tute, last, muestra, given, took)


# -- the cante left for later -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Delay:
    """A card played now without the coach's cante, against singing it and then playing the coach's card."""

    #: Points of the side lost (paired mean difference, never below 0).
    cost: float
    #: The standard error of ``cost`` (0 when exact).
    se: float
    #: The paired cost before it is floored at 0.
    delta: float
    #: The share of the card's lines that sang the cante later anyway (None: not measured, a solved evaluation).
    later: float | None = None


@dataclass(frozen=True)
class CanteDelay:
    """What leaving the coach's cante for a later window costs with each card played now instead."""

    #: The cante's suit and points.
    suit: int
    points: int
    #: The coach's card once the cante is sung (every cost is counted from "sing, then this card").
    card: Card
    #: The cards after which a later window may come (:func:`later_window`; with every card known, every card).
    cards: dict[Card, Delay]


def later_window(view: SeatView, card: Card, suit: int, tables: Tables) -> bool:
    """Whether ``view``'s seat, playing ``card`` now without singing the cante in ``suit``, may still sing it at a
    later window: it keeps both cards of the pair (the engine's :func:`~guinote_tui.engine.open_cantes`). Then a
    later window can come: the pair is two cards still to play, so a trick follows this one, and a window opens
    before it if the side takes this trick (or a later one while the seat still holds both)."""
    held = mask_of(view.hand) & ~(1 << int(card))
    return bool(open_cantes(held, sung_mask(view), tables) >> suit & 1)


def sung_now(
    state: HandState, outcome: JuegoOutcome, side: int, suit: int, points: int, since: int
) -> tuple[float, int, bool]:
    """The line ``state`` (ended) with ``side``'s cante in ``suit`` (``points``) sung before its first card.

    Returns what singing first adds to the line's points (in the side's points: half the cante, 0 where the line
    sang it later anyway), the juego the line then decides for ``side`` (judged again by ``outcome``), and
    whether the line sang the cante later (a cante among ``state.cantes[since:]``).
    """
    juego = line_juego(state, side)
    if any(c.suit == suit and c.seat % 2 == side for c in state.cantes[since:]):
        return 0.0, juego, True
    result = state.result
    assert result is not None
    if juego > 0 or result.reason is Termination.TUTE:
        return points / 2, juego, False  # more points never lose a juego won; a tute decided it alone
    if result.reason in _REACHED:
        # The other side reached the target first: with the cante from the start the side's running total, at
        # its highest when the hand stopped, would have reached it earlier.
        return points / 2, 1 if outcome.reaches(side, result.points[side] + points) else juego, False
    totals = [result.points[0], result.points[1]]
    totals[side] += points
    malas = (result.cards_and_ten(0), result.cards_and_ten(1))
    winner = outcome.at_end((totals[0], totals[1]), malas, result.last_trick_side)
    return points / 2, 0 if winner is None else (1 if winner == side else -1), False


class CanteLines:
    """Each card's lines with the coach's cante sung first (:func:`sung_now`), deal by deal, beside the race's.

    ``weigh``: the lines' values count the juego (:func:`~.evaluate.juego_near`), ``juego_points`` each.
    """

    def __init__(self, view: SeatView, suit: int, points: int, weigh: bool, juego_points: float) -> None:
        self.suit = suit
        self.points = points
        self.side = view.side
        self.since = len(view.cantes)
        self.outcome = JuegoOutcome(view.rules, view.carried, view.first_of_juego)
        self.weigh = weigh
        self.juego_points = juego_points
        #: Singing now takes the side to the target de vueltas: the juego is won at once, whatever follows.
        self.at_once = self.outcome.reaches(self.side, view.points[self.side] + points)
        self.values: dict[Card, list[float]] = {}
        self.later: dict[Card, list[bool]] = {}

    def add(self, card: Card, state: HandState, value: float) -> None:
        """The line of ``card`` on one more deal: ``state`` ended, ``value`` its value in the race."""
        gained, juego, later = sung_now(state, self.outcome, self.side, self.suit, self.points, self.since)
        if self.at_once:
            sung = self.points / 2 + self.juego_points
        elif self.weigh:
            sung = value + gained + self.juego_points * (juego - line_juego(state, self.side))
        else:
            sung = value + gained
        self.values.setdefault(card, []).append(sung)
        self.later.setdefault(card, []).append(later)

    def share(self, card: Card) -> float | None:
        """The share of ``card``'s lines that sang the cante later anyway."""
        later = self.later.get(card)
        return sum(later) / len(later) if later else None
