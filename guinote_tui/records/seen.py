"""What the statistics keep of a hand seen from one seat: the facts :func:`.facts.hand_facts` gives, without the match.

A person at a table of people (:mod:`guinote_tui.net`) holds no match, only
what their seat saw. At the end of each hand that is the seat's last view of
the hand (every trick with its leader, cards and winner, the cantes, the
points of each side, the scores carried in, whether it was the juego's first
hand, the rules, and the events the seat was told) and the match's public
score before and after the hand (its juegos and cotos).
:func:`seen_hand_facts` works out from them the same
:class:`~.facts.HandFacts` as :func:`~.facts.hand_facts` gives from the match
for that seat (tests/unit/records/test_seen_facts.py plays matches to check
it, hand by hand), with these limits:

* The juego's number in the match and the hands it has taken so far are not
  in any one hand: the score counts only the juegos of the coto under way.
  They follow from the hand before (:meth:`JuegoPlace.after`; the recording
  reads it from the file). Without it they are the least the score allows
  (:func:`least_place`): the fewest juegos the cotos played can have taken.
* Who declared a tute and how a hand stopped de vueltas come from the events
  (:attr:`SeatView.events`: a declared tute, a cante and a trick are told to
  every seat). A view without them still tells the tute's side (its forty in
  the points, or the juego it won) but in pairs not its seat, which is then
  left unknown (``tute_seat`` None, ``tute_side`` given), and a hand that
  stopped in the window where a tute and a cante (or a trick) could each have
  been the last to count is taken to have stopped on the cante (or the trick).

Sides and seats are as in the view: the player's seat is :attr:`SeatView.seat`
(seat 0 in a view turned to its player, as :mod:`guinote_tui.net.mirror`
reads it) and the scores are counted by the view's sides. The facts come out
from the player's side, as every hand in the statistics.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .facts import HandFacts

if TYPE_CHECKING:
    from ..engine import SeatView, Termination


class Score(Protocol):
    """The match's public score at a moment: the juegos won in the coto under way and the cotos, by side."""

    @property
    def juegos(self) -> Sequence[int]: ...

    @property
    def cotos(self) -> Sequence[int]: ...


#: A score as a protocol message holds it (``{"juegos": [0, 1], "cotos": [0, 0], ...}``) or as an object.
ScoreLike = Mapping[str, Any] | Score


@dataclass(frozen=True)
class JuegoPlace:
    """Where a hand stands among its match's juegos: the juego's number (from 1), and its hands before this one."""

    number: int = 1
    hands_before: int = 0

    @classmethod
    def after(cls, facts: HandFacts) -> JuegoPlace:
        """The place of the hand after the hand ``facts`` are of.

        >>> from guinote_tui.engine import Termination
        >>> facts = HandFacts(4, 1, 2, False, Termination.DE_VUELTAS, (50, 60), 1, (0, 20), None, 0, (50, 90),
        ...                   (80, 95), (0, 1), None, None, 2, None)
        >>> JuegoPlace.after(facts)
        JuegoPlace(number=2, hands_before=2)
        """
        if facts.juego_won is None:
            return cls(facts.juego_number, facts.juego_hands)
        return cls(facts.juego_number + 1, 0)


def counts(score: ScoreLike, name: str) -> tuple[int, int]:
    """A score's ``juegos`` or ``cotos`` by side; ``ValueError`` for anything but two whole numbers from 0."""
    values = score.get(name) if isinstance(score, Mapping) else getattr(score, name, None)
    if (
        not isinstance(values, Sequence)
        or len(values) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 1_000_000 for v in values)
    ):
        raise ValueError(f"a score's {name} are two whole numbers")
    return (values[0], values[1])


def juego_winner(before: ScoreLike, after: ScoreLike) -> tuple[int | None, bool]:
    """The side that won a juego between the two scores (None: none), and whether it closed a coto with it.

    >>> juego_winner({"juegos": [2, 1], "cotos": [0, 0]}, {"juegos": [0, 0], "cotos": [1, 0]})
    (0, True)
    >>> juego_winner({"juegos": [0, 1], "cotos": [0, 0]}, {"juegos": [0, 1], "cotos": [0, 0]})
    (None, False)
    """
    juegos, cotos = counts(before, "juegos"), counts(before, "cotos")
    juegos_after, cotos_after = counts(after, "juegos"), counts(after, "cotos")
    for side in (0, 1):
        if cotos_after[side] > cotos[side]:
            return side, True
        if juegos_after[side] > juegos[side]:
            return side, False
    return None, False


