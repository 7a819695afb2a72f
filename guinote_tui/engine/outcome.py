"""What a line of play is worth for the juego (docs/rules.md, section 7).

Players count juegos, not points. The value of a finished line, from side
0's point of view, is

    ``JUEGO`` × (+1 if side 0 wins the juego, −1 if side 1 does, 0 if the hand leaves it undecided)
    + the hand's point difference (side 0 minus side 1)

so a decided juego outweighs any margin (a hand's points differ by far less
than ``JUEGO``) and the margin still breaks ties between lines with the same
outcome. A juego is decided exactly as :class:`~.hand.HandState` decides it:
de vueltas the moment a side's running total reaches the target (after a
trick it won, the last-trick ten included, or a cante or tute's forty it
declared); a hand played to its end by :func:`judge_hand` (treinta malas in a
juego's first hand, both sides reaching settled by ``both_reach``), after the
:func:`capote` bonus; a tute under ``tute=juego`` at once. The engine's hand
ends by these same functions.

:class:`JuegoOutcome` holds what a search needs to judge lines from a
position: the rules, the scores carried into the hand and whether it is the
juego's first. It judges the moments one at a time (:meth:`JuegoOutcome.reaches`,
:meth:`JuegoOutcome.at_end`, :meth:`JuegoOutcome.played_out`) so a search can
apply them without building states; :func:`line_value` values a hand the engine has finished.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .rules import Rules
from .stages import Termination

if TYPE_CHECKING:
    from .hand import HandState

#: The weight of a decided juego against one point of the hand's difference (more than any hand's margin).
JUEGO = 1000
#: What the side taking the hand's last trick adds (the last ten, part of the malas).
LAST_TRICK_POINTS = 10
#: What a tute scores under ``tute=points40``.
TUTE_POINTS = 40


def judge_hand(
    rules: Rules,
    totals: tuple[int, int],
    malas: tuple[int, int],
    last_trick_side: int | None,
    first_of_juego: bool,
) -> tuple[int | None, Termination, list[int]]:
    """Who wins the juego when a hand is played to the end (docs/rules.md, section 7).

    ``totals`` are the sides' running totals, ``malas`` their card points plus
    the last-trick ten (what treinta malas counts). Returns the winning side
    (None: no juego yet), why, and the sides treinta malas denied.
    """
    reached = [side for side in (0, 1) if totals[side] >= rules.target]
    denied: list[int] = []
    if rules.treinta_malas and first_of_juego:
        for side in list(reached):
            if malas[side] < 30:
                reached.remove(side)
                denied.append(side)
    if len(reached) == 2:
        if rules.both_reach == "last_trick":
            return last_trick_side, Termination.BOTH_LAST_TRICK, denied
        if totals[0] == totals[1]:
            return None, Termination.BOTH_TIED, denied
        best = 0 if totals[0] > totals[1] else 1
        return best, Termination.BOTH_HIGHER, denied
    if reached:
        return reached[0], Termination.TARGET, denied
    if denied:
        return None, Termination.TREINTA_MALAS, denied
    return None, Termination.DE_VUELTAS, denied


def capote(rules: Rules, took: int) -> tuple[int | None, int]:
    """The side that took every trick of a hand played to its end, and its bonus ((None, 0) when there is none).

    ``took`` has bit ``side`` set for each side that took a trick (docs/rules.md, section 7: ``capote_bonus``).
    """
    if rules.capote_bonus and took in (1, 2):
        return took - 1, rules.capote_bonus
    return None, 0


def juego_value(winner: int | None, diff: int) -> int:
    """The value for side 0 of a line with juego winner ``winner`` (None: undecided) and point difference ``diff``."""
    if winner is None:
        return diff
    return diff + (JUEGO if winner == 0 else -JUEGO)


@dataclass(frozen=True)
class JuegoOutcome:
    """How lines are judged in one hand: the rules, the scores carried in, whether it is the juego's first hand."""

    rules: Rules
    carried: tuple[int, int] = (0, 0)
    first_of_juego: bool = True

    @classmethod
    def of(cls, state: HandState) -> JuegoOutcome:
        """The outcome model of the hand ``state`` is in."""
        return cls(state.rules, state.carried, state.first_of_juego)

    @property
    def instant(self) -> bool:
        """De vueltas: the juego goes to the first side whose running total reaches the target."""
        return self.rules.vueltas and not self.first_of_juego

    @property
    def tute_wins(self) -> bool:
        """A declared tute wins the juego at once."""
        return self.rules.tute == "juego"

    def reaches(self, side: int, points: int) -> bool:
        """Whether ``side``, with ``points`` in this hand so far, wins the juego at once (de vueltas only)."""
        return self.instant and self.carried[side] + points >= self.rules.target

    def at_end(self, points: tuple[int, int], malas: tuple[int, int], last_trick_side: int | None) -> int | None:
        """The juego winner (None: undecided) of a hand played to its end.

        ``points`` are the sides' points of this hand (cantes, last-trick ten
        and any capote bonus included), ``malas`` their card points plus the
        last-trick ten.
        """
        totals = (self.carried[0] + points[0], self.carried[1] + points[1])
        winner, _, _ = judge_hand(self.rules, totals, malas, last_trick_side, self.first_of_juego)
        return winner

    def played_out(
        self, points: tuple[int, int], malas: tuple[int, int], took: int, last_trick_side: int
    ) -> tuple[int | None, tuple[int, int]]:
        """A hand played to its end: the juego winner (None: undecided) and the sides' points with the capote bonus.

        ``points`` and ``malas`` are as in :meth:`at_end` but without the capote, ``took`` has bit ``side`` set for
        each side that took a trick (the last one included).
        """
        side, bonus = capote(self.rules, took)
        if side is not None:
            points = (points[0] + bonus, points[1]) if side == 0 else (points[0], points[1] + bonus)
        return self.at_end(points, malas, last_trick_side), points

    def end_value(self, points: tuple[int, int], malas: tuple[int, int], last_trick_side: int | None) -> int:
        """:func:`juego_value` of a hand played to its end, with its whole point difference."""
        return juego_value(self.at_end(points, malas, last_trick_side), points[0] - points[1])


def line_value(state: HandState, side: int = 0) -> int:
    """The value of a hand the engine has finished, for ``side``: the juego it decided and its point difference."""
    result = state.result
    if result is None:
        raise ValueError("the hand is not over")
    value = juego_value(result.juego_winner, result.points[0] - result.points[1])
    return value if side == 0 else -value
