"""Why an action is refused: the rule it breaks, in the words a player is shown.

Kept apart from :mod:`.hand`, which only needs it on the refusal path; it
reads the hand through its public attributes and imports the hand's class for
type checking only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, DeclareTute, Pass, Play, Sing, Swap
from .cards import CARD_TEXT, CARDS, RANKS, Suit
from .obligations import describe
from .stages import RANK_INDEX, REY_INDEX, SEVEN_INDEX, SUIT_OF, Stage

if TYPE_CHECKING:
    from .hand import HandState


def _malformed(action: object) -> str:
    """What is wrong with an action that names no real card, suit or rank ("" when it is well formed)."""
    kind = type(action)
    if kind in (Play, Swap):
        card = action.card  # type: ignore[attr-defined]
        if type(card) is bool or not isinstance(card, int) or not 0 <= card < 40:
            return f"{card!r} is not a card"
        return ""
    if kind is Sing:
        suit = action.suit  # type: ignore[attr-defined]
        return "" if type(suit) is not bool and isinstance(suit, int) and 0 <= suit < 4 else f"{suit!r} is not a suit"
    if kind is DeclareTute:
        rank = action.rank  # type: ignore[attr-defined]
        return "" if type(rank) is not bool and rank in RANKS else f"{rank!r} is not a rank"
    if kind is Pass:
        return ""
    return f"{action!r} is not an action"


def why_illegal(state: HandState, action: Action) -> str:
    """The rule ``action`` breaks in ``state``, in words (for a legal action: ``""``)."""
    if action in state.legal_actions():
        return ""
    malformed = _malformed(action)
    if malformed:
        return malformed
    stage = state.stage
    seat = state.to_move
    if stage == Stage.OVER or seat is None:
        return "the hand is over"
    hand = state.hands[seat]
    kind = type(action)
    if kind is Play:
        card = CARDS[action.card]  # type: ignore[union-attr]
        if stage == Stage.PREDRAW:
            return "first decide whether to change the seven before the final draw (swap or pass)"
        if stage == Stage.WINDOW:
            return "it is not your turn to play: you may only sing, change the seven or pass now"
        if card not in hand:
            return f"you don't hold the {card.name} ({card})"
        if state.trick and state.muestra is None:
            _, obligation = state.obligation(seat)
            winner = (state.leader + state.win_index) % state.players
            partner_winning = state.players == 4 and winner == (seat + 2) % 4
            return describe(
                obligation, SUIT_OF[state.trick[0]], state.trick[state.win_index], state.trump, partner_winning
            )
        return "that card cannot be played now"
    if kind is Pass:
        return "there is nothing to pass: play a card"
    in_window = stage == Stage.WINDOW or (
        stage == Stage.PLAY and not state.trick and state.window_open and seat == state.leader
    )
    if kind is Sing:
        suit = Suit(action.suit)  # type: ignore[union-attr]
        pair = "Sota" if state.rules.cante_rank == 10 else "Caballo"
        if stage == Stage.PREDRAW or not in_window:
            return "you may sing only after your side won the most recent trick, before the next trick's first card"
        if state.sung >> suit & 1:
            return f"{suit.title} has already been sung this hand: each suit is sung once"
        pair_card = CARDS[suit * 10 + RANKS.index(state.rules.cante_rank)]
        if CARDS[suit * 10 + REY_INDEX] not in hand or pair_card not in hand:
            return f"to sing {suit.title} you must hold its Rey and {pair}"
        if state.rules.cante_limit == "per_player":
            return "one cante per trick won: you have already sung after this trick"
        return "one cante per trick won: your side has already sung after this trick"
    if kind is DeclareTute:
        if state.rules.tute == "off":
            return "tute is not played under these rules"
        if state.tute_declared:
            return "tute has already been declared this hand"
        if stage == Stage.PREDRAW or not in_window:
            return (
                "you may declare tute only after your side won the most recent trick, "
                "before the next trick's first card"
            )
        return "a tute needs all four reyes or all four of the cante's other card"
    if kind is Swap:
        card = action.card  # type: ignore[union-attr]
        if state.muestra is None:
            return "the muestra has already been drawn: it can no longer be changed"
        if state.swap is not None:
            return "the muestra has already been changed this hand"
        wanted = state.swap_card(seat)
        if wanted is None:
            if RANK_INDEX[state.muestra] == SEVEN_INDEX and not state.rules.two_for_seven:
                return "the muestra is the 7: it cannot be changed (two_for_seven is off)"
            needed = "2" if RANK_INDEX[state.muestra] == SEVEN_INDEX else "7"
            target = CARDS[state.trump * 10 + RANKS.index(int(needed))]
            if target in hand and not state.rules.swap_low_muestra:
                return "the muestra is lower than the 7: it may not be taken (swap_low_muestra is off)"
            return f"to change the muestra you must hold the {needed} of trumps ({CARD_TEXT[target]})"
        if card != wanted:
            return f"only the {CARD_TEXT[wanted]} can be exchanged for the muestra"
        if state.rules.swap_window == "own_turn":
            return "the seven may be changed only on your own turn while the stock lasts"
        return (
            "you may change the seven only after your side won the most recent trick, "
            "before the next trick's first card"
        )
    return "that is not an action"
