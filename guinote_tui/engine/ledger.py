"""The records of a hand: completed tricks, cantes, the change of the seven, the outcome.

Plain frozen values shared by the hand, the views, the events and the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, Suit
from .stages import Termination


class Trick(NamedTuple):
    """A completed trick: who led, the cards in playing order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, index: int, players: int) -> int:
        return (self.leader + index) % players


@dataclass(frozen=True)
class Cante:
    """A cante sung: the seat, the suit and the points it scored."""

    seat: int
    suit: Suit
    points: int
    trick_number: int


@dataclass(frozen=True)
class SwapMade:
    """A seven (or two) exchanged for the muestra."""

    seat: int
    given: Card
    taken: Card


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what it means for the juego.

    ``points`` are the hand's points per side (cards + last ten + cantes +
    capote); ``totals`` add the scores carried into the hand.
    """

    card_points: tuple[int, int]
    last_trick_side: int | None
    cante_points: tuple[int, int]
    capote_side: int | None
    capote_bonus: int
    points: tuple[int, int]
    carried: tuple[int, int]
    totals: tuple[int, int]
    juego_winner: int | None
    reason: Termination
    first_of_juego: bool
    stopped_early: bool
    treinta_malas_denied: tuple[int, ...]
    last_trick_winner: int | None

    @property
    def winner(self) -> int | None:
        """The side that won the juego with this hand (``None``: nobody yet)."""
        return self.juego_winner

    @property
    def de_vueltas(self) -> bool:
        """Nobody won the juego: the next hand carries the scores."""
        return self.juego_winner is None

    def cards_and_ten(self, side: int) -> int:
        """Card points plus the last-trick ten (what treinta malas counts)."""
        return self.card_points[side] + (10 if self.last_trick_side == side else 0)
