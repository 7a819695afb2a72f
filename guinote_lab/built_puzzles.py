"""Positions built for the rare themes: treinta malas and the change of the seven (``make_puzzles --malas/--seven``).

Play seldom reaches either (docs/lab/2026-12-puzzles.md): treinta malas bites
only a side with 80 or more in cantes, and the bots change the seven as soon
as they win a trick, so that no one still holds it at the last draw. The
positions are therefore *built*, by play through the engine from decks
arranged for the purpose, so that every position is one play reaches (each
is read back through the engine's checked notation,
:func:`~guinote_tui.engine.parse_position`, before it is kept):

* **Treinta malas** (aragonés, a juego's first hand, heads-up): one seat, the
  *singer*, sings whenever it may, and in phase 1 takes tricks with cards
  worth little and leads and throws its cheapest cards, keeping its pairs; the
  other seat mostly lets the singer's cheap leads go. The stock is *stacked*
  as play goes: before each draw of phase 1, a rey or sota of a pair the
  singer can still complete is put where the singer draws. The stock's order
  is seen by no one until it is drawn, so this is the same hand as one dealt
  from the deck in that order. At the start of the arrastre, when the
  singer's side has 80 or more in cantes and 20 or fewer card points (so that
  30 from cards and the last ten is in doubt), the twelve cards in hand are
  dealt again between the two hands (:data:`REDEALS` times; the cards that
  must stay are kept: the muestra with the seat that drew it, a card taken by
  the change, the pairs sung) and the arrastre is played by the bots, a fifth
  of the moves at random; the first decision of each where treinta malas
  decides the correct cards
  (:func:`~guinote_tui.practice.themes.treinta_malas_decides`) and some card
  gives away something is yielded.
* **The change of the seven** (aragonés, where the change waits for a trick
  won, so that winning the last trick before the draw lets the seat change):
  the muestra is an ace or a three and the seven of its suit the stock's
  last card (dealt so), the bots play with
  a fifth of the moves at random and never change the seven before the last
  draw, and the stock is stacked so that the seven (the two when the muestra
  is the seven) is drawn after trick 13 by the seat that lost it, which then
  completes trick 14, the last before the draw. Its decision is yielded when
  it is exact on every layout of the unseen cards
  (:func:`~guinote_tui.practice.exact.lastdraw_outcomes`) and some card gives
  away something.

Each pool has its own generator (seeded by ``--seed``): the same seed gives
the same positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping

from guinote_tui.ai import NormalBot, decide
from guinote_tui.engine import (
    PLAY,
    RANKS,
    Action,
    Card,
    HandState,
    Play,
    Rules,
    Sing,
    Swap,
    format_cards,
    format_position,
    parse_position,
)
from guinote_tui.engine.stages import HAND_SIZE
from guinote_tui.engine.tricks import card_tables
from guinote_tui.practice.exact import (
    CardOutcome,
    arrastre_outcomes,
    correct_cards,
    is_arrastre_decision,
    is_lastdraw_decision,
    lastdraw_outcomes,
)
from guinote_tui.practice.themes import treinta_malas_decides

#: The share of moves played at random instead of by the bot (as the generator's other pools).
WILDNESS = 0.2
#: How many times the hands of one arrastre start are dealt again.
REDEALS = 20
#: The most decisions taken from one arrastre start (its deals again), for variety.
PER_START = 2
#: The least the singer's side has sung for treinta malas to be in doubt (101 - 80 = 21 < 30).
MALAS_CANTES = 80
#: The most card points the singer's side has at the start of the arrastre (else 30 is hardly in doubt).
MALAS_CARD_POINTS = 20
#: The share of the steered seats' card choices in phase 1 left to the bot.
BOT_SHARE = 0.35
PRESET = "aragones"
#: What makes a decision worth a puzzle (``make_puzzles.worth_a_puzzle``).
Worth = Callable[[Mapping[Card, CardOutcome]], bool]


def _wins(state: HandState, card: Card) -> bool:
    """Whether ``card``, completing the trick in progress, takes it."""
    child = state.copy()
    child.apply(PLAY[card])
    return child.tricks[-1].winner == state.to_move


def _pairs_held(state: HandState, seat: int) -> set[Card]:
    """The cards of ``seat``'s pairs not yet sung (the rey and the cante's other card of one suit, both held)."""
    pair = (12, state.rules.cante_rank)
    held = {(card.rank, int(card.suit)) for card in state.hands[seat]}
    return {
        card
        for card in state.hands[seat]
        if card.rank in pair
        and not state.sung >> int(card.suit) & 1
        and all((rank, int(card.suit)) in held for rank in pair)
    }


def _cheapest(cards: list[Card], state: HandState, rng: random.Random) -> Card:
    points = card_tables(state.rules).points
    return min(cards, key=lambda card: (points[card], rng.random()))


def _steered_card(state: HandState, singer: int, rng: random.Random) -> Card:
    """A phase-1 card: the singer takes cheap tricks and keeps its pairs; the other seat lets cheap leads go."""
    seat = state.to_move
    assert seat is not None
    keep = _pairs_held(state, seat)
    cards = [card for card in state.hands[seat] if card not in keep] or list(state.hands[seat])
    points = card_tables(state.rules).points
    if state.trick:
        led = points[state.trick[0]]
        if seat == singer:
            cheap = [card for card in cards if led + points[card] <= 4 and _wins(state, card)]
            if cheap and rng.random() < 0.9:
                return _cheapest(cheap, state, rng)
        elif rng.random() < 0.6:
            losing = [card for card in cards if not _wins(state, card)]
            if losing:
                return _cheapest(losing, state, rng)
    if seat != singer and rng.random() < 0.4:
        return rng.choice(cards)
    return _cheapest(cards, state, rng)


def _malas_action(state: HandState, singer: int, rng: random.Random, bot: NormalBot) -> Action:
    """The steered action in phase 1: sing whenever possible (the forty first), change the seven, else a card."""
    legal = state.legal_actions()
    sings = [action for action in legal if type(action) is Sing]
    if sings:
        return max(sings, key=lambda action: (action.suit == state.trump, -int(action.suit)))
    swaps = [action for action in legal if type(action) is Swap]
    if swaps:
        return swaps[0]
    seat = state.to_move
    assert seat is not None
    if rng.random() < BOT_SHARE:
        return decide(bot, state, seat, rng)
    return PLAY[_steered_card(state, singer, rng)]


def _wanted(state: HandState, singer: int) -> list[Card]:
    """The stock's cards that complete a pair the singer can still sing (the trump pair first)."""
    pair_ranks = (RANKS.index(12), RANKS.index(state.rules.cante_rank))
    held = set(state.hands[singer])
    stock = set(state.stock)
    out: list[Card] = []
    for suit in sorted(range(4), key=lambda suit: suit != state.trump):
        if state.sung >> suit & 1:
            continue
        pair = [Card(suit * 10 + rank) for rank in pair_ranks]
        if all(card in held or card in stock for card in pair):
            out += [card for card in pair if card in stock]
    return out


