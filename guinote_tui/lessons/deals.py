"""Fixed deals for the lessons: deck orders that put chosen cards in chosen hands.

Two builders, both pure and deterministic:

* :func:`deal` for a position early in a hand: the hands dealt, the muestra
  and the first cards of the stock are given; the other cards follow in deck
  order.
* :func:`to_arrastre` for a position in the arrastre: the six cards each seat
  holds when the stock is gone are given; the builder chooses what the seats
  play in phase 1 (the other cards) and the order of the stock, and returns
  the actions that play phase 1 out (docs/rules.md, sections 3 and 4).

    >>> deck, actions = deal(2, dealer=1, hands={0: "1O 3C 12E 10B 11O 6C"}, muestra="5O")
    >>> len(deck), actions
    (40, ())
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..engine import (
    CARDS,
    PASS,
    PLAY,
    Action,
    Card,
    HandState,
    Rules,
    Stage,
    parse_cards,
    trick_winner,
)

HAND = 6


def deal(
    players: int,
    dealer: int,
    hands: Mapping[int, str],
    muestra: str,
    stock: str = "",
    rules: Rules | None = None,
) -> tuple[tuple[Card, ...], tuple[Action, ...]]:
    """A deck order dealing ``hands`` (six cards per listed seat) with ``muestra`` turned up.

    Seats not listed, and the stock after ``stock``, get the other cards in
    deck order. Returns the deck and no actions (the hand starts at its deal).
    """
    rules = rules or Rules()
    wanted = {seat: parse_cards(text) for seat, text in hands.items()}
    fixed = [c for cards in wanted.values() for c in cards] + parse_cards(muestra) + parse_cards(stock)
    if len(set(fixed)) != len(fixed):
        raise ValueError("a card is listed twice")
    spare = [c for c in CARDS if c not in fixed]
    for seat in range(players):
        if seat not in wanted:
            wanted[seat] = [spare.pop(0) for _ in range(HAND)]
    order = _dealt(players, dealer, wanted, rules)
    order.extend(parse_cards(muestra))
    order.extend(parse_cards(stock))
    order.extend(spare)
    return tuple(order), ()


def _dealt(players: int, dealer: int, sequences: Mapping[int, Sequence[Card]], rules: Rules) -> list[Card]:
    """The first ``6 × players`` cards of a deck giving each seat the first six of its sequence."""
    packet = rules.deal_packet
    order: list[Card] = []
    for round_ in range(HAND // packet):
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            order.extend(sequences[seat][round_ * packet : (round_ + 1) * packet])
    return order


def to_arrastre(
    players: int,
    leader: int,
    hands: Mapping[int, str],
    muestra: str,
    rules: Rules | None = None,
    seed: int = 0,
) -> tuple[tuple[Card, ...], int, tuple[Action, ...]]:
    """A deck, its dealer and the phase-1 actions after which every seat holds ``hands``.

    ``leader`` leads the first trick of the arrastre (so won the last trick of
    phase 1), and ``muestra`` must be in the hand of the seat that draws it,
    the one before ``leader``. In phase 1 every seat plays the cards not in
    ``hands`` and lets every cante and change go (pass).
    """
    rules = rules or Rules()
    final = {seat: parse_cards(hands[seat]) for seat in range(players)}
    shown = parse_cards(muestra)[0]
    drawer = (leader - 1) % players
    if shown not in final[drawer]:
        raise ValueError(f"the muestra {shown} is drawn by seat {drawer}: it must be in that seat's hand")
    held = [c for cards in final.values() for c in cards]
    if any(len(cards) != HAND for cards in final.values()) or len(set(held)) != len(held):
        raise ValueError("every seat holds six cards, each card once")
    junk = [c for c in CARDS if c not in held]
    tricks = len(junk) // players
    trump = shown.suit
    rng = random.Random(seed)
    for _ in range(5000):
        rng.shuffle(junk)
        plays = {seat: junk[seat * tricks : (seat + 1) * tricks] for seat in range(players)}
        for dealer in range(players):
            draws = _draw_order(players, dealer, plays, trump, rules)
            if draws is None or draws[-1] != drawer or _winner_after(players, dealer, plays, trump, rules) != leader:
                continue
            sequences = {seat: [*plays[seat], *(c for c in final[seat] if c != shown)] for seat in range(players)}
            sequences[drawer].append(shown)
            order = _dealt(players, dealer, sequences, rules)
            order.append(shown)
            taken = {seat: HAND for seat in range(players)}
            for seat in draws[:-1]:
                order.append(sequences[seat][taken[seat]])
                taken[seat] += 1
            deck = tuple(order)
            actions = _play_phase_one(deck, dealer, players, plays, rules)
            return deck, dealer, actions
    raise ValueError("no phase 1 found for these hands")  # pragma: no cover - the lessons' hands all have one


def _draw_order(
    players: int, dealer: int, plays: Mapping[int, Sequence[Card]], trump: int, rules: Rules
) -> list[int] | None:
    """Who draws, in order, when the seats play ``plays`` in phase 1 (winner first after each trick)."""
    lead = (dealer + 1) % players
    order: list[int] = []
    for k in range(len(plays[0])):
        seats = [(lead + i) % players for i in range(players)]
        winner = seats[trick_winner([plays[s][k] for s in seats], trump, rules)]
        order.extend((winner + i) % players for i in range(players))
        lead = winner
    return order


def _winner_after(players: int, dealer: int, plays: Mapping[int, Sequence[Card]], trump: int, rules: Rules) -> int:
    lead = (dealer + 1) % players
    for k in range(len(plays[0])):
        seats = [(lead + i) % players for i in range(players)]
        lead = seats[trick_winner([plays[s][k] for s in seats], trump, rules)]
    return lead


def _play_phase_one(
    deck: Sequence[Card], dealer: int, players: int, plays: Mapping[int, Sequence[Card]], rules: Rules
) -> tuple[Action, ...]:
    """Play phase 1 on ``deck``: each seat its cards in order, every window let go."""
    state = HandState([int(c) for c in deck], dealer, rules, players, events=False)
    actions: list[Action] = []
    played = dict.fromkeys(range(players), 0)
    while not state.in_arrastre:
        seat = state.to_move
        assert seat is not None
        if state.stage in (Stage.WINDOW, Stage.PREDRAW):
            action: Action = PASS
        else:
            action = PLAY[plays[seat][played[seat]]]
            played[seat] += 1
        state.apply(action)
        actions.append(action)
    return tuple(actions)
