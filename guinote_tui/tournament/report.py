"""Turning played deals into the figures of a tournament report.

With duplicate play the two games of a deal share their cards, so they are
not independent: every interval is computed over deals (the unit that is
independent), never over single games.
"""

from __future__ import annotations

import math
import time
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..ai import make_bot
from .runner import BotMaker, Chunk, GameResult, TournamentConfig, run_chunks
from .stats import effective_trials, elo_from_share, mean, mean_ci95, timing_summary, wilson_ci95


@dataclass
class TournamentReport:
    """Every figure of a finished tournament (decision times in seconds)."""

    config: TournamentConfig
    results: list[list[GameResult]]  # per deal, in deal order: its games
    times: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0
    jobs: int = 1

    # -- the figures ----------------------------------------------------------

    @property
    def deals(self) -> int:
        return len(self.results)

    @property
    def games(self) -> int:
        return sum(len(games) for games in self.results)

    @property
    def hands(self) -> int:
        return sum(game.hands for games in self.results for game in games)

    def deal_point_diffs(self) -> list[float]:
        """Per deal: the mean of its games' point differences (A minus B)."""
        return [mean([game.point_diff for game in games]) for games in self.results]

    def deal_shares(self) -> list[float]:
        """Per deal: the share of its games' juegos won by A."""
        return [mean([game.a_juego for game in games]) for games in self.results]

    @property
    def mean_point_diff(self) -> float:
        return mean(self.deal_point_diffs())

    @property
    def mean_point_diff_ci95(self) -> tuple[float, float]:
        return mean_ci95(self.deal_point_diffs())

    @property
    def juego_share_a(self) -> float:
        return mean(self.deal_shares())

    @property
    def effective_games(self) -> float:
        """Independent games' worth of information in the juego outcomes."""
        return effective_trials(self.deal_shares(), self.config.runs)

    @property
    def juego_share_a_ci95(self) -> tuple[float, float]:
        return wilson_ci95(self.juego_share_a, self.effective_games)

    def juego_counts(self) -> dict[str, int]:
        outcomes = [game.a_juego for games in self.results for game in games]
        return {
            "a": sum(1 for o in outcomes if o == 1.0),
            "b": sum(1 for o in outcomes if o == 0.0),
            "undecided": sum(1 for o in outcomes if o == 0.5),
        }

    def decision_ms(self) -> dict[str, dict[str, float]]:
        return {spec: timing_summary(seconds) for spec, seconds in self.times.items()}

    # -- output -------------------------------------------------------------------

    def figures(self) -> dict[str, Any]:
        """The reproducible part: everything but the timings."""
        config = self.config
        low, high = self.mean_point_diff_ci95
        share = self.juego_share_a
        share_low, share_high = self.juego_share_a_ci95
        rules = config.rules
        label = rules.preset_name if not rules.differences() else f"{rules.preset_name}+custom"
        return {
            "a": config.a,
            "b": config.b,
            "players": config.players,
            "rules": label,
            "rule_overrides": {k: v for k, v in rules.differences().items()},
            "seed": config.seed,
            "duplicate": config.duplicate,
            "deals": self.deals,
            "games": self.games,
            "hands": self.hands,
            "mean_point_diff": round(self.mean_point_diff, 3),
            "mean_point_diff_ci95": [_rounded(low, 3), _rounded(high, 3)],
            "juego_share_a": round(share, 4),
            "juego_share_a_ci95": [round(share_low, 4), round(share_high, 4)],
            "effective_games": round(self.effective_games, 1),
            "juegos": self.juego_counts(),
            "vueltas_share": round(sum(1 for g in self._games() if g.hands > 1) / max(1, self.games), 4),
            "elo_a_minus_b": _rounded(elo_from_share(share), 1),
            "elo_a_minus_b_ci95": [_rounded(elo_from_share(share_low), 1), _rounded(elo_from_share(share_high), 1)],
            "elo_from": "juego_share_a",
        }

    def to_dict(self) -> dict[str, Any]:
        data = self.figures()
        data["decision_ms"] = self.decision_ms()
        data["seconds"] = round(self.seconds, 3)
        data["deals_per_second"] = round(self.deals / self.seconds, 3) if self.seconds > 0 else 0.0
        data["jobs"] = self.jobs
        return data

    def text_lines(self) -> list[str]:
        """The report for a person to read."""
        data = self.to_dict()
        table = "pairs" if self.config.players == 4 else "heads-up"
        mode = "duplicate" if self.config.duplicate else "single"
        low, high = data["mean_point_diff_ci95"]
        share_low, share_high = data["juego_share_a_ci95"]
        elo_low, elo_high = data["elo_a_minus_b_ci95"]
        lines = [
            f"A = {self.config.a}  vs  B = {self.config.b}: {table}, {mode}, "
            f"rules {data['rules']}, seed {self.config.seed}",
            f"{self.deals} deals, {self.games} games, {self.hands} hands in {data['seconds']} s",
            f"point difference per deal (A - B): {_signed(data['mean_point_diff'], 2)}"
            f"   95% CI [{_signed(low, 2)}, {_signed(high, 2)}]",
            f"juegos won by A: {100 * data['juego_share_a']:.1f} %"
            f"   95% CI [{100 * share_low:.1f}, {100 * share_high:.1f}]"
            f"   (A {data['juegos']['a']}, B {data['juegos']['b']}, undecided {data['juegos']['undecided']})",
            f"Elo A - B (from the juego share): {_signed(data['elo_a_minus_b'])}"
            f"   95% CI [{_signed(elo_low)}, {_signed(elo_high)}]",
            "decision time (ms)          p50        p95        p99        max   decisions",
        ]
        for spec, summary in data["decision_ms"].items():
            lines.append(
                f"  {spec:<22}{summary['p50']:>9.3f}  {summary['p95']:>9.3f}  {summary['p99']:>9.3f}"
                f"  {summary['max']:>9.3f}  {summary['count']:>10}"
            )
        return lines

    def _games(self) -> Iterable[GameResult]:
        return (game for games in self.results for game in games)


def _rounded(value: float | None, digits: int) -> float | None:
    """JSON-safe rounding: infinities and undefined values become null."""
    if value is None or math.isinf(value) or math.isnan(value):
        return None
    return round(value, digits)


def _signed(value: float | None, digits: int = 1) -> str:
    if value is None:
        return "n/a"
    return f"{value:+.{digits}f}"


def run_tournament(
    config: TournamentConfig,
    jobs: int = 1,
    on_deals: Callable[[int], None] | None = None,
    make: BotMaker = make_bot,
) -> TournamentReport:
    """Play the whole tournament and gather its report (results in deal order); ``make`` makes the bots."""
    started = time.perf_counter()
    by_deal: dict[int, list[GameResult]] = {}
    times: dict[str, array[float]] = {}
    chunk: Chunk
    for chunk in run_chunks(config, jobs, on_deals, make):
        by_deal.update(chunk.deals)
        for spec, chunk_times in chunk.times.items():
            times.setdefault(spec, array("d")).extend(chunk_times)
    seconds = time.perf_counter() - started
    results = [by_deal[deal] for deal in range(config.deals)]
    return TournamentReport(config, results, {spec: list(values) for spec, values in times.items()}, seconds, jobs)
