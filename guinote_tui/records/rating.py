"""The player's rating: Glicko-1 against the bots' measured strengths.

The method is Mark Glickman's Glicko system as described in his paper
"Parameter estimation in large dynamic paired comparison experiments"
(Applied Statistics, 1999) and his note "The Glicko system". A rating ``r``
comes with a rating deviation ``RD``: the player's strength lies within
``r ± 1.96 RD`` with about 95 % confidence. With ``q = ln 10 / 400``:

* ``g(RD) = 1 / sqrt(1 + 3 q² RD² / π²)`` damps a game against an
  opponent whose own rating is uncertain;
* ``E = 1 / (1 + 10^(−g (r − r_j) / 400))`` is the expected score;
* ``1/d² = q² Σ g² E (1 − E)``;
* ``r' = r + q / (1/RD² + 1/d²) · Σ g (s − E)`` and
  ``RD' = sqrt(1 / (1/RD² + 1/d²))``.

Glickman's worked example (a 1500 player with RD 200 beating a 1400/30 player
and losing to 1550/100 and 1700/300) gives 1464 and 151.4:

    >>> new = update(Rating(1500, 200), [Game(1400, 1, 30), Game(1550, 0, 100), Game(1700, 0, 300)])
    >>> round(new.rating), round(new.rd, 1)
    (1464, 151.4)

How the game uses it (docs/statistics.md, "Rating"):

* a rating period is one juego: the rating moves after each juego won (score
  1) or lost (score 0);
* the bots are fixed anchors: ``1500 +`` the level's measured Elo over
  ``normal`` at that table size (:mod:`guinote_tui.ai.strength`), known
  exactly (RD 0, so ``g = 1``);
* in pairs the player is half of a side. A side's strength is taken as the
  mean of its two players', as in the tournaments, where both seats of a side
  hold the same level. The juego then tells about
  ``(r + P) / 2 − O = (r − (2 O − P)) / 2``, where P is the partner's
  strength and O the opponents': it is a game against an opponent of
  ``2 O − P`` with weight ``½`` in place of ``g``. A stronger partner makes the
  effective opponent weaker, and a pairs juego moves the rating about half
  as much as a heads-up one;
* between juegos the RD grows with the days gone by, ``RD = min(350,
  sqrt(RD² + c² t))``, with ``c`` such that an RD of 50 returns to 350 after
  two years without play;
* a new player starts at 1500 (``normal``'s strength) with RD 350;
* assisted juegos (undo, hints, open hands) are recorded but never rated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko's scale: ratings are on the Elo scale, 400 points per factor of ten in the odds.
Q = math.log(10) / 400
#: The rating that stands for the ``normal`` bot level.
BASE = 1500.0
#: A new player's (and the largest) rating deviation.
RD_MAX = 350.0
#: RD growth per day without play: from 50 back to 350 in two years (730 days).
C_PER_DAY = math.sqrt((RD_MAX**2 - 50.0**2) / 730)
#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rating:
    """A Glicko-1 rating and its deviation."""

    rating: float = BASE
    rd: float = RD_MAX

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the player's strength: ``rating ± 1.96 RD``."""
        return (self.rating - Z95 * self.rd, self.rating + Z95 * self.rd)


@dataclass(frozen=True)
class Game:
    """One game of a rating period: the opponent's rating, the score (1 win, 0 loss, ½ draw).

    ``opponent_rd`` is the opponent's deviation (0: a fixed anchor), ``weight``
    the player's share of their side's strength (1 heads-up, ½ in pairs).
    """

    opponent: float
    score: float
    opponent_rd: float = 0.0
    weight: float = 1.0


def g(rd: float) -> float:
    """Glicko's attenuation for an opponent's deviation ``rd`` (1 for an exactly known opponent).

    >>> g(0.0)
    1.0
    >>> round(g(30), 4), round(g(300), 4)
    (0.9955, 0.7242)
    """
    return 1 / math.sqrt(1 + 3 * (Q * rd) ** 2 / math.pi**2)


def expected(player: float, game: Game) -> float:
    """The expected score of a player rated ``player`` in ``game``.

    >>> expected(1500, Game(1500, 1))
    0.5
    >>> round(expected(1600, Game(1200, 1)), 3)
    0.909
    """
    factor = g(game.opponent_rd) * game.weight
    return 1 / (1 + 10 ** (-factor * (player - game.opponent) / 400))


def update(player: Rating, games: Sequence[Game]) -> Rating:
    """The rating after one rating period of ``games`` (unchanged when there are none)."""
    if not games:
        return player
    information = 0.0
    pull = 0.0
    for game in games:
        factor = g(game.opponent_rd) * game.weight
        e = expected(player.rating, game)
        information += factor * factor * e * (1 - e)
        pull += factor * (game.score - e)
    inverse_d2 = Q * Q * information
    precision = 1 / player.rd**2 + inverse_d2
    return Rating(player.rating + Q / precision * pull, math.sqrt(1 / precision))


def age(player: Rating, days: float, c: float = C_PER_DAY) -> Rating:
    """The rating after ``days`` without play: the deviation grows, never past :data:`RD_MAX`.

    >>> round(age(Rating(1500, 50), 730).rd)
    350
    >>> age(Rating(1500, 50), 0).rd
    50.0
    """
    days = max(0.0, days)
    return Rating(player.rating, min(RD_MAX, math.sqrt(player.rd**2 + c * c * days)))


def is_rated_level(spec: str, players: int) -> bool:
    """Whether a bot spec is a plain level with a measured strength at that table size.

    A spec with parameters (``hard:samples=12``) plays at another strength than
    the one measured, so juegos against it are not rated.
    """
    from ..ai.strength import level_elo  # (the bots' strengths: read to rate a juego, not to read the statistics)

    try:
        level_elo(spec, players)
    except ValueError:
        return False
    return True


def juego_game(players: int, rival: str, partner: str | None, won: bool) -> Game:
    """The :class:`Game` one juego is worth against bot levels ``rival`` (and ``partner`` in pairs).

    Raises ``ValueError`` for a level without a measured strength.

    >>> juego_game(2, "hard", None, True)
    Game(opponent=1597.3, score=1.0, opponent_rd=0.0, weight=1.0)
    >>> juego_game(4, "normal", "hard", False)
    Game(opponent=1370.7, score=0.0, opponent_rd=0.0, weight=0.5)
    """
    from ..ai.strength import level_elo

    score = 1.0 if won else 0.0
    opponents = BASE + level_elo(rival, players)
    if players == 2:
        return Game(opponents, score)
    mate = BASE + level_elo(partner if partner is not None else rival, players)
    return Game(2 * opponents - mate, score, weight=0.5)
