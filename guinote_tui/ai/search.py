"""The search levels, ``hard`` and ``expert``, and their settings.

``hard`` samples deals consistent with its view (:mod:`.determinize`) and
scores each card it may play by playing every sample to the end with the
rule-based policy (:mod:`.playouts`; the same deals for every card, so the
comparison is fair). In the arrastre it solves exactly (:mod:`.solver`):
heads-up the opponent's hand is known, so one solve is the answer; in pairs
it solves each sample.

``expert`` uses the same machinery with up to twice the playouts, spent by
racing the cards on shared deals (a card clearly behind drops out, so close
calls get the most deals), four times the sampled deals in the pairs
arrastre, the exact arrastre solver at the end of its late heads-up
playouts, and samples weighted by inference (:mod:`.inference`).

Both play for the juego (``juego``, :mod:`guinote_tui.engine.outcome`): the
heads-up arrastre is solved for it, and a card that wins the juego at once
whatever the hidden cards (:func:`wins_at_once`) is played without a search.

Both hold one :class:`SearchSettings`. Budgets are counted in samples, not
seconds, so a decision is reproducible. Cantes, tute and the swap follow the
rule-based policy: they are nearly always right and cost no search.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..engine import LAST_TRICK_POINTS, PLAY, Action, JuegoOutcome, Play, SeatView, best_cante, winner_index
from .base import Bot
from .bitmasks import Tables, mask_of, tables_for
from .determinize import Deal, build_state, enumerate_deals, sample_deal
from .discipline import disciplined, exact_ties, near_ties
from .inference import Inference, inferred_deals
from .knowledge import Knowledge
from .playouts import final_diff, playout
from .policy import settled_action
from .race import ClearLoser, Race, RaceBudget
from .rulebots import sung_mask
from .solver import ArrastreSolver, OutOfBudget, solver_for_view


@dataclass(frozen=True)
class SearchSettings:
    """What a search bot spends and how (docs/dev/bots.md, "Naming a bot: specs").

    Every field may be set in a bot spec: ``hard:samples=12,race=true``.
    """

    #: Playouts per card in a phase-1 decision (with ``race``: the most spent is this many times the cards).
    samples: int = 100
    #: Pairs arrastre: sampled deals solved exactly.
    arrastre_samples: int = 12
    #: Pairs arrastre: nodes the solver may visit over all samples of one decision.
    arrastre_nodes: int = 100_000
    #: Heads-up: from this many stock cards down, stop playouts at the arrastre and solve it exactly.
    leaf_stock: int = 0
    #: Pairs arrastre: exact value for every card of a sample, or exact for the best card and a bound for the others.
    exact_arrastre: bool = True
    #: Weight sampled deals by what the other seats did (:mod:`.inference`).
    infer: bool = False
    #: With inference: 1 reads only the declined windows; below 1 also the card play (the policy's card
    #: weighs ``1 - eps + eps/n``).
    infer_eps: float = 0.5
    #: With inference: how many of each other seat's latest plays (and tricks back of windows) are read.
    infer_depth: int = 4
    #: With inference: deals drawn per deal kept.
    oversample: int = 3
    #: Play for the juego (:mod:`guinote_tui.engine.outcome`: a decided juego outweighs any margin, the points
    #: break ties): the heads-up arrastre solved for it, and de vueltas a card that completes the trick and wins
    #: the juego at once (:func:`wins_at_once`) played without a search. False: for the points alone.
    juego: bool = True
    #: Phase 1: race the cards on shared deals (:mod:`.race` with :class:`~.race.ClearLoser`): every card is
    #: played out on ``race_min`` deals, then ``race_batch`` more at a time; a card clearly worse than the leader
    #: (its paired cost more than two standard errors) drops out; the race ends with one card left or
    #: ``samples`` x cards playouts spent.
    race: bool = False
    #: With racing: deals every card is played out on first.
    race_min: int = 40
    #: With racing: deals added per round to each card still in the race.
    race_batch: int = 20
    #: When the layouts of the unseen cards (with the stock's orders) are no more than the deals a decision would
    #: sample, value the cards on every one of them instead (each once, weighed by the inference when it reads
    #: anything): the exact expectation over the consistent deals, with no sampling error.
    exact_few: bool = False
    #: Phase 1 with at least this many face-down stock cards (the first tricks, whose playouts are the longest):
    #: ``early_samples`` instead of ``samples``. 0 (and 0 ``early_samples``): the same budget throughout.
    early_stock: int = 0
    early_samples: int = 0
    #: Among the cards the search cannot tell apart (:mod:`.discipline`: equal exact values, or a paired shortfall
    #: against the best of at most ``tie_z`` standard errors), play the one that hands over the fewest points and
    #: keeps the highest cards. False: the best mean alone (the choice before the tie-break).
    tiebreak: bool = True
    #: With ``tiebreak``: how many standard errors of the search's own paired estimate make a near-tie.
    tie_z: float = 0.25
    #: With ``tiebreak``: the prior among near-ties: ``points`` (fewest points handed over, the highest card kept:
    #: :func:`~.discipline.discipline_key`) or ``policy`` (the rule-based policy's card among them).
    tie_prior: str = "policy"
    #: With ``tiebreak``: the near-tie width and the prior for a first-phase lead (no card on the table), where a
    #: point card led into unseen higher cards is what a person sees as a coin toss; below 0 and empty: ``tie_z``
    #: and ``tie_prior`` as for any other decision.
    tie_z_lead: float = -1.0
    tie_prior_lead: str = ""
    #: Phase 1, sampled deals: after the search, the cards whose paired shortfall against the best is at most
    #: ``resample_z`` standard errors draw up to this many more deals (the same deals for each of them,
    #: ``race_batch`` at a time), dropping out once clearly worse than the leader at ``resample_z``, until one is
    #: left or the deals are spent; then the choice (and the tie-break) as before. 0: no resampling.
    resample: int = 0
    #: With ``resample``: the width of the near-ties resampled and the line a card must clear to drop out.
    resample_z: float = 2.0
    #: With ``resample``: the moves the extra playouts may cost over all the cards resampled (a card played out on a
    #: deal costs the cards still to play, the same on every deal of a decision: the time a decision takes follows
    #: them), so that three or four cards still tied share what two would draw, and the first tricks, whose
    #: playouts are the longest, draw fewer deals than the later ones. 0: ``resample`` deals for each of them.
    resample_moves: int = 0
    #: With ``resample``: a card not clearly worse than the leader whose paired difference from it lies within this
    #: many points either way at ``resample_z`` standard errors stops drawing deals as worth the same (two blanks
    #: that fare alike), and stays among the near-ties the tie-break chooses from. 0: only a clear loser stops.
    resample_same: float = 0.0

    def __post_init__(self) -> None:
        for key in ("samples", "arrastre_samples", "arrastre_nodes", "race_batch"):
            if getattr(self, key) < 1:
                raise ValueError(f"{key} must be at least 1")
        if self.leaf_stock < 0:
            raise ValueError("leaf_stock must not be negative")
        if not 0.0 < self.infer_eps <= 1.0:
            raise ValueError("infer_eps must be more than 0 and at most 1")
        if self.infer_depth < 1 or self.oversample < 1:
            raise ValueError("infer_depth and oversample must be at least 1")
        if self.early_stock < 0 or self.early_samples < 0:
            raise ValueError("early_stock and early_samples must not be negative")
        if self.tie_prior not in ("points", "policy") or self.tie_prior_lead not in ("", "points", "policy"):
            raise ValueError("tie_prior and tie_prior_lead must be points or policy")
        if not 0.0 <= self.tie_z <= 4.0 or not (self.tie_z_lead < 0 or self.tie_z_lead <= 4.0):
            raise ValueError("tie_z and tie_z_lead must be from 0 to 4")
        if self.resample < 0 or self.resample_moves < 0 or self.resample_same < 0:
            raise ValueError("resample, resample_moves and resample_same must not be negative")
        if not 0.0 < self.resample_z <= 4.0:
            raise ValueError("resample_z must be more than 0 and at most 4")
        if self.race_min < 2:
            raise ValueError("race_min must be at least 2 (a standard error needs two deals)")


def wins_at_once(view: SeatView, cards: list[int], tables: Tables) -> list[int]:
    """The cards of ``cards`` that win the juego at once, whatever the hidden cards: the seat completes the trick,
    and either taking it brings its side to the target de vueltas, or it is the hand's last trick and the hand is
    then judged the side's (:class:`~guinote_tui.engine.JuegoOutcome`); heads-up also a trick won de vueltas after
    which a cante the seat holds reaches the target."""
    players = view.players
    outcome = JuegoOutcome(view.rules, view.carried, view.first_of_juego)
    last = view.in_arrastre and len(view.hand) == 1
    if len(view.trick) != players - 1 or not (outcome.instant or last):
        return []
    side = view.side
    took = _took(view)
    hand = mask_of(view.hand)
    out = []
    for card in cards:
        holder, points, malas = _taking(view, card, tables, last)
        if outcome.reaches(holder, points[holder]):
            if holder == side:
                out.append(card)
            continue
        if players == 2 and holder == side and outcome.instant and not last:
            # Heads-up the winner's window opens after the trick: it may sing a pair it holds (the best one).
            suit = best_cante(hand & ~(1 << card), sung_mask(view), tables)
            if suit >= 0 and outcome.reaches(side, points[side] + tables.cante_points[suit]):
                out.append(card)
            continue
        if last and outcome.played_out(points, malas, took | 1 << holder, holder)[0] == side:
            out.append(card)
    return out


def loses_at_once(view: SeatView, cards: list[int], tables: Tables) -> list[int]:
    """The cards of ``cards`` that lose the juego at once, whatever the hidden cards: after the card the other
    side holds the trick and only its seats are still to play in it (so it takes the trick), and the trick's
    points so far with the card's bring it to the target de vueltas, or the trick is the hand's last, the seat
    completes it and the hand is then judged the other side's (:class:`~guinote_tui.engine.JuegoOutcome`)."""
    players = view.players
    outcome = JuegoOutcome(view.rules, view.carried, view.first_of_juego)
    last = view.in_arrastre and len(view.hand) == 1
    if not (outcome.instant or last):
        return []
    side = view.side
    rival = 1 - side
    to_come = players - 1 - len(view.trick)
    if any((view.seat + k) % players % 2 == side for k in range(1, to_come + 1)):
        return []  # a partner still to play may take the trick
    took = _took(view)
    out = []
    for card in cards:
        holder, points, malas = _taking(view, card, tables, last)
        if holder == side:
            continue
        if outcome.reaches(rival, points[rival]) or (
            last and to_come == 0 and outcome.played_out(points, malas, took | 1 << rival, rival)[0] == rival
        ):
            out.append(card)
    return out


