"""Whether a hand is a position play could reach: :func:`check_position` and :class:`PositionError`.

The builders of :mod:`.position` lay a hand out from its parts and call
:func:`check_position` on it: a position that breaks a rule of play (that
module's docstring lists them) raises :class:`PositionError`, a
``ValueError`` with one line saying what is wrong. Every state reached by
playing legal actions from a deal passes. :func:`fail`, :func:`cards_word`
and :func:`need_seat` word the builders' refusals the same way.
"""

from __future__ import annotations

from typing import NoReturn

from .cards import CARD_TEXT, CARDS, RANKS, Suit
from .errors import shown
from .hand import HandState
from .stages import HAND_SIZE, RANK_INDEX, REY_INDEX, SEVEN_INDEX, SUIT_OF, TWO_INDEX, Stage
from .tricks import beat_table, card_tables, winner_index

_DECK = frozenset(range(40))


class PositionError(ValueError):
    """A position that play could not have reached, or notation that cannot be read: one line says why."""


def fail(message: str) -> NoReturn:
    """Refuse a position or its notation with the one line ``message``."""
    raise PositionError(message)


def cards_word(count: int) -> str:
    """``count`` cards, in words ("1 card", "6 cards")."""
    return "1 card" if count == 1 else f"{count} cards"


def need_seat(value: object, players: int, what: str) -> None:
    """Refuse ``value`` (``what`` names it) unless it is a seat of a table of ``players``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        fail(f"{what} must be a seat from 0 to {players - 1}, not {shown(value)}")


def check_position(state: HandState) -> None:
    """Raise :class:`PositionError` if ``state`` is not a hand in progress that play could reach.

    Every state reached by playing legal actions from a deal passes; the
    builders of :mod:`.position` call it on what they build.
    """
    players = state.players
    if players not in (2, 4):
        fail(f"Guiñote is played by 2 or 4 players, not {players}")
    need_seat(state.dealer, players, "the dealer")
    if state.stage is Stage.OVER or state.result is not None:
        fail("the hand is over: a position is a hand still in play")
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
            fail(f"{shown(card)} is not a card")
        if card in seen:
            fail(f"the {CARD_TEXT[card]} is in two places: each of the 40 cards is in one")
        seen.add(card)


def _check_tricks(state: HandState) -> None:
    players = state.players
    beaters = beat_table(state.rules, state.trump)
    lead = (state.dealer + 1) % players
    for number, done in enumerate(state.tricks, 1):
        if len(done.cards) != players:
            fail(f"trick {number} has {cards_word(len(done.cards))}: a trick has one card per seat ({players})")
        if done.leader != lead:
            fail(f"trick {number} is led by seat {lead}, not seat {done.leader}")
        winner = (lead + winner_index(done.cards, beaters)) % players
        if done.winner != winner:
            fail(f"trick {number} is won by seat {winner}, not seat {done.winner}")
        lead = winner
    if len(state.tricks) >= 40 // players:
        fail("every trick has been played: the hand is over")
    if state.leader != lead:
        fail(f"seat {lead} leads the trick in progress, not seat {state.leader}")
    if len(state.trick) >= players:
        fail(f"the trick in progress holds {len(state.trick)} cards: a trick has one per seat ({players})")
    if state.trick and state.win_index != winner_index(state.trick, beaters):
        fail("the card holding the trick in progress is not the one that wins it")


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
        fail(f"the last draw waits after trick {first}, not after trick {played}")
    rounds = min(played, first) - predraw
    drawn = rounds == first
    if drawn and state.muestra is not None:
        fail(f"after trick {first} the last of the stock and the muestra are drawn")
    if not drawn and state.muestra is None:
        fail(f"the muestra is drawn with the last of the stock, after trick {first}, not after trick {played}")
    in_trick = {(state.leader + i) % players for i in range(len(state.trick))}
    for seat, hand in enumerate(state.hands):
        size = HAND_SIZE + rounds - played - (seat in in_trick)
        if len(hand) != size:
            fail(f"seat {seat} holds {cards_word(len(hand))}; after {played} tricks it holds {size}")
    stock = 40 - (HAND_SIZE + rounds) * players - (not drawn)
    if len(state.stock) != stock:
        fail(f"the stock holds {cards_word(len(state.stock))}; after {played} tricks it holds {stock}")


def _check_muestra(state: HandState, places: dict[int, tuple[int, int]]) -> None:
    players = state.players
    shown_card = state.muestra_card
    if state.trump != SUIT_OF[shown_card]:
        fail(f"trumps are {Suit(state.trump).title}, but the muestra is the {CARD_TEXT[shown_card]}")
    if state.muestra is not None:
        if state.muestra != shown_card or state.muestra_taker is not None:
            fail("a muestra under the stock has not been drawn by anyone")
    else:
        first = 40 // players - HAND_SIZE
        taker = (state.tricks[first - 1].winner - 1) % players  # the winner draws first, the seat before last
        if state.muestra_taker != taker:
            fail(f"seat {taker}, last to draw after trick {first}, drew the muestra, not seat {state.muestra_taker}")
        seat, number = places[shown_card]
        if seat != taker or 0 < number <= first:
            fail(f"the muestra {CARD_TEXT[shown_card]} is in seat {taker}'s hand or played by it in the arrastre")
    swap = state.swap
    if swap is None:
        return
    rules = state.rules
    taken, given = swap.taken, swap.given
    need_seat(swap.seat, players, "the seat that changed the seven")
    if given != shown_card:
        fail(f"after the change the muestra is the card given, the {CARD_TEXT[given]}")
    if SUIT_OF[taken] != state.trump:
        fail(f"the change takes the muestra, a trump: not the {CARD_TEXT[taken]}")
    if RANK_INDEX[taken] == SEVEN_INDEX:
        if not rules.two_for_seven or RANK_INDEX[given] != TWO_INDEX:
            fail("a muestra that is the 7 is changed only for the 2 of trumps, under two_for_seven")
    elif RANK_INDEX[given] != SEVEN_INDEX:
        fail("the muestra is changed for the 7 of trumps")
    elif not rules.swap_low_muestra and card_tables(rules).strength[taken] < card_tables(rules).strength[given]:
        fail("a muestra lower than the 7 is not changed (swap_low_muestra is off)")
    if places.get(taken, (None, 0))[0] != swap.seat:  # a card still in the stock is in no one's hand
        fail(f"the {CARD_TEXT[taken]} taken by the change is in seat {swap.seat}'s hand or played by it")


def _check_cantes(state: HandState, places: dict[int, tuple[int, int]]) -> None:
    rules = state.rules
    played = len(state.tricks)
    pair_index = RANKS.index(rules.cante_rank)
    suits: set[int] = set()
    windows: dict[tuple[int, int], int] = {}
    previous = 0
    for cante in state.cantes:
        number, seat, suit = cante.trick_number, cante.seat, int(cante.suit)
        need_seat(seat, state.players, "a cante's seat")
        if not 1 <= number <= played:
            fail(f"a cante is sung after a trick played: trick {number} is not (tricks played: {played})")
        if number < previous:
            fail("the cantes are listed in the order they were sung")
        previous = number
        if seat & 1 != state.tricks[number - 1].winner & 1:
            fail(f"seat {seat} sang after trick {number}, which the other side won")
        if suit in suits:
            fail(f"{Suit(suit).title} is sung twice: each suit is sung once a hand")
        suits.add(suit)
        if cante.points != (40 if suit == state.trump else 20):
            fail(f"a cante in {Suit(suit).title} is worth {40 if suit == state.trump else 20}, not {cante.points}")
        key = (number, seat if rules.cante_limit == "per_player" else seat & 1)
        windows[key] = windows.get(key, 0) + 1
        if windows[key] > 1:
            who = f"seat {seat}" if rules.cante_limit == "per_player" else f"side {seat & 1}"
            fail(f"{who} sang twice after trick {number}: one cante per trick won")
        for card in (CARDS[suit * 10 + REY_INDEX], CARDS[suit * 10 + pair_index]):
            holder, when = places.get(card, (-1, 0))
            if holder != seat or 0 < when <= number:
                fail(
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
        fail(f"the card points are {card_points[0]} and {card_points[1]}, as the tricks say")
    sung = [0, 0]
    for cante in state.cantes:
        sung[cante.seat & 1] += cante.points
    extra = [state.cante_points[side] - sung[side] for side in (0, 1)]
    if sorted(extra) != ([0, 40] if state.tute_declared else [0, 0]):
        fail(f"the cante points are {sung[0]} and {sung[1]}, as the cantes say, plus 40 for a tute")
    if state.tute_declared and rules.tute != "points40":
        fail(f"no tute is declared in a hand in progress under tute={rules.tute}")
    if any(state.points[side] != state.card_points[side] + state.cante_points[side] for side in (0, 1)):
        fail("the scores are the card points plus the cante points")
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in state.carried):
        fail(f"the scores carried in are two numbers from 0 up, not {shown(state.carried)}")
    if rules.vueltas and not state.first_of_juego:
        for side in (0, 1):
            if state.total(side) >= rules.target:
                fail(
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
            fail(f"seat {seat} is to play, not seat {state.to_move}")
    elif stage is Stage.WINDOW:
        partner = (leader + 2) % players
        if players != 4 or not tricks or state.trick:
            fail("the window stage is the partner's turn to declare in pairs, before the next trick's lead")
        if state.to_move != partner:
            fail(f"the window waits for seat {partner}, the trick winner's partner, not seat {state.to_move}")
        if len(state.legal_actions()) < 2:
            fail(f"the window waits for seat {partner}, who has nothing to declare")
    elif stage is Stage.PREDRAW:
        if state.rules.swap_window != "after_trick" or state.trick:
            fail("the pre-draw stage comes only right after a trick, under swap_window=after_trick")
        holders = [seat for seat in (leader, (leader + 2) % players) if state.swap_card(seat) is not None]
        if not holders or state.to_move != holders[0]:
            asked = f"seat {holders[0]}" if holders else "nobody"
            fail(f"before the last draw {asked} may change the seven, not seat {state.to_move}")
    if state.window_open != (bool(tricks) and not state.trick and stage is not Stage.PREDRAW):
        fail("the window is open from a trick's end to the next trick's first card")
