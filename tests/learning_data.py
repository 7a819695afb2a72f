"""A statistics file with a learning curve whose figures were worked out by hand, for the screen's and stats' tests.

Heads-up, 22 reviewed hands (in blocks of 20: points 1–20 and 21–22); pairs, 3:

* heads-up hand 1: a blunder costing 12; hand 2: a mistake (5) and an inaccuracy (1);
  hands 3 to 20: none; hand 21: an inaccuracy (2); hand 22: none;
* pairs hand 1: a blunder (20); hand 2: a mistake (6) and a blunder (10); hand 3: none;
* practice: 7 of 10 puzzles of "count-trumps" right unaided (and one more wrong after a hint, not counted);
  the player's own mistakes 1 of 2 right.

The 95 % Poisson score interval of a count c is c + z²/2 ± z √(c + z²/4), z = 1.959964 (z² = 3.841459):
0 → 0 to 3.841459; 1 → 0.176524 to 5.664934; 2 → 0.548472 to 7.292986; 3 → 1.020270 to 8.821188;
each divided by the block's hands. The points lost per hand are the mean ± z·s/√n, floored at 0:

* heads-up 1–20: (12, 6, 0 × 18): mean 0.9, s² = (11.1² + 5.1² + 18 × 0.9²) / 19 = 163.8 / 19 = 8.621053,
  se = √(8.621053 / 20) = 0.656546, 0.9 ± 1.286807 → 0.0 to 2.186807;
* heads-up 21–22: (2, 0): mean 1.0, s² = 2, se = 1, 1.0 ± 1.959964 → 0.0 to 2.959964;
* pairs 1–3: (20, 16, 0): mean 12.0, s² = (64 + 16 + 144) / 2 = 112, se = √(112 / 3) = 6.110101,
  12 ± 11.975578 → 0.024422 to 23.975578.

Wilson intervals: 7 of 10 → 0.396778 to 0.892209; 1 of 2 → 0.094531 to 0.905469.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from guinote_tui.ai import decide, make_bot
from guinote_tui.engine import Match
from guinote_tui.records import GradedDecision, PracticeAnswer, Statistics, TableInfo, default_path

#: Each reviewed hand's graded decisions (tier, cost), in playing order, at each table size.
REVIEWS: dict[int, list[list[tuple[str, float]]]] = {
    2: [[("blunder", 12.0)], [("mistake", 5.0), ("inaccuracy", 1.0)], *([[]] * 18), [("inaccuracy", 2.0)], []],
    4: [[("blunder", 20.0)], [("mistake", 6.0), ("blunder", 10.0)], []],
}

#: The text rows, worked out by hand (the docstring): hands, graded a hand, points lost a hand; then by tier.
RATE_ROWS = {
    2: [("1–20", "0.15 (0.05–0.44)", "0.9 (0.0–2.2)"), ("21–22", "0.50 (0.09–2.83)", "1.0 (0.0–3.0)")],
    4: [("1–3", "1.00 (0.34–2.94)", "12.0 (0.0–24.0)")],
}
TIER_ROWS = {
    2: [
        ("1–20", "0.05 (0.01–0.28)", "0.05 (0.01–0.28)", "0.05 (0.01–0.28)"),
        ("21–22", "0.50 (0.09–2.83)", "0.00 (0.00–1.92)", "0.00 (0.00–1.92)"),
    ],
    4: [("1–3", "0.00 (0.00–1.28)", "0.33 (0.06–1.89)", "0.67 (0.18–2.43)")],
}
ACCURACY_LINES = ["Count the trumps: 7 of 10 right (40–89 %)", "Your own mistakes: 1 of 2 right (9–91 %)"]


class DailyClock:
    """A UTC clock at noon that moves one hour each time it is read (so no two hands share a moment)."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(hours=1)
        return self.now


def record_hands(stats: Statistics, players: int, count: int, seed: int) -> list[tuple[str, int]]:
    """At least ``count`` hands of random play at ``players`` recorded; the (match key, hand number) of each."""
    rng = random.Random(seed)
    bot = make_bot("random")
    hands: list[tuple[str, int]] = []
    while len(hands) < count:
        key = f"m{players}-{len(hands)}"
        match = Match(players, seed=rng.randrange(1 << 30), events=False)
        match.table = {"seats": {str(s): "normal" for s in range(1, players)}}
        table = TableInfo.of_match(match)
        number = 0
        while True:
            while not match.hand.is_over:
                seat = match.hand.to_move
                assert seat is not None
                match.apply(decide(bot, match.hand, seat, rng), seat)
            number += 1
            assert stats.record_hand(key, match, table).new
            hands.append((key, number))
            if match.is_over:
                break
            match.next_hand()
        stats.record_match_end(key, match, table)
    return hands


def fill_learning() -> None:
    """The reviews and the answers above, in the default statistics file."""
    with Statistics(default_path(), clock=DailyClock()) as stats:
        for players, reviews in REVIEWS.items():
            hands = record_hands(stats, players, len(reviews), seed=players)
            for (key, number), graded in zip(hands, reviews, strict=False):
                decisions = [
                    GradedDecision(n, 1, 0, "dealer 0", "1O", "3O", grade, cost, 0.5, "WIN_POINTS")
                    for n, (grade, cost) in enumerate(graded)
                ]
                assert stats.record_mistakes(key, number, decisions).saved
        for n in range(10):
            stats.record_answer(PracticeAnswer("puzzle", f"p{n}", 2, n < 7, "same", "count-trumps"))
        stats.record_answer(PracticeAnswer("puzzle", "p10", 2, False, "blunder", "count-trumps", assisted=True))
        stats.record_answer(PracticeAnswer("mistake", "1", 2, True, "same", "WIN_POINTS"))
        stats.record_answer(PracticeAnswer("mistake", "2", 4, False, "mistake", "LEAD_LOW"))
