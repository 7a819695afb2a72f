"""Which reason explains a card, and what must be true of the position for its sentence to be true.

Every :class:`~.reasons.ReasonCode` a card may be explained with has a
*precondition* here: a function of the seat's view (never of hidden cards)
that states exactly when its sentence is true, and a function that gives
its parameters. :func:`holds` checks a reason against a position;
:func:`card_reason` returns the first reason of :data:`ORDER` whose
precondition holds, so the sentence the player reads is always one that
:func:`holds` accepts. ``BEST_BY_SEARCH`` holds everywhere: it says what
the search found (the margin of the card over the next best one), and it is
the answer when no simple idea fits.

``values`` maps every legal card to the search's value in points of the
seat's side; the difference between two cards is the points the side gains
or loses by playing one rather than the other. The coach also passes its
:class:`~.evaluate.Evaluation`: then a reason that warns against another card
(KEEP_BIG_CARD, KEEP_FOR_CANTE, KEEP_TRUMPS) holds only when the evaluation
grades that card worse than the coach's (an inaccuracy or more), and
BEST_BY_SEARCH words its margin by the grade of the next best card, in exact
words where every card is known. Without an evaluation, a card counts as worse
when its value is at least :data:`~.evaluate.INACCURACY_POINTS` below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import hypot

from ..ai.bitmasks import Tables, cards_of, mask_of, tables_for
from ..ai.knowledge import Knowledge
from ..ai.policy import holder
from ..engine import (
    LAST_TRICK_POINTS,
    RANK_NAMES,
    Card,
    Obligation,
    Play,
    Rules,
    SeatView,
    Suit,
    trick_obligation,
    winner_index,
)
from .evaluate import INACCURACY_POINTS, Evaluation, Grade, grade_of
from .reasons import Reason, ReasonCode

#: The most cards in hand for which the last-trick check looks ahead (it solves the rest of the hand).
LAST_TRICK_CARDS = 4


def _obligation(view: SeatView) -> Obligation:
    """The arrastre rule limiting the seat's cards now (FREE when none does)."""
    if not view.in_arrastre or not view.trick:
        return Obligation.FREE
    trick = [int(c) for _, c in view.trick]
    _, obligation = trick_obligation(mask_of(view.hand), trick, view.players, tables_for(view.rules, view.trump))
    return obligation


_FORCED = {
    Obligation.FOLLOW_SUIT: ReasonCode.MUST_FOLLOW,
    Obligation.BEAT: ReasonCode.MUST_BEAT,
    Obligation.TRUMP: ReasonCode.MUST_TRUMP,
    Obligation.OVERTRUMP: ReasonCode.MUST_TRUMP,
    Obligation.UNDERTRUMP: ReasonCode.MUST_TRUMP,
}


@lru_cache(maxsize=4096)
def _wins_last(
    rules: Rules, trump: int, seat: int, mine: int, theirs: int, trick: tuple[int, ...], to_move: int
) -> bool:
    """Heads-up arrastre, every card known: does ``seat`` win the last trick whatever the other seat plays?

    ``trick`` holds the cards of the trick in progress (its leader is the seat not to move), by the engine's
    rules: the obligations (:func:`~guinote_tui.engine.trick_obligation`) and the trick's winner.
    """
    tables = tables_for(rules, trump)
    if len(trick) == 2:
        # The second card took the trick when it beat the lead: the seat that played it was the one to move.
        winner = to_move if winner_index(trick, tables.beaters) == 0 else 1 - to_move
        if not mine and not theirs:
            return winner == seat
        return _wins_last(rules, trump, seat, mine, theirs, (), winner)
    hand = mine if to_move == seat else theirs
    if trick:
        hand, _ = trick_obligation(hand, trick, 2, tables)
    outcomes = (
        _wins_last(
            rules,
            trump,
            seat,
            mine & ~(1 << c) if to_move == seat else mine,
            theirs & ~(1 << c) if to_move != seat else theirs,
            (*trick, c),
            1 - to_move,
        )
        for c in cards_of(hand)
    )
    return any(outcomes) if to_move == seat else all(outcomes)


