"""The arithmetic of tournament reports, checked against figures worked by hand."""

from __future__ import annotations

import math

import pytest

from guinote_tui.tournament.stats import (
    effective_trials,
    elo_from_share,
    mean_ci95,
    percentile,
    t975,
    timing_summary,
    wilson_ci95,
)


def test_wilson_interval_of_a_fair_coin_over_100_trials() -> None:
    # z = 1.96: half-width = z / (1 + z²/100) * sqrt(0.25/100 + z²/40000) = 0.09617, centred on 0.5.
    low, high = wilson_ci95(0.5, 100)
    assert low == pytest.approx(0.40383, abs=1e-4)
    assert high == pytest.approx(0.59617, abs=1e-4)


def test_wilson_interval_is_asymmetric_near_the_edges() -> None:
    # 9 of 10: centre (0.9 + 0.19207) / 1.38415 = 0.78893, half 0.19315.
    low, high = wilson_ci95(0.9, 10)
    assert low == pytest.approx(0.5958, abs=1e-3)
    assert high == pytest.approx(0.9821, abs=1e-3)
    # 0 of 10: the interval starts at 0 and reaches z²/(n + z²) = 3.8415 / 13.8415.
    low, high = wilson_ci95(0.0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.27754, abs=1e-4)


def test_wilson_interval_ends_exactly_at_a_share_of_0_or_1() -> None:
    # Rounding once put the upper end at 0.9999999999999999 for 20 of 20, and an Elo of +6382 on it.
    for n in range(1, 201):
        assert wilson_ci95(1.0, n)[1] == 1.0 and elo_from_share(wilson_ci95(1.0, n)[1]) is None, n
        assert wilson_ci95(0.0, n)[0] == 0.0 and elo_from_share(wilson_ci95(0.0, n)[0]) is None, n


def test_mean_interval_uses_student_t() -> None:
    # 1..5: mean 3, s = sqrt(2.5), se = 0.70711, t(4) = 2.7764, half-width 1.9632.
    low, high = mean_ci95([1, 2, 3, 4, 5])
    assert low == pytest.approx(1.0368, abs=1e-3)
    assert high == pytest.approx(4.9632, abs=1e-3)
    assert mean_ci95([7.0]) == (-math.inf, math.inf)


def test_t_quantile_beyond_the_table() -> None:
    assert t975(10) == pytest.approx(2.2281, abs=1e-4)
    assert t975(60) == pytest.approx(2.0003, abs=2e-4)
    assert t975(120) == pytest.approx(1.9799, abs=2e-4)
    assert t975(100_000) == pytest.approx(1.96, abs=1e-3)
    with pytest.raises(ValueError):
        t975(0)


def test_elo_from_share() -> None:
    # 400 * log10(p / (1 - p))
    assert elo_from_share(0.5) == 0.0
    assert elo_from_share(0.75) == pytest.approx(190.85, abs=0.01)  # log10(3) = 0.47712
    assert elo_from_share(0.6) == pytest.approx(70.44, abs=0.01)  # log10(1.5) = 0.17609
    assert elo_from_share(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_from_share(1.0) is None
    assert elo_from_share(0.0) is None


def test_percentiles_interpolate_between_ranks() -> None:
    assert percentile([4.0, 1.0, 3.0, 2.0], 50) == 2.5
    assert percentile([1.0, 2.0, 3.0, 4.0], 0) == 1.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 100) == 4.0
    # position 0.95 * 4 = 3.8: 40 + 0.8 * 10
    assert percentile([50.0, 10.0, 40.0, 20.0, 30.0], 95) == pytest.approx(48.0)
    # 101 values 1..101: the 99th percentile sits exactly on the value 100
    assert percentile([float(v) for v in range(1, 102)], 99) == pytest.approx(100.0)
    with pytest.raises(ValueError):
        percentile([], 50)


def test_timing_summary_is_in_milliseconds() -> None:
    seconds = [v / 1000 for v in range(1, 101)]  # 1 ms .. 100 ms
    summary = timing_summary(seconds)
    assert summary["p50"] == pytest.approx(50.5)
    assert summary["p95"] == pytest.approx(95.05)
    assert summary["p99"] == pytest.approx(99.01)
    assert summary["max"] == pytest.approx(100.0)
    assert summary["count"] == 100


def test_effective_trials_of_duplicate_pairs() -> None:
    # Pair means 0.5, 0.5, 1, 0: p = 0.5, binomial variance of a pair mean 0.25/2 = 0.125,
    # observed sample variance (0 + 0 + 0.25 + 0.25) / 3 = 1/6, so 8 games count as 8 * 0.125 * 6 = 6.
    assert effective_trials([0.5, 0.5, 1.0, 0.0], 2) == pytest.approx(6.0)
    # Split pairs more often than chance: worth more than the raw games.
    assert effective_trials([0.5] * 8 + [1.0, 0.0], 2) > 20
    # Single games are independent: the count itself.
    assert effective_trials([1.0, 0.0, 1.0], 1) == 3.0
    # No spread to measure: fall back to the plain number of games.
    assert effective_trials([0.5, 0.5, 0.5], 2) == 6.0
