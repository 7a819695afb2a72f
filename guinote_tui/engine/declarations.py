"""What a seat may declare: its cantes, a tute, the change of the seven (docs/rules.md, sections 5 and 6).

Kept apart from :mod:`.hand`, which asks it for the actions of the window
(and of a seat's own turn under ``swap_window=own_turn``); it reads the
hand's state, its rule tables included, and imports the hand's class for
type checking only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import SING, SWAP, TUTE, Action
from .cards import CARDS, Card
from .masks import open_cantes, tutes_held
from .stages import RANK_INDEX, REY_INDEX, SEVEN_INDEX, SUIT_OF, TWO_INDEX

if TYPE_CHECKING:
    from .hand import HandState


def declarations_of(state: HandState, seat: int) -> list[Action]:
    """Cantes, tute and (after a won trick) the swap open to ``seat`` in the window."""
    out: list[Action] = []
    hand = state.hands[seat]
    rules = state.rules
    held = 0
    for card in hand:
        held |= 1 << card
    suits = open_cantes(held, state.sung, state._tables)
    if suits and (
        not state.cante_used[seat]
        if rules.cante_limit == "per_player"
        else not (state.cante_used[seat] or state.cante_used[(seat + 2) % state.players])
    ):
        # In the order the seat holds its reyes.
        for card in hand:
            if RANK_INDEX[card] == REY_INDEX and suits >> SUIT_OF[card] & 1:
                out.append(SING[SUIT_OF[card]])
    if len(hand) >= 4 and not state.tute_declared:
        for rank in tutes_held(held, state._tables):
            out.append(TUTE[rank])
    if state.muestra is not None and rules.swap_window == "after_trick":
        swap = swap_card_of(state, seat)
        if swap is not None:
            out.append(SWAP[swap])
    return out


def swap_card_of(state: HandState, seat: int) -> Card | None:
    """The card ``seat`` holds that it could exchange for the muestra, whatever the timing (None: none).

    The 7 of trumps, or the 2 for a muestra that is the 7 (``two_for_seven``);
    none once the muestra is drawn or the change has been made.
    """
    muestra = state.muestra
    if muestra is None or state.swap is not None:
        return None
    trump = state.trump
    if RANK_INDEX[muestra] == SEVEN_INDEX:
        if not state.rules.two_for_seven:
            return None
        wanted = CARDS[trump * 10 + TWO_INDEX]
    else:
        wanted = CARDS[trump * 10 + SEVEN_INDEX]
        strength = state._tables.strength
        if not state.rules.swap_low_muestra and strength[muestra] < strength[wanted]:
            return None
    return wanted if wanted in state.hands[seat] else None
