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

:func:`allowed_cards` returns the cards a seat may play together with an
:class:`Obligation` code; :func:`obligation_refusal` turns the code into the sentence a
player is shown when a play is refused.
"""

from __future__ import annotations

from enum import IntEnum

from .cards import CARDS, Card, Suit
from .errors import N_


class Obligation(IntEnum):
    """Which arrastre rule limits the seat's choice (``FREE`` when none does)."""

    FREE = 0
    FOLLOW_SUIT = 1  # rule 1: follow the suit led
    BEAT = 2  # rule 1, montar: follow and beat the opponent's winning card
    TRUMP = 3  # rule 2: void, opponent winning: play a trump
    OVERTRUMP = 4  # rule 2: void, opponent's trump winning: play a higher trump
    UNDERTRUMP = 5  # rule 2 with must_undertrump: no higher trump, still a trump


def allowed_cards(
    hand: list[Card],
    led_suit: int,
    winning_card: int,
    partner_winning: bool,
    trump: int,
    suit_of: list[int],
    strength: list[int],
    must_undertrump: bool,
) -> tuple[list[Card], Obligation]:
    """The cards of ``hand`` that may be played to an arrastre trick already led.

    ``partner_winning`` is true only when the partner holds the trick *and* the
    partner exemption applies; ``suit_of`` and ``strength`` are the per-card
    tables of the rule set.
    """
    # 1. Follow suit.
    follow = [c for c in hand if suit_of[c] == led_suit]
    if follow:
        if partner_winning or suit_of[winning_card] != led_suit:
            # The partner holds the trick, or it was trumped: any card of the suit.
            return follow, Obligation.FOLLOW_SUIT
        # An opponent holds the trick with the suit led: beat it if able (montar).
        bar = strength[winning_card]
        beat = [c for c in follow if strength[c] > bar]
        return (beat, Obligation.BEAT) if beat else (follow, Obligation.FOLLOW_SUIT)
    # 3. Void, and the partner is winning: any card.
    if partner_winning:
        return hand, Obligation.FREE
    # 2. Void, and an opponent is winning: trump, over-trump if able.
    trumps = [c for c in hand if suit_of[c] == trump]
    if not trumps:
        return hand, Obligation.FREE
    if suit_of[winning_card] != trump:
        return trumps, Obligation.TRUMP
    bar = strength[winning_card]
    over = [c for c in trumps if strength[c] > bar]
    if over:
        return over, Obligation.OVERTRUMP
    if must_undertrump:
        return trumps, Obligation.UNDERTRUMP
    return hand, Obligation.FREE


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
