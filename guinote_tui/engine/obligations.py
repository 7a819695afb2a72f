"""The arrastre obligations (docs/rules.md, section 4), in the order the rules give them.

In phase 1 every card may be played. Once the stock and the muestra are gone,
each player after the leader must, in order of priority:

1. follow suit; and beat the winning card of the suit led if an opponent holds
   the trick with it (``montar``) — unless the trick was trumped, or the partner
   is winning (``partner_exemption``);
2. if void and an opponent is winning: trump; over-trump an opponent's winning
   trump if able; if no trump can win, any card (or any trump under
   ``must_undertrump``);
3. if void and the partner is winning: any card.

:func:`allowed_mask` returns the cards a seat may play (a bit mask) together
with an :class:`Obligation` code, :func:`allowed_cards` the same for a list of
cards; :func:`revealed_absent` says what a card played reveals of the hand it
came from; :func:`obligation_refusal` turns the code into the sentence a
player is shown when a play is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from .cards import CARDS, Card, Suit
from .errors import N_
from .masks import ALL_CARDS, RuleTables
from .tricks import SUIT_MASK, winner_index


class Obligation(IntEnum):
    """Which arrastre rule limits the seat's choice (``FREE`` when none does)."""

    FREE = 0
    FOLLOW_SUIT = 1  # rule 1: follow the suit led
    BEAT = 2  # rule 1, montar: follow and beat the opponent's winning card
    TRUMP = 3  # rule 2: void, opponent winning: play a trump
    OVERTRUMP = 4  # rule 2: void, opponent's trump winning: play a higher trump
    UNDERTRUMP = 5  # rule 2 with must_undertrump: no higher trump, still a trump


# Module constants: an enum member looked up on its class costs a dictionary walk in hot loops.
_FREE, _FOLLOW_SUIT, _BEAT = Obligation.FREE, Obligation.FOLLOW_SUIT, Obligation.BEAT
_TRUMP, _OVERTRUMP, _UNDERTRUMP = Obligation.TRUMP, Obligation.OVERTRUMP, Obligation.UNDERTRUMP


def allowed_mask(hand: int, led: int, winning: int, partner_holds: bool, tables: RuleTables) -> tuple[int, Obligation]:
    """The cards of ``hand`` (a mask) that may be played to an arrastre trick already led, and the rule limiting them.

    ``led`` is the suit led, ``winning`` the card holding the trick and
    ``partner_holds`` whether the seat's partner played it (the partner
    exemption, where the rules have it, is applied here). The one copy of the
    obligations: the engine, the arrastre solver, card counting and the coach
    all call it.
    """
    # 1. Follow suit.
    follow = hand & SUIT_MASK[led]
    partner_winning = partner_holds and tables.partner_exemption
    if follow:
        if partner_winning or winning // 10 != led:
            # The partner holds the trick, or it was trumped: any card of the suit.
            return follow, _FOLLOW_SUIT
        # An opponent holds the trick with the suit led: beat it if able (montar).
        beat = follow & tables.above[winning]
        return (beat, _BEAT) if beat else (follow, _FOLLOW_SUIT)
    # 3. Void, and the partner is winning: any card.
    if partner_winning:
        return hand, _FREE
    # 2. Void, and an opponent is winning: trump, over-trump if able.
    trumps = hand & tables.trump_mask
    if not trumps:
        return hand, _FREE
    if winning // 10 != tables.trump:
        return trumps, _TRUMP
    over = trumps & tables.above[winning]
    if over:
        return over, _OVERTRUMP
    if tables.must_undertrump:
        return trumps, _UNDERTRUMP
    return hand, _FREE


def allowed_cards(
    hand: Sequence[Card], led: int, winning: int, partner_holds: bool, tables: RuleTables
) -> tuple[list[Card], Obligation]:
    """:func:`allowed_mask` for a hand held as a list of cards (in the order held)."""
    mask = 0
    for card in hand:
        mask |= 1 << card
    allowed, obligation = allowed_mask(mask, led, winning, partner_holds, tables)
    if allowed == mask:
        return list(hand), obligation
    return [c for c in hand if allowed >> c & 1], obligation


def trick_obligation(hand: int, trick: Sequence[int], players: int, tables: RuleTables) -> tuple[int, Obligation]:
    """:func:`allowed_mask` for the seat to play next to ``trick`` (its cards in playing order, one at least)."""
    win = winner_index(trick, tables.beaters)
    return allowed_mask(hand, trick[0] // 10, trick[win], players == 4 and win == len(trick) - 2, tables)


def revealed_absent(card: int, led: int, winning: int, partner_holds: bool, tables: RuleTables) -> int:
    """The cards a seat cannot hold, having played ``card`` to an arrastre trick (:func:`allowed_mask`'s arguments).

    Derived from the obligations themselves: they rank the cards into tiers
    (beat, follow, trump, over-trump...), and a seat plays from the first tier
    it holds a card of, so it holds no card of a tier above the one ``card``
    is in. No card is drawn in the arrastre: what a play reveals stays true.
    """
    absent = 0
    pool = ALL_CARDS
    for _ in range(8):
        tier, _ = allowed_mask(pool, led, winning, partner_holds, tables)
        if tier >> card & 1:
            return absent
        absent |= tier
        pool &= ~tier
    raise ValueError(f"card {card} is in no tier of the obligations")


def obligation_refusal(
    obligation: Obligation, led_suit: int, winning_card: int, trump: int, partner_winning: bool = False
) -> tuple[str, dict[str, str]]:
    """The refusal's English template and its named parameters (an interface translates the template)."""
    params = {"led": Suit(led_suit).title, "trumps": Suit(trump).title, "winning": CARDS[winning_card].name}
    if obligation is Obligation.FOLLOW_SUIT:
        return N_("you must follow suit: you hold {led}"), params
    if obligation is Obligation.BEAT:
        return N_("you must beat the winning {winning} (montar): you hold a higher {led}"), params
    if obligation is Obligation.TRUMP:
        if partner_winning:
            template = N_(
                "you must trump: you hold no {led} and your partner is winning but partner_exemption is off; "
                "you hold {trumps}"
            )
        else:
            template = N_("you must trump: you hold no {led} and an opponent is winning; you hold {trumps}")
        return template, params
    if obligation is Obligation.OVERTRUMP:
        return N_("you must over-trump the winning {winning}: you hold a higher {trumps}"), params
    if obligation is Obligation.UNDERTRUMP:
        return N_("you must play a trump even though it cannot win (must_undertrump): you hold {trumps}"), params
    return N_("any card may be played"), params
