"""What the player may keep track of: the card tracker and the trick history.

Both are built from the player's :class:`~guinote_tui.engine.SeatView` and
its events only (docs/rules.md, section 8): the cards seen to fall, the
player's own cards, the muestra, the points taken, and what each trick held.
No widgets here; the table's panels show these values.

    >>> from guinote_tui.engine import Match, seat_view
    >>> view = seat_view(Match(players=2, seed=7).hand, 0)
    >>> tracker = card_tracker(view)
    >>> tracker.stock, len(tracker.gone), len(tracker.out)
    (27, 0, 34)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import (
    CARDS,
    CanteSung,
    Card,
    CardDrawn,
    CardPlayed,
    Event,
    LastTrickTen,
    MuestraTaken,
    SeatView,
    SevenChanged,
    Suit,
    TrickWon,
    TuteDeclared,
    WinReason,
    card_tables,
)


@dataclass(frozen=True)
class SuitTrack:
    """One suit as the player knows it: strongest first within each group."""

    suit: Suit
    gone: tuple[Card, ...]
    mine: tuple[Card, ...]
    out: tuple[Card, ...]
    #: Of ``out``, the cards another seat is known to hold, with that seat: a sung cante's rey and sota, the muestra
    #: taken for the seven, the muestra drawn last (what the player saw, as a club player remembers it).
    held: tuple[tuple[Card, int], ...] = ()


@dataclass(frozen=True)
class CardTracker:
    """Which cards are gone and which are still out, by suit; points and the stock.

    ``out`` are the cards neither seen to fall nor in the player's hand: in
    the other hands, the stock, or (``muestra``) face up under the stock.
    """

    suits: tuple[SuitTrack, ...]
    trump: Suit
    muestra: Card | None
    #: Face-down cards left in the stock (the muestra not counted).
    stock: int
    #: Points taken so far by each side (cards, cantes, the last ten), and the card points alone.
    points: tuple[int, int]
    card_points: tuple[int, int]
    #: The ranks from strongest to weakest under the rules in play.
    ranks: tuple[int, ...] = ()
    #: The seat whose view this is, and the table's size (to name the other seats from it).
    seat: int = 0
    players: int = 2

    def where(self, card: int) -> str:
        """``gone``, ``mine`` or ``out`` for one card."""
        track = self.suits[card // 10]
        return "gone" if card in track.gone else "mine" if card in track.mine else "out"

    @property
    def gone(self) -> tuple[Card, ...]:
        return tuple(c for s in self.suits for c in s.gone)

    def held_by(self) -> dict[int, tuple[Card, ...]]:
        """The cards each other seat is known to hold (seats with none left out), trumps first, strongest first;
        the seats counted from the player's (1: the next to play after the player)."""
        out: dict[int, list[Card]] = {}
        for track in sorted(self.suits, key=lambda t: t.suit != self.trump):
            for card, seat in track.held:
                out.setdefault((seat - self.seat) % self.players, []).append(card)
        return {seat: tuple(cards) for seat, cards in sorted(out.items())}

    @property
    def out(self) -> tuple[Card, ...]:
        return tuple(c for s in self.suits for c in s.out)

    @property
    def trumps_out(self) -> tuple[Card, ...]:
        """Trumps still to fall that the player does not hold (the muestra among them while it lies there)."""
        return self.suits[self.trump].out


def card_tracker(view: SeatView) -> CardTracker:
    """The tracker for ``view``: only what that seat may know."""
    from ..ai.knowledge import Knowledge

    strength = card_tables(view.rules).strength
    played = set(view.played_cards())
    mine = set(view.hand)
    holder = {
        card: seat for seat, mask in Knowledge.from_view(view).known.items() for card in range(40) if mask >> card & 1
    }
    suits = []
    for suit in Suit:
        cards = sorted((CARDS[suit * 10 + i] for i in range(10)), key=lambda c: -strength[c])
        out = tuple(c for c in cards if c not in played and c not in mine)
        suits.append(
            SuitTrack(
                suit=suit,
                gone=tuple(c for c in cards if c in played),
                mine=tuple(c for c in cards if c in mine),
                out=out,
                held=tuple((c, holder[c]) for c in out if c in holder),
            )
        )
    return CardTracker(
        suits=tuple(suits),
        trump=Suit(view.trump),
        muestra=view.muestra,
        stock=view.stock_count,
        points=view.points,
        card_points=view.card_points,
        ranks=view.rules.rank_order(),
        seat=view.seat,
        players=view.players,
    )


@dataclass
class TrickEntry:
    """One trick of the history: the cards by seat, the winner and why, and what followed it."""

    number: int
    cards: list[tuple[int, Card]] = field(default_factory=list)
    winner: int | None = None
    winning: Card | None = None
    why: WinReason | None = None
    points: int = 0
    last_ten: bool = False
    #: What the player learnt after the trick: draws they may see, cantes, changes, tute.
    notes: list[Event] = field(default_factory=list)


def trick_history(events: list[Event] | tuple[Event, ...]) -> list[TrickEntry]:
    """The hand's tricks from a seat's events, oldest first; the last may be in progress.

    Events between tricks are noted on the trick they follow, and those
    before the first card (a change of the seven under ``own_turn``) on the
    first trick; draws hidden from the seat are left out.
    """
    entries: list[TrickEntry] = []
    before: list[Event] = []
    for event in events:
        if isinstance(event, CardPlayed):
            if not entries or entries[-1].winner is not None:
                entries.append(TrickEntry(event.trick))
            entries[-1].cards.append((event.seat, event.card))
        elif isinstance(event, TrickWon):
            entry = entries[-1]
            entry.winner, entry.winning, entry.why, entry.points = event.winner, event.card, event.why, event.points
        elif isinstance(event, LastTrickTen):
            entries[-1].last_ten = True
        elif isinstance(event, (CanteSung, SevenChanged, TuteDeclared, MuestraTaken)) or (
            isinstance(event, CardDrawn) and event.card is not None
        ):
            (entries[-1].notes if entries else before).append(event)
    if before and entries:
        entries[0].notes[:0] = before
    return entries
