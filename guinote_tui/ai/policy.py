"""The rule-based policy: the strategy advice of the rule texts, as code.

The same policy serves the ``normal`` bot (with everything card counting
reveals from its view), the ``easy`` bot (with less care), and the playouts
of the search bots (fast, from a full state in the seat's own perspective).

It works on a :class:`Situation`: the seat's hand and legal cards, the trick
so far, and for each other seat the mask of cards it may still hold. The
advice it follows (seeds 000/002/004 and docs/rules.md):

* phase 1: give no points away, lead low cards, keep trumps for the arrastre,
  keep the halves of a possible cante, take a trick with points cheaply
  (winning with the same suit is free, a trump costs), be last to play to
  decide;
* a partner's trick that no opponent after us can take gets our points
  ("cargar"); a partner's trick is not overtaken for nothing;
* arrastre: lead sure winners, draw the opponents' trumps with master trumps,
  otherwise lead low from long suits;
* cantes: forty before twenty; the seven is changed whenever the muestra is
  worth more; tute is always declared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import PASS, RANKS, Action, DeclareTute, Sing, Stage, Swap
from .bitmasks import SUIT_MASK, Tables

REY_INDEX = RANKS.index(12)


@dataclass(frozen=True)
class Weights:
    """The policy's numbers (points-equivalents), tuned by self-play tournaments."""

    #: Spending a trump in phase 1: base + slope x strength (1..10).
    trump_base: float = 9.6
    trump_slope: float = 2.0
    #: Spending a trump in the arrastre.
    arrastre_trump_base: float = 2.0
    arrastre_trump_slope: float = 4.0
    #: Throwing a card away (leads and lost tricks): points weight, trump and cante extras.
    discard_points: float = 0.75
    discard_trump_base: float = 12.8
    discard_trump_slope: float = 3.2
    discard_cante: float = 15.0
    #: Future worth of an ace or three kept in phase 1 (expected-points following).
    keep_high: float = 3.2
    #: Future worth of a cante half (expected-points following).
    keep_cante: float = 6.0
    #: Below these trick points nobody is expected to trump in phase 1.
    trump_threshold: float = 10.0
    #: Arrastre leads: preference for long suits.
    long_suit: float = 2.0


DEFAULT_WEIGHTS = Weights()


