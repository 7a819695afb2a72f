"""The hint, the review in the game and ``guinote review`` give one verdict for one decision."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from guinote_tui.ai import NormalBot, decide
from guinote_tui.coach import COACH_SEED, CoachBudget, review_match
from guinote_tui.coach.ahead import HandSpec, advise_at, review_hand
from guinote_tui.engine import Match, Rules, history_dict, load_history

DEEP = CoachBudget(min_deals=10, batch=10, max_playouts=400, max_deals=120)
QUICK = replace(DEEP, max_playouts=120)


def played_hand(players: int, seed: int) -> Match:
    match = Match(players, Rules(), seed=seed)
    bot = NormalBot()
    rng = random.Random(seed)
    hand = match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        match.apply(decide(bot, hand, seat, rng), seat)
    return match


def test_the_three_surfaces_agree_on_a_saved_hand() -> None:
    for players, seed in ((2, 3), (4, 8)):
        match = played_hand(players, seed)
        saved = load_history(history_dict(match))  # what `guinote review FILE` reads
        cli = [d for d in review_match(saved, 0, COACH_SEED, DEEP) if not d.forced]
        hand = match.hand
        spec = HandSpec.of(hand)
        in_game = review_hand(spec, hand.log, 0, COACH_SEED, DEEP)
        assert len(cli) == len(in_game) > 3
        compared = 0
        for decision, reviewed in zip(cli, in_game, strict=True):
            assert (decision.played, decision.best, decision.cost, decision.cost_se, decision.mistake) == (
                reviewed.played,
                reviewed.best,
                reviewed.cost,
                reviewed.cost_se,
                reviewed.mistake,
            )
            assert (decision.grade, decision.juego) == (reviewed.grade, reviewed.juego)
            assert (decision.played_win, decision.played_loss, decision.best_win, decision.best_loss) == (
                reviewed.played_win,
                reviewed.played_loss,
                reviewed.best_win,
                reviewed.best_loss,
            )
            prefix = tuple(hand.log[: reviewed.index])
            # The hint once the analysis made while the player thought is done: the same analysis.
            deep = advise_at(spec, prefix, 0, COACH_SEED, DEEP)
            assert deep is not None and deep.action == reviewed.best
            assert round(deep.cost(reviewed.played), 2) == reviewed.cost
            # A hint asked before that: the same race stopped sooner, within the uncertainty it states.
            quick = advise_at(spec, prefix, 0, COACH_SEED, QUICK)
            assert quick is not None
            if quick.evaluation is None or deep.evaluation is None:
                continue
            for card, estimate in deep.evaluation.cards.items():
                early = quick.evaluation.cards[card]
                spread = 3 * math.hypot(early.se, estimate.se)
                assert abs(early.cost - estimate.cost) <= spread + 0.5, (card, early, estimate)
                compared += 1
        assert compared > 10
