"""Inference: which sampled deals explain what the other seats did.

:func:`~.determinize.sample_deal` places the unseen cards anywhere the rules
allow. But the other players chose their cards for reasons: a player who led
a low card probably had no lower one, one who let a trick with points go by
probably could not take it cheaply, and one who won a trick without singing
held no pair to sing. This module scores a sampled placement by how likely
the other seats' recent decisions are under the rule-based policy, had they
held those cards, so the search can favour the placements that explain the
play (policy-based inference).

Everything here reads the view and the sampled deal only: the hands the other
seats held earlier in the hand are rebuilt backwards from the sampled hands,
putting back the cards they played and taking out the cards they drew (which
drawn card is chosen at random among those that could have been drawn).

The model of a decision is deliberately soft: the policy's choice gets
probability ``1 - eps`` plus its share of ``eps`` spread over the legal
cards, so a player who does not follow the policy (a human, a search bot)
only makes the weights flatter, never impossible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import RANKS, Card, SeatView, open_cantes, trick_obligation
from .bitmasks import ALL_CARDS, Tables, mask_of
from .determinize import Deal, sample_deal
from .knowledge import Knowledge, arrastre_start
from .policy import Situation, choose_card

#: Chance that a pair held in a won trick's window is not sung (or the seven not changed).
MISSED_DECLARATION = 0.1


@dataclass(frozen=True)
class Observation:
    """One card another seat played: the position as that seat saw it."""

    seat: int
    trick_index: int
    card: int
    #: (seat, card) already in the trick when it played.
    before: tuple[tuple[int, int], ...]
    #: Cards fallen before it played (earlier tricks and earlier cards of this trick).
    fallen: int
    #: Suits whose cante had been sung before the trick.
    sung: int
    #: Face-down stock cards during the trick.
    stock_count: int
    #: Whether the muestra still lay face up during the trick.
    muestra_up: bool


@dataclass(frozen=True)
class Window:
    """A trick won by another seat whose side then declared nothing."""

    seat: int
    trick_index: int
    #: Suits sung before the window.
    sung: int
    #: Whether the seven could still be changed then (muestra face up, no swap made yet).
    swap_open: bool


class Inference:
    """Weights for sampled deals from the other seats' recent plays (see the module docstring)."""

    def __init__(self, view: SeatView, know: Knowledge, depth: int = 4, eps: float = 0.5) -> None:
        self.view = view
        self.eps = eps
        self.tables: Tables = know.tables
        self.players = view.players
        self.start = arrastre_start(view.players)
        self.initial_stock = 40 - 6 * view.players - 1
        self.seven = self._swap_wanted()
        tricks = _tricks_seen(view)
        # Plays of every other seat, oldest first.
        self.plays: dict[int, dict[int, int]] = {s: {} for s in range(view.players) if s != view.seat}
        sung_at = _sung_masks(view, len(tricks))
        self.cante_cards: dict[int, list[tuple[int, int]]] = {s: [] for s in self.plays}
        for cante in view.cantes:
            if cante.seat in self.cante_cards:
                self.cante_cards[cante.seat].append((cante.trick_number, self.tables.cante_pairs[cante.suit]))
        swapper = view.swap.seat if view.swap is not None else None
        observations = self._observed(tricks, sung_at)
        windows = self._windows(len(tricks), sung_at, swapper)
        # eps = 1 makes every play equally likely whatever the hand: only the windows inform.
        self.observations = _recent(observations, swapper, depth) if eps < 1.0 else []
        self.windows = [w for w in windows if w.trick_index >= len(tricks) - 1 - depth]
        self.current = len(tricks) - 1 if view.trick else len(tricks)

    def _observed(self, tricks: list[tuple[int, tuple[Card, ...]]], sung_at: list[int]) -> list[Observation]:
        """Each other seat's plays, oldest first, with what the table knew when each was made (and noted in
        :attr:`plays`)."""
        view = self.view
        observations: list[Observation] = []
        fallen = 0
        for index, (leader, cards) in enumerate(tricks):
            stock = max(0, self.initial_stock - view.players * index) if index < self.start else 0
            before: list[tuple[int, int]] = []
            for position, card in enumerate(cards):
                seat = (leader + position) % view.players
                if seat in self.plays:
                    self.plays[seat][index] = card
                    observations.append(
                        Observation(seat, index, card, tuple(before), fallen, sung_at[index], stock, index < self.start)
                    )
                before.append((seat, card))
                fallen |= 1 << card
        return observations

    def _windows(self, tricks: int, sung_at: list[int], swapper: int | None) -> list[Window]:
        """The declaration windows other seats had and passed without singing: each tells a little."""
        view = self.view
        windows: list[Window] = []
        for index, trick in enumerate(view.tricks):
            seat = trick.winner
            if seat == view.seat or seat == swapper or index + 1 >= tricks:
                # Our own window, a seat whose hand changed undated, or a window still open.
                continue
            if any(c.trick_number == index + 1 and (c.seat & 1) == (seat & 1) for c in view.cantes):
                continue
            swap_open = index + 1 < self.start - 1 and view.swap is None and self.seven is not None
            windows.append(Window(seat, index, sung_at[index + 1], swap_open))
        return windows

    def _swap_wanted(self) -> int | None:
        """The trump seven a seat would have been glad to change for the muestra, if any."""
        view = self.view
        if view.swap is not None or view.muestra is None or view.rules.swap_window != "after_trick":
            return None
        seven = view.trump * 10 + RANKS.index(7)
        muestra = view.muestra
        if muestra == seven:
            return None
        tables = self.tables
        if tables.strength[muestra] > tables.strength[seven] or tables.points[muestra] > 0:
            return seven
        return None

    @property
    def informative(self) -> bool:
        return bool(self.observations or self.windows)

    # -- rebuilding the hands ------------------------------------------------------

    def _expected_size(self, index: int) -> int:
        return 6 - max(0, index - self.start)

    def _history(self, seat: int, hand: int, oldest: int, rng: random.Random) -> dict[int, int]:
        """Masks of the hand ``seat`` held before playing in each trick from ``oldest`` on."""
        plays = self.plays[seat]
        hands: dict[int, int] = {}
        current = self.current
        held = hand
        if current in plays:
            held |= 1 << plays[current]
        hands[current] = held
        view = self.view
        for index in range(current - 1, oldest - 1, -1):
            after = held
            held = after | 1 << plays[index] if index in plays else after
            extra = bin(held).count("1") - self._expected_size(index)
            if extra > 0:
                # One card was drawn after this trick: which one we cannot tell; pick one that could.
                if seat == view.muestra_taker and index == self.start - 1:
                    drawn = 1 << view.muestra_card
                else:
                    candidates = after
                    if view.muestra_taker is not None:
                        candidates &= ~(1 << view.muestra_card)
                    for number, cards in self.cante_cards[seat]:
                        if number <= index:
                            candidates &= ~cards
                    if not candidates:
                        return hands
                    options = [c for c in range(40) if candidates >> c & 1]
                    drawn = 1 << rng.choice(options)
                held &= ~drawn
            hands[index] = held
        return hands

    # -- the weight of a deal ---------------------------------------------------------

    def weight(self, deal: Deal, rng: random.Random) -> float:
        """Likelihood of the observed recent decisions if the other seats held ``deal``'s cards."""
        histories: dict[int, dict[int, int]] = {}
        oldest = min(
            [o.trick_index for o in self.observations] + [w.trick_index for w in self.windows],
            default=self.current,
        )
        for seat in self.plays:
            histories[seat] = self._history(seat, mask_of(deal.hands[seat]), oldest, rng)
        likelihood = 1.0
        for obs in self.observations:
            held = histories[obs.seat].get(obs.trick_index)
            if held is None or not held >> obs.card & 1:
                continue
            likelihood *= self._play_probability(obs, held)
        for window in self.windows:
            if self._declined(window, histories[window.seat]):
                likelihood *= MISSED_DECLARATION
        return likelihood

    def _declined(self, window: Window, history: dict[int, int]) -> bool:
        """Whether the seat, holding ``history``'s hands, passed up a declaration in ``window``.

        The window spans the draw (a card just drawn may complete a pair), so
        the hand in it is the one the seat led or followed with in the next
        trick: the hand before that trick, ``history[trick_index + 1]``.
        """
        held = history.get(window.trick_index + 1)
        if held is None:
            return False
        return self._could_declare(window, held)

    def _could_declare(self, window: Window, held: int) -> bool:
        if open_cantes(held, window.sung, self.tables):
            return True
        return window.swap_open and self.seven is not None and bool(held >> self.seven & 1)

    def _play_probability(self, obs: Observation, held: int) -> float:
        hand = [c for c in range(40) if held >> c & 1]
        arrastre = obs.trick_index >= self.start
        legal = hand
        if arrastre and obs.before:
            legal = self._allowed(obs, hand)
        if len(legal) < 2:
            return 1.0
        return self.card_chance(obs, held, hand, legal, arrastre)

    def card_chance(self, obs: Observation, held: int, hand: list[int], legal: list[int], arrastre: bool) -> float:
        """The chance that a seat holding ``held`` played ``obs.card`` of ``legal`` cards: the rule policy's card
        ``1 - eps + eps/n``, any other ``eps/n`` (another model of the play may replace this method)."""
        players = self.players
        unseen = ALL_CARDS & ~held & ~obs.fallen
        if obs.muestra_up and self.view.muestra_card is not None:
            unseen &= ~(1 << self.view.muestra_card)
        played_now = {s for s, _ in obs.before}
        size = self._expected_size(obs.trick_index)
        sizes = [size - (1 if s in played_now else 0) for s in range(players)]
        situation = Situation(
            seat=obs.seat,
            players=players,
            tables=self.tables,
            hand=hand,
            legal=legal,
            trick=list(obs.before),
            arrastre=arrastre,
            possible=dict.fromkeys(range(players), unseen),
            unseen=unseen,
            sung=obs.sung,
            stock_count=obs.stock_count,
            sizes=sizes,
        )
        chosen = choose_card(situation)
        spread = self.eps / len(legal)
        return spread + (1.0 - self.eps) if chosen == obs.card else spread

    def _allowed(self, obs: Observation, hand: list[int]) -> list[int]:
        allowed, _ = trick_obligation(mask_of(hand), [c for _, c in obs.before], self.players, self.tables)
        return [c for c in hand if allowed >> c & 1]


