"""What a game session does beside playing, chosen when the app is built.

The game analyses the player's decisions ahead in a worker process, keeps
the match in progress in the data directory and records finished hands in
the statistics. :class:`Services` says which of these run and with what
budget; the command line passes the defaults, and the tests and the
measuring tools (:mod:`guinote_lab`) pass their own, instead of
rewriting module globals.

A :class:`StackedDeal` is a deal chosen in advance: deck orders for a
match's first hands and its first dealer (the tests and demonstrations play
known cards with it).

    >>> Services().review_ahead, Services(review_ahead=False).keep_match
    (True, True)
    >>> stacked = StackedDeal.parse([list(range(40))], dealer=1)
    >>> len(stacked.deck(0)), stacked.deck(1), stacked.dealer
    (40, None, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..coach import CoachBudget
from ..engine import Card, parse_deck
from .budgets import REVIEW_BUDGET

__all__ = ["NO_SERVICES", "NO_STACK", "Services", "StackedDeal"]


@dataclass(frozen=True)
class StackedDeal:
    """Deck orders (top card first) for a match's first hands, and its first dealer (None: drawn by the seed)."""

    decks: tuple[tuple[Card, ...], ...] = ()
    dealer: int | None = None

    @classmethod
    def parse(cls, decks: Sequence[str | Sequence[int]] | str | None = None, dealer: int | None = None) -> StackedDeal:
        """From deck orders of 40 cards, in notation (``"1O 3O ..."``) or as card numbers."""
        if decks is None:
            return cls((), dealer)
        if isinstance(decks, str):
            decks = [decks]
        parsed = tuple(
            tuple(parse_deck(d) if isinstance(d, str) else parse_deck([str(Card(c)) for c in d])) for d in decks
        )
        return cls(parsed, dealer)

    def deck(self, number: int) -> tuple[Card, ...] | None:
        """The deck order for the match's hand ``number`` (0 first), or None to shuffle."""
        return self.decks[number] if number < len(self.decks) else None


#: No deal chosen in advance: every hand shuffled from the match's seed.
NO_STACK = StackedDeal()


@dataclass(frozen=True)
class Services:
    """Which of the game's side jobs run, and the coach's budget for the review.

    ``review_ahead``: analyse the player's decisions in a worker process while
    the hand is played, so the review at its end is ready at once (off: the
    review is made on the spot). ``keep_match``: keep the match in progress
    after every trick (:mod:`.resume`). ``record_stats``: record every
    finished hand in the statistics. ``stacked``: the deal of the first
    match dealt, chosen in advance.
    """

    review_ahead: bool = True
    keep_match: bool = True
    record_stats: bool = True
    review_budget: CoachBudget = REVIEW_BUDGET
    stacked: StackedDeal = field(default=NO_STACK)


#: A session that only plays: no review ahead, nothing kept, nothing recorded (a session built on its own).
NO_SERVICES = Services(review_ahead=False, keep_match=False, record_stats=False)
