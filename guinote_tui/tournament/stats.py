"""The arithmetic of a tournament report: intervals, Elo, percentiles.

Only the standard library; every function is small enough to check by hand.

    >>> round(elo_from_share(0.75), 1)
    190.8
    >>> percentile([1.0, 2.0, 3.0, 4.0], 50)
    2.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: Two-sided 95 % normal quantile.
Z95 = 1.959963984540054

#: Student t 97.5 % quantiles for 1..30 degrees of freedom (standard tables).
_T975 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip


def t975(df: int) -> float:
    """The 97.5 % quantile of Student's t with ``df`` degrees of freedom.

    From the table up to 30, beyond it the Cornish-Fisher expansion around
    the normal quantile (good to about 1e-5 there).
    """
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean(values: Sequence[float]) -> float:
    if not values:
        raise ValueError("the mean of nothing")
    return math.fsum(values) / len(values)


def sample_variance(values: Sequence[float]) -> float:
    """Unbiased sample variance (divides by n - 1); 0 for a single value."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    return math.fsum((v - m) ** 2 for v in values) / (n - 1)


def mean_ci95(values: Sequence[float]) -> tuple[float, float]:
    """Student-t 95 % interval for the mean of independent ``values``.

    A single value has no spread to measure: its interval is unbounded.
    """
    n = len(values)
    m = mean(values)
    if n < 2:
        return (-math.inf, math.inf)
    half = t975(n - 1) * math.sqrt(sample_variance(values) / n)
    return (m - half, m + half)


def wilson_ci95(share: float, n: float) -> tuple[float, float]:
    """Wilson score 95 % interval for a proportion ``share`` seen over ``n`` trials.

    ``n`` may be fractional (an effective number of trials, see
    :func:`effective_trials`).
    """
    if n <= 0:
        return (0.0, 1.0)
    z2 = Z95 * Z95
    denominator = 1 + z2 / n
    centre = (share + z2 / (2 * n)) / denominator
    half = Z95 / denominator * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n))
    # At a share of 0 or 1 that end is exactly 0 or 1; rounding must not move it inside.
    low = 0.0 if share <= 0.0 else max(0.0, centre - half)
    high = 1.0 if share >= 1.0 else min(1.0, centre + half)
    return (low, high)


def effective_trials(group_means: Sequence[float], group_size: int) -> float:
    """Trials worth of information in groups of correlated 0/1 outcomes.

    Each group (the ``group_size`` games of one duplicate deal) gives the
    mean of its outcomes. Independent trials would make the variance of a
    group mean p(1-p)/group_size; the ratio of the observed variance to that
    is the design effect, and the effective number of trials is the number
    of games divided by it. When the observed variance is zero (every group
    alike) there is nothing to estimate it from, and the plain number of
    games is returned.
    """
    games = len(group_means) * group_size
    if group_size == 1 or len(group_means) < 2:
        return float(games)
    p = mean(group_means)
    binomial = p * (1 - p) / group_size
    observed = sample_variance(group_means)
    if binomial <= 0 or observed <= 0:
        return float(games)
    return games * binomial / observed


def elo_from_share(share: float) -> float | None:
    """Elo difference implied by an expected score ``share`` (None at 0 or 1)."""
    if not 0 < share < 1:
        return None
    return 400 * math.log10(share / (1 - share))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100), linear between the closest ranks.

    Position ``q/100 * (n - 1)`` in the sorted values, interpolated: the
    same definition as numpy's default.
    """
    if not values:
        raise ValueError("the percentile of nothing")
    if not 0 <= q <= 100:
        raise ValueError("a percentile lies between 0 and 100")
    ordered = sorted(values)
    position = q / 100 * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def timing_summary(seconds: Sequence[float]) -> dict[str, float]:
    """p50, p95, p99 and max of decision times, in milliseconds."""
    if not seconds:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0, "count": 0}
    ordered = sorted(seconds)
    return {
        "p50": round(percentile(ordered, 50) * 1000, 4),
        "p95": round(percentile(ordered, 95) * 1000, 4),
        "p99": round(percentile(ordered, 99) * 1000, 4),
        "max": round(ordered[-1] * 1000, 4),
        "count": len(ordered),
    }