def _taking(view: SeatView, card: int, tables: Tables, last: bool) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """The side holding the trick once the seat plays ``card``, and the sides' points and malas once that side takes
    it with the cards played so far (the last ten on the hand's last trick)."""
    trick = [int(c) for _, c in view.trick]
    trick.append(card)
    holder = (view.leader + winner_index(trick, tables.beaters)) % view.players & 1
    gained = sum(tables.points[c] for c in trick) + (LAST_TRICK_POINTS if last else 0)
    points, malas = list(view.points), list(view.card_points)
    points[holder] += gained
    malas[holder] += gained
    return holder, (points[0], points[1]), (malas[0], malas[1])


def _took(view: SeatView) -> int:
    """The sides that took a trick so far (bit ``side``), for the capote."""
    took = 0
    for trick in view.tricks:
        took |= 1 << (trick.winner & 1)
    return took


class HardBot(Bot):
    """Samples deals consistent with the view; plays each card out; solves the arrastre exactly."""

    name = "hard"
    #: This level's settings; a spec's parameters replace some of them. Phase 1's near-ties draw up to 200 more
    #: shared deals (``resample``): measured better on the exploit and discipline suites and no weaker in
    #: duplicate tournaments against ``resample=0`` (docs/dev/bots.md, "Near-ties"). A larger budget within a cap
    #: in moves (``resample=800,resample_moves=60000,resample_same=1``) plays the suites better, but its tournament
    #: against this one is unfinished and leans negative: not the default.
    SETTINGS: ClassVar[SearchSettings] = SearchSettings(resample=200)

    def __init__(self, settings: SearchSettings | None = None, **params: Any) -> None:
        try:
            self.settings = replace(self.SETTINGS if settings is None else settings, **params)
        except ValueError as exc:
            raise ValueError(f"bot {self.name}: {exc}") from None
        #: Built once per decision, on the first inferred sample.
        self._inference: Inference | None = None

    def _new_inference(self, view: SeatView, know: Knowledge) -> Inference:
        s = self.settings
        return Inference(view, know, s.infer_depth, s.infer_eps)

    def _deals(self, view: SeatView, know: Knowledge, rng: random.Random, count: int) -> list[Deal]:
        """``count`` sampled deals: uniform over the consistent ones, or with inference drawn in
        proportion to the inferred likelihoods (resampled, so every deal counts once)."""
        settings = self.settings
        if not settings.infer:
            return [sample_deal(view, know, rng) for _ in range(count)]
        if self._inference is None:
            self._inference = self._new_inference(view, know)
        return inferred_deals(view, know, rng, count, self._inference, settings.oversample)

    def _every_deal(
        self, view: SeatView, know: Knowledge, rng: random.Random, limit: int
    ) -> tuple[list[Deal], list[float]] | None:
        """Every consistent deal and its weight, when ``exact_few`` and there are at most ``limit`` (else None)."""
        if not self.settings.exact_few:
            return None
        deals = enumerate_deals(view, know, limit)
        if deals is None:
            return None
        weights = [1.0] * len(deals)
        if self.settings.infer:
            if self._inference is None:
                self._inference = self._new_inference(view, know)
            if self._inference.informative:
                found = [self._inference.weight(deal, rng) for deal in deals]
                if sum(found) > 0.0:
                    weights = found
        return deals, weights

    def _knowledge(self, view: SeatView) -> Knowledge:
        """What the seat knows about the hidden cards (from the view alone)."""
        return Knowledge.from_view(view)

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal
        tables = tables_for(view.rules, view.trump)
        action = settled_action(legal, view.stage, view.trump, view.muestra, tables)
        if action is not None:
            return action
        cards: list[int] = [a.card for a in legal if isinstance(a, Play)]
        if self.settings.juego:
            winning = wins_at_once(view, cards, tables)
            if winning:
                return PLAY[max(winning, key=lambda c: tables.points[c])]
        know = self._knowledge(view)
        self._inference = None
        if view.in_arrastre:
            totals = self._arrastre_values(view, know, cards, rng)
            if totals is not None:
                best = max(cards, key=lambda c: totals[c])
                # Without exact_arrastre the pairs solves give the cards but the best only a bound, not a value.
                exact = view.players == 2 or self.settings.exact_arrastre
                return PLAY[self._pick(view, know, tables, best, exact_ties(totals) if exact else [best])]
        if self.settings.race:
            return PLAY[self._race_choice(view, know, cards, tables, rng)]
        every = self._every_deal(view, know, rng, self.samples_for(view))
        if every is not None:
            values = self._weighed_values(view, cards, tables, self._leaf(view), *every)
            return PLAY[self._pick(view, know, tables, max(cards, key=lambda c: values[c]), exact_ties(values))]
        per_deal = self._playout_deals(view, know, cards, tables, rng)
        if self.settings.resample:
            race: Race[int] = Race(cards, ClearLoser(self.settings.resample_z))
            race.per_deal = per_deal
            race.deals = len(per_deal[cards[0]])
            race.work = race.deals * len(cards)
            return PLAY[self._raced_pick(view, know, tables, rng, race)]
        means = _means(per_deal)
        best = max(cards, key=lambda c: means[c])
        return PLAY[self._pick(view, know, tables, best, near_ties(per_deal, self._tie_z(view)))]

    def _first_phase_lead(self, view: SeatView) -> bool:
        return not view.trick and view.muestra is not None

    def _tie_z(self, view: SeatView) -> float:
        """The near-tie width for this decision (``tie_z_lead`` on a first-phase lead, when set)."""
        lead = self.settings.tie_z_lead
        return lead if lead >= 0 and self._first_phase_lead(view) else self.settings.tie_z

    def _pick(self, view: SeatView, know: Knowledge, tables: Tables, best: int, ties: list[int]) -> int:
        """``best`` (the search's card), or with ``tiebreak`` the disciplined card among ``ties``."""
        if not self.settings.tiebreak or len(ties) < 2:
            return best
        prior = self.settings.tie_prior
        if self.settings.tie_prior_lead and self._first_phase_lead(view):
            prior = self.settings.tie_prior_lead
        return disciplined(view, know, tables, ties, prior)

    def card_values(self, view: SeatView, rng: random.Random) -> dict[int, float]:
        """The search's value of every card ``view.legal`` may play, in points of the hand for the seat's side.

        The same machinery as :meth:`choose` (not used by it): playouts on
        sampled deals in phase 1; in the arrastre the exact solve heads-up, the
        mean of the per-sample exact solves in pairs. One scale for every card
        of a decision (only the differences between cards mean something across
        methods). Empty when no card may be played. Always in points: the juego
        model's values (``juego``) are not points.
        """
        cards: list[int] = [a.card for a in view.legal if isinstance(a, Play)]
        if not cards:
            return {}
        know = self._knowledge(view)
        self._inference = None
        if view.in_arrastre:
            found = self._arrastre_totals(view, know, cards, rng, juego=False)
            if found is not None:
                totals, solved = found
                return {c: totals[c] / solved for c in cards}
        tables = tables_for(view.rules, view.trump)
        return self._playout_values(view, know, cards, tables, rng)

    def _arrastre_values(
        self, view: SeatView, know: Knowledge, cards: list[int], rng: random.Random
    ) -> dict[int, float] | None:
        """Exact values: heads-up one solve; in pairs a solve per sampled deal within the node budget."""
        found = self._arrastre_totals(view, know, cards, rng)
        return None if found is None else found[0]

    def _arrastre_totals(
        self, view: SeatView, know: Knowledge, cards: list[int], rng: random.Random, juego: bool = True
    ) -> tuple[dict[int, float], float] | None:
        """The summed exact values over the deals solved, and how many were solved (None: none); with every deal
        enumerated (``exact_few``), the sums and the count are weighed by each deal's weight.

        With ``juego`` (and the settings asking for it) the values are the juego model's.
        """
        settings = self.settings
        trick: list[int] = [c for _, c in view.trick]
        sung = sung_mask(view)
        if view.players == 2:
            # Heads-up arrastre is open information: the unseen cards are the opponent's hand.
            solver = solver_for_view(view, juego=juego and settings.juego)
            hands = [0, 0]
            hands[view.seat] = know.mine
            hands[1 - view.seat] = know.unseen
            values = solver.action_values(hands, view.leader, trick, sung)
            return {c: float(values[c]) for c in cards}, 1.0
        solver = solver_for_view(view, settings.arrastre_nodes, juego=False)
        every = self._every_deal(view, know, rng, settings.arrastre_samples)
        deals, weights = every if every is not None else (self._deals(view, know, rng, settings.arrastre_samples), None)
        totals = dict.fromkeys(cards, 0.0)
        solved = 0.0
        for number, deal in enumerate(deals):
            hands = [know.mine if seat == view.seat else mask_of(deal.hands[seat]) for seat in range(view.players)]
            solver.table.clear()
            order = sorted(cards, key=lambda c: -totals[c])
            try:
                values = solver.action_values(hands, view.leader, trick, sung, order, exact=settings.exact_arrastre)
            except OutOfBudget:
                break
            weight = 1.0 if weights is None else weights[number]
            for card in cards:
                totals[card] += weight * values[card]
            solved += weight
        return (totals, solved) if solved else None

    def _playout_values(
        self, view: SeatView, know: Knowledge, cards: list[int], tables: Tables, rng: random.Random
    ) -> dict[int, float]:
        """Mean result of each card played out to the end of the hand on the same ``samples`` sampled deals."""
        every = self._every_deal(view, know, rng, self.samples_for(view))
        if every is not None:
            return self._weighed_values(view, cards, tables, self._leaf(view), *every)
        return _means(self._playout_deals(view, know, cards, tables, rng))

    def _playout_deals(
        self, view: SeatView, know: Knowledge, cards: list[int], tables: Tables, rng: random.Random
    ) -> dict[int, list[float]]:
        """Each card's result on each of the same ``samples`` sampled deals, played out to the end of the hand."""
        leaf = self._leaf(view)
        per_deal: dict[int, list[float]] = {c: [] for c in cards}
        for deal in self._deals(view, know, rng, self.samples_for(view)):
            for card, value in zip(cards, self._play_deal(view, deal, cards, tables, leaf), strict=True):
                per_deal[card].append(value)
        return per_deal

    def samples_for(self, view: SeatView) -> int:
        """Playouts per card for this phase-1 decision (fewer on the first tricks with ``early_samples``)."""
        settings = self.settings
        if settings.early_samples and view.stock_count >= settings.early_stock:
            return settings.early_samples
        return settings.samples

    def _weighed_values(
        self,
        view: SeatView,
        cards: list[int],
        tables: Tables,
        leaf: ArrastreSolver | None,
        deals: list[Deal],
        weights: list[float],
    ) -> dict[int, float]:
        """Each card's weighed mean over ``deals``, each played out once (:attr:`SearchSettings.exact_few`)."""
        totals = dict.fromkeys(cards, 0.0)
        for deal, weight in zip(deals, weights, strict=True):
            for card, value in zip(cards, self._play_deal(view, deal, cards, tables, leaf), strict=True):
                totals[card] += weight * value
        whole = sum(weights)
        return {c: totals[c] / whole for c in cards}

    def _leaf(self, view: SeatView) -> ArrastreSolver | None:
        """For phase-1 playouts: the solver that ends late heads-up playouts at the arrastre (``leaf_stock``)."""
        if view.players == 2 and view.stock_count <= self.settings.leaf_stock:
            return ArrastreSolver(view.rules, view.trump, view.players)
        return None

    @staticmethod
    def _play_deal(
        view: SeatView, deal: Deal, cards: list[int], tables: Tables, leaf: ArrastreSolver | None
    ) -> list[float]:
        """Each of ``cards`` played first on ``deal`` and the hand played out: its value for the seat's side."""
        side = view.side
        base = build_state(view, deal)
        values = []
        for card in cards:
            state = base.copy()
            state.apply(PLAY[card])
            playout(state, tables, leaf)
            values.append(final_diff(state, side, leaf))
        return values

    def _player(
        self, view: SeatView, know: Knowledge, tables: Tables, rng: random.Random, race: Race[int]
    ) -> Callable[[int, list[int]], None]:
        """The race's ``play``: ``count`` new sampled deals, each card still in ``race`` played out on every one."""
        leaf = self._leaf(view)

        def play(count: int, alive: list[int]) -> None:
            for deal in self._deals(view, know, rng, count):
                for card, value in zip(alive, self._play_deal(view, deal, alive, tables, leaf), strict=True):
                    race.per_deal[card].append(value)

        return play

    def _race(self, view: SeatView, know: Knowledge, cards: list[int], tables: Tables, rng: random.Random) -> Race[int]:
        """The cards raced (``race``, :class:`~.race.ClearLoser`): the cards still in the race share every deal."""
        settings = self.settings
        race: Race[int] = Race(cards, ClearLoser())
        samples = self.samples_for(view)
        first = min(settings.race_min, samples)
        budget = RaceBudget(first, settings.race_batch, samples * len(cards))
        race.run(budget, self._player(view, know, tables, rng, race))
        return race

    def _resample(self, view: SeatView, know: Knowledge, tables: Tables, rng: random.Random, race: Race[int]) -> None:
        """``resample``: the cards of ``race`` still in it and within ``resample_z`` standard errors of the leader
        (:func:`~.discipline.near_ties`) go on drawing shared deals, dropping out once clearly worse than the leader
        (:class:`~.race.ClearLoser` at ``resample_z``), until one is left or ``resample`` more deals are drawn."""
        settings = self.settings
        race.alive = near_ties(race.per_deal, settings.resample_z, race.alive)
        if len(race.alive) < 2:
            return
        race.rule = ClearLoser(settings.resample_z, settings.resample_same)
        extra = settings.resample
        work = extra * len(race.alive)
        if settings.resample_moves:
            work = min(work, settings.resample_moves // _cards_left(view, know))
        budget = RaceBudget(min(settings.race_batch, extra), settings.race_batch, race.work + work, race.deals + extra)
        race.run(budget, self._player(view, know, tables, rng, race))

    def _raced_pick(self, view: SeatView, know: Knowledge, tables: Tables, rng: random.Random, race: Race[int]) -> int:
        """The card of a finished race (after :meth:`_resample`): its leader, or the tie-break's card among the
        near-ties still in it."""
        if self.settings.resample:
            self._resample(view, know, tables, rng, race)
        leader = race.leader()
        ties = near_ties(race.per_deal, self._tie_z(view), race.alive) + race.same
        return self._pick(view, know, tables, leader, ties)

    def _race_choice(
        self, view: SeatView, know: Knowledge, cards: list[int], tables: Tables, rng: random.Random
    ) -> int:
        """The card the race (:meth:`_race`) plays: its leader; with every deal enumerated (``exact_few``), the
        best weighed mean over them instead."""
        every = self._every_deal(view, know, rng, self.samples_for(view))
        if every is not None:
            values = self._weighed_values(view, cards, tables, self._leaf(view), *every)
            return self._pick(view, know, tables, max(cards, key=lambda c: (values[c], -c)), exact_ties(values))
        return self._raced_pick(view, know, tables, rng, self._race(view, know, cards, tables, rng))


def _cards_left(view: SeatView, know: Knowledge) -> int:
    """The cards still to play in the hand (the seat's, the unseen, the muestra lying face up): the moves of one
    playout from this decision, on any deal."""
    return len(view.hand) + know.unseen.bit_count() + (view.muestra is not None)


def _means(per_deal: dict[int, list[float]]) -> dict[int, float]:
    """Each card's mean over its deals (summed in deal order, as the values were before they were kept per deal)."""
    out = {}
    for card, values in per_deal.items():
        total = 0.0
        for value in values:
            total += value
        out[card] = total / len(values)
    return out


def risk_key(tables: Tables, card: int) -> tuple[int, bool, int, int]:
    """Orders cards from the one that risks the least: fewest points, then no trump, then the lowest."""
    return (tables.points[card], bool(tables.trump_mask >> card & 1), tables.strength[card], card)


class ExpertBot(HardBot):
    """Hard's search with a bigger budget spent by racing the cards, and more deals in the pairs arrastre."""

    name = "expert"
    SETTINGS: ClassVar[SearchSettings] = SearchSettings(
        samples=200,
        arrastre_samples=48,
        arrastre_nodes=250_000,
        leaf_stock=3,
        race=True,
        exact_arrastre=False,
        infer=True,
        infer_eps=1.0,
        oversample=2,
    )
