"""A practice problem's position as the table showed it, computed from the seat's view by pure functions.

The practising seat sits at the bottom, whichever seat it was (a puzzle's may
be seat 1): :func:`problem_picture` turns every seat of the view around it,
so the table's widgets (the seats, the trick, the muestra, the hand) draw the
position as the player saw it. Only the view is read: no hidden card is ever
drawn.

    >>> from guinote_tui.engine import HandState, seat_view
    >>> hand = HandState(list(range(40)), dealer=1, players=2, events=False)
    >>> picture = problem_picture(seat_view(hand, 1, events=False))
    >>> [position for position, _info in picture.seats], picture.trick.number, len(picture.hand)
    (['top'], 1, 6)
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...engine import Action, Card, Play, SeatView, Suit, Trick
from ...game.choices import sorted_hand
from ...game.narration import Narrator, card_name_markup, seat_names
from ...game.palette import SUIT_LIGHT
from ...i18n import _
from ..theme import FELT_COLOURS
from ..widgets.board import LABEL, VALUE, MuestraInfo
from ..widgets.table import SeatInfo, TrickPicture, position_of

__all__ = ["ProblemPicture", "problem_picture", "score_table", "tricks_markup"]


@dataclass(frozen=True)
class ProblemPicture:
    """What the problem view shows: each widget's part, seats counted from the practising seat (0: the player)."""

    #: The other seats' panels: their place on the table and what they show (never a card).
    seats: tuple[tuple[str, SeatInfo], ...]
    trick: TrickPicture
    muestra: MuestraInfo
    #: The player's cards as the keys 1-6 count them, and those that may be played.
    hand: tuple[Card, ...]
    playable: frozenset[Card]
    #: The seats' English names, from the player's seat on (shown translated).
    names: tuple[str, ...]
    #: Each side's points this hand, carried in, tricks taken, from the player's side's.
    points: tuple[int, int]
    carried: tuple[int, int]
    tricks: tuple[int, int]
    show_carried: bool
    #: The cantes sung, by side from the player's, as ``(side, suit, points)``.
    cantes: tuple[tuple[int, Suit, int], ...]


def _around(seat: int, me: int, players: int) -> int:
    return (seat - me) % players


def turned_trick(trick: Trick, me: int, players: int) -> Trick:
    """A finished trick with its seats counted from ``me``."""
    return Trick(_around(trick.leader, me, players), trick.cards, _around(trick.winner, me, players))


def problem_picture(view: SeatView, answered: Action | None = None, last_trick: bool = False) -> ProblemPicture:
    """The picture of ``view`` (the practising seat's), with the card ``answered`` laid on the felt if one is.

    ``last_trick``: a trick just finished stays on the felt (a line of play shown move by move); otherwise, as
    at the table before the player's own lead, it is cleared.
    """
    me, players = view.seat, view.players
    names = seat_names(players)
    shown = _around(view.to_move, me, players) if view.to_move is not None else None
    seats = tuple(
        (
            position_of(rel, players),
            SeatInfo(
                title=names[rel],
                level="",
                count=view.hand_sizes[(rel + me) % players],
                active=shown == rel,
                dealer=view.dealer == (rel + me) % players,
            ),
        )
        for rel in range(1, players)
    )
    cards = tuple((_around(seat, me, players), card) for seat, card in view.trick)
    hand = sorted_hand(view)
    if isinstance(answered, Play):
        cards += ((0, answered.card),)
        hand = tuple(card for card in hand if card != answered.card)
    finished = None
    if last_trick and not view.trick and view.tricks:
        finished = turned_trick(view.tricks[-1], me, players)
    points = sum(view.rules.rank_points()[c.rank] for c in finished.cards) if finished is not None else 0
    trick = TrickPicture(
        players=players,
        names=names,
        cards=cards,
        finished=finished,
        points=points,
        last_ten=finished is not None and not any(view.hand_sizes) and view.stock_count == 0,
        to_move=None if answered is not None else shown,
        number=len(view.tricks) + (0 if finished is not None else 1),
        trump=view.trump,
        rules=view.rules,
    )
    taker = names[_around(view.muestra_taker, me, players)] if view.muestra_taker is not None else None
    muestra = MuestraInfo(view.trump, view.muestra, view.muestra_card, taker, view.stock_count)
    side = me & 1
    asked = answered is None and not last_trick
    playable = frozenset(a.card for a in view.legal if isinstance(a, Play)) if asked else frozenset()
    taken = tuple(sum(1 for t in view.tricks if t.winner % 2 == s) for s in (side, 1 - side))
    cantes = tuple(((c.seat & 1) ^ side, c.suit, c.points) for c in view.cantes)
    return ProblemPicture(
        seats=seats,
        trick=trick,
        muestra=muestra,
        hand=hand,
        playable=playable,
        names=names,
        points=(view.points[side], view.points[1 - side]),
        carried=(view.carried[side], view.carried[1 - side]),
        tricks=(taken[0], taken[1]),
        show_carried=not view.first_of_juego or view.carried != (0, 0),
        cantes=cantes,
    )


def score_table(picture: ProblemPicture, players: int) -> Group:
    """The score: this hand's points, the points carried in (de vueltas), the tricks taken, the cantes."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(style=LABEL, ratio=1)
    narrator = Narrator(seat_names(players))
    ours, theirs = narrator.side_name(0), narrator.side_name(1)
    for name in (ours, theirs):
        table.add_column(justify="right", style=VALUE, width=max(5, min(8, len(name))))
    table.add_row("", Text(ours, style=LABEL), Text(theirs, style=LABEL))
    table.add_row(_("This hand"), str(picture.points[0]), str(picture.points[1]))
    if picture.show_carried:
        table.add_row(_("Carried in"), str(picture.carried[0]), str(picture.carried[1]))
    table.add_row(_("Tricks"), str(picture.tricks[0]), str(picture.tricks[1]))
    sung = Text()
    for side, name in ((0, ours), (1, theirs)):
        mine = [(suit, points) for owner, suit, points in picture.cantes if owner == side]
        if mine:
            sung.append(("\n" if sung else "") + _("Cantes") + f" {name}: ", style=LABEL)
            for index, (suit, points) in enumerate(mine):
                sung.append((" · " if index else "") + f"{points} {Suit(suit).title}", style=f"bold {SUIT_LIGHT[suit]}")
    return Group(table, sung) if sung else Group(table)


def tricks_markup(view: SeatView) -> str:
    """The tricks played so far, one a line: each seat's card in playing order and who took it (console markup)."""
    me, players = view.seat, view.players
    names = seat_names(players)
    if not view.tricks:
        return _("No trick has been played yet in this hand.")
    lines = []
    for number, trick in enumerate(view.tricks, 1):
        turned = turned_trick(trick, me, players)
        cards = " · ".join(
            f"{_(names[turned.seat_of(index, players)])} {card_name_markup(card)}"
            for index, card in enumerate(trick.cards)
        )
        winner = _(names[turned.winner])
        took = _("You take it") if turned.winner == 0 else _("{name} takes it").format(name=winner)
        lines.append(f"[b]{number}[/b]  {cards}  [{FELT_COLOURS['ink-faint']}]→ {took}[/]")
    return "\n".join(lines)
