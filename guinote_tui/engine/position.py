"""Positions: a hand built from where its cards lie, checked, and written as one line of text.

A *position* is a hand in progress without its history: each seat's hand, the
stock, the muestra, the tricks played, the cantes, the change of the seven,
the scores carried in, and whose decision it is. Three builders return a
:class:`~.hand.HandState` ready to play on (laid out by :func:`~.layout.lay_out`),
after checking that the position could have been reached by play
(:func:`check_position`, in :mod:`.reachable`):

* :func:`position_from_view`: what one seat may see (a :class:`~.views.SeatView`)
  plus where the cards it cannot see lie (the other hands, the stock order):
  how the bots complete a view into a full hand (determinisation);
* :func:`build_position`: the parts, by keyword;
* :func:`parse_position`: the text notation below (:func:`format_position`
  writes it).

A position that breaks a rule of play raises :class:`PositionError` (a
``ValueError``) with one line saying what is wrong: the 40 cards each exactly
once, hand and stock sizes right for the tricks played, the muestra and the
trump suit, who led and who won each trick, who drew the muestra, the change
of the seven, the cantes (who sang, when, and that the singer held the pair),
the tute, the scores, and the seat to move.

The notation
------------

One line of fields separated by ``;``, each starting with its name. Cards are
written as everywhere in the game (``12E``: rank, then suit letter O, C, E or
B) and separated by spaces; seats are numbered from 0 in playing order (seat
``dealer + 1`` leads the first trick), and in pairs seats 0 and 2 are side 0.

=========================  ========================================================
``dealer 1``               the dealer's seat (required)
``hands A / B``            each seat's cards, seat 0 first, separated by ``/``;
                           ``-`` for an empty hand; two or four hands (required)
``muestra 5O``             the muestra, face up under the stock (required) ...
``muestra 5O drawn by 1``  ... or drawn by seat 1 with the last of the stock
``stock 4O 7E …``          the face-down stock, the next card drawn first
``tricks 3C 4C / …``       the completed tricks in order, each as its cards in
                           playing order (who led and who won follow from them)
``trick 12E``              the trick in progress, its cards in playing order
``cantes 1:O@2 …``         each cante sung: seat 1 sang Oros after trick 2
``swap 0:5O``              seat 0 changed its seven (or two) of trumps for the
                           muestra 5O; ``muestra`` then shows the card it gave
``tute 1``                 side 1 declared a tute (its 40, under ``tute=points40``)
``carried 88 70``          the scores of sides 0 and 1 carried into the hand
``vueltas``                the hand is not the first of its juego
``window``                 the trick winner's partner decides first whether to
                           declare
``predraw``                before the last draw, a holder of the seven decides
                           whether to change it
=========================  ========================================================

:func:`format_position` writes the fields in this order and leaves out the
empty ones (``stock``, ``tricks``, ``trick``, ``cantes``, ``swap``, ``tute``,
``carried 0 0``, and the three flags when they do not hold); the parser takes
them in any order. The scores, the trump suit, the leader and the seat to
move are not written: they follow from the rest. The rules are not written
either: pass them to :func:`parse_position` (the default is ``aragones``).

    >>> from guinote_tui.engine import HandState
    >>> deal = HandState(list(range(40)), dealer=1, players=2)
    >>> text = format_position(deal)
    >>> text
    'dealer 1; hands 1O 2O 3O 7O 10O 11O / 4O 5O 6O 12O 1C 2C; muestra 3C; stock 4C 5C ... 11B 12B'
    >>> format_position(parse_position(text)) == text
    True
    >>> parse_position("dealer 1; hands 1O / 2O; muestra 3C")
    Traceback (most recent call last):
    ...
    guinote_tui.engine.reachable.PositionError: seat 0 holds 1 card; after 0 tricks it holds 6
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .cards import CARD_TEXT, CARDS, Card, Suit, format_cards, parse_cards
from .errors import shown
from .hand import HandState
from .layout import lay_out
from .ledger import Cante, SwapMade, Trick
from .reachable import PositionError, cards_word, check_position, fail, need_seat
from .rules import Rules
from .stages import SUIT_OF, Stage
from .tricks import beat_table, winner_index
from .views import SeatView

__all__ = [
    "PositionError",
    "build_position",
    "check_position",
    "format_position",
    "parse_position",
    "position_from_view",
]


# -- the builders -----------------------------------------------------------------------------------


def position_from_view(
    view: SeatView,
    hands: Mapping[int, Sequence[int]],
    stock: Sequence[int],
    events: bool = False,
) -> HandState:
    """The hand ``view`` shows, with the cards its seat cannot see placed as given.

    ``hands`` gives every other seat's hand (in the order the seat holds it)
    and ``stock`` the face-down stock in drawing order (the next card drawn
    first). Everything else comes from the view: the seat's own hand, the
    muestra, the tricks, the cantes, the change, the tute, the scores and the
    stage. The seat's legal actions in the hand built are ``view.legal``.
    Raises :class:`PositionError` when the cards given do not complete the
    view into a position play could reach.
    """
    players = view.players
    others = [seat for seat in range(players) if seat != view.seat]
    if sorted(hands) != others:
        fail(f"the hidden hands are those of seats {others}, not {sorted(hands)}")
    for seat in others:
        if len(hands[seat]) != view.hand_sizes[seat]:
            fail(f"seat {seat} holds {cards_word(view.hand_sizes[seat])}, not {len(hands[seat])}")
    if len(stock) != view.stock_count:
        fail(f"the stock holds {cards_word(view.stock_count)}, not {len(stock)}")
    if view.stage is Stage.OVER:
        fail("the hand is over: a position is a hand still in play")
    tute_side: int | None = None
    if view.tute_declared:
        sung = [0, 0]
        for cante in view.cantes:
            sung[cante.seat & 1] += cante.points
        extra = [view.points[side] - view.card_points[side] - sung[side] for side in (0, 1)]
        if 40 not in extra:
            fail("a tute was declared, but neither side's score holds its 40")
        tute_side = extra.index(40)
    seated = [view.hand if seat == view.seat else _cards(hands[seat], f"seat {seat}'s hand") for seat in range(players)]
    state = lay_out(
        view.rules,
        players,
        view.dealer,
        seated,
        _cards(stock, "the stock"),
        view.muestra_card,
        view.muestra_taker,
        view.tricks,
        [card for _, card in view.trick],
        view.cantes,
        view.swap,
        tute_side,
        view.carried,
        view.first_of_juego,
        view.stage,
        events,
    )
    check_position(state)
    points, card_points = state.points, state.card_points
    if (points[0], points[1]) != view.points or (card_points[0], card_points[1]) != view.card_points:
        fail(f"the view's scores {view.points} do not add up from its tricks, cantes and tute")
    if state.muestra != view.muestra or state.trump != view.trump:
        fail("the view's muestra and trump suit do not match")
    seats = [seat for seat, _ in view.trick]
    if state.leader != view.leader or seats != [(state.leader + i) % players for i in range(len(seats))]:
        fail(f"seat {state.leader} leads the trick in progress, as the tricks played say")
    if state.to_move != view.to_move or state.window_open != view.window_open:
        fail(f"seat {state.to_move} is to move, as the tricks played and the stage say, not seat {view.to_move}")
    return state


def build_position(
    hands: Sequence[Sequence[int]],
    muestra: int,
    *,
    dealer: int,
    rules: Rules | None = None,
    stock: Sequence[int] = (),
    drawn_by: int | None = None,
    tricks: Sequence[Sequence[int]] = (),
    trick: Sequence[int] = (),
    cantes: Sequence[tuple[int, int, int]] = (),
    swap: tuple[int, int] | None = None,
    tute: int | None = None,
    carried: tuple[int, int] = (0, 0),
    first_of_juego: bool = True,
    stage: Stage = Stage.PLAY,
    events: bool = False,
) -> HandState:
    """A hand from its parts, as the notation gives them (:func:`parse_position` calls this).

    ``hands`` holds every seat's cards (two or four seats); ``muestra`` is the
    face-up card, or the one ``drawn_by`` took with the last of the stock;
    ``stock`` is in drawing order; ``tricks`` and ``trick`` list cards in
    playing order (who led and who won each trick follow from them);
    ``cantes`` are ``(seat, suit, trick number)``; ``swap`` is ``(seat, card
    taken)`` (the card given is then the muestra); ``tute`` is the side that
    declared one. Raises :class:`PositionError` for a position play could not
    reach.
    """
    rules = rules or Rules()
    players = len(hands)
    if players not in (2, 4):
        fail(f"Guiñote is played by 2 or 4 players, not {players}")
    need_seat(dealer, players, "the dealer")
    seated = [_cards(hand, f"seat {seat}'s hand") for seat, hand in enumerate(hands)]
    shown_card = _cards([muestra], "the muestra")[0]
    if drawn_by is not None:
        need_seat(drawn_by, players, "the seat that drew the muestra")
    trump = SUIT_OF[shown_card]
    done = _tricks_played(tricks, (dealer + 1) % players, players, beat_table(rules, trump))
    current = _cards(trick, "the trick in progress")
    sung = _cantes_sung(cantes, players, trump)
    made: SwapMade | None = None
    if swap is not None:
        need_seat(swap[0], players, "the seat that changed the seven")
        made = SwapMade(swap[0], shown_card, _cards([swap[1]], "the card taken by the change")[0])
    if tute is not None and tute not in (0, 1):
        fail(f"a tute is declared by side 0 or 1, not {shown(tute)}")
    if len(carried) != 2 or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in carried):
        fail(f"the scores carried in are two numbers from 0 up, not {shown(carried)}")
    if not isinstance(stage, Stage):
        fail(f"the stage is one of {', '.join(s.value for s in Stage)}, not {shown(stage)}")
    state = lay_out(
        rules,
        players,
        dealer,
        seated,
        _cards(stock, "the stock"),
        shown_card,
        drawn_by,
        done,
        current,
        sung,
        made,
        tute,
        (carried[0], carried[1]),
        bool(first_of_juego),
        stage,
        events,
    )
    check_position(state)
    return state


def _tricks_played(
    tricks: Sequence[Sequence[int]], lead: int, players: int, beaters: Sequence[int]
) -> list[Trick]:
    """The completed tricks from their cards in playing order: who led each and who won it follow."""
    done: list[Trick] = []
    for number, cards in enumerate(tricks, 1):
        played = _cards(cards, f"trick {number}")
        if len(played) != players:
            fail(f"trick {number} has {cards_word(len(played))}: a trick has one card per seat ({players})")
        winner = (lead + winner_index(played, beaters)) % players
        done.append(Trick(lead, tuple(played), winner))
        lead = winner
    return done


def _cantes_sung(cantes: Sequence[tuple[int, int, int]], players: int, trump: int) -> list[Cante]:
    """The cantes from ``(seat, suit, trick number)``: 40 in trumps, 20 in another suit."""
    sung: list[Cante] = []
    for seat, suit, number in cantes:
        need_seat(seat, players, "a cante's seat")
        if suit not in range(4):
            fail(f"a cante's suit is 0 to 3 (O, C, E, B), not {shown(suit)}")
        if not isinstance(number, int) or isinstance(number, bool):
            fail(f"a cante's trick number must be a number, not {shown(number)}")
        sung.append(Cante(seat, Suit(suit), 40 if suit == trump else 20, number))
    return sung


def _cards(values: Sequence[int], where: str) -> list[Card]:
    """``values`` as cards, refusing anything that is not one of the 40."""
    try:
        out = [CARDS[value] for value in values]
    except (IndexError, TypeError):
        out = []
    if len(out) != len(values) or (out and min(values) < 0):
        bad = next((v for v in values if not isinstance(v, int) or not 0 <= v < 40), values)
        fail(f"{where}: {shown(bad)} is not a card (a number from 0 to 39)")
    return out


# -- the notation ---------------------------------------------------------------------------------

_FIELDS = (
    "dealer",
    "hands",
    "muestra",
    "stock",
    "tricks",
    "trick",
    "cantes",
    "swap",
    "tute",
    "carried",
    "vueltas",
    "window",
    "predraw",
)
_FLAGS = frozenset({"vueltas", "window", "predraw"})
_NUMBER = re.compile(r"[0-9]{1,6}")
_CANTE = re.compile(r"([0-9]{1,6}):([A-Za-z]+)@([0-9]{1,6})")
_SWAP = re.compile(r"([0-9]{1,6}):(\S+)")


def format_position(state: HandState) -> str:
    """The notation of a hand in progress (see the module's docstring)."""
    if state.stage is Stage.OVER:
        fail("the hand is over: a position is a hand still in play")
    fields = [
        f"dealer {state.dealer}",
        "hands " + " / ".join(format_cards(hand) or "-" for hand in state.hands),
    ]
    muestra = f"muestra {CARD_TEXT[state.muestra_card]}"
    if state.muestra_taker is not None:
        muestra += f" drawn by {state.muestra_taker}"
    fields.append(muestra)
    if state.stock:
        fields.append("stock " + format_cards(reversed(state.stock)))
    if state.tricks:
        fields.append("tricks " + " / ".join(format_cards(done.cards) for done in state.tricks))
    if state.trick:
        fields.append("trick " + format_cards(state.trick))
    if state.cantes:
        fields.append("cantes " + " ".join(f"{c.seat}:{Suit(c.suit).letter}@{c.trick_number}" for c in state.cantes))
    if state.swap is not None:
        fields.append(f"swap {state.swap.seat}:{CARD_TEXT[state.swap.taken]}")
    if state.tute_declared:
        sung = [0, 0]
        for cante in state.cantes:
            sung[cante.seat & 1] += cante.points
        fields.append(f"tute {0 if state.cante_points[0] - sung[0] == 40 else 1}")
    if state.carried != (0, 0):
        fields.append(f"carried {state.carried[0]} {state.carried[1]}")
    if not state.first_of_juego:
        fields.append("vueltas")
    if state.stage is Stage.WINDOW:
        fields.append("window")
    elif state.stage is Stage.PREDRAW:
        fields.append("predraw")
    return "; ".join(fields)


def parse_position(text: str, rules: Rules | None = None, events: bool = False) -> HandState:
    """The hand the notation ``text`` describes, under ``rules`` (see the module's docstring).

    Raises :class:`PositionError` with one line naming what is wrong: a field
    unknown, repeated, missing or unreadable, or a position play could not reach.
    """
    if not isinstance(text, str):
        fail(f"a position is written as text, not {shown(text)}")
    fields: dict[str, str] = {}
    for part in text.split(";"):
        name, _, value = part.strip().partition(" ")
        if not name:
            continue
        key = name.lower()
        if key not in _FIELDS:
            fail(f"unknown field {shown(name)}: the fields are {', '.join(_FIELDS)}")
        if key in fields:
            fail(f"the field {key!r} is given twice")
        value = value.strip()
        if key in _FLAGS and value:
            fail(f"the field {key!r} takes no value, not {shown(value)}")
        fields[key] = value
    for key in ("dealer", "hands", "muestra"):
        if key not in fields:
            fail(f"a position needs the field {key!r}")
    if "window" in fields and "predraw" in fields:
        fail("the fields 'window' and 'predraw' exclude each other")
    try:
        hands = [[] if hand.strip() == "-" else parse_cards(hand) for hand in fields["hands"].split("/")]
    except ValueError as error:
        fail(f"hands: {error}")
    dealer = _number(fields["dealer"], "dealer")
    muestra, drawn_by = _muestra(fields["muestra"])
    stock = _card_list(fields.get("stock", ""), "stock")
    tricks = [_card_list(cards, "tricks") for cards in fields["tricks"].split("/")] if "tricks" in fields else []
    trick = _card_list(fields.get("trick", ""), "trick")
    cantes = [_cante(token) for token in fields.get("cantes", "").split()]
    swap = _swap(fields["swap"]) if "swap" in fields else None
    tute = _number(fields["tute"], "tute") if "tute" in fields else None
    carried = (0, 0)
    if "carried" in fields:
        values = fields["carried"].split()
        if len(values) != 2:
            fail(f"carried: write the two sides' scores, e.g. 'carried 88 70', not {shown(fields['carried'])}")
        carried = (_number(values[0], "carried"), _number(values[1], "carried"))
    stage = Stage.WINDOW if "window" in fields else Stage.PREDRAW if "predraw" in fields else Stage.PLAY
    return build_position(
        hands,
        muestra,
        dealer=dealer,
        rules=rules,
        stock=stock,
        drawn_by=drawn_by,
        tricks=tricks,
        trick=trick,
        cantes=cantes,
        swap=swap,
        tute=tute,
        carried=carried,
        first_of_juego="vueltas" not in fields,
        stage=stage,
        events=events,
    )


def _number(text: str, field: str) -> int:
    if not _NUMBER.fullmatch(text.strip()):
        fail(f"{field}: {shown(text.strip())} is not a number")
    return int(text)


def _card_list(text: str, field: str) -> list[Card]:
    try:
        return parse_cards(text)
    except ValueError as error:
        fail(f"{field}: {error}")


def _muestra(text: str) -> tuple[Card, int | None]:
    words = text.split()
    if len(words) not in (1, 4) or (len(words) == 4 and [w.lower() for w in words[1:3]] != ["drawn", "by"]):
        fail(f"muestra: write 'muestra 5O' or 'muestra 5O drawn by 1', not {shown(text)}")
    card = _card_list(words[0], "muestra")[0]
    return card, _number(words[3], "muestra") if len(words) == 4 else None


def _cante(token: str) -> tuple[int, int, int]:
    match = _CANTE.fullmatch(token)
    if match is None:
        fail(f"cantes: write each as seat:suit@trick, e.g. '1:O@2', not {shown(token)}")
    try:
        suit = Suit.parse(match.group(2))
    except ValueError as error:
        fail(f"cantes: {error}")
    return int(match.group(1)), int(suit), int(match.group(3))


def _swap(text: str) -> tuple[int, int]:
    match = _SWAP.fullmatch(text.strip())
    if match is None:
        fail(f"swap: write the seat and the card it took, e.g. 'swap 0:5O', not {shown(text)}")
    return int(match.group(1)), _card_list(match.group(2), "swap")[0]