def _stack(state: HandState, card: Card, winner: int, seat: int) -> None:
    """Put ``card`` where ``seat`` draws next, the trick just completed having gone to ``winner`` (heads-up: the
    winner draws the stock's next card, the other the one after)."""
    stock = state.stock
    where = len(stock) - 1 if winner == seat else len(stock) - 2
    here = stock.index(card)
    stock[here], stock[where] = stock[where], stock[here]


def _winner_of(state: HandState, action: Action) -> int:
    child = state.copy()
    child.apply(action)
    return child.tricks[-1].winner


def _completes_a_drawing_trick(state: HandState, action: Action) -> bool:
    return type(action) is Play and state.muestra is not None and len(state.trick) == 1 and len(state.stock) >= 2


def _arrastre_start(rng: random.Random, bot: NormalBot) -> tuple[HandState, int] | None:
    """A juego's first hand in aragonés played, steered, to the start of the arrastre, with its singer (None if the
    hand ends before, by a tute)."""
    deck = list(range(40))
    rng.shuffle(deck)
    state = HandState(deck, rng.randrange(2), Rules.preset(PRESET), 2, events=False)
    singer = rng.randrange(2)
    while state.muestra is not None:
        if state.is_over:
            return None
        action = _malas_action(state, singer, rng, bot)
        if _completes_a_drawing_trick(state, action):
            wanted = _wanted(state, singer)
            if wanted:
                _stack(state, wanted[0], _winner_of(state, action), singer)
        state.apply(action)
    return state, singer


def _kept(state: HandState) -> dict[Card, int]:
    """The cards in hand that must stay with their holder when the hands are dealt again: the muestra with the seat
    that drew it, the card taken by the change with its seat, the cards of the pairs sung with their singer."""
    fixed = {state.muestra_card: state.muestra_taker}
    if state.swap is not None:
        fixed[state.swap.taken] = state.swap.seat
    pair_ranks = (RANKS.index(12), RANKS.index(state.rules.cante_rank))
    for cante in state.cantes:
        for rank in pair_ranks:
            fixed[Card(int(cante.suit) * 10 + rank)] = cante.seat
    held = {card for hand in state.hands for card in hand}
    return {card: seat for card, seat in fixed.items() if card in held and seat is not None}


def redeal(state: HandState, rng: random.Random) -> HandState:
    """``state`` (heads-up, the start of the arrastre) with the cards in hand dealt again between the two hands,
    :func:`_kept` cards staying; built through the engine's checked notation."""
    kept = _kept(state)
    free = sorted(card for hand in state.hands for card in hand if card not in kept)
    rng.shuffle(free)
    hands = [[card for card, seat in kept.items() if seat == side] for side in (0, 1)]
    for card in free:
        hands[0 if len(hands[0]) < len(state.hands[0]) else 1].append(card)
    fields = format_position(state).split("; ")
    fields[1] = "hands " + " / ".join(format_cards(sorted(hand)) for hand in hands)
    return parse_position("; ".join(fields), state.rules)


