"""A hand laid out from where its cards lie, instead of dealt: the other way a :class:`~.hand.HandState` starts.

:func:`lay_out` fills every slot of the hand, deriving from its parts what
play would have left (the trump, the leader, the scores, the window); it
checks nothing. The builders of :mod:`.position` call it, then check the
hand (:mod:`.reachable`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CARDS
from .hand import HandState
from .ledger import Cante, SwapMade, Trick
from .masks import rule_tables
from .outcome import TUTE_POINTS
from .rules import Rules
from .stages import SUIT_OF, Stage
from .tricks import winner_index


def lay_out(
    rules: Rules,
    players: int,
    dealer: int,
    hands: Sequence[Sequence[int]],
    stock: Sequence[int],
    muestra_card: int,
    muestra_taker: int | None = None,
    tricks: Sequence[Trick] = (),
    trick: Sequence[int] = (),
    cantes: Sequence[Cante] = (),
    swap: SwapMade | None = None,
    tute_side: int | None = None,
    carried: tuple[int, int] = (0, 0),
    first_of_juego: bool = True,
    stage: Stage = Stage.PLAY,
    events: bool = False,
) -> HandState:
    """A hand at a position given by its parts instead of its deal, ready to play on.

    The parts are what the table shows plus where the hidden cards lie:
    each seat's hand (``hands[seat]``, in the order the seat holds them),
    the stock in drawing order (the next card drawn first), the muestra
    (face up, or ``muestra_card`` taken by ``muestra_taker``), the
    completed ``tricks``, the ``trick`` in progress (its cards in playing
    order), the ``cantes`` sung, the ``swap`` made, the side that declared
    a tute (``tute_side``, under ``tute=points40``), the scores carried in,
    whether it is the first hand of the juego, and the ``stage``
    (:attr:`Stage.WINDOW` and :attr:`Stage.PREDRAW` name who decides;
    :attr:`Stage.OVER` is not a position to play on).

    Everything else is derived as play would have left it: the trump
    (the muestra's suit), the leader and the seat to move, the holder of
    the trick, the scores (card points from the tricks, cante points from
    the cantes and the tute), the tricks won, the open window and who has
    sung in it. The hand has no deal order (``deck`` is empty) and no
    log; with ``events`` it records events from this position on.

    Nothing is checked here: the builders of :mod:`.position`
    (``position_from_view``, ``parse_position``, ``build_position``) call
    this and then check every invariant (:mod:`.reachable`); use them.
    """
    state = HandState.__new__(HandState)
    state.rules = rules
    state.players = players
    state.dealer = dealer
    state.deck = ()
    state.hands = [[CARDS[c] for c in hand] for hand in hands]
    muestra = CARDS[muestra_card]
    state.muestra = muestra if muestra_taker is None else None
    state.muestra_card = muestra
    state.muestra_taker = muestra_taker
    state.trump = trump = SUIT_OF[muestra]
    state._tables = tables = rule_tables(rules, trump)
    state._beaters = beaters = tables.beaters
    state._points = points = tables.points
    # Stored reversed so that drawing is list.pop().
    state.stock = [CARDS[c] for c in reversed(stock)]
    state.stage = stage
    state.tricks = list(tricks)
    leader = state.tricks[-1].winner if state.tricks else (dealer + 1) % players
    state.leader = leader
    state.trick = [CARDS[c] for c in trick]
    state.win_index = winner_index(state.trick, beaters) if state.trick else 0
    card_points, tricks_won = _trick_points(state.tricks, points)
    cante_points, sung = _cante_points(cantes, tute_side)
    state.card_points = card_points
    state.cante_points = cante_points
    state.points = [card_points[0] + cante_points[0], card_points[1] + cante_points[1]]
    state.tricks_won = tricks_won
    state.last_winner = state.tricks[-1].winner if state.tricks else None
    state.last_trick_side = None
    state.window_open = window_open = bool(state.tricks) and not state.trick and stage is not Stage.PREDRAW
    used = _sung_in_window(cantes, len(state.tricks), players) if window_open else [False] * players
    state.cante_used = used
    state.sung = sung
    state.cantes = list(cantes)
    state.swap = swap
    state.tute_declared = tute_side is not None
    state.carried = (int(carried[0]), int(carried[1]))
    state.first_of_juego = first_of_juego
    state._instant = rules.vueltas and not first_of_juego
    state.result = None
    state.log = []
    state._legal = None
    state._record = [] if events else None
    state._events = []
    state._played = len(state.tricks) * players + len(state.trick)
    state.to_move = _to_move(state, stage, leader)
    return state


def _trick_points(tricks: Sequence[Trick], points: Sequence[int]) -> tuple[list[int], list[int]]:
    """Each side's card points and tricks won in ``tricks``."""
    card_points = [0, 0]
    tricks_won = [0, 0]
    for done in tricks:
        side = done.winner & 1
        card_points[side] += sum(map(points.__getitem__, done.cards))
        tricks_won[side] += 1
    return card_points, tricks_won


def _cante_points(cantes: Sequence[Cante], tute_side: int | None) -> tuple[list[int], int]:
    """Each side's points from ``cantes`` (and a declared tute), and the suits sung (suit bits)."""
    cante_points = [0, 0]
    sung = 0
    for cante in cantes:
        cante_points[cante.seat & 1] += cante.points
        sung |= 1 << cante.suit
    if tute_side is not None:
        cante_points[tute_side] += TUTE_POINTS
    return cante_points, sung


def _sung_in_window(cantes: Sequence[Cante], tricks: int, players: int) -> list[bool]:
    """Which seats have sung in the window open after trick number ``tricks``."""
    used = [False] * players
    for cante in cantes:
        if cante.trick_number == tricks:
            used[cante.seat] = True
    return used


def _to_move(state: HandState, stage: Stage, leader: int) -> int | None:
    """Who is to move at ``stage``, as play would have left it (None once the hand is over)."""
    if stage is Stage.PLAY:
        return (leader + len(state.trick)) % state.players
    if stage is Stage.WINDOW:
        return (leader + 2) % state.players
    if stage is Stage.PREDRAW:
        return leader if state.swap_card(leader) is not None else (leader + 2) % state.players
    return None
