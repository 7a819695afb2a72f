"""Exact answers: what each card the seat to move may play is worth, where nothing hidden can change it.

Four kinds of decision have an exact answer:

* **the heads-up arrastre** (:data:`ARRASTRE`): the stock is gone and the seat
  knows every card (the rival holds exactly the cards it has not seen), so the
  rest of the hand is a finite game. The open solver playing for the juego
  (:func:`guinote_tui.ai.solver.juego_solver`, with the juego model of
  :mod:`guinote_tui.engine.outcome`) values each legal card with best play on
  both sides: the juego first, then the points;
* **a trick that decides the juego at once** (:data:`PHASE1`): heads-up de
  vueltas with the stock still on the table, the seat completes a trick and
  every card it may play either wins the juego at once (it takes the trick and
  reaches the target, with the trick or with a cante of a pair it already
  holds) or loses it at once (the rival takes the trick and reaches). What the
  stock and the rival's hand hold changes nothing;
* **the arrastre in pairs** (:data:`PAIRS`): the stock is gone, and the seat
  knows which cards the three others hold between them but not who holds
  which. Every layout of those cards among the three hands (of their sizes)
  is solved with open cards, the play after the seat's card being best play
  on all sides with every card open (as bridge's double-dummy problems are).
  A decision is kept as exact only when its correct cards reach the best
  outcome on **every** layout and every other card does worse on every
  layout (:func:`pairs_outcomes`); each card's outcome is then the least it
  secures over the layouts, so the correct cards are the same read either
  way;
* **the last draw** (:data:`LASTDRAW`): heads-up, the seat completes the last
  trick before the stock runs out (one face-down card and the muestra left).
  The trick's winner draws the face-down card, the other the muestra; after
  the draw every card is known, so the rest is the arrastre solved exactly.
  What the seat cannot see is which of the unseen cards lies in the stock (the
  rest being the rival's hand): every such layout is solved, and a decision
  is kept only when its correct cards are best on **every** layout and every
  other card does worse on every layout (:func:`lastdraw_outcomes`). Nothing
  is played with open cards: the seat's own choice before the draw (changing
  the seven) must be best on every layout too, and a decision where the rival
  would have a choice before the draw (the rival holding the seven) is not
  kept.

Each legal card gets a :class:`CardOutcome`: the juego it leads to for the
seat's side (won, undecided, lost) and the points of the rest of the hand, the
seat's side minus the rival's, with best play. The *correct* cards
(:func:`correct_cards`) reach the best outcome: the best juego and, where every
card reaching it leaves the juego undecided, the best margin. Once a juego is
won or lost its points count for nothing (the next juego starts from 0), so a
card that wins the juego is never wrong for winning it by fewer points.

A wrong card's :class:`Loss` (:func:`loss_of`) says what it gives away against
a correct one: the juego (won to undecided or lost, undecided to lost), or
points where the juego is undecided either way.

:func:`play_line` plays a card and then the rest of the hand with best play
(the solver's choices; the winner of a trick declares a tute it holds and sings
the best cante open to it, forty before twenty, as the solver does), so that a
line can be shown and the themes read from it (:mod:`.themes`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from ..ai.solver import juego_solver
from ..engine import (
    JUEGO,
    PASS,
    PLAY,
    RANKS,
    Action,
    Card,
    DeclareTute,
    HandState,
    Play,
    PositionError,
    Sing,
    Stage,
    Swap,
    best_cante,
    mask_of,
    position_from_view,
    rule_tables,
    seat_view,
)

#: The kind of a decision in the heads-up arrastre (solved exactly).
ARRASTRE = "arrastre"
#: The kind of a decision in phase 1 de vueltas where every card decides the juego on the trick.
PHASE1 = "phase1"
#: The kind of a decision in the arrastre in pairs (exact on every layout of the hidden cards, open cards after).
PAIRS = "pairs"
#: The kind of a heads-up decision completing the last trick before the stock runs out (exact on every layout).
LASTDRAW = "lastdraw"
KINDS = (ARRASTRE, PHASE1, PAIRS, LASTDRAW)
#: The most layouts of the hidden cards a pairs decision is solved on (three cards each: 1,680).
MAX_LAYOUTS = 1680

#: The rest of the hand's juego for the seat's side: won, undecided, lost.
WON, UNDECIDED, LOST = 1, 0, -1


@dataclass(frozen=True)
class CardOutcome:
    """What one card leads to with best play: the juego for the seat's side and the rest of the hand's margin."""

    #: :data:`WON`, :data:`UNDECIDED` or :data:`LOST`, for the seat's side.
    juego: int
    #: The rest of the hand's points, the seat's side minus the rival's (when the juego is decided, up to that moment).
    margin: int = 0

    @property
    def rank(self) -> tuple[int, int]:
        """How outcomes compare: the juego first; the margin only while the juego is undecided."""
        return (self.juego, self.margin if self.juego == UNDECIDED else 0)


@dataclass(frozen=True)
class Loss:
    """What a wrong card gives away against a correct one."""

    #: The juego a correct card reaches.
    juego_best: int
    #: The juego this card reaches.
    juego: int
    #: The points of margin it gives away (only when the juego is the same: undecided either way).
    points: int

    @property
    def juego_lost(self) -> bool:
        """Whether the card gives away the juego (rather than points)."""
        return self.juego < self.juego_best


def correct_cards(outcomes: Mapping[Card, CardOutcome]) -> frozenset[Card]:
    """The cards reaching the best outcome (:attr:`CardOutcome.rank`).

    >>> correct_cards({Card(1): CardOutcome(WON, 4), Card(2): CardOutcome(WON, 9), Card(3): CardOutcome(UNDECIDED, 50)})
    frozenset({Card('2O'), Card('3O')})
    """
    if not outcomes:
        return frozenset()
    best = max(outcome.rank for outcome in outcomes.values())
    return frozenset(card for card, outcome in outcomes.items() if outcome.rank == best)


def loss_of(outcomes: Mapping[Card, CardOutcome], card: Card) -> Loss | None:
    """What ``card`` gives away against the correct cards (None: it is correct). ``card`` must be in ``outcomes``."""
    mine = outcomes[card]
    best = max(outcome.rank for outcome in outcomes.values())
    if mine.rank == best:
        return None
    if mine.juego < best[0]:
        return Loss(best[0], mine.juego, 0)
    return Loss(best[0], mine.juego, best[1] - mine.rank[1])


@dataclass(frozen=True)
class Line:
    """A line of play from a decision: the actions taken, each with its seat, and the hand where it stops."""

    actions: tuple[tuple[int, Action], ...]
    #: The hand when the line stops: over, for a line of the arrastre or one that decides the juego.
    end: HandState

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played, in order (the cantes and tutes left out)."""
        return tuple(action.card for _, action in self.actions if type(action) is Play)


