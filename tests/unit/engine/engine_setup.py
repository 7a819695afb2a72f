"""Helpers that set up exact deals for the engine's scenario tests.

Two ways to reach a position:

* :func:`deal` builds the 40-card deck order (the documented convention:
  the first ``6 × players`` cards are dealt in packets starting with the seat
  after the dealer, then the muestra, then the stock in drawing order) from
  the hands each seat should hold, the muestra and the first stock cards, and
  starts a :class:`HandState` from it.
* :func:`arrastre` builds a deck whose phase 1 is played out automatically so
  that the arrastre starts with exactly the hands asked for and a chosen
  leader (the leader wins every phase-1 trick with throw-away cards).

:func:`act` applies actions written as in histories (``"0 12E"``,
``"2 sing:O"``) and checks that the named seat is the one to move.
"""

from __future__ import annotations

import copy
from typing import Any

from guinote_tui.engine import (
    CARDS,
    Card,
    HandState,
    Match,
    Rules,
    Stage,
    parse_action,
    parse_cards,
)
from guinote_tui.engine.cards import RANKS

HAND_SIZE = 6

# Filler cards are taken in this order: small cards first, so that a filled
# hand does not hold a cante, a tute or points by accident.
_FILL_RANKS = (2, 4, 5, 6, 7, 3, 1, 11, 10, 12)
FILL_ORDER: tuple[Card, ...] = tuple(CARDS[suit * 10 + RANKS.index(rank)] for rank in _FILL_RANKS for suit in range(4))


def cards(text: str) -> list[Card]:
    """``"1O 3O 12E"`` as a list of cards."""
    return parse_cards(text)


def _as_cards(value: str | list[Card] | None) -> list[Card]:
    if value is None:
        return []
    if isinstance(value, str):
        return cards(value)
    return list(value)


