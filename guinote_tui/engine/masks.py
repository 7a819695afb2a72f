"""The rules as bit masks: the fast primitives the engine, the bots' search and the coach share.

A set of cards is an ``int`` bit mask (bit ``c`` for card ``c``). For one
rule set and trump suit, :func:`rule_tables` gives every per-card table a
hot loop needs (:class:`RuleTables`, cached): each card's strength and
points, the cards that take the trick from it (:func:`~.tricks.beat_table`),
the stronger cards of its suit, and the cante and tute masks. The rules
themselves are written once, on these masks: the arrastre obligations in
:mod:`.obligations` (:func:`~.obligations.allowed_mask`), who holds a trick
in :mod:`.tricks`, the cantes and the tute here (:func:`open_cantes`,
:func:`best_cante`, :func:`tutes_held`), the capote and the juego in
:mod:`.outcome`. The engine plays by them, and so do the arrastre solver,
the search, card counting and the coach.

    >>> from guinote_tui.engine import Rules, parse_cards
    >>> tables = rule_tables(Rules(), trump=0)
    >>> hand = mask_of(parse_cards("12O 10O 12C 10C 1E"))
    >>> cards_of(open_cantes(hand, sung=0, tables=tables))
    [0, 1]
    >>> best_cante(hand, sung=0, tables=tables), tables.cante_points[0], tables.cante_points[1]
    (0, 40, 20)
    >>> best_cante(hand, sung=1, tables=tables)
    1
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import RANKS
from .rules import Rules
from .stages import REY_INDEX
from .tricks import SUIT_MASK, beat_table, card_tables

#: Every card of the deck.
ALL_CARDS = (1 << 40) - 1
#: The lowest card of each suit.
_SUIT_UNITS = 1 | 1 << 10 | 1 << 20 | 1 << 30


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of some cards."""
    mask = 0
    for card in cards:
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
class RuleTables:
    """The per-card tables of one rule set with one trump suit (:func:`rule_tables`)."""

    rules: Rules
    trump: int
    #: Strength of each card (higher wins within a suit) and its points.
    strength: tuple[int, ...]
    points: tuple[int, ...]
    #: beaters[c]: the cards that take the trick from ``c`` when ``c`` holds it (:func:`~.tricks.beat_table`).
    beaters: tuple[int, ...]
    #: above[c]: the cards of ``c``'s suit stronger than ``c``.
    above: tuple[int, ...]
    trump_mask: int
    #: The rank index (card % 10) of the rey's partner in a cante: the sota or the caballo.
    cante_rank_index: int
    #: cante_pairs[suit]: the rey and its partner of ``suit``; cante_points[suit]: what singing it scores.
    cante_pairs: tuple[int, ...]
    cante_points: tuple[int, ...]
    #: (rank, the four cards of that rank) for each tute the rules play (none under ``tute=off``).
    tute_masks: tuple[tuple[int, int], ...]
    #: The arrastre flags (:func:`~.obligations.allowed_mask`), read in its hot loop.
    partner_exemption: bool
    must_undertrump: bool


_TABLES: dict[tuple[Rules, int], RuleTables] = {}


def rule_tables(rules: Rules, trump: int) -> RuleTables:
    """The cached tables of ``rules`` with ``trump`` as trumps."""
    key = (rules, trump)
    tables = _TABLES.get(key)
    if tables is None:
        base = card_tables(rules)
        beaters = beat_table(rules, trump)
        pair_index = RANKS.index(rules.cante_rank)
        tables = _TABLES[key] = RuleTables(
            rules=rules,
            trump=trump,
            strength=tuple(base.strength),
            points=tuple(base.points),
            beaters=beaters,
            # Within its own suit the cards that beat ``c`` are the stronger ones (a trump is beaten by no other suit).
            above=tuple(beaters[c] & SUIT_MASK[c // 10] for c in range(40)),
            trump_mask=SUIT_MASK[trump],
            cante_rank_index=pair_index,
            cante_pairs=tuple(1 << (suit * 10 + REY_INDEX) | 1 << (suit * 10 + pair_index) for suit in range(4)),
            cante_points=tuple(40 if suit == trump else 20 for suit in range(4)),
            tute_masks=()
            if rules.tute == "off"
            else tuple(
                (rank, mask_of(suit * 10 + RANKS.index(rank) for suit in range(4))) for rank in rules.tute_ranks
            ),
            partner_exemption=rules.partner_exemption,
            must_undertrump=rules.must_undertrump,
        )
    return tables


def open_cantes(hand: int, sung: int, tables: RuleTables) -> int:
    """The suits (a mask of suit bits) whose cante ``hand`` holds and nobody has sung (``sung``: suit bits).

    Who may sing, and when, the hand decides (:class:`~.hand.HandState`): after a trick won, once per
    window per side (or per player).
    """
    # Bit ``10 * suit`` of ``both`` is set where the hand holds the suit's rey and its partner.
    both = hand >> REY_INDEX & hand >> tables.cante_rank_index & _SUIT_UNITS
    if not both:
        return 0
    return (both & 1 | both >> 9 & 2 | both >> 18 & 4 | both >> 27 & 8) & ~sung


def best_cante(hand: int, sung: int, tables: RuleTables) -> int:
    """The suit of the most valuable cante open to ``hand`` (the forty first, then the lowest suit); -1: none."""
    suits = open_cantes(hand, sung, tables)
    if not suits:
        return -1
    if suits >> tables.trump & 1:
        return tables.trump
    return (suits & -suits).bit_length() - 1


def tutes_held(hand: int, tables: RuleTables) -> list[int]:
    """The ranks of which ``hand`` holds all four, where the rules play a tute of that rank."""
    out = []
    for rank, four in tables.tute_masks:
        if hand & four == four:
            out.append(rank)
    return out
