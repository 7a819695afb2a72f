"""Racing the cards in the search (``race``) and playing the card that risks the least (``modest``)."""

from __future__ import annotations

import math
import random

import pytest

from guinote_tui.ai import HardBot, make_bot
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.search import RACE_CLEAR, paired_cost
from guinote_tui.ai.tables import tables_for
from guinote_tui.engine import PLAY, Play, seat_view
from guinote_tui.lab.bench import random_positions


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
    return bot._race_values(view, Knowledge.from_view(view), cards, tables, random.Random(seed))


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
    bot = make_bot("hard:race=true,samples=20,race_min=6,race_batch=3,modest=1")
    for view in phase1_views(2, 3):
        assert race(bot, view, 5) == race(bot, view, 5)
        assert bot.choose(view, random.Random(9)) == bot.choose(view, random.Random(9))


def fixed_race(monkeypatch: pytest.MonkeyPatch, bot: HardBot, per_deal: dict[int, list[float]]) -> None:
    monkeypatch.setattr(bot, "_race_values", lambda *args: per_deal)


def test_modest_plays_the_cheapest_card_the_race_cannot_tell_from_the_leader(monkeypatch: pytest.MonkeyPatch) -> None:
    view = phase1_views(2, 1)[0]
    cards = [a.card for a in view.legal if isinstance(a, Play)]
    tables = tables_for(view.rules, view.trump)
    by_points = sorted(cards, key=lambda c: (tables.points[c], c))
    cheap, dear = by_points[0], by_points[-1]
    assert tables.points[dear] > tables.points[cheap]
    noise = [3.0, -3.0, 2.0, -2.0] * 10
    # The dear card leads by half a point, well within the noise: the cheap one is played.
    per_deal = {c: [v - 20.0 for v in noise] for c in cards}
    per_deal[dear] = [10.5 + v for v in noise]
    per_deal[cheap] = [10.0 + v for v in noise[::-1]]
    leader_bot = make_bot("hard:race=true")
    modest_bot = make_bot("hard:race=true,modest=1")
    assert isinstance(leader_bot, HardBot) and isinstance(modest_bot, HardBot)
    fixed_race(monkeypatch, leader_bot, per_deal)
    fixed_race(monkeypatch, modest_bot, per_deal)
    assert leader_bot.choose(view, random.Random(1)) == PLAY[dear]
    assert modest_bot.choose(view, random.Random(1)) == PLAY[cheap]
    # A lead the race can tell apart (same deals, a steady 4 points) keeps the leader.
    per_deal[cheap] = [6.5 + v for v in noise]
    cost, se = paired_cost(per_deal[dear], per_deal[cheap])
    assert cost > RACE_CLEAR * se and cost > 1
    assert modest_bot.choose(view, random.Random(1)) == PLAY[dear]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("hard:race_min=1", "race_min must be a whole number from 2 to 1000"),
        ("hard:race_batch=0", "race_batch must be a whole number from 1 to 1000"),
        ("hard:modest=-1", "modest must be a number from 0 to 130"),
    ],
)
def test_bad_race_settings_fail_with_one_line(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)
