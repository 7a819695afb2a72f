"""What the player chooses from: the hand as the keys count it, and the declaration a key makes.

The table (its keys 1-6 and ``s``/``c``/``t``/``p``) and the plain mode (the
numbers and letters it lists) count the same cards in the same order and
make the same declaration for the same letter.

    >>> from guinote_tui.engine import Match, seat_view
    >>> view = seat_view(Match(players=2, seed=7).hand, 0)
    >>> [card.name for card in sorted_hand(view)][:2]
    ['As de Copas', 'Seis de Copas']
"""

from __future__ import annotations

from ..engine import PASS, SING, SWAP, TUTE, Action, Card, DeclareTute, SeatView, Sing, Suit, Swap, card_tables
from ..i18n import _

__all__ = ["keyed_action", "one_of", "sorted_hand"]


def sorted_hand(view: SeatView) -> tuple[Card, ...]:
    """The hand as shown, and as keys 1-6 count it: suit by suit, strongest first, trumps at the right end."""
    strength = card_tables(view.rules).strength
    return tuple(sorted(view.hand, key=lambda card: (card.suit == view.trump, card.suit, -strength[card])))


def declaration_asked(view: SeatView, key: str) -> Action:
    """The declaration a key (``s``, ``c``, ``t``, ``p``) names when the turn does not offer it, for the rules to
    say why not: the cante of a Rey the player holds (trumps first, else trumps), the change of the card the
    muestra calls for, the tute of Reyes, a pass."""
    if key == "s":
        reyes = sorted((Suit(card.suit) for card in view.hand if card.rank == 12), key=lambda suit: suit != view.trump)
        return SING[reyes[0] if reyes else Suit(view.trump)]
    if key == "c":
        return SWAP[Card.of(2 if view.muestra_card.rank == 7 else 7, view.trump)]
    return TUTE[12] if key == "t" else PASS


def keyed_action(view: SeatView, kind: type) -> Action | None:
    """The declaration of ``kind`` its key makes: the forty (trumps) first when two cantes are open."""
    options = [a for a in view.legal if isinstance(a, kind)]
    options.sort(key=lambda a: not (isinstance(a, Sing) and a.suit == view.trump))
    return options[0] if options else None


def declaration_offers(view: SeatView) -> list[str]:
    """The declarations open to the player, each with its key: a cante, the change of the muestra, a tute."""
    offers = []
    if any(isinstance(a, Sing) for a in view.legal):
        offers.append(_("sing (s)"))
    swap = next((a for a in view.legal if isinstance(a, Swap)), None)
    if swap is not None:
        offers.append(_("change the {rank} of trumps (c)").format(rank=swap.card.rank))
    if any(isinstance(a, DeclareTute) for a in view.legal):
        offers.append(_("declare tute (t)"))
    return offers


def one_of(offers: list[str]) -> str:
    """Offers as one choice: ``sing (s) or declare tute (t)`` (``""`` for none)."""
    text = offers[0] if offers else ""
    for offer in offers[1:]:
        text = _("{first} or {second}").format(first=text, second=offer)
    return text