def deck_order(
    hands: dict[int, str] | None = None,
    muestra: str | None = None,
    stock: str = "",
    dealer: int = 0,
    players: int = 4,
    packet: int = 3,
    avoid: str = "",
) -> list[Card]:
    """A 40-card deck order giving each seat ``hands[seat]`` (missing cards filled).

    ``stock`` lists the first stock cards in drawing order; the rest of the
    stock is filled. Filler cards come from :data:`FILL_ORDER`, skipping
    ``avoid`` (cards that must end up in the stock's tail, e.g. a rey that
    should not complete a cante by accident).
    """
    wanted_hands = {seat: _as_cards(text) for seat, text in (hands or {}).items()}
    head_of_stock = _as_cards(stock)
    chosen: list[Card] = [c for h in wanted_hands.values() for c in h] + head_of_stock
    if muestra is not None:
        chosen.append(Card.parse(muestra))
    if len(set(chosen)) != len(chosen):
        raise ValueError("a card is asked for twice")
    for seat, hand in wanted_hands.items():
        if len(hand) > HAND_SIZE or not 0 <= seat < players:
            raise ValueError(f"seat {seat} cannot hold {hand}")
    avoided = set(_as_cards(avoid))
    spare = [c for c in FILL_ORDER if c not in chosen and c not in avoided]
    spare += [c for c in FILL_ORDER if c in avoided and c not in chosen]
    full_hands: dict[int, list[Card]] = {}
    for seat in range(players):
        hand = list(wanted_hands.get(seat, []))
        while len(hand) < HAND_SIZE:
            hand.append(spare.pop(0))
        full_hands[seat] = hand
    the_muestra = Card.parse(muestra) if muestra is not None else spare.pop(0)
    order: list[Card] = []
    taken = {seat: 0 for seat in range(players)}
    for _ in range(HAND_SIZE // packet):
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            order.extend(full_hands[seat][taken[seat] : taken[seat] + packet])
            taken[seat] += packet
    order.append(the_muestra)
    order.extend(head_of_stock)
    order.extend(spare)
    assert sorted(order) == list(range(40)), "the helper built a bad deck"
    return order


def deal(
    hands: dict[int, str] | None = None,
    muestra: str | None = None,
    stock: str = "",
    dealer: int = 0,
    players: int = 4,
    rules: Rules | None = None,
    avoid: str = "",
    carried: tuple[int, int] = (0, 0),
    first_of_juego: bool = True,
) -> HandState:
    """A hand dealt so that each seat holds ``hands[seat]`` (see :func:`deck_order`)."""
    rules = rules or Rules()
    order = deck_order(hands, muestra, stock, dealer, players, rules.deal_packet, avoid)
    return HandState(order, dealer, rules, players, carried, first_of_juego)


def act(state: HandState | Match, *moves: str) -> None:
    """Apply ``"<seat> <action>"`` moves, checking each seat is the one to move."""
    for move in moves:
        seat_text, action_text = move.split()
        seat = int(seat_text)
        assert state.to_move == seat, f"{move!r}: seat {state.to_move} is to move, not {seat}"
        state.apply(parse_action(action_text), seat)


def legal_texts(state: HandState) -> set[str]:
    """The legal actions in their text form."""
    return {str(a) for a in state.legal_actions()}


def playable(state: HandState) -> set[str]:
    """The cards the seat to move may play, as text."""
    return {str(a) for a in state.legal_actions() if type(a).__name__ == "Play"}


def snapshot(state: HandState) -> dict[str, Any]:
    """Every attribute of the state, deep-copied, for before/after comparisons."""
    state.legal_actions()  # fill the cache so it is part of both snapshots
    return {name: copy.deepcopy(getattr(state, name)) for name in HandState.__slots__}


def pass_windows(state: HandState) -> None:
    """Let any window or pre-draw decision go by until a card is to be played."""
    while state.stage in (Stage.WINDOW, Stage.PREDRAW):
        state.apply(parse_action("pass"))


# -- reaching the arrastre with chosen hands ----------------------------------


def _power(card: Card, trump: int, strength: list[int]) -> tuple[int, int]:
    return (1 if card // 10 == trump else 0, strength[card])


def arrastre(
    hands: dict[int, str],
    muestra: str,
    leader: int = 0,
    players: int = 4,
    rules: Rules | None = None,
) -> HandState:
    """A hand played through phase 1 so that the arrastre starts with ``hands``.

    ``hands`` gives each seat's arrastre cards (seats or cards left out are
    filled with small non-trump cards); ``muestra`` fixes trumps and ends in
    the hand of seat ``leader - 1``, the last to draw. The deal is
    built so that ``leader`` is mano and wins every phase-1 trick with the
    strongest leftover card while the others throw the rest; windows and the
    pre-draw swap are passed. The returned state is at the first arrastre
    trick with ``leader`` to lead (the leader's window still open).
    """
    from guinote_tui.engine import card_tables

    rules = rules or Rules()
    strength = card_tables(rules).strength
    keep = {seat: cards(hands.get(seat, "")) for seat in range(players)}
    last_drawer = (leader - 1) % players
    the_muestra = Card.parse(muestra)
    if the_muestra not in keep[last_drawer]:
        keep[last_drawer].append(the_muestra)
    given = {c for h in keep.values() for c in h}
    if len(given) != sum(len(h) for h in keep.values()) or any(len(h) > HAND_SIZE for h in keep.values()):
        raise ValueError("a card is given twice, or a seat is given more than six")
    spare = [c for c in FILL_ORDER if c not in given and c // 10 != the_muestra // 10]
    for seat in range(players):
        while len(keep[seat]) < HAND_SIZE:
            keep[seat].append(spare.pop(0))
    trump = the_muestra // 10
    kept = {c for h in keep.values() for c in h}
    pool = sorted((c for c in CARDS if c not in kept), key=lambda c: _power(c, trump, strength), reverse=True)
    tricks = len(pool) // players
    # Trick by trick the leader leads the strongest card left; nothing left can beat it.
    throw: dict[int, list[Card]] = {seat: [] for seat in range(players)}
    for _ in range(tricks):
        throw[leader].append(pool.pop(0))
        for offset in range(1, players):
            throw[(leader + offset) % players].append(pool.pop())
    # Each seat receives its throw-aways first (dealt, then drawn) and its keepers last.
    received = {}
    for seat in range(players):
        keepers = [c for c in keep[seat] if c != the_muestra]
        if seat == last_drawer:
            keepers.append(the_muestra)
        received[seat] = throw[seat] + keepers
    dealer = last_drawer
    order: list[Card] = []
    for round_ in range(HAND_SIZE // rules.deal_packet):
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            start = round_ * rules.deal_packet
            order.extend(received[seat][start : start + rules.deal_packet])
    order.append(the_muestra)
    for draw in range(tricks):
        for offset in range(players):
            seat = (leader + offset) % players
            if draw == tricks - 1 and offset == players - 1:
                continue  # the muestra itself
            order.append(received[seat][HAND_SIZE + draw])
    state = HandState(order, dealer, rules, players)
    for trick in range(tricks):
        for offset in range(players):
            pass_windows(state)
            seat = state.to_move
            assert seat == (leader + offset) % players
            state.apply(parse_action(str(throw[seat][trick])), seat)
    if state.stage is Stage.PREDRAW:
        state.apply(parse_action("pass"))
    assert state.in_arrastre and state.leader == leader, (state.tricks, state.describe())
    for seat in range(players):
        assert sorted(state.hands[seat]) == sorted(keep[seat])
    return state
