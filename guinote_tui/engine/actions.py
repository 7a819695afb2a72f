"""Actions a seat can take, with their short text form.

    >>> parse_action("12E")
    Play(card=Card('12E'))
    >>> str(parse_action("sing:o"))
    'sing:O'
    >>> str(Swap(Card.parse("7B")))
    'swap:7B'
    >>> parse_action("tute:12")
    DeclareTute(rank=12)

==============  ==========================================================
text            meaning
==============  ==========================================================
``12E``         play that card
``sing:O``      sing the cante (twenty, or forty in trumps) of that suit
``swap:7O``     exchange that card (the 7, or the 2) for the muestra
``tute:12``     declare tute: all four reyes (12) or all four sotas (10)
``pass``        decline a window (a cante or swap the seat could make)
==============  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_TEXT, CARDS, RANKS, Card, CardError, Suit
from .errors import EngineError, ErrorCode, shown


class ActionError(EngineError):
    """Text that is not an action."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: Card

    def __str__(self) -> str:
        return CARD_TEXT[self.card]


@dataclass(frozen=True, slots=True)
class Sing:
    """Sing the cante of a suit (rey with sota, or caballo under libre-100)."""

    suit: Suit

    def __str__(self) -> str:
        return f"sing:{self.suit.letter}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange this card of trumps (the 7, or the 2) for the muestra."""

    card: Card

    def __str__(self) -> str:
        return f"swap:{CARD_TEXT[self.card]}"


@dataclass(frozen=True, slots=True)
class DeclareTute:
    """Declare tute: all four cards of this rank in hand."""

    rank: int

    def __str__(self) -> str:
        return f"tute:{self.rank}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Let a window go by without singing or swapping."""

    def __str__(self) -> str:
        return "pass"


Action = Play | Sing | Swap | DeclareTute | Pass

# Shared instances: the engine hands out these, so membership tests are cheap.
PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
SING: tuple[Sing, ...] = tuple(Sing(s) for s in Suit)
SWAP: tuple[Swap, ...] = tuple(Swap(c) for c in CARDS)
TUTE: dict[int, DeclareTute] = {r: DeclareTute(r) for r in RANKS}
PASS = Pass()


def parse_action(text: str) -> Action:
    """Parse the text form of an action (case-insensitive)."""
    if not isinstance(text, str):
        raise ActionError(ErrorCode.ACTION_NOT_TEXT, value=shown(text))
    raw = text.strip()
    low = raw.lower()
    try:
        if low == "pass":
            return PASS
        if low.startswith("sing:"):
            return SING[Suit.parse(raw[5:])]
        if low.startswith("swap:"):
            return SWAP[Card.parse(raw[5:])]
        if low.startswith("tute:"):
            rank = int(raw[5:])
            if rank not in TUTE:
                raise ValueError
            return TUTE[rank]
        return PLAY[Card.parse(raw)]
    except (CardError, ValueError):
        raise ActionError(ErrorCode.ACTION_NOT_AN_ACTION, value=shown(text)) from None
