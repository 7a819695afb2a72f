"""The table's picture: everything the table screen shows, computed from the session by a pure function.

:func:`table_picture` reads the session (the player's view, the match, the
names) and the screen's turn state, and returns a :class:`TablePicture`;
the screen only hands each part to its widget. So what the table shows can
be tested without a pilot, and it is computed in one place.

    >>> from guinote_tui.game.session import GameSession, GameSettings
    >>> picture = table_picture(GameSession(GameSettings(players=2, level="random", seed=3)), Turn.PLAYER, None)
    >>> len(picture.hand), [position for position, _ in picture.seats], picture.trick.number
    (6, ['top'], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rich.cells import cell_len

from ..engine import Card, Play, SeatView, Swap
from ..game.choices import sorted_hand
from ..game.narration import edge_name
from ..game.pacing import shown_to_move
from ..game.session import HUMAN, GameSession
from ..game.table_controller import Turn  # (where the table's flow is kept; named here too)
from .widgets.board import MuestraInfo, ScoreInfo
from .widgets.felt import TakenInfo
from .widgets.table import SeatInfo, TrickPicture, position_of

__all__ = ["Seats", "TablePicture", "Turn", "open_cards", "sorted_hand", "table_picture", "view_picture"]


@dataclass(frozen=True)
class TablePicture:
    """What the table shows at one moment: each widget's part, and the player's hand as keys 1-6 count it."""

    #: The player's view it was computed from (the status and message lines read it too).
    view: SeatView
    #: Each bot seat's panel: its position on the table (``top``, ``left``, ``right``) and what it shows.
    seats: tuple[tuple[str, SeatInfo], ...]
    trick: TrickPicture
    muestra: MuestraInfo
    score: ScoreInfo
    taken: TakenInfo
    #: The player's cards as shown (suit by suit, trumps at the right end), those that may be played now,
    #: the one the arrow keys have chosen (None: none) and the one highlighted (none while a trick is held).
    hand: tuple[Card, ...]
    playable: frozenset[Card]
    selected: int | None
    marked: int | None
    #: The declarations open to the player (what the footer offers).
    offers: tuple[str, ...]


def open_cards(session: GameSession, seat: int) -> tuple[Card, ...]:
    """A bot seat's cards when practising with open hands (nothing otherwise)."""
    if not session.settings.open_hands:
        return ()
    view = session.view_for(seat)
    return sorted_hand(replace(view, trump=session.match.hand.trump))


def table_picture(session: GameSession, turn: Turn, selected: int | None) -> TablePicture:
    """The table for ``session`` in ``turn``, with the card ``selected`` by the arrow keys (an index in the hand).

    The chosen card moves to one that may be played on the player's turn; a
    finished trick stays on the felt while it is held and while a bot is
    about to lead, and is gone once cleared before the player's own lead.
    """
    match = session.match
    players = session.players
    return view_picture(
        session.view(),
        Seats(
            names=session.names,
            levels=("", *(session.settings.level_of(seat) for seat in range(1, players))),
            sides=(session.side_name(0), session.side_name(1)),
            open_cards=((), *(open_cards(session, seat) for seat in range(1, players))),
        ),
        (match.juegos[0], match.juegos[1]),
        (match.cotos[0], match.cotos[1]),
        turn,
        selected,
        session.hand_over,
    )


@dataclass(frozen=True)
class Seats:
    """Who sits at the table as the picture names them (seat 0 is the player)."""

    names: tuple[str, ...]
    #: What each seat's panel says under its name (a bot's level, or that a person plays it).
    levels: Sequence[str]
    #: The two sides' names (the player's first).
    sides: tuple[str, str]
    #: Each seat's cards shown face up (practising with open hands; empty otherwise).
    open_cards: Sequence[tuple[Card, ...]] = ()