def _only_cards(state: HandState) -> bool:
    legal = state.legal_actions()
    return len(legal) > 1 and all(type(action) is Play for action in legal)


def is_arrastre_decision(state: HandState) -> bool:
    """Heads-up, in the arrastre, the seat to move chooses among two or more cards (and nothing else)."""
    return state.players == 2 and state.muestra is None and state.stage is Stage.PLAY and _only_cards(state)


def is_pairs_decision(state: HandState) -> bool:
    """In pairs, in the arrastre, the seat to move chooses among two or more cards (and nothing else)."""
    return state.players == 4 and state.muestra is None and state.stage is Stage.PLAY and _only_cards(state)


def layouts(state: HandState) -> Iterator[list[int]]:
    """Every layout of the cards the seat to move cannot see among the three other hands (of their sizes), as
    the hands' bit masks, the seat's own hand as it is; the real layout among them."""
    seat = state.to_move
    assert seat is not None
    others = [(seat + turn) % state.players for turn in (1, 2, 3)]
    unseen = sorted(int(card) for other in others for card in state.hands[other])
    first_size, second_size = len(state.hands[others[0]]), len(state.hands[others[1]])
    own = mask_of(state.hands[seat])
    for first in itertools.combinations(unseen, first_size):
        rest = [card for card in unseen if card not in first]
        for second in itertools.combinations(rest, second_size):
            hands = [0] * state.players
            hands[seat] = own
            for other, cards in zip(others, (first, second, [c for c in rest if c not in second]), strict=True):
                hands[other] = sum(1 << card for card in cards)
            yield hands


