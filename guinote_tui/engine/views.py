"""What one seat may see (docs/rules.md, section 8), and nothing more.

A :class:`SeatView` holds the seat's own hand, the muestra while it lies
under the stock (and, once drawn, who took it: everyone saw it go), the trick
in progress, every completed trick (everyone saw the cards fall and who won),
the cantes sung, the swap made, whether a tute was declared, the number of
stock cards, the scores, and whose turn it is with the seat's legal actions
when it is to move. Other hands, the stock's order and the deck order are
never in it. Bots receive only views, and only on their own turn.

A view built for a seat that is *not* to move carries the table's true stage
and turn, which during another seat's window or pre-draw stop tells that the
seat was asked (it has something to declare); see docs/rules-decisions.md, 12.
What a seat may be *shown* is one observer's view, here and nowhere else:
:func:`observed` (the stage and who is deciding), :func:`told_nothing` (when
the seat hears nothing at all) and :func:`known_actions` (the actions it
knows were taken). The game's table, the host of a table and a program's
seat all show the player that view.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .actions import Action, Pass
from .cards import Card
from .events import Event, visible_to
from .hand import HandState
from .ledger import Cante, SwapMade, Trick
from .rules import Rules
from .stages import PRIVATE_STAGES, Stage


@dataclass(frozen=True)
class SeatView:
    """The information available to ``seat`` at one moment of a hand."""

    seat: int
    players: int
    rules: Rules
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trump: int
    muestra: Card | None
    muestra_card: Card
    muestra_taker: int | None
    stock_count: int
    stage: Stage
    to_move: int | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    cantes: tuple[Cante, ...]
    swap: SwapMade | None
    points: tuple[int, int]
    card_points: tuple[int, int]
    carried: tuple[int, int]
    first_of_juego: bool
    window_open: bool
    #: A tute has been declared this hand (everyone saw it; a second one is not offered).
    tute_declared: bool
    legal: tuple[Action, ...]
    #: What happened so far in this hand, as far as this seat may know (see :mod:`.events`).
    events: tuple[Event, ...] = ()

    @property
    def side(self) -> int:
        return self.seat & 1

    @property
    def partner(self) -> int | None:
        return (self.seat + 2) % 4 if self.players == 4 else None

    @property
    def in_arrastre(self) -> bool:
        return self.muestra is None

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    def played_cards(self) -> list[Card]:
        """Every card seen to fall: completed tricks, then the current trick."""
        cards = [c for t in self.tricks for c in t.cards]
        cards.extend(c for _, c in self.trick)
        return cards


def seat_view(state: HandState, seat: int, events: bool = True) -> SeatView:
    """Build the view of ``seat`` from the full state.

    ``events=False`` leaves the events out (a view for a quick decision).
    """
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} at a table of {state.players}")
    return SeatView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        dealer=state.dealer,
        hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        trump=state.trump,
        muestra=state.muestra,
        muestra_card=state.muestra_card,
        muestra_taker=state.muestra_taker,
        stock_count=len(state.stock),
        stage=state.stage,
        to_move=state.to_move,
        leader=state.leader,
        trick=tuple(state.current_trick()),
        tricks=tuple(state.tricks),
        cantes=tuple(state.cantes),
        swap=state.swap,
        points=(state.points[0], state.points[1]),
        card_points=(state.card_points[0], state.card_points[1]),
        carried=state.carried,
        first_of_juego=state.first_of_juego,
        window_open=state.window_open,
        tute_declared=state.tute_declared,
        legal=tuple(state.legal_actions()) if state.to_move == seat else (),
        events=tuple(visible_to(state.events, seat)) if events and state.events else (),
    )


def observed(view: SeatView) -> SeatView:
    """``view`` as its seat may be shown it (docs/rules.md, section 8).

    While another seat decides a window or the change before the last draw,
    that it was asked tells what it holds: the seat is shown the stage of
    play with the trick's winner to move, as if nobody had been asked.
    """
    if view.stage in PRIVATE_STAGES and view.to_move != view.seat:
        return replace(view, stage=Stage.PLAY, to_move=view.leader)
    return view


def told_nothing(state: HandState, seat: int) -> bool:
    """Whether ``seat`` hears nothing now: another seat decides privately (it is told once that seat decided,
    exactly what it would have been told had nobody been asked)."""
    return state.stage in PRIVATE_STAGES and state.to_move != seat


def known_actions(state: HandState, seat: int) -> int:
    """The actions of the hand ``seat`` knows were taken: all but another seat's pass (nobody else sees one)."""
    return sum(1 for actor, action in state.log if actor == seat or not isinstance(action, Pass))
