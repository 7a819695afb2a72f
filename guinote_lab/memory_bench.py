"""Statistics database benchmark: ``python -m guinote_lab.memory_bench``.

Times, in temporary directories:

* recording one hand (:meth:`Statistics.record_hand`, one transaction each),
  median and p95, in a new database and in one already holding
  ``--filled`` hands (10,000 by default);
* the summary queries on the filled database (``summary()``,
  ``points_series()``, ``rating_history()``), median of several runs;
* opening the filled database against opening an empty one (the quick check
  reads the whole file), and their ratio.

The hands come from whole matches of random bots (seeded), recorded under
many match keys. :func:`record_matches` is shared with the tests, which run
two of it at once in separate processes.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from guinote_tui.ai import decide, make_bot
from guinote_tui.engine import Match
from guinote_tui.present.statsreport import problem_line
from guinote_tui.records import Statistics, TableInfo

LEVELS = ("easy", "normal", "hard")


def played_matches(count: int, seed: int) -> Iterator[Match]:
    """``count`` whole matches of random bots (alternating heads-up and pairs), labelled with offered levels."""
    rng = random.Random(seed)
    bot = make_bot("random")
    for index in range(count):
        players = 2 if index % 2 == 0 else 4
        match = Match(players, seed=rng.randrange(1 << 30), events=False)
        level = LEVELS[index % len(LEVELS)]
        match.table = {"seats": {str(seat): level for seat in range(1, players)}, "assisted": index % 7 == 6}
        while True:
            hand = match.hand
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                match.apply(decide(bot, hand, seat, rng), seat)
            if match.is_over:
                break
            match.next_hand()
        yield match


def record_matches(path: str, prefix: str, hands: int, seed: int = 1) -> int:
    """Record at least ``hands`` hands into the database at ``path`` (match keys start with ``prefix``).

    Each hand is recorded on its own, as the game does. Returns the number of
    hands recorded. A module-level function so that a separate process can run it.
    """
    matches = list(played_matches(12, seed))
    recorded = 0
    round_number = 0
    with Statistics(Path(path)) as stats:
        while recorded < hands:
            for index, match in enumerate(matches):
                key = f"{prefix}-{round_number}-{index}"
                table = TableInfo.of_match(match)
                for number in range(1, len(match.finished) + 1):
                    stats.record_hand(key, match, table, number)
                    recorded += 1
                stats.record_match_end(key, match, table)
                if recorded >= hands:
                    break
            round_number += 1
        if stats.problem:
            raise RuntimeError(problem_line(stats.problem))
    return recorded


def _timed(step: Callable[[], object]) -> float:
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    rank = share * (len(ordered) - 1)
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def _record_times(stats: Statistics, count: int, seed: int) -> list[float]:
    times: list[float] = []
    matches = list(played_matches(6, seed))
    round_number = 0
    while len(times) < count:
        for index, match in enumerate(matches):
            key = f"timed-{seed}-{round_number}-{index}"
            table = TableInfo.of_match(match)
            for number in range(1, len(match.finished) + 1):
                times.append(_timed(functools.partial(stats.record_hand, key, match, table, number)))
        round_number += 1
    return times[:count]


def _line(name: str, times: list[float]) -> str:
    return (
        f"{name:<44} median {statistics.median(times) * 1000:8.3f} ms   p95 {_percentile(times, 0.95) * 1000:8.3f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m guinote_lab.memory_bench", description=__doc__)
    parser.add_argument("--filled", type=int, default=10_000, help="hands in the filled database")
    parser.add_argument("--records", type=int, default=300, help="hands timed when recording")
    parser.add_argument("--runs", type=int, default=7, help="runs of each query and of each opening")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        empty_path = Path(folder) / "empty.sqlite3"
        fresh_path = Path(folder) / "fresh.sqlite3"
        filled_path = Path(folder) / "filled.sqlite3"
        Statistics(empty_path).close()

        with Statistics(fresh_path) as stats:
            print(_line("record a hand, new database", _record_times(stats, args.records, args.seed)))

        started = time.perf_counter()
        filled = record_matches(str(filled_path), "fill", args.filled, args.seed)
        print(f"filled with {filled} hands in {time.perf_counter() - started:.1f} s")
        with Statistics(filled_path) as stats:
            name = f"record a hand, {filled} hands"
            print(_line(name, _record_times(stats, args.records, args.seed + 1)))
            queries: dict[str, Callable[[], object]] = {
                "summary()": stats.summary,
                "points_series()": stats.points_series,
                "rating_history(2) + rating_history(4)": lambda: (stats.rating_history(2), stats.rating_history(4)),
            }
            for name, query in queries.items():
                print(_line(f"{name}, {filled} hands", [_timed(query) for _ in range(args.runs)]))

        def opening(path: Path) -> list[float]:
            return [_timed(lambda: Statistics(path).close()) for _ in range(args.runs)]

        empty_times = opening(empty_path)
        filled_times = opening(filled_path)
        print(_line("open an empty database", empty_times))
        print(_line(f"open a database of {filled} hands", filled_times))
        ratio = statistics.median(filled_times) / statistics.median(empty_times)
        print(f"opening ratio (filled / empty, medians): {ratio:.1f}")
        print(f"file size with {filled} hands: {filled_path.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
