"""Who wins a trick: the one rule, written once (docs/rules.md, sections 3 and 4).

A card takes the trick from the card holding it when it is of the same suit
and ranks higher, or when it is a trump and the holding card is not. The
engine, the arrastre solver, the bots' policy and card counting all ask this
module; :func:`beat_table` gives the rule as one bit mask per card for the
hot loops.

    >>> from guinote_tui.engine import Rules, parse_cards
    >>> rules = Rules()
    >>> led, trumped, over = parse_cards("3C 4O 12O")
    >>> beats(trumped, led, 0, rules), beats(led, trumped, 0, rules)
    (True, False)
    >>> trick_winner([led, trumped, over], trump=0, rules=rules)
    2
    >>> win_reason([led, trumped, over], trump=0, rules=rules)
    <WinReason.OVERTRUMPED: 'overtrumped'>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import RANKS
from .rules import Rules

#: The cards of each suit, as bit masks.
SUIT_MASK: tuple[int, ...] = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))


@dataclass(frozen=True)
class CardTables:
    """Per-card strength (higher wins within a suit) and points for one rule set."""

    strength: list[int]
    points: list[int]


_TABLES: dict[str, CardTables] = {}


def card_tables(rules: Rules) -> CardTables:
    """Strength (higher wins) and points of each card under ``rules``."""
    tables = _TABLES.get(rules.card_order)
    if tables is None:
        order = rules.rank_order()
        points = rules.rank_points()
        tables = CardTables(
            strength=[len(order) - order.index(RANKS[c % 10]) for c in range(40)],
            points=[points[RANKS[c % 10]] for c in range(40)],
        )
        _TABLES[rules.card_order] = tables
    return tables


_BEATS: dict[tuple[str, int], tuple[int, ...]] = {}


def beat_table(rules: Rules, trump: int) -> tuple[int, ...]:
    """For each card ``w``, the bit mask of the cards that take the trick from ``w``.

    ``beat_table(rules, trump)[w] >> c & 1`` is :func:`beats` ``(c, w, trump, rules)``.
    """
    key = (rules.card_order, trump)
    table = _BEATS.get(key)
    if table is None:
        strength = card_tables(rules).strength
        rows = []
        for card in range(40):
            suit = card // 10
            higher = 0
            for other in range(suit * 10, suit * 10 + 10):
                if strength[other] > strength[card]:
                    higher |= 1 << other
            rows.append(higher | (SUIT_MASK[trump] if suit != trump else 0))
        table = _BEATS[key] = tuple(rows)
    return table


def beats(card: int, winning: int, trump: int, rules: Rules) -> bool:
    """Whether ``card`` takes the trick from ``winning`` with ``trump`` as trumps."""
    return bool(beat_table(rules, trump)[winning] >> card & 1)


def trick_winner(cards: Sequence[int], trump: int, rules: Rules) -> int:
    """The index in ``cards`` (in playing order) of the card holding the trick."""
    return winner_index(cards, beat_table(rules, trump))


def winner_index(cards: Sequence[int], beaters: Sequence[int]) -> int:
    """:func:`trick_winner` with the beat table already looked up (hot loops)."""
    win = 0
    for index in range(1, len(cards)):
        if beaters[cards[win]] >> cards[index] & 1:
            win = index
    return win


class WinReason(Enum):
    """Why the winning card holds the trick."""

    #: The highest card of the suit led (the lead itself when nobody beat it).
    HIGHEST = "highest"
    #: The first trump on a trick led in another suit (later, lower trumps do not change that).
    TRUMPED = "trumped"
    #: A trump higher than a trump played before it, on a trick led in another suit.
    OVERTRUMPED = "overtrumped"


def win_reason(cards: Sequence[int], trump: int, rules: Rules) -> WinReason:
    """Why the winner of the (complete or partial) trick ``cards`` holds it."""
    winning = cards[trick_winner(cards, trump, rules)]
    return reason_of(cards, winning, trump)


def reason_of(cards: Sequence[int], winning: int, trump: int) -> WinReason:
    """:func:`win_reason` when the winning card is already known."""
    if winning // 10 != trump or cards[0] // 10 == trump:
        return WinReason.HIGHEST
    for card in cards:
        if card == winning:
            return WinReason.TRUMPED
        if card // 10 == trump:
            return WinReason.OVERTRUMPED
    raise ValueError("the winning card is not in the trick")
