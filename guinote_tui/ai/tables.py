"""Bit masks and per-card tables the bots share.

A set of cards is an ``int`` bit mask (bit ``c`` for card ``c``), which keeps
card counting and the arrastre solver cheap. :func:`tables_for` caches, per
rule set and trump suit, which cards beat a card holding a trick (the engine's
:func:`~guinote_tui.engine.beat_table`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..engine import RANKS, Rules, beat_table, card_tables

SUIT_MASK: tuple[int, ...] = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
ALL_CARDS = (1 << 40) - 1


def mask_of(cards: object) -> int:
    """The bit mask of an iterable of cards."""
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class Tables:
    """Card strength and points, and the cards that beat each card, for one trump."""

    strength: tuple[int, ...]
    points: tuple[int, ...]
    trump: int
    #: beaters[c]: cards that take the trick from ``c`` when ``c`` is winning it (``engine.beat_table``).
    beaters: tuple[int, ...]
    #: above[c]: cards of ``c``'s suit stronger than ``c``.
    above: tuple[int, ...]
    trump_mask: int
    cante_rank_index: int


@lru_cache(maxsize=64)
def _tables(trump: int, rules: Rules) -> Tables:
    base = card_tables(rules)
    beaters = beat_table(rules, trump)
    return Tables(
        strength=tuple(base.strength),
        points=tuple(base.points),
        trump=trump,
        beaters=beaters,
        # Within its own suit the cards that beat ``c`` are the stronger ones (a trump is beaten by no other suit).
        above=tuple(beaters[c] & SUIT_MASK[c // 10] for c in range(40)),
        trump_mask=SUIT_MASK[trump],
        cante_rank_index=RANKS.index(rules.cante_rank),
    )


def tables_for(rules: Rules, trump: int) -> Tables:
    """The cached tables for ``rules`` with ``trump`` as trumps."""
    return _tables(trump, rules)
