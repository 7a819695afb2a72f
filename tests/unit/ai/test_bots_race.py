"""Racing the cards in the search (``race``): the bots' use of :mod:`guinote_tui.ai.race`."""

from __future__ import annotations

import math
import random

import pytest

from guinote_lab.bench import random_positions
from guinote_tui.ai import HardBot, make_bot
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.race import RACE_CLEAR, paired_cost
from guinote_tui.engine import Play, seat_view


def phase1_views(players: int, count: int = 6):
    """Phase-1 card decisions with at least three cards to choose from."""
    found = []
    for state in random_positions(players, "aragones", seed=40 + players, hands=12):
        if state.muestra is None or state.to_move is None:
            continue
        cards = [a for a in state.legal_actions() if isinstance(a, Play)]
        if len(cards) >= 3:
            found.append(seat_view(state, state.to_move))
        if len(found) == count:
            break
    assert len(found) == count
    return found


def race(bot: HardBot, view, seed: int = 1) -> dict[int, list[float]]:
    cards = [a.card for a in view.legal if isinstance(a, Play)]
    tables = tables_for(view.rules, view.trump)
    return bot._race(view, Knowledge.from_view(view), cards, tables, random.Random(seed)).per_deal


@pytest.mark.parametrize("players", [2, 4])
def test_the_race_shares_deals_drops_only_clear_losers_and_keeps_to_the_budget(players: int) -> None:
    bot = make_bot("hard:race=true,samples=30,race_min=8,race_batch=4")
    assert isinstance(bot, HardBot)
    dropped = 0
    for view in phase1_views(players):
        per_deal = race(bot, view)
        cards = list(per_deal)
        counts = [len(v) for v in per_deal.values()]
        # Every card is played out on the first deals; the work stays within samples x cards.
        assert min(counts) >= 8
        assert sum(counts) <= 30 * len(cards)
        most = max(counts)
        standing = [c for c in cards if len(per_deal[c]) == most]
        for card in cards:
            if len(per_deal[card]) < most:
                dropped += 1
                # It left the race when it was clearly behind the leader of that moment (the card with the
                # most points over the deals played so far, among those still racing): more than RACE_CLEAR
                # standard errors behind, on the deals they shared.
                shared = len(per_deal[card])
                racing = [c for c in cards if len(per_deal[c]) >= shared]
                then = max(racing, key=lambda c: sum(per_deal[c][:shared]))
                cost, se = paired_cost(per_deal[then][:shared], per_deal[card])
                assert cost > RACE_CLEAR * se and se < math.inf
        # The race stops early only with one card left.
        if sum(counts) + len(standing) * 4 <= 30 * len(cards):
            assert len(standing) == 1
    assert dropped > 0


def test_the_same_seed_gives_the_same_race_and_the_same_card() -> None:
    bot = make_bot("hard:race=true,samples=20,race_min=6,race_batch=3")
    for view in phase1_views(2, 3):
        assert race(bot, view, 5) == race(bot, view, 5)
        assert bot.choose(view, random.Random(9)) == bot.choose(view, random.Random(9))


def test_an_early_budget_spends_less_on_the_first_tricks_only() -> None:
    """``early_samples`` caps the race on the first tricks (``early_stock`` face-down cards or more), not later."""
    bot = make_bot("hard:race=true,samples=30,race_min=6,race_batch=3,early_stock=20,early_samples=8")
    assert isinstance(bot, HardBot)
    seen = {True: 0, False: 0}
    for view in phase1_views(2, 24)[::3]:
        early = view.stock_count >= 20
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        spent = sum(len(v) for v in race(bot, view).values())
        assert spent <= (8 if early else 30) * len(cards)
        assert bot.samples_for(view) == (8 if early else 30)
        seen[early] += 1
    assert seen[True] and seen[False]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("hard:race_min=1", "race_min must be a whole number from 2 to 1000"),
        ("hard:race_batch=0", "race_batch must be a whole number from 1 to 1000"),
        ("hard:early_samples=-1", "early_samples must be a whole number from 0 to 2000"),
        ("hard:modest=1", "bot hard has no parameter .modest."),
        ("hard:halving=true", "bot hard has no parameter .halving."),
    ],
)
def test_bad_race_settings_fail_with_one_line(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)
