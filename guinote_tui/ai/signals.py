"""Partner signals in pairs: the discard convention of the rule texts.

Three of the rule texts (seeds 000, 001 and 003) give the same advice for
pairs: signs are forbidden, so information travels through the cards played,
and in phase 1 the card a player throws away tells its partner where it is
weak ("a 2 of copas thrown early says: I am weak in copas"). This module is
that convention, for the search bots that use it (``signals=true``):

* **sending**: when a seat following in phase 1 throws a card (no points, not
  a trump) and several such cards are about as good, it throws one from a
  suit where it holds neither the as nor the tres, the shortest such suit
  first;
* **reading**: a partner's phase-1 throw to a trick its side did not take
  says "no as and no tres of that suit here". The sampled deals that put one
  of those unplayed cards in the partner's hand are mostly redrawn (in the
  search's sampler): mostly, because the partner may not have had a
  weak suit to throw from, may have drawn the card since, or may be a person
  who does not follow the convention.

Everything is read from the view: the convention is public, so the
opponents could read it as well as the partner.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import SeatView
from .knowledge import arrastre_start
from .tables import SUIT_MASK, Tables, mask_of

#: Chance that a sampled deal contradicting the partner's signals is kept anyway.
SIGNAL_LEAK = 0.15
#: Redraws allowed per deal before one contradicting the signals is kept.
SIGNAL_TRIES = 12


def is_throw(card: int, tables: Tables) -> bool:
    """A card thrown away: no points, not a trump."""
    return tables.points[card] == 0 and card // 10 != tables.trump


def high_cards(suit: int, tables: Tables) -> int:
    """Mask of the as and the tres of ``suit`` (the cards worth 10 or more)."""
    return sum(1 << c for c in range(suit * 10, suit * 10 + 10) if tables.points[c] >= 10)


def signal_card(candidates: Sequence[int], hand: Sequence[int], tables: Tables) -> int:
    """The throw that signals weakness: from a suit with neither as nor tres, shortest first.

    ``candidates`` are throws about equally good; among suits with the same
    standing the lower card goes (then the card number, so the choice is
    deterministic).
    """
    held = mask_of(hand)

    def key(card: int) -> tuple[bool, int, int, int]:
        suit = card // 10
        rest = held & SUIT_MASK[suit] & ~(1 << card)
        return (bool(rest & high_cards(suit, tables)), rest.bit_count(), tables.strength[card], card)

    return min(candidates, key=key)


def partner_signals(view: SeatView, tables: Tables) -> int:
    """Mask of the unplayed as and tres the partner has signalled it does not hold."""
    partner = view.partner
    if partner is None:
        return 0
    denied = 0
    for trick in view.tricks[: arrastre_start(view.players)]:
        if trick.winner & 1 == partner & 1 or trick.leader == partner:
            continue
        card = trick.cards[(partner - trick.leader) % view.players]
        if is_throw(card, tables):
            denied |= high_cards(card // 10, tables)
    return denied & ~mask_of(view.played_cards()) & ~mask_of(view.hand)


__all__ = ["SIGNAL_LEAK", "SIGNAL_TRIES", "high_cards", "is_throw", "partner_signals", "signal_card"]