def least_place(view: SeatView, number: int, before: ScoreLike) -> JuegoPlace:
    """The place of hand ``number`` when the hand before it is not known: the least its score allows.

    Each coto played took at least ``juegos_per_coto`` juegos; a hand that is
    not its juego's first had one hand of it at least before.
    """
    if number == 1:
        return JuegoPlace()
    juegos, cotos = counts(before, "juegos"), counts(before, "cotos")
    done = sum(cotos) * view.rules.juegos_per_coto + sum(juegos)
    return JuegoPlace(done + 1, 0 if view.first_of_juego else 1)


def seen_hand_facts(
    view: SeatView, number: int, before: ScoreLike, after: ScoreLike, juego: JuegoPlace | None = None
) -> HandFacts:
    """The facts of finished hand ``number`` from ``view``, its seat's last view of it, for that seat's player.

    ``before`` and ``after`` are the match's score before the hand's end and
    after it (the juegos and cotos of each side, counted by the view's sides);
    ``juego`` is where the hand stands among the match's juegos
    (:meth:`JuegoPlace.after` the hand before; by default the least the score
    allows, :func:`least_place`). Raises ``ValueError`` for a view of a hand
    not over, or a score that is not one.
    """
    from ..engine import TUTE_POINTS, Stage, capote

    if view.stage is not Stage.OVER:
        raise ValueError("the view is not of a finished hand")
    if number < 1:
        raise ValueError(f"hands are numbered from 1, not {number}")
    rules = view.rules
    mine = view.seat & 1
    winner, coto_closed = juego_winner(before, after)
    played_out = bool(view.tricks) and not any(view.hand_sizes) and view.muestra is None
    last_ten = view.tricks[-1].winner & 1 if played_out else None
    took = 0
    for trick in view.tricks:
        took |= 1 << (trick.winner & 1)
    capote_side, bonus = capote(rules, took) if played_out else (None, 0)
    sung, cantes = [0, 0], [0, 0]
    for cante in view.cantes:
        sung[cante.seat & 1] += cante.points
        cantes[cante.seat & 1] += 1
    extras = _Extras(last_ten, capote_side, bonus, (sung[0], sung[1]))
    tute_seat, tute_side = _tute(view, winner, extras)
    cante_points = list(sung)
    if tute_side is not None and rules.tute == "points40":
        cante_points[tute_side] += TUTE_POINTS
    totals = (view.carried[0] + view.points[0], view.carried[1] + view.points[1])
    reason = _played_out(view, totals, extras) if played_out else _stopped(view, totals, winner, tute_side)
    place = juego if juego is not None else least_place(view, number, before)
    return HandFacts(
        number=number,
        coto_number=sum(counts(before, "cotos")) + 1,
        juego_number=place.number,
        first_of_juego=view.first_of_juego,
        termination=reason,
        card_points=_turned(view.card_points, mine),
        last_ten_side=_side(last_ten, mine),
        cante_points=_turned(cante_points, mine),
        capote_side=_side(capote_side, mine),
        capote_bonus=bonus,
        points=_turned(view.points, mine),
        totals=_turned(totals, mine),
        cantes=_turned(cantes, mine),
        tute_seat=None if tute_seat is None else (tute_seat - view.seat) % view.players,
        juego_won=None if winner is None else winner == mine,
        juego_hands=1 if view.first_of_juego else max(place.hands_before, 1) + 1,
        coto_won=winner == mine if coto_closed else None,
        tute_side=_side(tute_side, mine),
    )


@dataclass(frozen=True)
class _Extras:
    """What a side scored in a hand besides its cards: the last ten, the capote's bonus, the cantes sung."""

    #: The side that took the last trick (None: the hand was not played out).
    last_ten: int | None
    #: The side that took every trick (None: none did), and the points that gave it.
    capote_side: int | None
    bonus: int
    #: The cantes' points by side.
    sung: tuple[int, int]


