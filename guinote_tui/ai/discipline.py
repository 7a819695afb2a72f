"""The search bots' tie-break: among cards the search cannot tell apart, the card a tidy club player plays.

A search values every card by sampled deals (or exactly); where two cards'
values differ by less than the search's own error, or are equal (a juego
already decided, a race that ended on its budget), the best mean among them
is close to a coin toss, and a coin toss is what a person sees: a Tres led
into unseen trumps, a Caballo thrown onto a blank lead the rivals win anyway.

:func:`near_ties` finds the cards the search cannot separate from the best
(paired on the same deals: a shortfall of at most ``z`` standard errors, or
none at all); :func:`discipline_key` orders them by a prior that keeps points
and high cards:

1. the fewest points handed over: a card that scores and may end in the
   rivals' trick puts its points at risk (:func:`surely_ours`: after it the
   seat's side holds the trick and no rival still to play may hold a card that
   takes it);
2. the most points banked where the trick is surely the side's (loading the
   partner's sure trick, taking points with a card no one can beat);
3. a trump kept, then a half of a cante that can still be sung kept;
4. the lowest card (the highest kept).

This is a choice-time step of the bots only: the values the search computes
(:meth:`~.search.HardBot.card_values`, which the coach reads) are unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine import SeatView
from .bitmasks import Tables
from .knowledge import Knowledge
from .policy import choose_card, holder
from .race import paired_cost
from .rulebots import situation_from_view, sung_mask

__all__ = ["EXACT_TIE", "discipline_key", "disciplined", "exact_ties", "near_ties", "surely_ours"]

#: Two exact values (solver, every deal enumerated) this close are equal.
EXACT_TIE = 1e-9


def near_ties(per_deal: Mapping[int, Sequence[float]], z: float, cards: Sequence[int] | None = None) -> list[int]:
    """The best card by the mean (ties: the lowest) and every card of ``cards`` (default: all) valued on as many
    deals whose paired shortfall against it is at most ``z`` standard errors, or nothing.

    >>> near_ties({1: [10, 12, 9, 11], 2: [8, 10, 8, 10], 3: [10, 12, 9, 11]}, 1.0)
    [1, 3]
    """
    pool = list(per_deal) if cards is None else list(cards)
    most = max(len(per_deal[c]) for c in pool)
    pool = [c for c in pool if len(per_deal[c]) == most]
    best = max(pool, key=lambda c: (sum(per_deal[c]) / most, -c))
    ties = [best]
    for card in pool:
        if card != best:
            cost, se = paired_cost(list(per_deal[best]), list(per_deal[card]))
            if cost <= EXACT_TIE or cost <= z * se:
                ties.append(card)
    return ties


def exact_ties(values: Mapping[int, float]) -> list[int]:
    """The cards whose exact value equals the best (within :data:`EXACT_TIE`)."""
    top = max(values.values())
    return [c for c, v in values.items() if v >= top - EXACT_TIE]


def surely_ours(view: SeatView, know: Knowledge, tables: Tables, card: int) -> bool:
    """After ``card`` the seat's side holds the trick and no rival still to play may hold a card that takes it."""
    trick = [(s, c) for s, c in view.trick] + [(view.seat, card)]
    seat, winning = holder(trick, tables)
    if seat & 1 != view.side:
        return False
    players = view.players
    threats = tables.beaters[winning]
    for k in range(1, players - len(trick) + 1):
        other = (view.seat + k) % players
        if other & 1 != view.side and know.possible[other] & threats:
            return False
    return True


def _cante_half(view: SeatView, tables: Tables, card: int) -> bool:
    """A rey or its partner whose pair is still whole in the hand and not sung (a cante still to come)."""
    suit = card // 10
    pair = tables.cante_pairs[suit]
    if not pair >> card & 1 or sung_mask(view) >> suit & 1:
        return False
    hand = 0
    for c in view.hand:
        hand |= 1 << int(c)
    return hand & pair == pair


def discipline_key(view: SeatView, know: Knowledge, tables: Tables, card: int) -> tuple[int, int, bool, bool, int, int]:
    """Orders cards from the one a tidy player prefers (the module's list): points handed over, points banked,
    trump, cante half, strength."""
    points = tables.points[card]
    ours = surely_ours(view, know, tables, card)
    return (
        0 if ours else points,
        -points if ours else 0,
        bool(tables.trump_mask >> card & 1),
        _cante_half(view, tables, card),
        tables.strength[card],
        card,
    )


def disciplined(view: SeatView, know: Knowledge, tables: Tables, cards: Sequence[int], prior: str = "points") -> int:
    """The card of ``cards`` that the prior prefers: ``points`` (:func:`discipline_key`) or ``policy`` (the rule
    policy's card, :func:`~.policy.choose_card`, among ``cards`` only)."""
    if prior == "policy":
        situation = situation_from_view(view, know)
        situation.legal = list(cards)
        return choose_card(situation)
    return min(cards, key=lambda c: discipline_key(view, know, tables, c))
