"""What the statistics queries return: plain frozen dataclasses, and the Wilson interval.

Every figure is from the player's side: ``_player`` is the side of seat 0
(with the partner at seat 2 in pairs), ``_rivals`` the other side. A *game*
in these results is a juego, the unit the bots' strengths were measured in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..engine import Termination
from .rating import Rating

#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a share of ``wins`` in ``games``.

    ``(0.0, 1.0)`` when there are no games.

    >>> low, high = wilson(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return (0.0, 1.0)
    share = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (share + z2 / (2 * games)) / denominator
    half = z / denominator * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games))
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class LevelResult:
    """The player's juegos at one table: a table size, the bot levels, assisted or not, the people at it.

    ``share`` is wins / juegos (None without juegos), ``low``/``high`` its
    95 % Wilson interval; ``hands`` and ``mean_points_difference`` (the
    player's side's points minus the rivals' per hand) count every hand
    played at that table, also those of juegos not finished.
    ``rival_people`` counts the rivals who were people and ``partner_person``
    says the partner was one (a game with people: the levels are then the
    table's bots', which played the other seats).
    """

    players: int
    rival_level: str
    partner_level: str | None
    assisted: bool
    juegos: int
    wins: int
    hands: int
    mean_points_difference: float | None
    rival_people: int = 0
    partner_person: bool = False

    @property
    def with_people(self) -> bool:
        """Whether a rival or the partner was a person (never rated; kept apart from the games against the bots)."""
        return bool(self.rival_people or self.partner_person)

    @property
    def losses(self) -> int:
        return self.juegos - self.wins

    @property
    def share(self) -> float | None:
        return self.wins / self.juegos if self.juegos else None

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of :attr:`share`."""
        return wilson(self.wins, self.juegos)


@dataclass(frozen=True)
class Totals:
    """Everything counted once: matches, hands, juegos, cotos, points.

    A match is *unfinished* until it is recorded as ended with a winner.
    Dates are UTC ISO 8601 text; None when nothing is recorded.
    """

    matches: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    hands: int = 0
    juegos: int = 0
    juegos_won: int = 0
    cotos: int = 0
    cotos_won: int = 0
    points_player: int = 0
    points_rivals: int = 0
    first_played: str | None = None
    last_played: str | None = None

    @property
    def matches_unfinished(self) -> int:
        return self.matches - self.matches_won - self.matches_lost

    @property
    def juegos_lost(self) -> int:
        return self.juegos - self.juegos_won

    @property
    def cotos_lost(self) -> int:
        return self.cotos - self.cotos_won


@dataclass(frozen=True)
class CanteCounts:
    """Cantes, tutes and capotes of each side, over ``hands`` hands.

    A tute counted here was declared (it is not a cante); ``cante_points``
    are the points the hand's result gives the cantes (and a tute's forty
    under ``tute=points``).
    """

    hands: int = 0
    cantes_player: int = 0
    cantes_rivals: int = 0
    cante_points_player: int = 0
    cante_points_rivals: int = 0
    tutes_player: int = 0
    tutes_rivals: int = 0
    capotes_player: int = 0
    capotes_rivals: int = 0


@dataclass(frozen=True)
class PointsSample:
    """One hand on the points-over-time chart (``index`` counts from 1 in playing order)."""

    index: int
    played_at: str
    players: int
    points_player: int
    points_rivals: int
    assisted: bool

    @property
    def difference(self) -> int:
        return self.points_player - self.points_rivals


@dataclass(frozen=True)
class RatingPoint:
    """The rating after one rated juego, with what that juego was worth.

    ``opponent`` is the effective opposition (docs/statistics.md, "Rating"),
    ``weight`` the player's share of their side (1 heads-up, ½ in pairs),
    ``score`` 1 for a win and 0 for a loss, ``expected`` the expected score
    before it.
    """

    rated_at: str
    players: int
    rating: float
    rd: float
    opponent: float
    weight: float
    score: float
    expected: float

    @property
    def interval(self) -> tuple[float, float]:
        return Rating(self.rating, self.rd).interval


@dataclass(frozen=True)
class RatingState:
    """The player's current rating at a table size; the deviation has grown with the days since ``last_rated``."""

    players: int
    rating: Rating
    juegos: int
    last_rated: str | None

    @property
    def interval(self) -> tuple[float, float]:
        return self.rating.interval


@dataclass(frozen=True)
class Summary:
    """What a statistics screen shows at once."""

    totals: Totals
    results: list[LevelResult]
    cantes: CanteCounts
    endings: dict[Termination, int]
    ratings: dict[int, RatingState] = field(default_factory=dict)
    #: Records (rows of any table) left out of every figure: a value of the wrong type or out of range.
    damaged: int = 0
    #: What of :attr:`totals` was played with people (a rival or the partner a person).
    people: Totals = field(default_factory=Totals)