def view_picture(
    view: SeatView,
    seats_at: Seats,
    juegos: tuple[int, int],
    cotos: tuple[int, int],
    turn: Turn,
    selected: int | None,
    hand_over: bool,
) -> TablePicture:
    """The table from the player's ``view`` (the player at seat 0) and what the match adds to it."""
    holding = turn is Turn.HOLDING
    # Who is shown deciding: never a seat asked in a window or before the last draw (rules §8).
    shown = shown_to_move(view)
    taker = seats_at.names[view.muestra_taker] if view.muestra_taker is not None else None
    playable = frozenset(a.card for a in view.legal if isinstance(a, Play))
    hand = sorted_hand(view)
    selected = _selection(view, hand, playable, selected)
    declared = {str(a) if isinstance(a, Swap) else type(a).__name__ for a in view.legal if not isinstance(a, Play)}
    return TablePicture(
        view=view,
        seats=_seats_pictured(view, seats_at, shown),
        trick=_trick_pictured(view, seats_at.names, shown, cleared=shown == HUMAN and not holding and not hand_over),
        muestra=MuestraInfo(view.trump, view.muestra, view.muestra_card, taker, view.stock_count),
        score=_score_pictured(view, seats_at.sides, juegos, cotos),
        taken=_taken_pictured(view, seats_at.sides),
        hand=hand,
        playable=playable,
        selected=selected,
        # No card is highlighted while a finished trick is held: the first key only clears it.
        marked=selected if view.my_turn and not holding else None,
        offers=tuple(sorted(declared)),
    )


def _seats_pictured(view: SeatView, seats_at: Seats, shown: int | None) -> tuple[tuple[str, SeatInfo], ...]:
    """The other seats round the table: name, level, cards held, who is shown deciding, the dealer."""
    return tuple(
        (
            position_of(seat, view.players),
            SeatInfo(
                title=seats_at.names[seat],
                level=seats_at.levels[seat],
                count=view.hand_sizes[seat],
                active=shown == seat,
                cards=seats_at.open_cards[seat] if seats_at.open_cards else (),
                dealer=view.dealer == seat,
            ),
        )
        for seat in range(1, view.players)
    )


def _trick_pictured(view: SeatView, names: tuple[str, ...], shown: int | None, cleared: bool) -> TrickPicture:
    """The trick on the table: the one being played, or the last one taken while it is still shown."""
    finished = view.tricks[-1] if not view.trick and view.tricks and not cleared else None
    points = sum(view.rules.rank_points()[c.rank] for c in finished.cards) if finished else 0
    return TrickPicture(
        players=view.players,
        names=names,
        cards=view.trick,
        finished=finished,
        to_move=shown,
        number=len(view.tricks) + (0 if finished else 1),
        points=points,
        last_ten=finished is not None and not any(view.hand_sizes) and view.stock_count == 0,
        trump=view.trump,
        rules=view.rules,
    )


def _score_pictured(
    view: SeatView, sides: tuple[str, str], juegos: tuple[int, int], cotos: tuple[int, int]
) -> ScoreInfo:
    """The score board: the hand's points, what was carried, the juegos and cotos, the cantes."""
    rules = view.rules
    if view.players == 2:  # the board's columns hold 8 cells: a longer name gives its short form
        sides = (sides[0], sides[1] if cell_len(sides[1]) <= 8 else edge_name("Rival"))
    return ScoreInfo(
        side_names=sides,
        points=view.points,
        carried=view.carried,
        show_totals=not view.first_of_juego or view.carried != (0, 0),
        juegos=juegos,
        cotos=cotos,
        juegos_per_coto=rules.juegos_per_coto,
        cotos_to_win=rules.cotos_to_win,
        cantes=tuple((c.seat & 1, c) for c in view.cantes),
        target=rules.target,
        first_of_juego=view.first_of_juego,
    )


def _taken_pictured(view: SeatView, sides: tuple[str, str]) -> TakenInfo:
    """How many tricks each side has taken."""
    counts = tuple(sum(1 for t in view.tricks if t.winner % 2 == side) for side in (0, 1))
    return TakenInfo(sides, (counts[0], counts[1]), view.players)


def _selection(view: SeatView, hand: Sequence[Card], playable: frozenset[Card], selected: int | None) -> int | None:
    """The highlighted card kept within the hand, moved to a playable card on the player's turn."""
    if selected is not None and selected >= len(hand):
        selected = len(hand) - 1 if hand else None
    if view.my_turn and (selected is None or hand[selected] not in playable):
        selected = next((i for i, c in enumerate(hand) if c in playable), selected)
    return selected
