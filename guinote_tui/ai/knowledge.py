"""Card counting: what one seat knows about the hidden cards, from its view alone.

From a :class:`~guinote_tui.engine.SeatView` the seat can tell:

* which cards it has **seen** (its hand, every card played, the muestra while it
  lies face up) and so which cards are still **unseen**;
* cards **known to be held** by another seat: a cante reveals its rey and sota
  (or caballo), a swap reveals the muestra taken, and the seat that drew the
  muestra last holds it; each until it is played;
* cards a seat is **known not to hold**, revealed in the arrastre: a seat that
  did not follow suit is void in it; one that did not beat an opponent's
  winning card of the suit led holds no higher card of it; one that did not
  trump (or over-trump) an opponent's winning card holds no trump (or no
  higher trump). The engine derives these from the obligations themselves
  (:func:`~guinote_tui.engine.revealed_absent`). No card is drawn in the
  arrastre, so these facts stay true for the rest of the hand.

Everything here is a function of the view, so a bot built on it cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import SeatView, revealed_absent
from .bitmasks import Tables, mask_of, tables_for


def arrastre_start(players: int) -> int:
    """Index of the first arrastre trick: 4 in pairs, 14 heads-up."""
    return 40 // players - 6


@dataclass
class Knowledge:
    """What ``seat`` knows about where the unseen cards are."""

    seat: int
    players: int
    tables: Tables
    #: Cards the seat holds.
    mine: int
    #: Cards seen to fall (completed tricks and the trick in progress).
    played: int
    #: Cards not in the seat's hand, not played and not the face-up muestra.
    unseen: int
    #: seat -> cards that seat is known to hold (only unseen cards, other seats).
    known: dict[int, int]
    #: seat -> mask of unseen cards that seat may hold (known cards and what its arrastre play revealed applied).
    possible: dict[int, int]
    #: Face-down stock cards (the muestra not counted).
    stock_count: int
    hand_sizes: tuple[int, ...]

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        tables = tables_for(view.rules, view.trump)
        players = view.players
        mine = mask_of(view.hand)
        played = mask_of(view.played_cards())
        unseen = ((1 << 40) - 1) & ~mine & ~played
        if view.muestra is not None:
            unseen &= ~(1 << view.muestra)
        known: dict[int, int] = {s: 0 for s in range(players) if s != view.seat}
        for cante in view.cantes:
            if cante.seat != view.seat:
                known[cante.seat] |= tables.cante_pairs[cante.suit] & unseen
        if view.swap is not None and view.swap.seat != view.seat:
            known[view.swap.seat] |= (1 << view.swap.taken) & unseen
        if view.muestra_taker is not None and view.muestra_taker != view.seat:
            known[view.muestra_taker] |= (1 << view.muestra_card) & unseen
        absent = _arrastre_absent(view, tables)
        everyone_known = 0
        for mask in known.values():
            everyone_known |= mask
        possible: dict[int, int] = {}
        for s in known:
            possible[s] = (unseen & ~everyone_known & ~absent[s]) | known[s]
        return cls(
            seat=view.seat,
            players=players,
            tables=tables,
            mine=mine,
            played=played,
            unseen=unseen,
            known=known,
            possible=possible,
            stock_count=view.stock_count,
            hand_sizes=view.hand_sizes,
        )


def _arrastre_absent(view: SeatView, tables: Tables) -> list[int]:
    """absent[seat]: the cards the seat's arrastre plays show it does not hold (the obligations read backwards)."""
    players = view.players
    absent = [0] * players
    start = arrastre_start(players)
    plays: list[tuple[int, tuple[int, ...]]] = [
        (t.leader, tuple(t.cards)) for i, t in enumerate(view.tricks) if i >= start
    ]
    if view.in_arrastre and view.trick:
        plays.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    beaters = tables.beaters
    for leader, cards in plays:
        led = cards[0] // 10
        win_index = 0
        for index in range(1, len(cards)):
            card = cards[index]
            winning = cards[win_index]
            partner_holds = players == 4 and index - win_index == 2
            absent[(leader + index) % players] |= revealed_absent(card, led, winning, partner_holds, tables)
            if beaters[winning] >> card & 1:
                win_index = index
    return absent