def layout_count(state: HandState) -> int:
    """How many layouts :func:`layouts` gives."""
    seat = state.to_move
    assert seat is not None
    sizes = [len(state.hands[(seat + turn) % state.players]) for turn in (1, 2, 3)]
    return math.comb(sum(sizes), sizes[0]) * math.comb(sizes[1] + sizes[2], sizes[1])


def _outcome(value: int) -> CardOutcome:
    juego = WON if value >= JUEGO // 2 else LOST if value <= -JUEGO // 2 else UNDECIDED
    return CardOutcome(juego, value - JUEGO * juego)


def pairs_outcomes(state: HandState) -> dict[Card, CardOutcome] | None:
    """Each legal card's outcome in a pairs arrastre decision, the least it secures over every layout of the
    hidden cards; None unless some cards are correct on every layout and every other card does worse on every
    layout (or past :data:`MAX_LAYOUTS` layouts)."""
    if not is_pairs_decision(state) or layout_count(state) > MAX_LAYOUTS:
        return None
    solver = juego_solver(state)
    trick = [int(card) for card in state.trick]
    return _robust(solver.action_values(hands, state.leader, trick, state.sung) for hands in layouts(state))


def is_phase1_decision(state: HandState) -> bool:
    """Heads-up de vueltas with the stock on the table, the seat completes a trick choosing among two or more cards.

    (Whether every card decides the juego at once is :func:`phase1_outcomes`.)
    """
    return (
        state.players == 2
        and state.muestra is not None
        and state.instant_win
        and state.stage is Stage.PLAY
        and len(state.trick) == 1
        and _only_cards(state)
    )


def _margin(start: HandState, end: HandState, side: int) -> int:
    points = end.result.points if end.result is not None else end.points
    return (points[side] - start.points[side]) - (points[1 - side] - start.points[1 - side])


def _juego(end: HandState, side: int) -> int:
    result = end.result
    if result is None or result.juego_winner is None:
        return UNDECIDED
    return WON if result.juego_winner == side else LOST


def _solver_values(state: HandState) -> dict[int, int]:
    """The juego solver's value of each legal card for the seat to move (its side's point of view)."""
    hands = [mask_of(hand) for hand in state.hands]
    return juego_solver(state).action_values(hands, state.leader, [int(c) for c in state.trick], state.sung)


def arrastre_outcomes(state: HandState) -> dict[Card, CardOutcome]:
    """The exact outcome of each legal card in a heads-up arrastre decision (:func:`is_arrastre_decision`)."""
    if not is_arrastre_decision(state):
        raise ValueError("not a heads-up arrastre decision among cards")
    return open_outcomes(state)


def open_outcomes(state: HandState) -> dict[Card, CardOutcome]:
    """Each legal card's outcome with every hand as ``state`` holds it (open cards), for an arrastre decision."""
    return {Card(card): _outcome(value) for card, value in _solver_values(state).items()}


def _declare(state: HandState) -> Action | None:
    """The declaration the solver makes for the seat to move at the start of a trick: a tute, else the best cante."""
    legal = state.legal_actions()
    tutes = [action for action in legal if type(action) is DeclareTute]
    if tutes:
        return tutes[0]
    seat = state.to_move
    assert seat is not None
    suit = best_cante(mask_of(state.hands[seat]), state.sung, rule_tables(state.rules, state.trump))
    return next((action for action in legal if type(action) is Sing and action.suit == suit), None)


