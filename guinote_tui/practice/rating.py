"""Puzzle ratings: Glicko-2, written from Glickman's description of the system, as pure functions.

A :class:`Glicko` is a rating with its deviation (how unsure it is) and its
volatility (how much it moves), on the familiar scale (1500 to start, a
deviation of 350 for a newcomer). Each attempt at a puzzle is a game between
the player and the puzzle: the player scores 1 for a right answer, 0 for a
wrong one. :func:`update` is one rating period of the system (Glickman,
"Example of the Glicko-2 system", 2012, steps 1 to 8) over the games given;
the player's puzzle rating takes one period per attempt, as the puzzle
trainers do. The puzzles' ratings stay as shipped: one player's attempts are
too few to move them.

    >>> player = Glicko(1500, 200, 0.06)
    >>> after = update(player, [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)])
    >>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 5)
    (1464.05, 151.52, 0.06)

(Glickman's paper rounds its intermediate values and gives 1464.06, 151.52
and 0.05999.)

:func:`expected` is the chance the model gives a player of solving a puzzle:
what a puzzle's rating predicts, and what the next puzzle is chosen by
(:func:`order_near`: the puzzles whose chance for the player is nearest a
target, by default 3 in 4, the themes taking turns).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..i18n import _

#: Glicko-2's scale factor between the familiar scale and its own (400 / ln 10).
SCALE = 173.7178
#: A newcomer's rating, deviation and volatility.
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06
#: The system's constant tau: how much the volatility may change (0.3 to 1.2 are reasonable; smaller moves less).
TAU = 0.5
#: The tolerance of the volatility's iteration.
EPSILON = 0.000001
#: The chance of solving the next puzzle is chosen near: hard enough to learn from, easy enough to keep going.
TARGET = 0.75
#: How much further from the target than the nearest puzzle a puzzle of a theme asked longer ago may be, and
#: still come first: the themes take turns among the puzzles near the player, not only the two nearest.
THEME_BAND = 0.1
#: The lowest deviation kept (a rating is never quite certain).
MIN_DEVIATION = 30.0

T = TypeVar("T")


@dataclass(frozen=True)
class Glicko:
    """A Glicko-2 rating on the familiar scale: the rating, its deviation, its volatility."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def interval(self) -> tuple[float, float]:
        """The rating's 95 % interval: rating ± 1.96 deviations."""
        return (self.rating - 1.96 * self.deviation, self.rating + 1.96 * self.deviation)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Glicko, puzzle: Glicko) -> float:
    """The model's chance that ``player`` solves ``puzzle`` (its deviation widening the guess towards a half)."""
    return _e((player.rating - START_RATING) / SCALE, (puzzle.rating - START_RATING) / SCALE, puzzle.deviation / SCALE)


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on Glickman's function f."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Glicko, games: Iterable[tuple[Glicko, float]]) -> Glicko:
    """``player`` after one rating period with ``games``: each an opponent (a puzzle) and the score (1, ½ or 0).

    With no games the deviation only grows with the volatility (step 6 alone).
    """
    mu, phi, sigma = (player.rating - START_RATING) / SCALE, player.deviation / SCALE, player.volatility
    played = [((other.rating - START_RATING) / SCALE, other.deviation / SCALE, score) for other, score in games]
    if not played:
        return Glicko(player.rating, min(START_DEVIATION, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    v_inverse = 0.0
    gained = 0.0
    for mu_j, phi_j, score in played:
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inverse += g * g * e * (1.0 - e)
        gained += g * (score - e)
    v = 1.0 / v_inverse
    new_sigma = _volatility(phi, sigma, v * gained, v)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gained
    deviation = max(MIN_DEVIATION, min(START_DEVIATION, new_phi * SCALE))
    return Glicko(new_mu * SCALE + START_RATING, deviation, new_sigma)


def replay(attempts: Iterable[tuple[Glicko, bool]], start: Glicko | None = None) -> Glicko:
    """A player's rating after ``attempts`` in order (each a puzzle's rating and whether it was solved), one
    rating period each, from ``start`` (a newcomer's rating by default)."""
    player = start if start is not None else Glicko()
    for puzzle, solved in attempts:
        player = update(player, [(puzzle, 1.0 if solved else 0.0)])
    return player


def order_near(
    player: Glicko,
    items: Sequence[T],
    rating_of: Callable[[T], Glicko],
    theme_of: Callable[[T], str],
    target: float = TARGET,
    last: str | None = None,
    recent: Sequence[str] = (),
    band: float = THEME_BAND,
) -> list[T]:
    """``items`` in the order to ask them of ``player``: each time a puzzle whose chance (:func:`expected`) is
    within ``band`` of the nearest to ``target``, of the theme asked longest ago among those (``recent``: the
    themes asked, oldest first; ``last``, the one just asked, never twice in a row while another is left), so
    that the themes take turns and each theme's puzzles come nearest first; ties go to the nearer puzzle, then
    keep the order given."""
    buckets: dict[str, list[tuple[float, int, T]]] = {}
    for index, item in enumerate(items):
        distance = abs(expected(player, rating_of(item)) - target)
        buckets.setdefault(theme_of(item), []).append((distance, index, item))
    for bucket in buckets.values():
        bucket.sort(key=lambda entry: entry[:2], reverse=True)  # nearest last: popped first
    asked = list(recent)
    if last is not None and (not asked or asked[-1] != last):
        asked.append(last)
    when = {theme: turn for turn, theme in enumerate(asked)}  # the latest turn each theme was asked
    out: list[T] = []
    while buckets:
        choices = [theme for theme in buckets if not asked or theme != asked[-1]] or list(buckets)
        nearest = min(buckets[t][-1][0] for t in choices)
        near = [t for t in choices if buckets[t][-1][0] <= nearest + band]
        theme = min(near, key=lambda t: (when.get(t, -1), buckets[t][-1][:2]))
        out.append(buckets[theme].pop()[2])
        if not buckets[theme]:
            del buckets[theme]
        when[theme] = len(asked)
        asked.append(theme)
    return out


def answered_text(before: Glicko, after: Glicko, puzzle: Glicko) -> str:
    """The player's puzzle rating after an answer, with its change and the puzzle's own rating:
    ``Rating 1546 ± 313 (+46) · this puzzle 1480``."""
    change = round(after.rating) - round(before.rating)
    return (
        rating_text(after)
        + f" ({change:+d})"
        + "  ·  "
        + _("this puzzle {rating}").format(rating=round(puzzle.rating))
    )


def rating_text(player: Glicko) -> str:
    """The player's puzzle rating with its deviation, in the player's language: ``Rating 1432 ± 120``."""
    return _("Rating {rating} ± {deviation}").format(rating=round(player.rating), deviation=round(player.deviation))
