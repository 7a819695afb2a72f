"""Why an action is refused: the rule it breaks, in the words a player is shown.

Kept apart from :mod:`.hand`, which only needs it on the refusal path; it
reads the hand through its public attributes and imports the hand's class for
type checking only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, DeclareTute, Pass, Play, Sing, Swap
from .cards import CARDS, RANKS, Suit
from .errors import N_, Refusal
from .obligations import obligation_refusal
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
    found = refusal(state, action)
    return found.text if found is not None else ""


def refusal(state: HandState, action: Action) -> Refusal | None:
    """The rule ``action`` breaks in ``state`` as a :class:`Refusal` (None for a legal action)."""
    if action in state.legal_actions():
        return None
    malformed = _malformed(action)
    if malformed:
        # (Only a program sends a malformed action: said in English, not for the catalogs.)
        return Refusal("{problem}", {"problem": malformed})
    seat = state.to_move
    if state.stage == Stage.OVER or seat is None:
        return Refusal(N_("the hand is over"))
    if isinstance(action, Play):
        return _play_refusal(state, seat, action)
    if isinstance(action, Pass):
        return Refusal(N_("there is nothing to pass: play a card"))
    if isinstance(action, Sing):
        return _sing_refusal(state, seat, action)
    if isinstance(action, DeclareTute):
        return _tute_refusal(state, seat)
    if isinstance(action, Swap):
        return _swap_refusal(state, seat, action)
    return Refusal(N_("that is not an action"))


def _in_window(state: HandState, seat: int) -> bool:
    """Whether ``seat`` may declare now: in a window, or leading the next trick while the window is open."""
    return state.stage == Stage.WINDOW or (
        state.stage == Stage.PLAY and not state.trick and state.window_open and seat == state.leader
    )


def _play_refusal(state: HandState, seat: int, action: Play) -> Refusal:
    card = CARDS[action.card]
    if state.stage == Stage.PREDRAW:
        return Refusal(N_("first decide whether to change the seven before the final draw (swap or pass)"))
    if state.stage == Stage.WINDOW:
        return Refusal(N_("it is not your turn to play: you may only sing, change the seven or pass now"))
    if card not in state.hands[seat]:
        return Refusal(N_("you don't hold the {name} ({card})"), {"name": card.name, "card": str(card)})
    if state.trick and state.muestra is None:
        _, obligation = state.obligation(seat)
        winner = (state.leader + state.win_index) % state.players
        partner_winning = state.players == 4 and winner == (seat + 2) % 4
        template, params = obligation_refusal(
            obligation, SUIT_OF[state.trick[0]], state.trick[state.win_index], state.trump, partner_winning
        )
        return Refusal(template, params)
    return Refusal(N_("that card cannot be played now"))


def _sing_refusal(state: HandState, seat: int, action: Sing) -> Refusal:
    suit = Suit(action.suit)
    hand = state.hands[seat]
    pair = "Sota" if state.rules.cante_rank == 10 else "Caballo"
    if state.stage == Stage.PREDRAW or not _in_window(state, seat):
        return Refusal(
            N_("you may sing only after your side won the most recent trick, before the next trick's first card")
        )
    if state.sung >> suit & 1:
        return Refusal(N_("{suit} has already been sung this hand: each suit is sung once"), {"suit": suit.title})
    pair_card = CARDS[suit * 10 + RANKS.index(state.rules.cante_rank)]
    if CARDS[suit * 10 + REY_INDEX] not in hand or pair_card not in hand:
        return Refusal(N_("to sing {suit} you must hold its Rey and {pair}"), {"suit": suit.title, "pair": pair})
    if state.rules.cante_limit == "per_player":
        return Refusal(N_("one cante per trick won: you have already sung after this trick"))
    return Refusal(N_("one cante per trick won: your side has already sung after this trick"))


def _tute_refusal(state: HandState, seat: int) -> Refusal:
    if state.rules.tute == "off":
        return Refusal(N_("tute is not played under these rules"))
    if state.tute_declared:
        return Refusal(N_("tute has already been declared this hand"))
    if state.stage == Stage.PREDRAW or not _in_window(state, seat):
        return Refusal(
            N_(
                "you may declare tute only after your side won the most recent trick, "
                "before the next trick's first card"
            )
        )
    return Refusal(N_("a tute needs all four reyes or all four of the cante's other card"))


def _swap_refusal(state: HandState, seat: int, action: Swap) -> Refusal:
    if state.muestra is None:
        return Refusal(N_("the muestra has already been drawn: it can no longer be changed"))
    if state.swap is not None:
        return Refusal(N_("the muestra has already been changed this hand"))
    wanted = state.swap_card(seat)
    if wanted is None:
        return _no_swap_card(state, seat)
    if action.card != wanted:
        return Refusal(N_("only the {card} can be exchanged for the muestra"), {"card": CARDS[wanted].name})
    if state.rules.swap_window == "own_turn":
        return Refusal(N_("the seven may be changed only on your own turn while the stock lasts"))
    return Refusal(
        N_(
            "you may change the seven only after your side won the most recent trick, "
            "before the next trick's first card"
        )
    )


def _no_swap_card(state: HandState, seat: int) -> Refusal:
    """Why ``seat`` holds no card to change for the muestra."""
    assert state.muestra is not None
    if RANK_INDEX[state.muestra] == SEVEN_INDEX and not state.rules.two_for_seven:
        return Refusal(N_("the muestra is the 7: it cannot be changed (two_for_seven is off)"))
    needed = "2" if RANK_INDEX[state.muestra] == SEVEN_INDEX else "7"
    target = CARDS[state.trump * 10 + RANKS.index(int(needed))]
    if target in state.hands[seat] and not state.rules.swap_low_muestra:
        return Refusal(N_("the muestra is lower than the 7: it may not be taken (swap_low_muestra is off)"))
    return Refusal(
        N_("to change the muestra you must hold the {rank} of trumps ({card})"),
        {"rank": needed, "card": target.name},
    )