def play_line(state: HandState, card: Card) -> Line:
    """``card`` played in an arrastre decision, then the rest of the hand with best play on both sides.

    Each later card is the one the juego solver values best for the seat playing it (the lowest of equals); a
    trick's winner first declares as the solver does. ``state`` is not changed.
    """
    if not (is_arrastre_decision(state) or is_pairs_decision(state)):
        raise ValueError("not an arrastre decision among cards")
    line = state.copy()
    seat = line.to_move
    assert seat is not None
    line.apply(PLAY[card])
    return _best_play(line, [(seat, PLAY[card])])


def _best_play(line: HandState, actions: list[tuple[int, Action]]) -> Line:
    """``line`` (in the arrastre, or over) played on to its end with best play, after ``actions``."""
    while not line.is_over:
        action = _declare(line)
        if action is None:
            legal = line.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                values = _solver_values(line)
                action = PLAY[max(values, key=lambda c: (values[c], -c))]
        seat = line.to_move
        assert seat is not None
        line.apply(action)
        actions.append((seat, action))
    return Line(tuple(actions), line)


def _pair_held(state: HandState, seat: int, sing: Sing, played: Card) -> bool:
    """Whether ``seat`` held both cards of ``sing``'s cante before playing ``played`` (none drawn since)."""
    ranks = {RANKS.index(12), RANKS.index(state.rules.cante_rank)}
    held = {int(c) for c in state.hands[seat]} - {int(played)}
    return all(int(sing.suit) * 10 + rank in held for rank in ranks)


def phase1_line(state: HandState, card: Card) -> Line:
    """``card`` played in a phase-1 decision (:func:`is_phase1_decision`), and the cante that then wins the juego.

    After the trick, if the seat took it, it lets the change of the seven go (if asked) and sings a cante of a
    pair it held before the trick when that reaches the target. The line stops there, over or not.
    """
    if not is_phase1_decision(state):
        raise ValueError("not a heads-up phase-1 decision completing a trick")
    seat = state.to_move
    assert seat is not None
    line = state.copy()
    actions: list[tuple[int, Action]] = [(seat, PLAY[card])]
    line.apply(PLAY[card])
    if line.is_over or line.to_move != seat:
        return Line(tuple(actions), line)
    if line.stage is Stage.PREDRAW:
        line.apply(PASS)
        actions.append((seat, PASS))
    for action in line.legal_actions():
        if type(action) is Sing and _pair_held(state, seat, action, card):
            trial = line.copy()
            trial.apply(action)
            if _juego(trial, seat & 1) == WON:
                return Line((*actions, (seat, action)), trial)
    return Line(tuple(actions), line)


def phase1_outcomes(state: HandState) -> dict[Card, CardOutcome] | None:
    """Each legal card's outcome in a phase-1 decision, or None when some card leaves the juego undecided."""
    if not is_phase1_decision(state):
        return None
    seat = state.to_move
    assert seat is not None
    out: dict[Card, CardOutcome] = {}
    for action in state.legal_actions():
        assert type(action) is Play
        end = phase1_line(state, action.card).end
        juego = _juego(end, seat & 1)
        if juego == UNDECIDED:
            return None
        out[action.card] = CardOutcome(juego, _margin(state, end, seat & 1))
    return out


def is_lastdraw_decision(state: HandState) -> bool:
    """Heads-up, one face-down card and the muestra left, the seat completes the trick choosing among two or more
    cards (the trick's winner draws the face-down card, the other the muestra)."""
    return (
        state.players == 2
        and state.muestra is not None
        and state.stock_count == 1
        and state.stage is Stage.PLAY
        and len(state.trick) == 1
        and _only_cards(state)
    )


def lastdraw_layouts(state: HandState) -> Iterator[HandState]:
    """The position with each layout of the cards the seat to move cannot see: which lies in the stock, the rest in
    the rival's hand (layouts play could not reach, against a cante the rival sang, are left out)."""
    seat = state.to_move
    assert seat is not None
    rival = 1 - seat
    view = seat_view(state, seat, events=False)
    unseen = sorted(int(card) for card in (*state.hands[rival], *state.stock))
    for stocked in unseen:
        try:
            yield position_from_view(view, {rival: [c for c in unseen if c != stocked]}, [stocked])
        except PositionError:
            continue