@dataclass
class Facts:
    """What the seat's view says about playing ``card`` now (every precondition reads these)."""

    view: SeatView
    card: int
    tables: Tables
    values: Mapping[Card, float]
    #: The coach's evaluation of the decision, when it is at hand (the grades of the cards).
    evaluation: Evaluation | None = None

    @cached_property
    def know(self) -> Knowledge:
        return Knowledge.from_view(self.view)

    def worse(self, other: int) -> bool:
        """Playing ``other`` instead of the card is graded worse: an inaccuracy or more by the evaluation (its
        interval clear of the line), or, without one, a value at least :data:`INACCURACY_POINTS` lower."""
        evaluation = self.evaluation
        mine, theirs = Card(self.card), Card(other)
        if evaluation is not None and mine in evaluation.cards and theirs in evaluation.cards:
            if mine == evaluation.best:
                return evaluation.grade(theirs).graded
            a, b = evaluation.cards[mine], evaluation.cards[theirs]
            if b.juego < a.juego:
                return True
            return grade_of(b.delta - a.delta, hypot(a.se, b.se)).graded
        value, other_value = self.values.get(mine), self.values.get(theirs)
        return value is not None and other_value is not None and value - other_value >= INACCURACY_POINTS

    @cached_property
    def held_above(self) -> bool:
        """The seat holds a card of the card's suit that beats it (the card is not the highest of its suit)."""
        return bool(self.tables.above[self.card] & mask_of(self.view.hand))

    @cached_property
    def legal(self) -> list[int]:
        cards = [int(a.card) for a in self.view.legal if isinstance(a, Play)]
        return cards or [int(c) for c in self.values] or [self.card]

    @property
    def points(self) -> tuple[int, ...]:
        return self.tables.points

    @property
    def own(self) -> int:
        """The card's own points."""
        return self.points[self.card]

    @cached_property
    def trick(self) -> list[tuple[int, int]]:
        return [(s, int(c)) for s, c in self.view.trick]

    @cached_property
    def trick_points(self) -> int:
        return sum(self.points[c] for _, c in self.trick)

    @cached_property
    def hold(self) -> tuple[int, int] | None:
        """(seat, card) holding the trick before the card is played (None when the seat leads)."""
        return holder(self.trick, self.tables) if self.trick else None

    @cached_property
    def takes(self) -> bool:
        """The card holds the trick once played (a lead holds it)."""
        return self.hold is None or bool(self.tables.beaters[self.hold[1]] >> self.card & 1)

    def beats_holder(self, card: int) -> bool:
        return self.hold is None or bool(self.tables.beaters[self.hold[1]] >> card & 1)

    @cached_property
    def after(self) -> list[int]:
        """The seats still to play to the trick after the seat."""
        view = self.view
        left = view.players - len(self.trick) - 1
        return [(view.seat + k) % view.players for k in range(1, left + 1)]

    def sure(self, win: int) -> bool:
        """No seat still to play may hold a card that beats ``win``."""
        beaters = self.tables.beaters[win]
        return not any(self.know.possible[s] & beaters for s in self.after)

    @cached_property
    def wins(self) -> bool:
        """The card takes the trick for sure."""
        return self.takes and self.sure(self.card)

    @property
    def partner_holds(self) -> bool:
        return self.hold is not None and self.hold[0] == self.view.partner

    @property
    def opponent_holds(self) -> bool:
        return self.hold is not None and (self.hold[0] & 1) != (self.view.seat & 1)

    @property
    def is_trump(self) -> bool:
        return bool(self.tables.trump_mask >> self.card & 1)

    @cached_property
    def cheapest(self) -> int:
        return min(self.points[c] for c in self.legal)

    @cached_property
    def dearest(self) -> int:
        return max(self.points[c] for c in self.legal)

    @property
    def last_trick(self) -> bool:
        """This is the hand's last trick (the winner gets the last ten)."""
        return self.view.in_arrastre and len(self.view.hand) == 1

    @property
    def instant(self) -> bool:
        """De vueltas: the juego is won the moment a side reaches the target."""
        return self.view.rules.vueltas and not self.view.first_of_juego

    def total(self, side: int) -> int:
        return self.view.carried[side] + self.view.points[side]

    @cached_property
    def side_after(self) -> int:
        """The seat's side's total once it takes this trick with the card (and the last ten on the last trick)."""
        side = self.view.seat & 1
        return self.total(side) + self.trick_points + self.own + (LAST_TRICK_POINTS if self.last_trick else 0)

    @property
    def feeds_juego(self) -> bool:
        """De vueltas: the card's own points alone, taken by the other side, bring it to the target."""
        return (
            self.instant and self.own > 0 and self.total(1 - (self.view.seat & 1)) + self.own >= self.view.rules.target
        )

    @cached_property
    def last_trick_decided(self) -> bool:
        """Heads-up arrastre, four cards or fewer: the card wins the last trick whatever the Rival plays, and some
        other legal card would not."""
        view = self.view
        if view.players != 2 or not view.in_arrastre or len(view.hand) > LAST_TRICK_CARDS or len(self.legal) < 2:
            return False
        theirs = self.know.unseen
        opponent = 1 - view.seat
        if theirs.bit_count() != view.hand_sizes[opponent]:
            return False
        mine = mask_of(view.hand)

        def wins_with(card: int) -> bool:
            return _wins_last(
                view.rules,
                view.trump,
                view.seat,
                mine & ~(1 << card),
                theirs,
                (*(c for _, c in self.trick), card),
                opponent,
            )

        return wins_with(self.card) and not all(wins_with(c) for c in self.legal)

    @cached_property
    def pair(self) -> int | None:
        """The card's suit's Rey and cante card (a mask), when the card is one of them (else None)."""
        pair = self.tables.cante_pairs[self.card // 10]
        return pair if pair >> self.card & 1 else None

    def sung(self, suit: int) -> bool:
        return any(c.suit == suit for c in self.view.cantes)

    @cached_property
    def kept_pair(self) -> int | None:
        """A suit whose Rey and cante card the seat holds, unsung, with the stock left, while the card is neither,
        and playing either of them (those legal) is graded worse (:meth:`worse`)."""
        view = self.view
        if view.in_arrastre:
            return None
        hand = mask_of(view.hand)
        for suit in range(4):
            pair = self.tables.cante_pairs[suit]
            if pair >> self.card & 1 or self.sung(suit):
                continue
            playable = [c for c in cards_of(pair) if c in self.legal]
            if hand & pair == pair and playable and all(self.worse(c) for c in playable):
                return suit
        return None

    @property
    def muestra_due(self) -> bool:
        """Last trick before the arrastre: the side that loses it draws the muestra."""
        view = self.view
        return view.muestra is not None and view.stock_count == view.players - 1

    @cached_property
    def muestra_wanted(self) -> bool:
        """The muestra is worth having: an As or Tres of trumps, or the other card of an unsung trump pair held."""
        muestra = self.view.muestra
        if muestra is None:
            return False
        if self.points[muestra] >= 10:
            return True
        trump = self.view.trump
        pair = self.tables.cante_pairs[trump]
        # The muestra is half of the forty, and the seat holds the other half.
        return (
            not self.sung(trump)
            and bool(pair >> muestra & 1)
            and bool(pair & ~(1 << muestra) & mask_of(self.view.hand))
        )

    @cached_property
    def big_kept(self) -> int | None:
        """A phase-1 lead, an opponent may trump: the dearest plain As or Tres held besides the card whose lead is
        graded worse (:meth:`worse`; None if none)."""
        view = self.view
        if self.trick or view.in_arrastre or self.own >= 10:
            return None
        trump_mask = self.tables.trump_mask
        if not any(self.know.possible[s] & trump_mask for s in self.know.possible if (s & 1) != (view.seat & 1)):
            return None
        big = [c for c in self.legal if self.points[c] >= 10 and not trump_mask >> c & 1 and self.worse(c)]
        return max(big, key=lambda c: self.points[c]) if big else None

    @cached_property
    def margin(self) -> float:
        others = [v for c, v in self.values.items() if int(c) != self.card]
        mine = self.values.get(Card(self.card))
        return float(mine - max(others)) if others and mine is not None else 0.0


Rule = Callable[[Facts], bool]


def _lone(f: Facts) -> bool:
    return len(f.legal) == 1 and f.legal[0] == f.card


def _forced_by(*obligations: Obligation) -> Rule:
    return lambda f: _lone(f) and _obligation(f.view) in obligations


#: code -> what must be true of the position for the sentence to be true.
PRECONDITIONS: dict[ReasonCode, Rule] = {
    ReasonCode.MUST_FOLLOW: _forced_by(Obligation.FOLLOW_SUIT),
    ReasonCode.MUST_BEAT: _forced_by(Obligation.BEAT),
    ReasonCode.MUST_TRUMP: _forced_by(Obligation.TRUMP, Obligation.OVERTRUMP, Obligation.UNDERTRUMP),
    ReasonCode.ONLY_CARD: _lone,
    # The trick takes the side to the target de vueltas: the juego ends with it.
    ReasonCode.WIN_JUEGO: lambda f: f.instant and f.wins and f.side_after >= f.view.rules.target,
    # De vueltas: the opponents hold a trick that would take them to the target; the card takes it for sure.
    ReasonCode.SAVE_JUEGO: lambda f: (
        f.instant
        and f.opponent_holds
        and f.wins
        and f.total(1 - (f.view.seat & 1)) + f.trick_points >= f.view.rules.target
    ),
    # Heads-up arrastre, not de vueltas (where the hand may stop before it): the card wins the last trick against
    # any defence, another card would not.
    ReasonCode.LAST_TRICK: lambda f: not f.instant and f.last_trick_decided,
    # The partner holds the trick for sure and the card adds points without taking it.
    ReasonCode.LOAD_PARTNER: lambda f: (
        f.partner_holds and not f.takes and f.own > 0 and f.hold is not None and f.sure(f.hold[1])
    ),
    # Last trick before the arrastre, the card gives it to the opponents for sure, the muestra is worth having, and
    # the trick does not end the hand de vueltas first.
    ReasonCode.MUESTRA_LAST: lambda f: (
        f.muestra_due
        and f.opponent_holds
        and not f.takes
        and not f.after
        and f.muestra_wanted
        and (not f.instant or f.total(1 - (f.view.seat & 1)) + f.trick_points + f.own < f.view.rules.target)
    ),
    # Arrastre lead with a trump while an opponent may still hold trumps (they must follow).
    ReasonCode.LEAD_TRUMPS: lambda f: (
        not f.trick
        and f.view.in_arrastre
        and f.is_trump
        and any(f.know.possible[s] & f.tables.trump_mask for s in f.know.possible if (s & 1) != (f.view.seat & 1))
    ),
    # A lead nobody still to play can beat, and no card of its suit in the seat's hand beats it either.
    ReasonCode.MASTER_CARD: lambda f: not f.trick and f.wins and not f.held_above,
    # An opponent holds a trick with points on it, and the card takes it for sure.
    ReasonCode.WIN_POINTS: lambda f: f.opponent_holds and f.wins and f.trick_points > 0,
    # No points on the trick, but the card takes it for sure and keeps its own points.
    ReasonCode.SAFE_POINTS: lambda f: bool(f.trick) and f.wins and f.trick_points == 0 and f.own > 0,
    # Phase 1: the card is not of a Rey + cante-card pair the seat holds unsung, one of the pair was legal, and
    # playing it is graded worse.
    ReasonCode.KEEP_FOR_CANTE: lambda f: f.kept_pair is not None,
    # The card's cante was sung: it has done its work; the card does not take the trick.
    ReasonCode.CANTE_SUNG: lambda f: f.pair is not None and f.sung(f.card // 10) and not f.takes,
    # An opponent holds a trick with no points, the card does not take it and is among the cheapest.
    ReasonCode.DUCK: lambda f: f.opponent_holds and f.trick_points == 0 and not f.takes and f.own == f.cheapest,
    # Only blanks on the trick, the card is a blank and no trump.
    ReasonCode.BLANK_ON_BLANK: lambda f: bool(f.trick) and f.trick_points == 0 and f.own == 0 and not f.is_trump,
    # Phase 1, an opponent holds the trick, only a trump of the seat's would take it, the card is none, and every
    # trump that would take it is graded worse.
    ReasonCode.KEEP_TRUMPS: lambda f: (
        not f.view.in_arrastre
        and f.opponent_holds
        and not f.is_trump
        and not f.takes
        and any(f.tables.trump_mask >> c & 1 and f.beats_holder(c) for c in f.legal)
        and not any(not f.tables.trump_mask >> c & 1 and f.beats_holder(c) for c in f.legal)
        and all(f.worse(c) for c in f.legal if f.beats_holder(c))
    ),
    # The partner holds the trick, the card does not take it, is among the cheapest, and a dearer card or a trump
    # stays in hand.
    ReasonCode.PARTNER_WINNING: lambda f: (
        f.partner_holds
        and not f.takes
        and f.own == f.cheapest
        and any(f.points[c] > f.own or (f.tables.trump_mask >> c & 1 and not f.is_trump) for c in f.legal)
    ),
    # The partner holds the trick so far (LOAD_PARTNER, tried first, covers a sure trick), the card does not take
    # it and adds points to it.
    ReasonCode.PARTNER_ADD: lambda f: f.partner_holds and not f.takes and f.own > 0,
    # An opponent holds a trick with points, the card takes it (for now), and no card that takes it is cheaper.
    ReasonCode.WIN_CHEAPLY: lambda f: (
        f.opponent_holds
        and f.takes
        and f.trick_points > 0
        and f.own == min(f.points[c] for c in f.legal if f.beats_holder(c))
    ),
    # The card takes a trick without points for sure, costs nothing, and a next trick follows.
    ReasonCode.TAKE_LEAD: lambda f: (
        bool(f.trick) and f.wins and f.trick_points == 0 and f.own == 0 and not f.last_trick
    ),
    # A lead no unseen card of its suit beats (only a trump can take it), nor one in the seat's hand.
    ReasonCode.SUIT_MASTER: lambda f: (
        not f.trick and not f.is_trump and not f.tables.above[f.card] & f.know.unseen and not f.held_above
    ),
    # A lead worth under 10 points while a dearer card is in hand, and every cheaper card graded worse (else "risks
    # only N points" would be false of a hand with cheaper cards); never where those points give the juego away.
    ReasonCode.LEAD_CHEAP: lambda f: (
        not f.trick
        and f.own < 10
        and f.own < f.dearest
        and all(f.worse(c) for c in f.legal if f.points[c] < f.own)
        and not f.feeds_juego
    ),
    # An opponent holds the trick, the card does not take it, gives the fewest points, and some card would give more.
    ReasonCode.THROW_LOWEST: lambda f: (
        f.opponent_holds and not f.takes and f.own == f.cheapest and f.dearest > f.cheapest
    ),
    # Phase 1 lead while an opponent may trump: the card is no As or Tres, and the seat keeps one of a plain suit
    # whose lead is graded worse.
    ReasonCode.KEEP_BIG_CARD: lambda f: f.big_kept is not None,
    # A lead with the fewest points, when another card would risk more; never where they give the juego away.
    ReasonCode.LEAD_LOW: lambda f: not f.trick and f.own == f.cheapest and f.dearest > f.cheapest and not f.feeds_juego,
    # What the search found: true by construction (the margin and its words follow the evaluation's grades).
    ReasonCode.BEST_BY_SEARCH: lambda f: True,
}


def _params(code: ReasonCode, f: Facts) -> dict[str, object]:
    """The parameters of ``code``'s sentence in this position."""
    text = str(Card(f.card))
    if code in (ReasonCode.WIN_POINTS,):
        return {"card": text, "points": f.trick_points}
    if code is ReasonCode.WIN_CHEAPLY:
        return {"card": text, "points": f.trick_points}
    if code in (ReasonCode.LOAD_PARTNER, ReasonCode.SAFE_POINTS, ReasonCode.PARTNER_ADD, ReasonCode.LEAD_CHEAP):
        return {"card": text, "points": f.own}
    if code in (ReasonCode.WIN_JUEGO, ReasonCode.SAVE_JUEGO):
        # The target, not the total: cards still to come may add to the trick.
        return {"card": text, "points": f.view.rules.target}
    if code is ReasonCode.KEEP_FOR_CANTE:
        suit = f.kept_pair
        assert suit is not None
        return {"card": text, "suit": Suit(suit).title, "rank": RANK_NAMES[f.view.rules.cante_rank]}
    if code is ReasonCode.CANTE_SUNG:
        return {"card": text, "suit": Suit(f.card // 10).title}
    if code is ReasonCode.MUESTRA_LAST:
        assert f.view.muestra is not None
        return {"card": text, "muestra": str(Card(f.view.muestra))}
    if code is ReasonCode.KEEP_BIG_CARD:
        assert f.big_kept is not None
        return {"card": text, "big": str(Card(f.big_kept))}
    if code is ReasonCode.BEST_BY_SEARCH:
        return _searched(f)
    return {"card": text}


def _searched(f: Facts) -> dict[str, object]:
    """BEST_BY_SEARCH's parameters: what the evaluation says of the card against the others.

    For the coach's card of an evaluation the words follow the grades of the other cards: ``same`` when one is
    about the same, ``close`` (naming it) when one is a close call, else ``margin``: the cost of the next best card
    with the half-width of its 95 % interval (``spread``, 0 when exact); ``exact`` where every card is known.
    Otherwise (values alone) the margin in whole points, 0 under one point.
    """
    text = str(Card(f.card))
    evaluation, card = f.evaluation, Card(f.card)
    if evaluation is None or card != evaluation.best or len(evaluation.cards) < 2:
        # The coach only advises a card worth less than another when it cannot tell them apart (its noise).
        return {"card": text, "margin": round(f.margin) if f.margin >= 1 else 0}
    others = sorted((c for c in evaluation.cards if c != card), key=lambda c: (evaluation.cards[c].delta, int(c)))
    grades = [evaluation.grade(c) for c in others]
    if Grade.SAME in grades:
        return {"card": text, "verdict": "same", "exact": evaluation.exact}
    if Grade.CLOSE in grades:
        return {"card": text, "verdict": "close", "other": str(others[grades.index(Grade.CLOSE)])}
    following = others[0]
    return {
        "card": text,
        "verdict": "margin",
        "exact": evaluation.exact,
        "margin": round(evaluation.cards[following].delta, 1),
        "spread": round(evaluation.margin(following), 1),
    }


#: The order reasons are tried in for a card chosen among several (the first that holds is given).
ORDER: tuple[ReasonCode, ...] = (
    ReasonCode.WIN_JUEGO,
    ReasonCode.SAVE_JUEGO,
    ReasonCode.LAST_TRICK,
    ReasonCode.LOAD_PARTNER,
    ReasonCode.MUESTRA_LAST,
    ReasonCode.LEAD_TRUMPS,
    ReasonCode.MASTER_CARD,
    ReasonCode.WIN_POINTS,
    ReasonCode.SAFE_POINTS,
    ReasonCode.TAKE_LEAD,
    ReasonCode.KEEP_FOR_CANTE,
    ReasonCode.CANTE_SUNG,
    ReasonCode.DUCK,
    ReasonCode.KEEP_TRUMPS,
    ReasonCode.PARTNER_WINNING,
    ReasonCode.PARTNER_ADD,
    ReasonCode.THROW_LOWEST,
    ReasonCode.WIN_CHEAPLY,
    ReasonCode.BLANK_ON_BLANK,
    ReasonCode.SUIT_MASTER,
    ReasonCode.KEEP_BIG_CARD,
    ReasonCode.LEAD_LOW,
    ReasonCode.LEAD_CHEAP,
    ReasonCode.BEST_BY_SEARCH,
)

#: The order for a card that is the only one the seat may play.
FORCED_ORDER: tuple[ReasonCode, ...] = (
    ReasonCode.MUST_FOLLOW,
    ReasonCode.MUST_BEAT,
    ReasonCode.MUST_TRUMP,
    ReasonCode.ONLY_CARD,
)


def holds(
    reason: Reason,
    view: SeatView,
    card: int,
    tables: Tables,
    values: Mapping[Card, float] | None = None,
    evaluation: Evaluation | None = None,
) -> bool:
    """Whether ``reason``'s sentence is true of playing ``card`` in ``view`` (its precondition and its parameters).

    With neither ``values`` nor ``evaluation`` the search's margin (BEST_BY_SEARCH) is not checked.
    """
    rule = PRECONDITIONS.get(reason.code)
    if rule is None:
        return False
    if values is None and evaluation is not None:
        values = evaluation.values
    facts = Facts(view, int(card), tables, values or {}, evaluation)
    if not rule(facts):
        return False
    if reason.code is ReasonCode.BEST_BY_SEARCH and values is None:
        return reason.params.get("card") == str(Card(card))
    return dict(reason.params) == _params(reason.code, facts)


def card_reason(
    view: SeatView,
    card: int,
    values: Mapping[Card, float],
    tables: Tables,
    forced: bool = False,
    evaluation: Evaluation | None = None,
) -> Reason:
    """The simple idea behind playing ``card`` now: the first reason whose precondition holds.

    A forced card (``forced``, or fewer than two cards valued) gets the rule that forces it; any other card the
    first of :data:`ORDER` that holds, BEST_BY_SEARCH (what the search found) when no simple idea does. With the
    coach's ``evaluation`` (``values`` may then be empty: its values are used) the reasons read its grades.
    """
    if not values and evaluation is not None:
        values = evaluation.values
    facts = Facts(view, int(card), tables, values, evaluation)
    order = FORCED_ORDER if forced or len(values) < 2 else ORDER
    for code in order:
        if PRECONDITIONS[code](facts):
            return Reason(code, _params(code, facts))
    # A card reported forced that is not the only one (no valued alternatives): what the search found.
    return Reason(ReasonCode.BEST_BY_SEARCH, _params(ReasonCode.BEST_BY_SEARCH, facts))
