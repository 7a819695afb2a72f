"""Scripted matches for the statistics tests: random bots, fixed seeds, and a clock that ticks."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from guinote_tui.ai import decide, make_bot
from guinote_tui.engine import HandState, Match, Rules, format_position
from guinote_tui.records import GradedDecision, Statistics, TableInfo

#: The graded tiers, in the order :func:`graded_decisions` hands them out.
GRADES = ("inaccuracy", "mistake", "blunder")


class Clock:
    """A UTC clock that moves one minute each time it is read."""

    def __init__(self, start: datetime = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def play_hand(match: Match, rng: random.Random) -> HandState:
    """Play the current hand to its end with random bots at every seat; the finished state."""
    bot = make_bot("random")
    hand = match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        match.apply(decide(bot, hand, seat, rng), seat)
    return hand


def new_match(players: int, seed: int, seats: dict[str, str], rules: Rules | None = None) -> Match:
    match = Match(players, rules, seed=seed)
    match.table = {"seats": seats}
    return match


def play_match(
    players: int, seed: int, seats: dict[str, str], rules: Rules | None = None
) -> tuple[Match, list[HandState]]:
    """A whole match (random bots; ``seats`` is what the table records) and every finished hand's state."""
    match = new_match(players, seed, seats, rules)
    rng = random.Random(seed)
    states = [play_hand(match, rng)]
    while not match.is_over:
        match.next_hand()
        states.append(play_hand(match, rng))
    return match, states


def three_matches() -> list[tuple[str, Match, list[HandState], TableInfo]]:
    """Three whole matches and their tables: heads-up against normal, pairs, and an assisted heads-up one."""
    heads_up, states_1 = play_match(2, seed=11, seats={"1": "normal"})
    pairs, states_2 = play_match(4, seed=12, seats={"1": "hard", "2": "easy", "3": "hard"})
    assisted, states_3 = play_match(2, seed=13, seats={"1": "easy"})
    assisted.table["assisted"] = True
    return [
        ("a", heads_up, states_1, TableInfo.of_match(heads_up)),
        ("b", pairs, states_2, TableInfo.of_match(pairs)),
        ("c", assisted, states_3, TableInfo.of_match(assisted)),
    ]


def record_as_the_game_does(stats: Statistics, key: str, match: Match, table: TableInfo) -> None:
    """Record each hand as it ends (replaying the finished match hand by hand), then the end."""
    for number in range(1, len(match.finished) + 1):
        assert stats.record_hand(key, match, table, number).new
    assert stats.record_match_end(key, match, table)


def replayed(state: HandState, actions: int) -> HandState:
    """The hand ``state`` was dealt as, after its first ``actions`` actions (no events)."""
    hand = HandState(state.deck, state.dealer, state.rules, state.players, state.carried, state.first_of_juego, False)
    for seat, action in state.log[:actions]:
        hand.apply(action, seat)
    return hand


def choices(state: HandState, seat: int = 0) -> list[int]:
    """The places in a finished hand's log where ``seat`` had more than one legal action."""
    return [i for i, (who, _) in enumerate(state.log) if who == seat and len(replayed(state, i).legal_actions()) > 1]


def graded_decisions(state: HandState, count: int, seat: int = 0, start: int = 0) -> list[GradedDecision]:
    """``count`` made-up graded decisions of ``seat`` in a finished hand, at its real choices and positions.

    The tiers go round :data:`GRADES`; the ``n``-th decision costs ``2.5 + n`` points (± ``0.5``).
    """
    out = []
    for n, index in enumerate(choices(state, seat)[start : start + count]):
        before = replayed(state, index)
        out.append(
            GradedDecision(
                index=index,
                trick=len(before.tricks) + 1,
                seat=seat,
                position=format_position(before),
                played=str(state.log[index][1]),
                best=str(before.legal_actions()[0]),
                grade=GRADES[n % 3],
                cost=2.5 + n,
                cost_se=0.5,
                reason="WIN_POINTS",
                reason_params={"points": 10 + n, "suit": "Oros"},
                juego="lost" if n == 2 else None,
            )
        )
    return out