def _value(start: HandState, now: HandState, side: int) -> int:
    """The value of ``now`` for ``side`` since ``start`` on the solver's scale (the juego, then the margin): the
    end of the hand read from the engine, else the margin so far plus the arrastre solved from ``now``."""
    if now.is_over:
        return JUEGO * _juego(now, side) + _margin(start, now, side)
    values = _solver_values(now)
    best = max(values.values())
    assert now.to_move is not None
    return _margin(start, now, side) + (best if now.to_move & 1 == side else -best)


def _through_the_draw(start: HandState, now: HandState, seat: int, change: bool = True) -> dict[str, int] | None:
    """The seat's choices before the draw (``""`` for none), each with its value after the draw (:func:`_value`);
    None when the rival has a choice before the draw. After the draw each trick's winner declares as the solver
    does (every card is known: the best cante never costs). Without ``change`` the seat may not change the seven."""
    while not now.is_over and now.muestra is not None:
        legal = now.legal_actions()
        if len(legal) == 1:
            now.apply(legal[0])
            continue
        if now.to_move != seat or any(type(action) is Play for action in legal):
            return None
        out: dict[str, int] = {}
        for action in legal:
            if not change and type(action) is Swap:
                continue
            child = now.copy()
            child.apply(action)
            found = _through_the_draw(start, child, seat, change)
            if found is None or set(found) != {""}:
                return None
            out[str(action)] = found[""]
        return out
    while not now.is_over and (declared := _declare(now)) is not None:
        now.apply(declared)
    return {"": _value(start, now, seat & 1)}


def _lastdraw_values(state: HandState, change: bool = True) -> dict[int, dict[str, int]] | None:
    """Each legal card's choices before the draw and their values, on the layout ``state`` holds (without
    ``change``, the seat may not change the seven)."""
    seat = state.to_move
    assert seat is not None
    out: dict[int, dict[str, int]] = {}
    for action in state.legal_actions():
        assert type(action) is Play
        now = state.copy()
        now.apply(action)
        found = _through_the_draw(state, now, seat, change)
        if found is None:
            return None
        out[int(action.card)] = found
    return out


def _common_best(choices: list[dict[str, int]]) -> str | None:
    """The choice best on every layout (the first in order of name), None if none is."""
    common = set(choices[0])
    for values in choices:
        top = max(values.values())
        common &= {name for name, value in values.items() if value == top}
    return min(common) if common else None


def lastdraw_choice(state: HandState, card: Card) -> str | None:
    """The seat's choice before the draw after ``card`` that is best on every layout (``""``: none to make)."""
    per_layout = []
    for layout in lastdraw_layouts(state):
        values = _lastdraw_values(layout)
        if values is None:
            return None
        per_layout.append(values[int(card)])
    return _common_best(per_layout) if per_layout else None


def _robust(per_layout: Iterable[dict[int, int]]) -> dict[Card, CardOutcome] | None:
    """The least each card secures over the layouts, when some cards are correct on every layout and every other
    card does worse on every layout (else None; read lazily: the first layout that disagrees ends it)."""
    right: set[int] | None = None
    worst: dict[int, int] = {}
    for values in per_layout:
        best = max(values.values())
        here = {card for card, value in values.items() if value == best}
        if right is None:
            right = here
        if here != right:
            return None
        for card, value in values.items():
            worst[card] = min(value, worst.get(card, value))
    if right is None or len(right) == len(worst):
        return None
    outcomes = {Card(card): _outcome(value) for card, value in worst.items()}
    return outcomes if correct_cards(outcomes) == {Card(card) for card in right} else None


