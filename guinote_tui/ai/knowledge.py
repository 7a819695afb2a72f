"""Card counting: what one seat knows about the hidden cards, from its view alone.

From a :class:`~guinote_tui.engine.SeatView` the seat can tell:

* which cards it has **seen** (its hand, every card played, the muestra while it
  lies face up) and so which cards are still **unseen**;
* cards **known to be held** by another seat: a cante reveals its rey and sota
  (or caballo), a swap reveals the muestra taken, and the seat that drew the
  muestra last holds it; each until it is played;
* **caps** revealed in the arrastre: a seat that did not follow suit is void in
  it; one that did not beat an opponent's winning card of the suit led holds no
  higher card of it; one that did not trump (or over-trump) an opponent's
  winning card holds no trump (or no higher trump). No card is drawn in the
  arrastre, so these facts stay true for the rest of the hand.

Everything here is a function of the view, so a bot built on it cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import RANKS, SeatView
from .tables import Tables, mask_of, tables_for

REY_INDEX = RANKS.index(12)


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
    #: seat -> mask of unseen cards that seat may hold (known cards and caps applied).
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
        rank_index = tables.cante_rank_index
        for cante in view.cantes:
            if cante.seat != view.seat:
                pair = 1 << (cante.suit * 10 + REY_INDEX) | 1 << (cante.suit * 10 + rank_index)
                known[cante.seat] |= pair & unseen
        if view.swap is not None and view.swap.seat != view.seat:
            known[view.swap.seat] |= (1 << view.swap.taken) & unseen
        if view.muestra_taker is not None and view.muestra_taker != view.seat:
            known[view.muestra_taker] |= (1 << view.muestra_card) & unseen
        caps = _arrastre_caps(view, tables)
        everyone_known = 0
        for mask in known.values():
            everyone_known |= mask
        possible: dict[int, int] = {}
        for s in known:
            allowed = unseen & ~everyone_known
            for suit in range(4):
                allowed &= ~_cut(caps[s][suit], suit, tables)
            possible[s] = allowed | known[s]
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


def _cut(cap: int, suit: int, tables: Tables) -> int:
    """Cards of ``suit`` at or above strength ``cap`` (the ones the cap rules out)."""
    if cap > 10:
        return 0
    strength = tables.strength
    return mask_of(c for c in range(suit * 10, suit * 10 + 10) if strength[c] >= cap)


def _arrastre_caps(view: SeatView, tables: Tables) -> list[list[int]]:
    """caps[seat][suit]: the seat holds no card of ``suit`` with strength >= cap.

    11 means nothing is known; 0 means void.
    """
    players = view.players
    caps = [[11] * 4 for _ in range(players)]
    start = arrastre_start(players)
    plays: list[tuple[int, tuple[int, ...]]] = [
        (t.leader, tuple(t.cards)) for i, t in enumerate(view.tricks) if i >= start
    ]
    if view.in_arrastre and view.trick:
        plays.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    rules = view.rules
    trump = view.trump
    strength = tables.strength
    beaters = tables.beaters
    for leader, cards in plays:
        led = cards[0] // 10
        win_index = 0
        for index in range(1, len(cards)):
            card = cards[index]
            seat = (leader + index) % players
            winning = cards[win_index]
            winner = (leader + win_index) % players
            partner_winning = players == 4 and rules.partner_exemption and winner == (seat + 2) % 4
            suit = card // 10
            cap = caps[seat]
            if suit != led:
                cap[led] = 0
                if not partner_winning:
                    if winning // 10 != trump:
                        if suit != trump:
                            cap[trump] = 0
                    elif suit != trump:
                        cap[trump] = 0 if rules.must_undertrump else min(cap[trump], strength[winning])
                    elif strength[card] < strength[winning]:
                        cap[trump] = min(cap[trump], strength[winning])
            elif not partner_winning and winning // 10 == led and strength[card] < strength[winning]:
                cap[led] = min(cap[led], strength[winning])
            if beaters[winning] >> card & 1:
                win_index = index
    return caps