def inferred_deals(
    view: SeatView,
    know: Knowledge,
    rng: random.Random,
    count: int,
    inference: Inference,
    oversample: int = 3,
) -> list[Deal]:
    """``count`` deals drawn from ``oversample`` times as many, in proportion to their weights.

    Systematic resampling: the same placement of the hands may appear more
    than once when it explains the play much better than the others. The
    play says nothing about the order of the face-down stock, so every chosen
    deal gets its stock freshly shuffled: repeats of a placement then differ
    in what will be drawn, instead of all betting on one order of the stock.
    """
    if not inference.informative:
        return [sample_deal(view, know, rng) for _ in range(count)]
    pool = [sample_deal(view, know, rng) for _ in range(count * oversample)]
    weights = [inference.weight(deal, rng) for deal in pool]
    total = sum(weights)
    if total <= 0.0:
        return pool[:count]
    step = total / count
    point = rng.random() * step
    chosen: list[Deal] = []
    running = 0.0
    index = -1
    for _ in range(count):
        while running <= point and index + 1 < len(pool):
            index += 1
            running += weights[index]
        stock = list(pool[index].stock)
        rng.shuffle(stock)
        chosen.append(Deal(pool[index].hands, stock))
        point += step
    return chosen


__all__ = ["MISSED_DECLARATION", "Inference", "Observation", "Window", "inferred_deals"]


def _tricks_seen(view: SeatView) -> list[tuple[int, tuple[Card, ...]]]:
    """Every trick the view has seen, the one under way included, as (leader, cards)."""
    tricks = [(t.leader, tuple(t.cards)) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    return tricks


def _sung_masks(view: SeatView, tricks: int) -> list[int]:
    """The suits sung before each trick (and after the last), as bit masks."""
    sung_at: list[int] = []
    sung = 0
    for index in range(tricks + 1):
        for cante in view.cantes:
            if cante.trick_number == index:
                sung |= 1 << cante.suit
        sung_at.append(sung)
    return sung_at


def _recent(observations: list[Observation], swapper: int | None, depth: int) -> list[Observation]:
    """Each seat's most recent ``depth`` plays, newest first; none of a seat that changed the seven
    (its hand changed at a moment the view does not date)."""
    kept: list[Observation] = []
    count: dict[int, int] = {}
    for obs in reversed(observations):
        if obs.seat == swapper:
            continue
        if count.get(obs.seat, 0) < depth:
            count[obs.seat] = count.get(obs.seat, 0) + 1
            kept.append(obs)
    return kept
