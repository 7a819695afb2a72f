"""What practice keeps and reads back: the graded decisions, the repetition state, the answers, the learning curve.

Plain frozen dataclasses and the arithmetic of the figures, no database
(:mod:`.practice_store` runs the SQL). Every figure comes with its 95 % interval:

* a count per hand (graded decisions per reviewed hand) with the Poisson
  score interval of the count (:func:`poisson_interval`: never empty, also
  for no mistake at all), divided by the hands;
* a mean (the cost of a graded decision, the points lost per reviewed hand)
  with its standard error, the sample's standard deviation over √n
  (:func:`mean_of`);
* a share (practice answers right) with the Wilson interval (:func:`.results.wilson`).

    >>> low, high = poisson_interval(0)
    >>> (low, round(high, 2))
    (0.0, 3.84)
    >>> rate = Rate.of(3, 10)
    >>> rate.per_hand, round(rate.low, 3), round(rate.high, 3)
    (0.3, 0.102, 0.882)
    >>> mean = mean_of([1.0, 2.0, 3.0])
    >>> mean.mean, round(mean.se, 4)
    (2.0, 0.5774)
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from .columns import GRADED, TIERS
from .results import Z95, wilson

if TYPE_CHECKING:  # the engine's hand is imported where a kept position is rebuilt, not to read the figures
    from ..engine import HandState, Rules

#: The kinds of practice problem: a graded decision of the player's own, or a puzzle.
KINDS = ("mistake", "puzzle")
#: The highest repetition box. A problem's box is its right answers in a row, capped here: every streak from the
#: fourth on comes back after the same gap, so nothing the schedule needs is lost. When a problem comes back is
#: :mod:`guinote_tui.practice.schedule`'s rule alone (its ``GAPS`` has one gap per box from 1 on); the statistics
#: only keep the box.
LAST_BOX = 4
#: The reviewed hands a point of the learning curve sums by default.
CURVE_BLOCK = 20
#: The longest JSON text of a reason's parameters kept (longer ones are not kept).
PARAMS_LONGEST = 1_000


def poisson_interval(count: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % score interval of a Poisson mean from one ``count``: the λ with ``(count - λ)² ≤ z² λ``.

    Unlike ``count ± z √count`` it is not empty at 0 (0 to z² ≈ 3.84), and it
    leans above the count as the Poisson law does.

    >>> [round(x, 2) for x in poisson_interval(10)]
    [5.43, 18.41]
    """
    if count < 0:
        raise ValueError(f"a count is not negative: {count}")
    centre = count + z * z / 2
    half = z * math.sqrt(count + z * z / 4)
    return (max(0.0, centre - half), centre + half)


@dataclass(frozen=True)
class Rate:
    """A count over some hands: ``per_hand`` with its 95 % interval (``low``, ``high``; None without hands)."""

    count: int
    hands: int
    per_hand: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(cls, count: int, hands: int) -> Rate:
        if hands <= 0:
            return cls(count, hands, None, None, None)
        low, high = poisson_interval(count)
        return cls(count, hands, count / hands, low / hands, high / hands)


@dataclass(frozen=True)
class Mean:
    """A mean of ``n`` values with its standard error and 95 % interval (None: too few values for it)."""

    n: int
    mean: float | None
    se: float | None
    low: float | None
    high: float | None


def mean_of(values: Sequence[float], z: float = Z95) -> Mean:
    """The mean of ``values``, its standard error (sample standard deviation over √n) and ``mean ± z·se``.

    No mean without values; no standard error from a single value.

    >>> mean_of([]).mean, mean_of([4.0]).se
    (None, None)
    """
    n = len(values)
    if n == 0:
        return Mean(0, None, None, None, None)
    mean = math.fsum(values) / n
    if n < 2:
        return Mean(n, mean, None, None, None)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    se = math.sqrt(variance / n)
    return Mean(n, mean, se, mean - z * se, mean + z * se)


def params_text(params: Mapping[str, Any]) -> str | None:
    """A reason's parameters as the file keeps them: a JSON object in ASCII, or None when empty, odd or too long.

    >>> params_text({"suit": "Oros", "points": 20})
    '{"points":20,"suit":"Oros"}'
    >>> params_text({}) is None, params_text({"x": float("nan")}) is None
    (True, True)
    """
    if not params:
        return None
    try:
        text = json.dumps(dict(params), sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError):
        return None
    return text if len(text) <= PARAMS_LONGEST else None


def params_of(text: str | None) -> dict[str, str | int | float]:
    """A reason's parameters read back from the file: what is a text or a finite number, nothing else.

    >>> params_of('{"suit": "Oros", "n": 2, "bad": [1]}'), params_of("{nope"), params_of(None)
    ({'suit': 'Oros', 'n': 2}, {}, {})
    """
    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, str | int | float] = {}
    for key, value in data.items():
        if isinstance(value, bool):
            continue
        if isinstance(value, str) or (isinstance(value, (int, float)) and math.isfinite(value)):
            out[str(key)] = value
    return out