class Situation:
    """What the policy looks at when a card is to be played."""

    __slots__ = (
        "arrastre",
        "hand",
        "legal",
        "players",
        "possible",
        "seat",
        "sizes",
        "stock_count",
        "sung",
        "tables",
        "trick",
        "unseen",
        "weights",
    )

    def __init__(
        self,
        seat: int,
        players: int,
        tables: Tables,
        hand: Sequence[int],
        legal: Sequence[int],
        trick: Sequence[tuple[int, int]],
        arrastre: bool,
        possible: dict[int, int],
        unseen: int,
        sung: int,
        stock_count: int,
        sizes: Sequence[int] = (),
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        self.seat = seat
        self.players = players
        self.tables = tables
        self.hand = hand
        self.legal = legal
        self.trick = trick
        self.arrastre = arrastre
        self.possible = possible
        self.unseen = unseen
        self.sung = sung
        self.stock_count = stock_count
        self.sizes = sizes
        self.weights = weights


# -- declarations -----------------------------------------------------------------


def declaration(
    legal: list[Action] | tuple[Action, ...], trump: int, muestra: int | None, tables: Tables
) -> Action | None:
    """The window action to take now (tute, forty, twenty, a gaining swap), or None."""
    sings = []
    swap = None
    for action in legal:
        kind = type(action)
        if kind is DeclareTute:
            return action
        if kind is Sing:
            sings.append(action)
        elif kind is Swap:
            swap = action
    if sings:
        for action in sings:
            if action.suit == trump:  # type: ignore[union-attr]
                return action
        return sings[0]
    if swap is not None and muestra is not None:
        strength = tables.strength
        if strength[muestra] > strength[swap.card] or tables.points[muestra] > 0:  # type: ignore[union-attr]
            return swap
    return None


def window_action(legal: list[Action] | tuple[Action, ...], trump: int, muestra: int | None, tables: Tables) -> Action:
    """In a window or before the final draw: declare what gains, else pass."""
    action = declaration(legal, trump, muestra, tables)
    if action is not None:
        return action
    return PASS if PASS in legal else legal[0]


def settled_action(
    legal: list[Action] | tuple[Action, ...], stage: Stage, trump: int, muestra: int | None, tables: Tables
) -> Action | None:
    """What needs no card weighing: the only legal action, a window's answer, or a declaration."""
    if len(legal) == 1:
        return legal[0]
    if stage is not Stage.PLAY:
        return window_action(legal, trump, muestra, tables)
    return declaration(legal, trump, muestra, tables)


# -- card play ------------------------------------------------------------------------


def holder(trick: Sequence[tuple[int, int]], tables: Tables) -> tuple[int, int]:
    """(seat, card) holding the trick ``trick`` of (seat, card) pairs: the engine's beat table."""
    beaters = tables.beaters
    seat, winning = trick[0]
    for who, card in trick[1:]:
        if beaters[winning] >> card & 1:
            seat, winning = who, card
    return seat, winning


def _opponents_after(s: Situation) -> list[int]:
    players = s.players
    left = players - len(s.trick) - 1
    return [(s.seat + k) % players for k in range(1, left + 1) if (s.seat + k) % players & 1 != s.seat & 1]


def _threatened(s: Situation, card: int, led: int, opponents: list[int]) -> bool:
    """Could an opponent still to play take the trick from ``card``?"""
    tables = s.tables
    beaters = tables.beaters[card]
    for opp in opponents:
        could = s.possible[opp]
        threat = could & beaters
        if not threat:
            continue
        if s.arrastre and card // 10 == led and threat & SUIT_MASK[led] == 0 and could & SUIT_MASK[led]:
            # In the arrastre a seat that may still follow suit is assumed to follow.
            continue
        return True
    return False


def _cante_piece(s: Situation, card: int) -> bool:
    """A rey or pair card we may still sing with."""
    tables = s.tables
    index = card % 10
    if index != REY_INDEX and index != tables.cante_rank_index:
        return False
    suit = card // 10
    if s.sung >> suit & 1:
        return False
    other = suit * 10 + (tables.cante_rank_index if index == REY_INDEX else REY_INDEX)
    if other in s.hand:
        return True
    return not s.arrastre and s.stock_count > 0 and bool(s.unseen >> other & 1)


def _trump_cost(s: Situation, card: int) -> float:
    """What spending a trump costs us in later tricks (phase 1 keeps trumps)."""
    strength = s.tables.strength[card]
    w = s.weights
    if s.arrastre:
        return w.arrastre_trump_base + w.arrastre_trump_slope * strength
    return w.trump_base + w.trump_slope * strength


def _discard_cost(s: Situation, card: int) -> float:
    """What throwing ``card`` to a trick we lose costs."""
    tables = s.tables
    w = s.weights
    cost = w.discard_points * tables.points[card] + tables.strength[card]
    if card // 10 == tables.trump:
        cost += w.discard_trump_base + w.discard_trump_slope * tables.strength[card]
    if _cante_piece(s, card):
        cost += w.discard_cante
    return cost


def choose_card(s: Situation) -> int:
    """The card to play."""
    legal = s.legal
    if len(legal) == 1:
        return legal[0]
    if not s.trick:
        return _lead(s)
    return _follow_ev(s)


def _lead(s: Situation) -> int:
    tables = s.tables
    strength = tables.strength
    points = tables.points
    trump = tables.trump
    legal = s.legal
    if s.arrastre:
        opponents = [o for o in range(s.players) if o & 1 != s.seat & 1]
        opp_trumps = any(s.possible[o] & tables.trump_mask for o in opponents)
        my_trumps = [c for c in legal if c // 10 == trump]
        if my_trumps and opp_trumps:
            top = max(my_trumps, key=lambda c: strength[c])
            if not any(s.possible[o] & tables.above[top] for o in opponents):
                return top  # draw their trumps with a master trump
        # A sure winner: nobody can beat it, or every opponent must follow below it.
        best = None
        for card in legal:
            if card // 10 == trump:
                continue
            if _threatened(s, card, card // 10, opponents):
                continue
            if best is None or (points[card], strength[card]) > (points[best], strength[best]):
                best = card
        if best is not None and (points[best] > 0 or not opp_trumps):
            return best
        non_trumps = [c for c in legal if c // 10 != trump] or legal
        # Low card from the longest suit: keeps shorter suits' aces protected.
        length = [0, 0, 0, 0]
        for card in s.hand:
            length[card // 10] += 1
        w = s.weights
        return min(
            non_trumps, key=lambda c: (w.discard_points * points[c] + strength[c] - w.long_suit * length[c // 10], c)
        )
    return min(legal, key=lambda c: (_discard_cost(s, c), c))


# -- following by expected points ------------------------------------------------------------


def _p_none(pool: int, good: int, draws: int) -> float:
    """Chance that ``draws`` cards from ``pool`` include none of ``good`` of them."""
    if good <= 0:
        return 1.0
    if draws <= 0:
        return 1.0
    p = 1.0
    for i in range(draws):
        if pool - i <= 0:
            return 0.0
        p *= max(0.0, (pool - good - i) / (pool - i))
    return p


def _p_beaten(s: Situation, top: int, led: int, total: int, opponents: list[int]) -> float:
    """Chance that an opponent still to play takes the trick from ``top``."""
    tables = s.tables
    trump_mask = tables.trump_mask
    keep = 1.0
    for opp in opponents:
        could = s.possible[opp]
        size = s.sizes[opp] if opp < len(s.sizes) else 6
        pool = could.bit_count()
        if s.arrastre:
            # Follow suit, beating if able; void: trump (over-trump if it can).
            higher_led = (could & tables.above[top]).bit_count() if top // 10 == led else 0
            led_cards = (could & SUIT_MASK[led]).bit_count()
            p_no_higher = _p_none(pool, higher_led, size)
            if top // 10 == led and led != tables.trump:
                p_void = _p_none(pool, led_cards, size)
                trumps = (could & trump_mask).bit_count()
                p_trump = 1.0 - _p_none(pool - led_cards, trumps, size) if pool > led_cards else 0.0
                beaten = (1.0 - p_no_higher) + p_void * p_trump
            elif top // 10 == tables.trump and led != tables.trump:
                p_void = _p_none(pool, led_cards, size)
                over = (could & tables.above[top]).bit_count()
                p_over = 1.0 - _p_none(pool - led_cards, over, size) if pool > led_cards else 0.0
                beaten = p_void * p_over
            else:
                beaten = 1.0 - p_no_higher
        else:
            beaters = could & tables.beaters[top]
            if top // 10 != tables.trump and total < s.weights.trump_threshold:
                # Nobody spends a trump on a trick with few points.
                beaters &= ~trump_mask
            beaten = 1.0 - _p_none(pool, beaters.bit_count(), size)
        keep *= 1.0 - min(1.0, beaten)
    return 1.0 - keep


def _keep_value(s: Situation, card: int) -> float:
    """What a card is worth to us in later tricks, beyond its points."""
    tables = s.tables
    value = 0.0
    if card // 10 == tables.trump:
        value += _trump_cost(s, card)
    elif tables.strength[card] >= 9 and not s.arrastre:
        value += s.weights.keep_high
    if _cante_piece(s, card):
        value += s.weights.keep_cante
    return value


def _follow_ev(s: Situation) -> int:
    """The card with the best expected point swing on this trick, less what it costs later."""
    tables = s.tables
    points = tables.points
    strength = tables.strength
    trick = s.trick
    led = trick[0][1] // 10
    win_seat, winning = holder(trick, tables)
    stake = sum(points[c] for _, c in trick)
    opponents = _opponents_after(s)
    beaters = tables.beaters[winning]
    ours = win_seat & 1 == s.seat & 1
    best = s.legal[0]
    best_value = -1e9
    for card in s.legal:
        total = stake + points[card]
        if beaters >> card & 1:
            p_keep = 1.0 - _p_beaten(s, card, led, total, opponents)
        elif ours:
            p_keep = 1.0 - _p_beaten(s, winning, led, total, opponents)
        else:
            p_keep = 0.0
        value = (2.0 * p_keep - 1.0) * total - _keep_value(s, card) - 0.01 * strength[card]
        if value > best_value:
            best, best_value = card, value
    return best
