"""The player's statistics in words and numbers, shared by the statistics screen and ``guinote stats``.

Pure functions over what :class:`guinote_tui.memory.Statistics` returns
(no textual, rich or click here): the names of tables and endings, the
rating's line and its plain explanation, the chart's smoothed series, the
plain-text report and the JSON object.

    >>> from guinote_tui.memory import LevelResult
    >>> table_name(LevelResult(4, "hard", "easy", False, 3, 2, 9, 4.5))
    'pairs · hard, partner easy'
    >>> percent(0.4999)
    '50 %'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from .engine import Termination
from .memory import LevelResult, PointsSample, RatingState, Summary

SIZE_NAMES = {2: "heads-up", 4: "pairs"}

#: How a hand ended, short enough for a column (the engine's :attr:`Termination.text` is the long form).
ENDING_NAMES: dict[Termination, str] = {
    Termination.TARGET: "a side reached the target",
    Termination.VUELTAS_TRICK: "de vueltas, on a trick",
    Termination.VUELTAS_CANTE: "de vueltas, with a cante",
    Termination.VUELTAS_TUTE: "de vueltas, with a tute",
    Termination.TUTE: "tute",
    Termination.BOTH_LAST_TRICK: "both past, last trick won",
    Termination.BOTH_HIGHER: "both past, higher score won",
    Termination.BOTH_TIED: "both past and tied",
    Termination.TREINTA_MALAS: "treinta malas",
    Termination.DE_VUELTAS: "nobody reached: de vueltas",
}

RATING_EXPLANATION = (
    "1500 is the normal bot's strength; 200 points above a rival wins about three juegos in four. "
    "The range holds your strength with 95 % confidence and narrows as you play."
)

EMPTY_TEXT = "Nothing recorded yet. Play a hand and it will show here."


def percent(share: float | None) -> str:
    return "–" if share is None else f"{share * 100:.0f} %"


def table_name(result: LevelResult) -> str:
    """The table a result is about: the size, the rivals' level, and in pairs the partner's if different."""
    name = f"{SIZE_NAMES.get(result.players, str(result.players))} · {result.rival_level}"
    if result.partner_level is not None and result.partner_level != result.rival_level:
        name += f", partner {result.partner_level}"
    return name


def interval_text(result: LevelResult) -> str:
    """The share of wins with its 95 % interval: ``60 % (39–78)``; ``–`` without juegos."""
    if not result.juegos:
        return "–"
    low, high = result.interval
    return f"{percent(result.share)} ({low * 100:.0f}–{high * 100:.0f})"


def signed(value: float | None) -> str:
    return "–" if value is None else f"{value:+.1f}"


def sureness(state: RatingState) -> str:
    """How sure the rating is, in a word or two, from its deviation."""
    rd = state.rating.rd
    if rd >= 250:
        return "a first guess"
    if rd >= 150:
        return "rough"
    if rd >= 80:
        return "fairly sure"
    return "sure"


def short_date(moment: str | None) -> str:
    if not moment:
        return ""
    try:
        return datetime.fromisoformat(moment).astimezone().strftime("%d %b %Y")
    except ValueError:
        return moment


def rating_line(state: RatingState) -> str:
    """One table size's rating: ``1562 (95 %: 1410–1714), fairly sure, from 23 rated juegos``."""
    if not state.juegos:
        return "not rated yet: finish a juego without undo, hints or open hands"
    low, high = state.interval
    juegos = f"{state.juegos} rated juego{'s' if state.juegos != 1 else ''}"
    return f"{state.rating.rating:.0f} (95 %: {low:.0f}–{high:.0f}), {sureness(state)}, from {juegos}"


@dataclass(frozen=True)
class Smoothed:
    """The chart's series: the mean points per hand of each side over the last ``window`` hands."""

    window: int
    hands: list[int]
    player: list[float]
    rivals: list[float]