def rules_of(preset: str, flags: str) -> Rules:
    """The rules a hand was played under, from its preset and its flags as the statistics keep them.

    Raises ``ValueError`` for a preset or a flag the engine does not know (a file the game did not write).

    >>> rules_of("aragones", "tute=off").tute
    'off'
    """
    from ..engine import Rules

    overrides = dict(Rules.parse_flag(text) for text in flags.split())
    return Rules.preset(preset, **overrides)


@dataclass(frozen=True)
class GradedDecision:
    """One graded decision of a reviewed hand, as the game hands it to
    :meth:`~.practice_store.Practice.record_mistakes`.

    ``index`` is the decision's place in the hand's log; ``position`` the
    whole hand just before it in the engine's notation
    (:func:`~guinote_tui.engine.format_position`: every hand and the stock as
    they lay, so that the same deal can be played again); ``played`` and
    ``best`` are actions in the engine's notation (``5C``, ``sing:O``);
    ``grade`` a graded tier (``inaccuracy``, ``mistake``, ``blunder``);
    ``reason`` the coach's reason code and ``reason_params`` its parameters;
    ``juego`` ``"lost"``/``"missed"`` when the verdict concerns the juego; ``analysis`` the coach's analysis of
    the decision that the review gave its verdict by (:func:`guinote_tui.coach.stored.analysis_text`; None: not
    kept), so that practice shows that verdict again.
    """

    index: int
    trick: int
    seat: int
    position: str
    played: str
    best: str
    grade: str
    cost: float
    cost_se: float
    reason: str
    reason_params: Mapping[str, Any] = field(default_factory=dict)
    juego: str | None = None
    analysis: str | None = None

    def __post_init__(self) -> None:
        if self.grade not in GRADED:
            raise ValueError(f"only a graded decision is kept ({', '.join(GRADED)}), not {self.grade!r}")
        if not (math.isfinite(self.cost) and math.isfinite(self.cost_se)):
            raise ValueError("a decision's cost is a finite number")


@dataclass(frozen=True)
class MistakesKept:
    """What :meth:`~.practice_store.Practice.record_mistakes` did: ``saved`` (False: no such hand, or nothing could be
    written), the hand's mistakes' ids in the order of their decisions, and how many are new."""

    saved: bool
    ids: tuple[int, ...] = ()
    new: int = 0


@dataclass(frozen=True)
class Mistake:
    """A graded decision kept, with the hand it was taken in (its match's key, its number, when it was played).

    ``rules_preset`` and ``rule_flags`` are the hand's rules as the hands keep
    them (:meth:`rules` rebuilds them); :meth:`state` is the whole hand before
    the decision, ready to play on. Both raise ``ValueError`` for a file the
    game did not write (a flag or a position the engine refuses).
    """

    id: int
    match_key: str
    hand_number: int
    played_at: str
    decision: int
    recorded_at: str
    players: int
    rules_preset: str
    rule_flags: str
    position: str
    seat: int
    trick: int
    played: str
    best: str
    grade: str
    cost: float
    cost_se: float
    reason: str
    reason_params: Mapping[str, str | int | float]
    juego: str | None
    #: The review's analysis of the decision as kept (:func:`guinote_tui.coach.stored.analysis_text`; None: not
    #: kept, as by a version before 4 of the schema). Read back by the game, checked against the position.
    analysis: str | None = None

    @property
    def ref(self) -> str:
        """The mistake's reference in practice (its id as text)."""
        return str(self.id)

    def rules(self) -> Rules:
        return rules_of(self.rules_preset, self.rule_flags)

    def state(self) -> HandState:
        """The whole hand just before the decision (:func:`~guinote_tui.engine.parse_position` under its rules)."""
        from ..engine import parse_position

        return parse_position(self.position, self.rules())


@dataclass(frozen=True)
class PracticeState:
    """The repetition state of one problem: ``kind`` ``mistake`` (``ref``: the mistake's id) or ``puzzle``.

    ``box`` is 0 to :data:`LAST_BOX`: the right answers in a row, capped
    (the schedule's rule, :mod:`guinote_tui.practice.schedule`, reads it as
    the streak); ``due`` the day it comes back; ``last_seen`` the day it was last
    answered (None: never); ``right`` and ``wrong`` the answers so far.
    """

    kind: str
    ref: str
    box: int
    due: date
    last_seen: date | None = None
    right: int = 0
    wrong: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a practice problem is a {' or a '.join(KINDS)}, not {self.kind!r}")
        if not self.ref or " " in self.ref or not self.ref.isascii() or not self.ref.isprintable():
            raise ValueError(f"a problem's reference is printable ASCII without spaces, not {self.ref!r}")
        if not 0 <= self.box <= LAST_BOX:
            raise ValueError(f"a box is 0 to {LAST_BOX}, not {self.box}")
        if self.right < 0 or self.wrong < 0:
            raise ValueError("answers are counted from 0")


