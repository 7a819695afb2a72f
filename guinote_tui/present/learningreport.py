"""The learning curve and practice's accuracy in words and numbers, for the statistics screen and ``guinote stats``.

What :meth:`~guinote_tui.records.Statistics.mistake_curve` and
:meth:`~guinote_tui.records.Statistics.practice_accuracy` return, read once
(:func:`read_learning`) and put in words: the graded decisions per reviewed
hand block by block, all of them and by tier, the points lost to them per
reviewed hand, each with its 95 % interval; and the share of practice
answers right, by puzzle theme and for the player's own mistakes, with its
Wilson interval. Pure functions, no textual, rich or click; the JSON object
(:func:`learning_dict`) is not translated, and neither needs the puzzles'
theme names (:mod:`guinote_tui.practice` is imported only to word them).

    >>> from guinote_tui.records import Rate, Mean
    >>> rate_text(Rate.of(3, 10)), mean_text(Mean(4, 2.5, 0.5, 1.52, 3.48)), mean_text(Mean(1, 2.5, None, None, None))
    ('0.30 (0.10–0.88)', '2.5 (1.5–3.5)', '2.5')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..i18n import N_, _, ngettext, number, pgettext
from ..records import CURVE_BLOCK, GRADED, CurvePoint, Mean, MistakeCurve, Rate, ThemeAccuracy
from .statsreport import short_date, size_name

if TYPE_CHECKING:
    from ..records import Statistics

#: The most points a curve is shown with: past them a point sums more hands (a multiple of :data:`CURVE_BLOCK`).
MOST_POINTS = 12
#: The table sizes a curve is read for, heads-up first.
SIZES = (2, 4)

#: In English (:func:`empty_line` translates it).
EMPTY_LINE = N_("Review a hand (v after it) to start your learning curve.")
#: In English (:func:`curve_explanation` translates it).
CURVE_EXPLANATION = N_(
    "Graded decisions (inaccuracies, mistakes, blunders) and the points they lost, per reviewed hand: "
    "a hand reviewed without any counts as 0. In brackets, the range that holds the true figure with a confidence of "
    "95 %."
)


@dataclass(frozen=True)
class Accuracy(ThemeAccuracy):
    """The practice answers of one kind and theme (``theme`` None: the mistakes all together, or a puzzle's none);
    the share and its interval are :class:`~guinote_tui.records.ThemeAccuracy`'s."""

    kind: str


@dataclass(frozen=True)
class Learning:
    """The learning curves at each table size asked for (empty ones too), and the accuracy of practice answers."""

    curves: tuple[MistakeCurve, ...] = ()
    accuracy: tuple[Accuracy, ...] = ()

    @property
    def shown(self) -> tuple[MistakeCurve, ...]:
        """The curves with at least one point."""
        return tuple(curve for curve in self.curves if curve.points)

    @property
    def left_out(self) -> int:
        return sum(curve.left_out for curve in self.curves)


def block_for(points: int, block: int = CURVE_BLOCK, most: int = MOST_POINTS) -> int:
    """The block that gives at most ``most`` points where ``block`` gave ``points``: ``block`` or a multiple of it.

    >>> block_for(3), block_for(12), block_for(13), block_for(50)
    (20, 20, 40, 100)
    """
    return block * max(1, math.ceil(points / most))


def floored(mean: Mean) -> Mean:
    """``mean`` with its interval's lower bound no lower than 0: a graded decision never loses fewer than 0 points.

    >>> floored(Mean(20, 0.9, 0.66, -0.39, 2.19)).low
    0.0
    """
    if mean.low is None or mean.low >= 0:
        return mean
    return replace(mean, low=0.0)


def read_learning(source: Statistics, players: int | None = None) -> Learning:
    """The curves (at ``players`` or both sizes) and the accuracy of the answers given unaided, from ``source``.

    A curve of more than :data:`MOST_POINTS` points is read again in larger
    blocks; the points lost have their intervals floored at 0 (:func:`floored`:
    the mean ± 1.96 standard errors of many hands without a graded decision and a
    few costly ones reaches below). The answers to puzzles are by theme; those to
    the player's own mistakes are summed (their themes are the coach's reasons,
    too many and too small apart to say much).
    """
    curves = []
    for size in (players,) if players is not None else SIZES:
        curve = source.mistake_curve(size)
        block = block_for(len(curve.points), most=MOST_POINTS)
        if block != curve.block:
            curve = source.mistake_curve(size, block)
        points = tuple(replace(p, cost=floored(p.cost), cost_per_hand=floored(p.cost_per_hand)) for p in curve.points)
        curves.append(replace(curve, points=points))
    accuracy = [
        Accuracy(t.theme, t.answers, t.correct, kind="puzzle") for t in source.practice_accuracy(players, "puzzle")
    ]
    mistakes = source.practice_accuracy(players, "mistake")
    if mistakes:
        accuracy.append(
            Accuracy(None, sum(t.answers for t in mistakes), sum(t.correct for t in mistakes), kind="mistake")
        )
    return Learning(tuple(curves), tuple(accuracy))


# -- words -------------------------------------------------------------------------------------------------


def empty_line() -> str:
    """What the learning curve says before any hand is reviewed, in the current language."""
    return _(EMPTY_LINE)


def curve_explanation() -> str:
    return _(CURVE_EXPLANATION)


def rate_text(rate: Rate) -> str:
    """A rate per hand with its 95 % interval: ``0.30 (0.10–0.88)``; ``–`` without hands."""
    if rate.per_hand is None or rate.low is None or rate.high is None:
        return "–"
    return f"{number(rate.per_hand, '.2f')} ({number(rate.low, '.2f')}–{number(rate.high, '.2f')})"


def mean_text(mean: Mean) -> str:
    """A mean with its 95 % interval: ``2.5 (1.5–3.5)``; the mean alone from one value; ``–`` from none."""
    if mean.mean is None:
        return "–"
    if mean.low is None or mean.high is None:
        return number(mean.mean, ".1f")
    return f"{number(mean.mean, '.1f')} ({number(mean.low, '.1f')}–{number(mean.high, '.1f')})"


def hands_text(point: CurvePoint) -> str:
    """The reviewed hands a point sums, counted from the first reviewed: ``21–40`` (``41`` for one hand)."""
    last = point.first + point.hands - 1
    return str(point.first) if last == point.first else f"{point.first}–{last}"


def last_hand(point: CurvePoint) -> int:
    """The point's place on a chart's axis: its last reviewed hand."""
    return point.first + point.hands - 1


def size_line(curve: MistakeCurve) -> str:
    """A curve's heading: ``Heads-up: 60 reviewed hands, in blocks of 20``."""
    size = size_name(curve.players)
    hands = sum(point.hands for point in curve.points)
    line = ngettext(
        "{size}: {n} reviewed hand, in blocks of {block}", "{size}: {n} reviewed hands, in blocks of {block}", hands
    )
    return line.format(size=size[:1].upper() + size[1:], n=hands, block=curve.block)


def left_out_line(left_out: int) -> str:
    """How many reviewed hands a damaged record leaves out of the curves ("" for none)."""
    if not left_out:
        return ""
    return ngettext(
        "{n} reviewed hand with a damaged record is left out of the learning curve.",
        "{n} reviewed hands with damaged records are left out of the learning curve.",
        left_out,
    ).format(n=left_out)


def rate_heads() -> list[str]:
    """The columns of :func:`rate_rows`."""
    return [
        pgettext("learning column", "hands"),
        pgettext("learning column", "until"),
        pgettext("learning column", "graded a hand"),
        pgettext("learning column", "points lost a hand"),
    ]


def rate_rows(curve: MistakeCurve) -> list[list[str]]:
    """Each point: its hands, its last hand's day, the graded decisions and the points lost per hand."""
    return [
        [hands_text(p), short_date(p.last_played), rate_text(p.mistakes), mean_text(p.cost_per_hand)]
        for p in curve.points
    ]


def tier_heads() -> list[str]:
    """The columns of :func:`tier_rows`: the hands, then each graded tier (a hand, with its interval)."""
    from .vocabulary import grade_word  # (the words for actions: the text only, never stats --json)

    return [pgettext("learning column", "hands"), *(grade_word(tier) for tier in GRADED)]


def tier_rows(curve: MistakeCurve) -> list[list[str]]:
    """Each point: its hands, then the decisions of each graded tier per hand."""
    return [[hands_text(p), *(rate_text(p.tiers[tier]) for tier in GRADED)] for p in curve.points]


def accuracy_name(row: Accuracy) -> str:
    """What a row of accuracy is about: a puzzle theme's name, the player's own mistakes, or puzzles without one."""
    if row.kind == "mistake":
        return _("Your own mistakes")
    if row.theme is None:
        return _("Other puzzles")
    from ..practice.themes import THEME_NAMES, theme_name

    return theme_name(row.theme) if row.theme in THEME_NAMES else row.theme


def accuracy_line(row: Accuracy) -> str:
    """``Count the trumps: 7 of 10 right (40–89 %)``."""
    low, high = row.interval
    return _("{name}: {right} of {n} right ({low}–{high} %)").format(
        name=accuracy_name(row), right=row.correct, n=row.answers, low=f"{low * 100:.0f}", high=f"{high * 100:.0f}"
    )


def aligned(heads: Sequence[str], rows: Sequence[Sequence[str]], indent: str = "    ") -> list[str]:
    """A plain-text table: the first column flush left, the others too, each as wide as its widest cell."""
    widths = [max(len(cell) for cell in column) for column in zip(heads, *rows, strict=True)]
    return [
        (indent + "  ".join(f"{cell:<{width}}" for cell, width in zip(cells, widths, strict=True))).rstrip()
        for cells in (heads, *rows)
    ]


def learning_lines(learning: Learning) -> list[str]:
    """The learning curve and practice's accuracy as plain text, for ``guinote stats``."""
    lines = ["", _("Your learning curve")]
    shown = learning.shown
    if not shown:
        lines.append("  " + empty_line())
    else:
        lines.append("  " + curve_explanation())
    if learning.left_out:
        lines.append("  " + left_out_line(learning.left_out))
    for curve in shown:
        lines += ["", "  " + size_line(curve)]
        lines += aligned(rate_heads(), rate_rows(curve))
        lines.append("")
        lines += aligned(tier_heads(), tier_rows(curve))
    if learning.accuracy:
        lines += ["", _("Practice (answers given unaided)")]
        lines += ["  " + accuracy_line(row) for row in learning.accuracy]
    return lines


# -- the JSON object -----------------------------------------------------------------------------------------


def _rate(rate: Rate) -> dict[str, Any]:
    return {"count": rate.count, "hands": rate.hands, "per_hand": rate.per_hand, "low": rate.low, "high": rate.high}


def _mean(mean: Mean) -> dict[str, Any]:
    return {"n": mean.n, "mean": mean.mean, "se": mean.se, "low": mean.low, "high": mean.high}


def learning_dict(learning: Learning) -> dict[str, Any]:
    """The learning curves and the accuracy as one JSON-ready object (rates per hand, shares as fractions, 95 %)."""
    return {
        "curves": {
            str(curve.players): {
                "block": curve.block,
                "left_out": curve.left_out,
                "points": [
                    {
                        "first": p.first,
                        "hands": p.hands,
                        "first_played": p.first_played,
                        "last_played": p.last_played,
                        "mistakes": _rate(p.mistakes),
                        "tiers": {tier: _rate(p.tiers[tier]) for tier in GRADED},
                        "cost": _mean(p.cost),
                        "cost_per_hand": _mean(p.cost_per_hand),
                    }
                    for p in curve.points
                ],
            }
            for curve in learning.curves
        },
        "practice": [
            {
                "kind": row.kind,
                "theme": row.theme,
                "answers": row.answers,
                "correct": row.correct,
                "share": row.share,
                "low": row.interval[0],
                "high": row.interval[1],
            }
            for row in learning.accuracy
        ],
    }