def _malas_in_doubt(state: HandState, side: int) -> bool:
    """Whether ``side`` has sung enough that treinta malas may decide, and has not yet 30 from cards."""
    return state.cante_points[side] >= MALAS_CANTES and state.card_points[side] < 30


def malas_pool(seed: int, worth: Worth) -> Iterator[tuple[str, HandState]]:
    """Heads-up arrastre decisions (aragonés, a juego's first hand) where treinta malas decides the correct cards
    and ``worth(outcomes)`` holds, from built positions (the module's docstring), without end."""
    rng = random.Random(f"malas:{seed}")
    bot = NormalBot()
    while True:
        found = _arrastre_start(rng, bot)
        if found is None:
            continue
        start, singer = found
        side = singer & 1
        if start.is_over or start.cante_points[side] < MALAS_CANTES or start.card_points[side] > MALAS_CARD_POINTS:
            continue
        taken = 0
        for _ in range(REDEALS):
            if taken == PER_START:
                break
            state = redeal(start, rng)
            while not state.is_over and _malas_in_doubt(state, side):
                if is_arrastre_decision(state):
                    outcomes = arrastre_outcomes(state)
                    if worth(outcomes) and treinta_malas_decides(state, correct_cards(outcomes)):
                        taken += 1
                        yield PRESET, parse_position(format_position(state), state.rules)
                        break
                seat = state.to_move
                assert seat is not None
                legal = state.legal_actions()
                state.apply(rng.choice(legal) if rng.random() < WILDNESS else decide(bot, state, seat, rng))


# -- the seven ------------------------------------------------------------------------------------------


def swap_card(state: HandState) -> Card:
    """The card that changes for the muestra: the seven of trumps, the two when the muestra is the seven."""
    assert state.muestra is not None
    return Card.of(2 if state.muestra.rank == 7 else 7, state.trump)


def _seven_hand(rng: random.Random, later: bool) -> HandState:
    """An aragonés hand whose muestra (the card after the hands) is an ace or a three, the seven of its suit the
    stock's last card."""
    deck = list(range(40))
    rng.shuffle(deck)
    high = rng.choice([card for card in range(40) if card % 10 in (0, 2)])
    for card, place in ((high, 2 * HAND_SIZE), (int(Card.of(7, high // 10)), len(deck) - 1)):
        where = deck.index(card)
        deck[where], deck[place] = deck[place], deck[where]
    carried = (rng.randrange(0, 91), rng.randrange(0, 91)) if later else (0, 0)
    return HandState(deck, rng.randrange(2), Rules.preset(PRESET), 2, carried, first_of_juego=not later, events=False)


def _seven_action(state: HandState, rng: random.Random, bot: NormalBot) -> Action:
    """The bot's action (a fifth at random), a change of the seven before the last draw replaced by a card."""
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    action = rng.choice(legal) if rng.random() < WILDNESS else decide(bot, state, seat, rng)
    if type(action) is Swap and state.stock_count > 1:
        return rng.choice([other for other in legal if type(other) is Play])
    return action


def _to_the_last_draw(state: HandState, rng: random.Random, bot: NormalBot) -> HandState | None:
    """``state`` played to the decision completing the last trick before the draw, the seven stacked to be drawn
    after trick 13 by the seat that loses it (None if the hand ends before, or the seven is not in the stock)."""
    seven = swap_card(state)
    while not state.is_over and not is_lastdraw_decision(state):
        if state.muestra is None:
            return None
        action = _seven_action(state, rng, bot)
        if len(state.tricks) == 12 and seven in state.stock and _completes_a_drawing_trick(state, action):
            _stack(state, seven, _winner_of(state, action), 1 - _winner_of(state, action))
        state.apply(action)
    return None if state.is_over else state


def seven_pool(seed: int, worth: Worth) -> Iterator[tuple[str, HandState]]:
    """Heads-up decisions at the last draw (aragonés, first and later hands in turn) where the seat to move holds
    the seven of trumps, exact on every layout of the unseen cards, ``worth(outcomes)`` holding, without end."""
    rng = random.Random(f"seven:{seed}")
    bot = NormalBot()
    number = 0
    while True:
        state = _to_the_last_draw(_seven_hand(rng, number % 2 == 1), rng, bot)
        number += 1
        if state is None or state.swap is not None or swap_card(state) not in state.hands[state.to_move or 0]:
            continue  # (a decision's seat to move is never None)
        if not _takes_or_not(state):
            continue
        outcomes = lastdraw_outcomes(state)
        if outcomes is not None and worth(outcomes):
            yield PRESET, parse_position(format_position(state), state.rules)


def _takes_or_not(state: HandState) -> bool:
    """Whether the seat to move may take the trick in progress with one card and let it go with another."""
    taking = {_wins(state, action.card) for action in state.legal_actions() if type(action) is Play}
    return taking == {True, False}