@dataclass(frozen=True)
class DueProblem:
    """A problem due: its repetition state, and the mistake itself for a mistake (None for a puzzle)."""

    state: PracticeState
    mistake: Mistake | None

    @property
    def kind(self) -> str:
        return self.state.kind

    @property
    def ref(self) -> str:
        return self.state.ref


@dataclass(frozen=True)
class PracticeAnswer:
    """One answer given in practice (:meth:`~.practice_store.Practice.record_answer`).

    ``theme``: the puzzle's theme, or for a mistake the coach's reason code
    (None: none); ``grade`` the tier the answer got (``same`` ... ``blunder``);
    ``assisted``: the answer came after a "try again from here" or a hint.
    """

    kind: str
    ref: str
    players: int
    correct: bool
    grade: str
    theme: str | None = None
    assisted: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a practice problem is a {' or a '.join(KINDS)}, not {self.kind!r}")
        if self.players not in (2, 4):
            raise ValueError(f"a table has 2 or 4 players, not {self.players}")
        if self.grade not in TIERS:
            raise ValueError(f"an answer's tier is one of {', '.join(TIERS)}, not {self.grade!r}")


@dataclass(frozen=True)
class CurvePoint:
    """One point of the learning curve: ``hands`` consecutive reviewed hands at one table size.

    ``first`` counts the block's first hand among the reviewed hands (from 1),
    ``first_played`` and ``last_played`` date it. ``mistakes``: the graded
    decisions per reviewed hand; ``tiers``: the same for each graded tier
    (``inaccuracy``, ``mistake``, ``blunder``); ``cost``: the mean cost of a
    graded decision; ``cost_per_hand``: the points lost to graded decisions
    per reviewed hand (0 for a hand without any).
    """

    players: int
    first: int
    hands: int
    first_played: str
    last_played: str
    mistakes: Rate
    tiers: Mapping[str, Rate]
    cost: Mean
    cost_per_hand: Mean


@dataclass(frozen=True)
class MistakeCurve:
    """The learning curve at one table size: a point per ``block`` reviewed hands (the last may hold fewer).

    ``left_out``: reviewed hands whose graded decisions are not all there to
    read (a damaged record), left out of every point.
    """

    players: int
    block: int
    points: tuple[CurvePoint, ...]
    left_out: int = 0


@dataclass(frozen=True)
class ReviewedHand:
    """A reviewed hand whose graded decisions were kept, with their tiers and costs (in the order kept)."""

    played_at: str
    graded: tuple[tuple[str, float], ...]


def curve(players: int, hands: Sequence[ReviewedHand], block: int = CURVE_BLOCK, left_out: int = 0) -> MistakeCurve:
    """The learning curve of ``hands`` (in playing order) in blocks of ``block`` hands.

    >>> clean = ReviewedHand("2025-03-01T10:00:00+00:00", ())
    >>> one = ReviewedHand("2025-03-02T10:00:00+00:00", (("blunder", 12.0),))
    >>> point = curve(2, [clean, one], block=2).points[0]
    >>> point.mistakes.per_hand, point.tiers["blunder"].count, point.cost.mean, point.cost_per_hand.mean
    (0.5, 1, 12.0, 6.0)
    """
    if block < 1:
        raise ValueError(f"a block holds at least one hand, not {block}")
    points = []
    for start in range(0, len(hands), block):
        chunk = hands[start : start + block]
        costs = [cost for hand in chunk for _, cost in hand.graded]
        tiers = {tier: Rate.of(sum(g == tier for hand in chunk for g, _ in hand.graded), len(chunk)) for tier in GRADED}
        points.append(
            CurvePoint(
                players=players,
                first=start + 1,
                hands=len(chunk),
                first_played=chunk[0].played_at,
                last_played=chunk[-1].played_at,
                mistakes=Rate.of(len(costs), len(chunk)),
                tiers=tiers,
                cost=mean_of(costs),
                cost_per_hand=mean_of([math.fsum(cost for _, cost in hand.graded) for hand in chunk]),
            )
        )
    return MistakeCurve(players, block, tuple(points), left_out)


@dataclass(frozen=True)
class ThemeAccuracy:
    """The practice answers of one theme (None: answers without a theme): how many, how many right."""

    theme: str | None
    answers: int
    correct: int

    @property
    def share(self) -> float | None:
        return self.correct / self.answers if self.answers else None

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of :attr:`share`."""
        return wilson(self.correct, self.answers)


@dataclass(frozen=True)
class PracticeCounts:
    """The valid records of practice: graded decisions kept, problems scheduled, answers given."""

    mistakes: int = 0
    problems: int = 0
    answers: int = 0
