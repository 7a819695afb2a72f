"""Scripted matches for the statistics tests: random bots, fixed seeds, and a clock that ticks."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from guinote_tui.ai import decide, make_bot
from guinote_tui.engine import HandState, Match, Rules


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
