"""Cards of the 40-card Spanish deck and their text notation.

A card is written as its rank number followed by its suit letter::

    >>> Card.parse("12E")
    Card('12E')
    >>> str(Card.parse("1o"))
    '1O'
    >>> Card.parse("12E").suit is Suit.ESPADAS
    True

Ranks are 1 2 3 4 5 6 7 10 11 12 (10 = sota, 11 = caballo, 12 = rey) and
suits are O (Oros), C (Copas), E (Espadas), B (Bastos).

Internally a card is a small integer ``suit * 10 + rank_index`` so that the
engine can index precomputed tables; :class:`Card` is an ``int`` subclass that
adds the notation, and the 40 instances are shared singletons.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import EngineError, ErrorCode, shown

RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
"""The ranks in deck order; a card's rank index is its position here."""

AS, SOTA, CABALLO, REY = 1, 10, 11, 12

RANK_NAMES: dict[int, str] = {
    1: "As",
    2: "Dos",
    3: "Tres",
    4: "Cuatro",
    5: "Cinco",
    6: "Seis",
    7: "Siete",
    10: "Sota",
    11: "Caballo",
    12: "Rey",
}

#: The ranks a tute may be made of, by their Spanish plural names (card names stay Spanish).
TUTE_RANKS: dict[int, str] = {12: "Reyes", 10: "Sotas", 11: "Caballos"}


class Suit(IntEnum):
    """The four suits, in the order used by card numbering."""

    OROS = 0
    COPAS = 1
    ESPADAS = 2
    BASTOS = 3

    @property
    def letter(self) -> str:
        return "OCEB"[self]

    @property
    def title(self) -> str:
        return ("Oros", "Copas", "Espadas", "Bastos")[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter or name: ``O``, ``copas``, ``E``...

        >>> Suit.parse("b")
        <Suit.BASTOS: 3>
        """
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.title.upper()):
                return suit
        raise CardError(ErrorCode.CARD_UNKNOWN_SUIT, value=shown(text))


class CardError(EngineError):
    """Raised for text that is not a card of the Spanish 40-card deck."""


class Card(int):
    """One of the 40 cards; an ``int`` in ``0..39`` with a text notation."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        return Suit(self // 10)

    @property
    def rank(self) -> int:
        return RANKS[self % 10]

    @property
    def name(self) -> str:
        """Spoken name, e.g. ``Rey de Espadas``."""
        return f"{RANK_NAMES[self.rank]} de {self.suit.title}"

    def __str__(self) -> str:
        return CARD_TEXT[self]

    def __repr__(self) -> str:
        return f"Card({CARD_TEXT[self]!r})"

    @staticmethod
    def of(rank: int, suit: Suit | int) -> Card:
        """The card with this rank number and suit.

        >>> Card.of(7, Suit.OROS)
        Card('7O')
        """
        try:
            return CARDS[int(suit) * 10 + RANKS.index(rank)]
        except (ValueError, IndexError):
            raise CardError(ErrorCode.CARD_NO_SUCH, rank=rank, suit=suit) from None

    @staticmethod
    def parse(text: str) -> Card:
        """Parse the notation ``<rank><suit>`` (case-insensitive)."""
        if not isinstance(text, str):
            raise CardError(ErrorCode.CARD_NOT_TEXT, value=shown(text))
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise CardError(ErrorCode.CARD_NOT_A_CARD, value=shown(text))
        return card


CARD_TEXT: tuple[str, ...] = tuple(f"{r}{'OCEB'[i // 10]}" for i, r in enumerate(RANKS * 4))
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(40))
_BY_TEXT: dict[str, Card] = {text: CARDS[i] for i, text in enumerate(CARD_TEXT)}


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Parse a list of cards, or one string of cards separated by spaces or commas.

    >>> parse_cards("1O 12E,3B")
    [Card('1O'), Card('12E'), Card('3B')]
    """
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return [Card.parse(t) for t in texts]


def format_cards(cards: Iterable[int]) -> str:
    """The notation of several cards separated by spaces."""
    return " ".join(CARD_TEXT[c] for c in cards)


def parse_deck(texts: Iterable[str] | str) -> list[Card]:
    """Parse a full deck order: all 40 cards, each exactly once."""
    cards = parse_cards(texts)
    if len(cards) != 40:
        raise CardError(ErrorCode.DECK_COUNT, count=len(cards))
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise CardError(ErrorCode.DECK_TWICE, card=str(card))
        seen.add(card)
    return cards