def smoothed(series: Sequence[PointsSample], most: int = 400) -> Smoothed:
    """Running means of each side's points per hand over full windows, at most ``most`` points (a chart's width).

    >>> from guinote_tui.memory import PointsSample
    >>> s = smoothed([PointsSample(i, "", 2, 60 + i, 70 - i, False) for i in range(1, 5)])
    >>> s.window, s.hands, s.player
    (1, [1, 2, 3, 4], [61.0, 62.0, 63.0, 64.0])
    """
    count = len(series)
    window = max(1, min(50, count // 10))
    sums = [0, 0]
    player: list[float] = []
    rivals: list[float] = []
    for index, sample in enumerate(series):
        sums[0] += sample.points_player
        sums[1] += sample.points_rivals
        if index >= window:
            sums[0] -= series[index - window].points_player
            sums[1] -= series[index - window].points_rivals
        taken = min(index + 1, window)
        player.append(sums[0] / taken)
        rivals.append(sums[1] / taken)
    first = window - 1  # the first full window (the means before it swing on a few hands)
    step = max(1, -(-(count - first) // most))
    keep = list(range(first, count, step))
    if count and keep[-1] != count - 1:
        keep.append(count - 1)
    return Smoothed(
        window,
        [series[i].index for i in keep],
        [player[i] for i in keep],
        [rivals[i] for i in keep],
    )


def ending_rows(endings: dict[Termination, int]) -> list[tuple[str, int, float]]:
    """How hands ended: (name, hands, share), most frequent first."""
    total = sum(endings.values())
    rows = sorted(endings.items(), key=lambda item: -item[1])
    return [(ENDING_NAMES.get(t, t.value), n, n / total if total else 0.0) for t, n in rows]


def cante_rows(summary: Summary) -> list[tuple[str, int, int]]:
    """(what, the player's side, the rivals) for cantes, their points, tutes and capotes."""
    c = summary.cantes
    return [
        ("cantes", c.cantes_player, c.cantes_rivals),
        ("cante points", c.cante_points_player, c.cante_points_rivals),
        ("tutes", c.tutes_player, c.tutes_rivals),
        ("capotes", c.capotes_player, c.capotes_rivals),
    ]


def overview(summary: Summary) -> str:
    """The totals in one line (the unfinished matches only when there are some)."""
    t = summary.totals
    matches = f"{t.matches_won} won, {t.matches_lost} lost"
    if t.matches_unfinished:
        matches += f", {t.matches_unfinished} unfinished"
    return " · ".join(
        [
            f"{t.hands} hand{'s' if t.hands != 1 else ''}",
            f"{t.juegos} juego{'s' if t.juegos != 1 else ''} ({t.juegos_won} won)",
            f"{t.cotos} coto{'s' if t.cotos != 1 else ''} ({t.cotos_won} won)",
            f"{t.matches} match{'es' if t.matches != 1 else ''} ({matches})",
        ]
    )


def points_line(summary: Summary) -> str:
    """Since when, and the points per hand of each side: ``since 3 Mar 2025 · points per hand: …``."""
    player, rivals = points_per_hand(summary)
    parts = []
    if summary.totals.first_played:
        parts.append(f"since {short_date(summary.totals.first_played)}")
    if player is not None and rivals is not None:
        parts.append(f"points per hand: your side {player:.1f}, the rivals {rivals:.1f}")
    return " · ".join(parts)


def points_per_hand(summary: Summary) -> tuple[float | None, float | None]:
    t = summary.totals
    if not t.hands:
        return (None, None)
    return (t.points_player / t.hands, t.points_rivals / t.hands)


# -- the command's output --------------------------------------------------------------------------------


def _result_dict(result: LevelResult) -> dict[str, Any]:
    low, high = result.interval
    return {
        "players": result.players,
        "rival_level": result.rival_level,
        "partner_level": result.partner_level,
        "assisted": result.assisted,
        "juegos": result.juegos,
        "wins": result.wins,
        "losses": result.losses,
        "share": result.share,
        "low": low if result.juegos else None,
        "high": high if result.juegos else None,
        "hands": result.hands,
        "mean_points_difference": result.mean_points_difference,
    }


def summary_dict(summary: Summary) -> dict[str, Any]:
    """The summary as one JSON-ready object (shares as fractions, intervals at 95 %)."""
    totals = asdict(summary.totals)
    totals["matches_unfinished"] = summary.totals.matches_unfinished
    totals["juegos_lost"] = summary.totals.juegos_lost
    totals["cotos_lost"] = summary.totals.cotos_lost
    player, rivals = points_per_hand(summary)
    return {
        "totals": totals,
        "points_per_hand": {"player": player, "rivals": rivals},
        "results": [_result_dict(r) for r in summary.results],
        "cantes": asdict(summary.cantes),
        "endings": {t.value: n for t, n in summary.endings.items()},
        "ratings": {
            str(size): {
                "rating": state.rating.rating,
                "rd": state.rating.rd,
                "low": state.interval[0],
                "high": state.interval[1],
                "juegos": state.juegos,
                "last_rated": state.last_rated,
            }
            for size, state in summary.ratings.items()
        },
    }


def _result_lines(results: list[LevelResult]) -> list[str]:
    width = max(len(table_name(r)) for r in results)
    lines = [f"  {'table':<{width}}  {'juegos':>6}  {'won':>4}  {'share (95 %)':<14}  {'hands':>5}  {'± pts/hand':>10}"]
    for r in results:
        lines.append(
            f"  {table_name(r):<{width}}  {r.juegos:>6}  {r.wins:>4}  {interval_text(r):<14}  {r.hands:>5}"
            f"  {signed(r.mean_points_difference):>10}"
        )
    return lines


def text_lines(summary: Summary) -> list[str]:
    """The summary as plain text, for ``guinote stats``."""
    if not summary.totals.hands:
        return [EMPTY_TEXT]
    lines = [overview(summary), points_line(summary)]
    lines += ["", "Rating"]
    for size, state in summary.ratings.items():
        lines.append(f"  {SIZE_NAMES[size]:<9} {rating_line(state)}")
    lines.append(f"  ({RATING_EXPLANATION})")
    plain = [r for r in summary.results if not r.assisted]
    assisted = [r for r in summary.results if r.assisted]
    if plain:
        lines += ["", "Results by table", *_result_lines(plain)]
    if assisted:
        lines += ["", "Assisted (undo, hints or open hands; not rated)", *_result_lines(assisted)]
    lines += ["", f"Cantes over {summary.cantes.hands} hands", f"  {'':<13} {'your side':>9}  {'rivals':>6}"]
    lines += [f"  {what:<13} {mine:>9}  {theirs:>6}" for what, mine, theirs in cante_rows(summary)]
    lines += ["", "How hands ended"]
    lines += [f"  {name:<27} {count:>6}  {percent(share):>5}" for name, count, share in ending_rows(summary.endings)]
    return lines