def lastdraw_outcomes(state: HandState, change: bool = True) -> dict[Card, CardOutcome] | None:
    """Each legal card's outcome in a last-draw decision (:func:`is_lastdraw_decision`), the least it secures over
    every layout of the unseen cards; None unless some cards are correct on every layout and every other card does
    worse on every layout, the seat's choice before the draw best on every layout and the rival without one.
    Without ``change`` the seat may not change the seven (what the change is worth: :mod:`.themes`)."""
    if not is_lastdraw_decision(state):
        return None
    per_card: dict[int, list[dict[str, int]]] = {}
    for layout in lastdraw_layouts(state):
        values = _lastdraw_values(layout, change)
        if values is None:
            return None
        for card, choices in values.items():
            per_card.setdefault(card, []).append(choices)
    if not per_card:
        return None
    picked = {card: _common_best(choices) for card, choices in per_card.items()}
    if any(choice is None for choice in picked.values()):
        return None
    count = len(next(iter(per_card.values())))
    per_layout = [
        {card: choices[index][picked[card] or ""] for card, choices in per_card.items()} for index in range(count)
    ]
    return _robust(per_layout)


def lastdraw_open_outcomes(state: HandState) -> dict[Card, CardOutcome]:
    """Each legal card's outcome on the layout ``state`` holds, the seat's choice before the draw as
    :func:`lastdraw_choice` makes it (what the shown line reaches)."""
    values = _lastdraw_values(state)
    assert values is not None
    return {Card(card): _outcome(choices[lastdraw_choice(state, Card(card)) or ""]) for card, choices in values.items()}


def lastdraw_line(state: HandState, card: Card) -> Line:
    """``card`` played in a last-draw decision, the seat's choice before the draw (:func:`lastdraw_choice`), then
    the rest of the hand with best play, as :func:`play_line` plays it."""
    if not is_lastdraw_decision(state):
        raise ValueError("not a heads-up decision at the last draw")
    seat = state.to_move
    assert seat is not None
    choice = lastdraw_choice(state, card)
    line = state.copy()
    actions: list[tuple[int, Action]] = [(seat, PLAY[card])]
    line.apply(PLAY[card])
    while not line.is_over and line.muestra is not None:
        legal = line.legal_actions()
        mover = line.to_move
        assert mover is not None
        action = next((a for a in legal if str(a) == choice), legal[0]) if len(legal) > 1 else legal[0]
        line.apply(action)
        actions.append((mover, action))
    return _best_play(line, actions)


def exact_outcomes(state: HandState) -> tuple[str, dict[Card, CardOutcome]] | None:
    """The kind of decision (:data:`ARRASTRE`, :data:`PAIRS`, :data:`PHASE1`, :data:`LASTDRAW`, tried in that
    order) and each legal card's exact outcome; None where the position has no exact answer."""
    if is_arrastre_decision(state):
        return ARRASTRE, arrastre_outcomes(state)
    if is_pairs_decision(state):
        pairs = pairs_outcomes(state)
        return None if pairs is None else (PAIRS, pairs)
    found = phase1_outcomes(state)
    if found is not None:
        return PHASE1, found
    last = lastdraw_outcomes(state)
    return None if last is None else (LASTDRAW, last)


def line_for(state: HandState, kind: str, card: Card) -> Line:
    """The line of ``card`` for a decision of ``kind`` (:func:`play_line`, :func:`phase1_line`,
    :func:`lastdraw_line`)."""
    if kind == PHASE1:
        return phase1_line(state, card)
    return lastdraw_line(state, card) if kind == LASTDRAW else play_line(state, card)


def line_outcome(start: HandState, line: Line) -> CardOutcome:
    """The outcome a line reaches, read from the engine's end of it, for the side of the seat to move at ``start``."""
    seat = start.to_move
    assert seat is not None
    return CardOutcome(_juego(line.end, seat & 1), _margin(start, line.end, seat & 1))


def shown_card(outcomes: Mapping[Card, CardOutcome]) -> Card:
    """The correct card whose line is shown as the solution: the best by the juego and then the margin (even once
    the juego is decided), the lowest of equals."""
    return max(correct_cards(outcomes), key=lambda c: (outcomes[c].juego, outcomes[c].margin, -int(c)))
