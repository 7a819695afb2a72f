"""Positions: a hand built from where its cards lie, checked, and written as one line of text.

A *position* is a hand in progress without its history: each seat's hand, the
stock, the muestra, the tricks played, the cantes, the change of the seven,
the scores carried in, and whose decision it is. Three builders return a
:class:`~.hand.HandState` ready to play on, after checking that the position
could have been reached by play (:func:`check_position`):

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
    guinote_tui.engine.position.PositionError: seat 0 holds 1 card; after 0 tricks it holds 6
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import NoReturn

from .cards import CARD_TEXT, CARDS, RANKS, Card, Suit, format_cards, parse_cards
from .errors import shown
from .hand import HandState
from .records import Cante, SwapMade, Trick
from .rules import Rules
from .stages import HAND_SIZE, RANK_INDEX, REY_INDEX, SEVEN_INDEX, SUIT_OF, TWO_INDEX, Stage
from .tricks import beat_table, card_tables, winner_index
from .views import SeatView

_DECK = frozenset(range(40))


class PositionError(ValueError):
    """A position that play could not have reached, or notation that cannot be read: one line says why."""


def _fail(message: str) -> NoReturn:
    raise PositionError(message)


def _cards_word(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


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
        _fail(f"the hidden hands are those of seats {others}, not {sorted(hands)}")
    for seat in others:
        if len(hands[seat]) != view.hand_sizes[seat]:
            _fail(f"seat {seat} holds {_cards_word(view.hand_sizes[seat])}, not {len(hands[seat])}")
    if len(stock) != view.stock_count:
        _fail(f"the stock holds {_cards_word(view.stock_count)}, not {len(stock)}")
    if view.stage is Stage.OVER:
        _fail("the hand is over: a position is a hand still in play")
    tute_side: int | None = None
    if view.tute_declared:
        sung = [0, 0]
        for cante in view.cantes:
            sung[cante.seat & 1] += cante.points
        extra = [view.points[side] - view.card_points[side] - sung[side] for side in (0, 1)]
        if 40 not in extra:
            _fail("a tute was declared, but neither side's score holds its 40")
        tute_side = extra.index(40)
    seated = [view.hand if seat == view.seat else _cards(hands[seat], f"seat {seat}'s hand") for seat in range(players)]
    state = HandState.at_position(
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
        _fail(f"the view's scores {view.points} do not add up from its tricks, cantes and tute")
    if state.muestra != view.muestra or state.trump != view.trump:
        _fail("the view's muestra and trump suit do not match")
    seats = [seat for seat, _ in view.trick]
    if state.leader != view.leader or seats != [(state.leader + i) % players for i in range(len(seats))]:
        _fail(f"seat {state.leader} leads the trick in progress, as the tricks played say")
    if state.to_move != view.to_move or state.window_open != view.window_open:
        _fail(f"seat {state.to_move} is to move, as the tricks played and the stage say, not seat {view.to_move}")
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
        _fail(f"Guiñote is played by 2 or 4 players, not {players}")
    _seat(dealer, players, "the dealer")
    seated = [_cards(hand, f"seat {seat}'s hand") for seat, hand in enumerate(hands)]
    shown_card = _cards([muestra], "the muestra")[0]
    if drawn_by is not None:
        _seat(drawn_by, players, "the seat that drew the muestra")
    trump = SUIT_OF[shown_card]
    beaters = beat_table(rules, trump)
    lead = (dealer + 1) % players
    done: list[Trick] = []
    for number, cards in enumerate(tricks, 1):
        played = _cards(cards, f"trick {number}")
        if len(played) != players:
            _fail(f"trick {number} has {_cards_word(len(played))}: a trick has one card per seat ({players})")
        winner = (lead + winner_index(played, beaters)) % players
        done.append(Trick(lead, tuple(played), winner))
        lead = winner
    current = _cards(trick, "the trick in progress")
    sung: list[Cante] = []
    for seat, suit, number in cantes:
        _seat(seat, players, "a cante's seat")
        if suit not in range(4):
            _fail(f"a cante's suit is 0 to 3 (O, C, E, B), not {shown(suit)}")
        if not isinstance(number, int) or isinstance(number, bool):
            _fail(f"a cante's trick number must be a number, not {shown(number)}")
        sung.append(Cante(seat, Suit(suit), 40 if suit == trump else 20, number))
    made: SwapMade | None = None
    if swap is not None:
        _seat(swap[0], players, "the seat that changed the seven")
        made = SwapMade(swap[0], shown_card, _cards([swap[1]], "the card taken by the change")[0])
    if tute is not None and tute not in (0, 1):
        _fail(f"a tute is declared by side 0 or 1, not {shown(tute)}")
    if len(carried) != 2 or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in carried):
        _fail(f"the scores carried in are two numbers from 0 up, not {shown(carried)}")
    if not isinstance(stage, Stage):
        _fail(f"the stage is one of {', '.join(s.value for s in Stage)}, not {shown(stage)}")
    state = HandState.at_position(
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


def _cards(values: Sequence[int], where: str) -> list[Card]:
    """``values`` as cards, refusing anything that is not one of the 40."""
    try:
        out = [CARDS[value] for value in values]
    except (IndexError, TypeError):
        out = []
    if len(out) != len(values) or (out and min(values) < 0):
        bad = next((v for v in values if not isinstance(v, int) or not 0 <= v < 40), values)
        _fail(f"{where}: {shown(bad)} is not a card (a number from 0 to 39)")
    return out


def _seat(value: object, players: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        _fail(f"{what} must be a seat from 0 to {players - 1}, not {shown(value)}")


# -- the invariants -----------------------------------------------------------------------------


def check_position(state: HandState) -> None:
    """Raise :class:`PositionError` if ``state`` is not a hand in progress that play could reach.

    Every state reached by playing legal actions from a deal passes; the
    builders of this module call it on what they build.
    """
    players = state.players
    if players not in (2, 4):
        _fail(f"Guiñote is played by 2 or 4 players, not {players}")
    _seat(state.dealer, players, "the dealer")
    if state.stage is Stage.OVER or state.result is not None:
        _fail("the hand is over: a position is a hand still in play")
    _check_tricks(state)
    _check_draws(state)
    _check_cards(state)
    # Where the cards lie matters only for a muestra drawn, a change and cantes.
    places = _places(state) if state.muestra is None or state.swap is not None or state.cantes else {}
    _check_muestra(state, places)
    _check_cantes(state, places)
    _check_scores(state)
    _check_turn(state)


def _check_cards(state: HandState) -> None:
    """Each of the 40 cards in one place (run once the sizes are right: then no card can be missing)."""
    cards = state.all_cards()
    if len(cards) == 40 and set(cards) == _DECK:
        return
    seen: set[int] = set()
    for card in cards:
        if card not in _DECK:
            _fail(f"{shown(card)} is not a card")
        if card in seen:
            _fail(f"the {CARD_TEXT[card]} is in two places: each of the 40 cards is in one")
        seen.add(card)


def _check_tricks(state: HandState) -> None:
    players = state.players
    beaters = beat_table(state.rules, state.trump)
    lead = (state.dealer + 1) % players
    for number, done in enumerate(state.tricks, 1):
        if len(done.cards) != players:
            _fail(f"trick {number} has {_cards_word(len(done.cards))}: a trick has one card per seat ({players})")
        if done.leader != lead:
            _fail(f"trick {number} is led by seat {lead}, not seat {done.leader}")
        winner = (lead + winner_index(done.cards, beaters)) % players
        if done.winner != winner:
            _fail(f"trick {number} is won by seat {winner}, not seat {done.winner}")
        lead = winner
    if len(state.tricks) >= 40 // players:
        _fail("every trick has been played: the hand is over")
    if state.leader != lead:
        _fail(f"seat {lead} leads the trick in progress, not seat {state.leader}")
    if len(state.trick) >= players:
        _fail(f"the trick in progress holds {len(state.trick)} cards: a trick has one per seat ({players})")
    if state.trick and state.win_index != winner_index(state.trick, beaters):
        _fail("the card holding the trick in progress is not the one that wins it")


def _places(state: HandState) -> dict[int, tuple[int, int]]:
    """Where each held or played card is: (seat, trick number it was played in, 0 while held)."""
    players = state.players
    places: dict[int, tuple[int, int]] = {}
    for seat, hand in enumerate(state.hands):
        for card in hand:
            places[card] = (seat, 0)
    for number, done in enumerate(state.tricks, 1):
        for index, card in enumerate(done.cards):
            places[card] = ((done.leader + index) % players, number)
    for index, card in enumerate(state.trick):
        places[card] = ((state.leader + index) % players, len(state.tricks) + 1)
    return places


def _check_draws(state: HandState) -> None:
    players = state.players
    first = 40 // players - HAND_SIZE  # tricks in phase 1: each is followed by a draw
    played = len(state.tricks)
    predraw = state.stage is Stage.PREDRAW
    if predraw and played != first:
        _fail(f"the last draw waits after trick {first}, not after trick {played}")
    rounds = min(played, first) - predraw
    drawn = rounds == first
    if drawn and state.muestra is not None:
        _fail(f"after trick {first} the last of the stock and the muestra are drawn")
    if not drawn and state.muestra is None:
        _fail(f"the muestra is drawn with the last of the stock, after trick {first}, not after trick {played}")
    in_trick = {(state.leader + i) % players for i in range(len(state.trick))}
    for seat, hand in enumerate(state.hands):
        size = HAND_SIZE + rounds - played - (seat in in_trick)
        if len(hand) != size:
            _fail(f"seat {seat} holds {_cards_word(len(hand))}; after {played} tricks it holds {size}")
    stock = 40 - (HAND_SIZE + rounds) * players - (not drawn)
    if len(state.stock) != stock:
        _fail(f"the stock holds {_cards_word(len(state.stock))}; after {played} tricks it holds {stock}")


def _check_muestra(state: HandState, places: dict[int, tuple[int, int]]) -> None:
    players = state.players
    shown_card = state.muestra_card
    if state.trump != SUIT_OF[shown_card]:
        _fail(f"trumps are {Suit(state.trump).title}, but the muestra is the {CARD_TEXT[shown_card]}")
    if state.muestra is not None:
        if state.muestra != shown_card or state.muestra_taker is not None:
            _fail("a muestra under the stock has not been drawn by anyone")
    else:
        first = 40 // players - HAND_SIZE
        taker = (state.tricks[first - 1].winner - 1) % players  # the winner draws first, the seat before last
        if state.muestra_taker != taker:
            _fail(f"seat {taker}, last to draw after trick {first}, drew the muestra, not seat {state.muestra_taker}")
        seat, number = places[shown_card]
        if seat != taker or 0 < number <= first:
            _fail(f"the muestra {CARD_TEXT[shown_card]} is in seat {taker}'s hand or played by it in the arrastre")
    swap = state.swap
    if swap is None:
        return
    rules = state.rules
    taken, given = swap.taken, swap.given
    _seat(swap.seat, players, "the seat that changed the seven")
    if given != shown_card:
        _fail(f"after the change the muestra is the card given, the {CARD_TEXT[given]}")
    if SUIT_OF[taken] != state.trump:
        _fail(f"the change takes the muestra, a trump: not the {CARD_TEXT[taken]}")
    if RANK_INDEX[taken] == SEVEN_INDEX:
        if not rules.two_for_seven or RANK_INDEX[given] != TWO_INDEX:
            _fail("a muestra that is the 7 is changed only for the 2 of trumps, under two_for_seven")
    elif RANK_INDEX[given] != SEVEN_INDEX:
        _fail("the muestra is changed for the 7 of trumps")
    elif not rules.swap_low_muestra and card_tables(rules).strength[taken] < card_tables(rules).strength[given]:
        _fail("a muestra lower than the 7 is not changed (swap_low_muestra is off)")
    if places[taken][0] != swap.seat:
        _fail(f"the {CARD_TEXT[taken]} taken by the change is in seat {swap.seat}'s hand or played by it")


def _check_cantes(state: HandState, places: dict[int, tuple[int, int]]) -> None:
    rules = state.rules
    played = len(state.tricks)
    pair_index = RANKS.index(rules.cante_rank)
    suits: set[int] = set()
    windows: dict[tuple[int, int], int] = {}
    previous = 0
    for cante in state.cantes:
        number, seat, suit = cante.trick_number, cante.seat, int(cante.suit)
        _seat(seat, state.players, "a cante's seat")
        if not 1 <= number <= played:
            _fail(f"a cante is sung after a trick played: trick {number} is not (tricks played: {played})")
        if number < previous:
            _fail("the cantes are listed in the order they were sung")
        previous = number
        if seat & 1 != state.tricks[number - 1].winner & 1:
            _fail(f"seat {seat} sang after trick {number}, which the other side won")
        if suit in suits:
            _fail(f"{Suit(suit).title} is sung twice: each suit is sung once a hand")
        suits.add(suit)
        if cante.points != (40 if suit == state.trump else 20):
            _fail(f"a cante in {Suit(suit).title} is worth {40 if suit == state.trump else 20}, not {cante.points}")
        key = (number, seat if rules.cante_limit == "per_player" else seat & 1)
        windows[key] = windows.get(key, 0) + 1
        if windows[key] > 1:
            who = f"seat {seat}" if rules.cante_limit == "per_player" else f"side {seat & 1}"
            _fail(f"{who} sang twice after trick {number}: one cante per trick won")
        for card in (CARDS[suit * 10 + REY_INDEX], CARDS[suit * 10 + pair_index]):
            holder, when = places.get(card, (-1, 0))
            if holder != seat or 0 < when <= number:
                _fail(
                    f"seat {seat} sang {Suit(suit).title} after trick {number}: "
                    f"the {CARD_TEXT[card]} is in its hand or played by it later"
                )


def _check_scores(state: HandState) -> None:
    rules = state.rules
    points = card_tables(rules).points
    card_points = [0, 0]
    tricks_won = [0, 0]
    for done in state.tricks:
        card_points[done.winner & 1] += sum(map(points.__getitem__, done.cards))
        tricks_won[done.winner & 1] += 1
    if list(state.card_points) != card_points or list(state.tricks_won) != tricks_won:
        _fail(f"the card points are {card_points[0]} and {card_points[1]}, as the tricks say")
    sung = [0, 0]
    for cante in state.cantes:
        sung[cante.seat & 1] += cante.points
    extra = [state.cante_points[side] - sung[side] for side in (0, 1)]
    if sorted(extra) != ([0, 40] if state.tute_declared else [0, 0]):
        _fail(f"the cante points are {sung[0]} and {sung[1]}, as the cantes say, plus 40 for a tute")
    if state.tute_declared and rules.tute != "points40":
        _fail(f"no tute is declared in a hand in progress under tute={rules.tute}")
    if any(state.points[side] != state.card_points[side] + state.cante_points[side] for side in (0, 1)):
        _fail("the scores are the card points plus the cante points")
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in state.carried):
        _fail(f"the scores carried in are two numbers from 0 up, not {shown(state.carried)}")
    if rules.vueltas and not state.first_of_juego:
        for side in (0, 1):
            if state.total(side) >= rules.target:
                _fail(
                    f"de vueltas the hand ends when a side reaches {rules.target}: side {side} has {state.total(side)}"
                )


def _check_turn(state: HandState) -> None:
    players = state.players
    leader = state.leader
    stage = state.stage
    tricks = state.tricks
    if stage is Stage.PLAY:
        seat = (leader + len(state.trick)) % players
        if state.to_move != seat:
            _fail(f"seat {seat} is to play, not seat {state.to_move}")
    elif stage is Stage.WINDOW:
        partner = (leader + 2) % players
        if players != 4 or not tricks or state.trick:
            _fail("the window stage is the partner's turn to declare in pairs, before the next trick's lead")
        if state.to_move != partner:
            _fail(f"the window waits for seat {partner}, the trick winner's partner, not seat {state.to_move}")
        if len(state.legal_actions()) < 2:
            _fail(f"the window waits for seat {partner}, who has nothing to declare")
    elif stage is Stage.PREDRAW:
        if state.rules.swap_window != "after_trick" or state.trick:
            _fail("the pre-draw stage comes only right after a trick, under swap_window=after_trick")
        holders = [seat for seat in (leader, (leader + 2) % players) if state.swap_card(seat) is not None]
        if not holders or state.to_move != holders[0]:
            asked = f"seat {holders[0]}" if holders else "nobody"
            _fail(f"before the last draw {asked} may change the seven, not seat {state.to_move}")
    if state.window_open != (bool(tricks) and not state.trick and stage is not Stage.PREDRAW):
        _fail("the window is open from a trick's end to the next trick's first card")


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
        _fail("the hand is over: a position is a hand still in play")
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
        _fail(f"a position is written as text, not {shown(text)}")
    fields: dict[str, str] = {}
    for part in text.split(";"):
        name, _, value = part.strip().partition(" ")
        if not name:
            continue
        key = name.lower()
        if key not in _FIELDS:
            _fail(f"unknown field {shown(name)}: the fields are {', '.join(_FIELDS)}")
        if key in fields:
            _fail(f"the field {key!r} is given twice")
        value = value.strip()
        if key in _FLAGS and value:
            _fail(f"the field {key!r} takes no value, not {shown(value)}")
        fields[key] = value
    for key in ("dealer", "hands", "muestra"):
        if key not in fields:
            _fail(f"a position needs the field {key!r}")
    if "window" in fields and "predraw" in fields:
        _fail("the fields 'window' and 'predraw' exclude each other")
    try:
        hands = [[] if hand.strip() == "-" else parse_cards(hand) for hand in fields["hands"].split("/")]
    except ValueError as error:
        _fail(f"hands: {error}")
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
            _fail(f"carried: write the two sides' scores, e.g. 'carried 88 70', not {shown(fields['carried'])}")
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
        _fail(f"{field}: {shown(text.strip())} is not a number")
    return int(text)


def _card_list(text: str, field: str) -> list[Card]:
    try:
        return parse_cards(text)
    except ValueError as error:
        _fail(f"{field}: {error}")


def _muestra(text: str) -> tuple[Card, int | None]:
    words = text.split()
    if len(words) not in (1, 4) or (len(words) == 4 and [w.lower() for w in words[1:3]] != ["drawn", "by"]):
        _fail(f"muestra: write 'muestra 5O' or 'muestra 5O drawn by 1', not {shown(text)}")
    card = _card_list(words[0], "muestra")[0]
    return card, _number(words[3], "muestra") if len(words) == 4 else None


def _cante(token: str) -> tuple[int, int, int]:
    match = _CANTE.fullmatch(token)
    if match is None:
        _fail(f"cantes: write each as seat:suit@trick, e.g. '1:O@2', not {shown(token)}")
    try:
        suit = Suit.parse(match.group(2))
    except ValueError as error:
        _fail(f"cantes: {error}")
    return int(match.group(1)), int(suit), int(match.group(3))


def _swap(text: str) -> tuple[int, int]:
    match = _SWAP.fullmatch(text.strip())
    if match is None:
        _fail(f"swap: write the seat and the card it took, e.g. 'swap 0:5O', not {shown(text)}")
    return int(match.group(1)), _card_list(match.group(2), "swap")[0]
