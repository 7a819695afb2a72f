"""Headless self-play: whole matches between bots, without any interface (``guinote simulate``).

This module imports the engine and the bots only (never textual), so
``guinote simulate`` runs on any terminal or none. It measures the speed of
self-play; the tournaments that measure strength are :mod:`.runner`'s.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..ai import Bot, RandomBot, decide, make_bot
from ..engine import Match, Rules


def play_match(match: Match, bots: Sequence[Bot], rngs: Sequence[random.Random]) -> Match:
    """Play ``match`` to its end with one bot per seat, each asked through :func:`~guinote_tui.ai.decide`.

    ``random`` takes a fast path: it looks at the legal actions only, so no view is built.
    """
    while True:
        hand = match.hand
        while not hand.is_over:
            seat = hand.to_move
            assert seat is not None
            bot = bots[seat]
            if type(bot) is RandomBot:
                action = RandomBot.choose_from_legal(hand.legal_actions(), rngs[seat])
            else:
                action = decide(bot, hand, seat, rngs[seat])
            match.apply(action)
        if match.is_over:
            return match
        match.next_hand()


@dataclass(frozen=True)
class SimulationReport:
    players: int
    rules: str
    bots: str
    seed: int
    matches: int
    hands: int
    seconds: float
    wins: tuple[int, int]
    juegos: tuple[int, int]

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, object]:
        return {
            "players": self.players,
            "rules": self.rules,
            "bots": self.bots,
            "seed": self.seed,
            "matches": self.matches,
            "hands": self.hands,
            "seconds": round(self.seconds, 4),
            "hands_per_second": round(self.hands_per_second, 1),
            "wins": {"side_0": self.wins[0], "side_1": self.wins[1]},
            "juegos": {"side_0": self.juegos[0], "side_1": self.juegos[1]},
        }


#: Seeds of one run's matches are spaced this far apart (see :func:`simulate`).
SEED_STRIDE = 1_000_003


def simulate(
    players: int,
    matches: int,
    seed: int,
    rules: Rules,
    bot_name: str = "random",
    on_match: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``matches`` full matches of ``bot_name`` against itself and time them.

    Match ``i`` of seed ``s`` is seeded ``s * SEED_STRIDE + i``, so at most
    ``SEED_STRIDE`` matches keep two seeds' runs from sharing matches.
    """
    if not 1 <= matches <= SEED_STRIDE:
        raise ValueError(f"matches must be from 1 to {SEED_STRIDE:,}")
    wins = [0, 0]
    juegos = [0, 0]
    hands = 0
    bots = [make_bot(bot_name) for _ in range(players)]
    started = time.perf_counter()
    for index in range(matches):
        match_seed = seed * SEED_STRIDE + index
        rngs = [random.Random(match_seed * 7 + seat) for seat in range(players)]
        # Headless: no bot reads the hands' events, so none are recorded.
        match = play_match(Match(players, rules, seed=match_seed, events=False), bots, rngs)
        assert match.winner is not None
        wins[match.winner] += 1
        for record in match.finished:
            hands += 1
            assert record.result is not None
            if record.result.juego_winner is not None:
                juegos[record.result.juego_winner] += 1
        if on_match is not None:
            on_match(index + 1)
    seconds = time.perf_counter() - started
    label = rules.preset_name if not rules.differences() else f"{rules.preset_name}+custom"
    return SimulationReport(
        players, label, bot_name, seed, matches, hands, seconds, (wins[0], wins[1]), (juegos[0], juegos[1])
    )
