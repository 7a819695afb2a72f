"""What happened in a hand, as typed events (docs/rules.md, section 8).

:meth:`HandState.apply <guinote_tui.engine.HandState.apply>` records an event
for everything a player at the table would notice: a card played, a trick won
(by whom, with which card, for how many points and why), the cards drawn, the
muestra taken, the seven (or two) changed, a cante sung, a tute declared, a
window let go, the arrastre begun, the ten for the last trick, and the end of
the hand. The referee's list holds every detail; :func:`visible_to` filters it
to what one seat may know: another seat's drawn card is hidden (``card`` is
``None``) unless it is the muestra, which everybody saw, and who was asked in
a window and let it go is known only to that seat.

Events are small named tuples: cheap to record, equal by value, and easy to
turn into a log line, a narration or a coach's explanation.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import Card, Suit
from .tricks import WinReason


class Dealt(NamedTuple):
    """A hand was dealt: the dealer, the muestra turned up, and ``hand`` for the seat that sees it.

    ``hands`` holds every seat's six cards in the referee's list; in a seat's
    view only that seat's own entry is filled, the others are empty.
    """

    dealer: int
    muestra: Card
    hands: tuple[tuple[Card, ...], ...]


class CardPlayed(NamedTuple):
    """``seat`` played ``card`` as the ``position``-th card (0 leads) of trick ``trick`` (1 is the first)."""

    seat: int
    card: Card
    trick: int
    position: int


class TrickWon(NamedTuple):
    """Trick ``number`` is over: ``winner`` took it with ``card`` for ``points`` card points.

    ``cards`` lists ``(seat, card)`` in playing order; ``why`` says how the
    winning card holds it (highest of the suit led, trumped, over-trumped).
    """

    number: int
    leader: int
    winner: int
    card: Card
    cards: tuple[tuple[int, Card], ...]
    points: int
    why: WinReason


class CardDrawn(NamedTuple):
    """``seat`` drew a card from the stock; ``card`` is ``None`` where the viewer may not see it."""

    seat: int
    card: Card | None


class MuestraTaken(NamedTuple):
    """``seat`` drew the muestra, the last card of the stock (everybody sees which card)."""

    seat: int
    card: Card


class SevenChanged(NamedTuple):
    """``seat`` gave ``given`` (the 7, or the 2) of trumps for the muestra ``taken``."""

    seat: int
    given: Card
    taken: Card


class CanteSung(NamedTuple):
    """``seat`` sang the cante of ``suit`` for ``points`` (20, or 40 in trumps)."""

    seat: int
    suit: Suit
    points: int


class TuteDeclared(NamedTuple):
    """``seat`` declared tute with four cards of ``rank``; ``points`` is 40, or 0 when it wins the juego."""

    seat: int
    rank: int
    points: int


class Passed(NamedTuple):
    """``seat`` let a window (a cante, a change or a tute it could make) go; only that seat sees it."""

    seat: int


class ArrastreBegun(NamedTuple):
    """The stock and the muestra are gone: from trick ``trick`` on, the arrastre's duties apply."""

    trick: int


class LastTrickTen(NamedTuple):
    """``seat`` won the last trick: ten points for its side (the *diez de últimas*)."""

    seat: int
    side: int


class HandEnded(NamedTuple):
    """The hand is over; ``result`` is its outcome record (a :class:`~guinote_tui.engine.HandResult`)."""

    result: object


Event = (
    Dealt
    | CardPlayed
    | TrickWon
    | CardDrawn
    | MuestraTaken
    | SevenChanged
    | CanteSung
    | TuteDeclared
    | Passed
    | ArrastreBegun
    | LastTrickTen
    | HandEnded
)


def visible_to(events: Iterable[Event], seat: int) -> list[Event]:
    """The events ``seat`` may know of, with what it may not see hidden."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, CardDrawn):
            if event.seat != seat and event.card is not None:
                event = CardDrawn(event.seat, None)
        elif isinstance(event, Dealt):
            event = Dealt(event.dealer, event.muestra, tuple(h if i == seat else () for i, h in enumerate(event.hands)))
        elif isinstance(event, Passed) and event.seat != seat:
            continue
        out.append(event)
    return out