def _tute(view: SeatView, winner: int | None, extras: _Extras) -> tuple[int | None, int | None]:
    """Who declared the hand's tute and their side (None, None: no tute).

    The events name the seat; without them a declared tute's side follows
    from the juego it won, or from the forty left over in its side's points.
    """
    from ..engine import LAST_TRICK_POINTS, TUTE_POINTS, TuteDeclared

    tute_seat = next((e.seat for e in reversed(view.events) if isinstance(e, TuteDeclared)), None)
    tute_side = None if tute_seat is None else tute_seat & 1
    if tute_side is None and view.tute_declared:
        if view.rules.tute == "juego":
            tute_side = winner  # (a tute wins its juego at once)
        else:
            extra = [
                view.points[s]
                - view.card_points[s]
                - (LAST_TRICK_POINTS if extras.last_ten == s else 0)
                - (extras.bonus if extras.capote_side == s else 0)
                - extras.sung[s]
                for s in (0, 1)
            ]
            tute_side = next((s for s in (0, 1) if extra[s] == TUTE_POINTS), None)
        if view.players == 2:
            tute_seat = tute_side  # (heads-up, a side is one seat)
    return tute_seat, tute_side


def _played_out(view: SeatView, totals: tuple[int, int], extras: _Extras) -> Termination:
    """How a hand played to its last trick ended: that trick took a side to the target de vueltas, or the count."""
    from ..engine import LAST_TRICK_POINTS, Termination, judge_hand

    rules = view.rules
    won_last = view.tricks[-1].winner & 1
    reached = totals[won_last] - (extras.bonus if extras.capote_side == won_last else 0)
    if rules.vueltas and not view.first_of_juego and reached >= rules.target:
        return Termination.VUELTAS_TRICK
    malas = tuple(view.card_points[s] + (LAST_TRICK_POINTS if extras.last_ten == s else 0) for s in (0, 1))
    _, reason, _ = judge_hand(rules, totals, (malas[0], malas[1]), extras.last_ten, view.first_of_juego)
    return reason


def _stopped(view: SeatView, totals: tuple[int, int], winner: int | None, tute_side: int | None) -> Termination:
    """How a hand that was not played to its end stopped: a tute that won the juego, or de vueltas.

    De vueltas, the last of the events that count (a trick, a cante, a tute)
    took a side to the target. A view without events: the cantes sung after
    the last trick (in the window that opened after it) ended the hand, or
    else the last trick did, unless only a tute's forty can have.
    """
    from ..engine import TUTE_POINTS, CanteSung, Termination, TrickWon, TuteDeclared, card_tables

    rules = view.rules
    if view.tute_declared and rules.tute == "juego":
        return Termination.TUTE
    for event in reversed(view.events):
        if isinstance(event, TrickWon):
            return Termination.VUELTAS_TRICK
        if isinstance(event, CanteSung):
            return Termination.VUELTAS_CANTE
        if isinstance(event, TuteDeclared):
            return Termination.VUELTAS_TUTE
    side = winner if winner is not None else (0 if totals[0] >= totals[1] else 1)
    tute_may = tute_side == side and rules.tute == "points40" and totals[side] - TUTE_POINTS < rules.target
    window = [c.points for c in view.cantes if c.trick_number == len(view.tricks) and c.seat & 1 == side]
    if window:
        cante_may = totals[side] - window[-1] < rules.target
        return Termination.VUELTAS_CANTE if cante_may or not tute_may else Termination.VUELTAS_TUTE
    trick_may = False
    if view.tricks and view.tricks[-1].winner & 1 == side:
        points = card_tables(rules).points
        trick_may = totals[side] - sum(points[int(card)] for card in view.tricks[-1].cards) < rules.target
    return Termination.VUELTAS_TRICK if trick_may or not tute_may else Termination.VUELTAS_TUTE


def _turned(values: Sequence[int], mine: int) -> tuple[int, int]:
    """A pair of figures by side, the side ``mine``'s first."""
    return (int(values[mine]), int(values[1 - mine]))


def _side(side: int | None, mine: int) -> int | None:
    """A side as seen from the side ``mine`` (0: ``mine``)."""
    return None if side is None else side ^ mine
