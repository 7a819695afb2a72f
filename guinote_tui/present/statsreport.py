"""The player's statistics in words and numbers, shared by the statistics screen and ``guinote stats``.

Pure functions over what :class:`guinote_tui.records.Statistics` returns
(no textual, rich or click here): the names of tables and endings, the
rating's line and its plain explanation, the chart's smoothed series, the
plain-text report, the JSON object, and the line that says what went
wrong with the file (:func:`problem_line`). The words are in the current
language (:mod:`guinote_tui.i18n`); the tables of names below keep the
English, marked for the catalogs, and are read through :func:`size_name`,
:func:`ending_name`, :func:`rating_explanation` and :func:`empty_text`. The
JSON object is not translated.

    >>> from guinote_tui.records import LevelResult
    >>> table_name(LevelResult(4, "hard", "easy", False, 3, 2, 9, 4.5))
    'pairs · hard, partner easy'
    >>> percent(0.4999)
    '50 %'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any, assert_never

from ..engine import Termination
from ..i18n import N_, _, ngettext, number, pgettext
from ..records import Cause, LevelResult, PointsSample, Problem, ProblemKind, RatingState, Summary, Totals

#: The table sizes' names, in English (:func:`size_name` translates them).
SIZE_NAMES = {2: N_("heads-up"), 4: N_("pairs")}

#: How a hand ended, short enough for a column (the engine's :attr:`Termination.text` is the long form);
#: in English (:func:`ending_name` translates them).
ENDING_NAMES: dict[Termination, str] = {
    Termination.TARGET: N_("a side reached the target"),
    Termination.VUELTAS_TRICK: N_("de vueltas, on a trick"),
    Termination.VUELTAS_CANTE: N_("de vueltas, with a cante"),
    Termination.VUELTAS_TUTE: N_("de vueltas, with a tute"),
    Termination.TUTE: N_("tute"),
    Termination.BOTH_LAST_TRICK: N_("both past, last trick won"),
    Termination.BOTH_HIGHER: N_("both past, higher score won"),
    Termination.BOTH_TIED: N_("both past and tied"),
    Termination.TREINTA_MALAS: N_("treinta malas"),
    Termination.DE_VUELTAS: N_("nobody reached: de vueltas"),
}

#: In English (:func:`rating_explanation` translates it).
RATING_EXPLANATION = N_(
    "1500 is the normal bot's strength; 200 points above a rival wins about three juegos in four. "
    "The range holds your strength with a confidence of 95 % and narrows as you play."
)

#: In English (:func:`empty_text` translates it).
EMPTY_TEXT = N_("Nothing recorded yet. Play a hand and it will show here.")


def size_name(players: int) -> str:
    """The name of a table size (``heads-up``, ``pairs``) in the current language."""
    name = SIZE_NAMES.get(players)
    return _(name) if name is not None else str(players)


def ending_name(termination: Termination) -> str:
    """How a hand ended, short, in the current language."""
    name = ENDING_NAMES.get(termination)
    return _(name) if name is not None else termination.value


def rating_explanation() -> str:
    """What the rating means, in the current language."""
    return _(RATING_EXPLANATION)


def empty_text() -> str:
    """What the statistics say before any hand is recorded, in the current language."""
    return _(EMPTY_TEXT)


def problem_line(problem: Problem | None) -> str:
    """What went wrong with the statistics file, in one line in the current language ("" for no problem).

    >>> problem_line(Problem(ProblemKind.NEWER, file="statistics.sqlite3", version=3, known=1))
    'statistics.sqlite3 was written by a newer guinote-tui (schema 3, this one knows up to 1); it is left as it is and statistics are not saved.'
    >>> problem_line(None)
    ''
    """  # noqa: E501
    if problem is None:
        return ""
    kind, detail = problem.kind, cause_text(problem) or problem.detail
    if kind is ProblemKind.NOT_SAVED:
        return _("Statistics cannot be saved ({reason}); the game goes on without them.").format(reason=detail)
    if kind is ProblemKind.DAMAGED_WHILE_SAVING:
        reason = _("the file is damaged: {error}").format(error=detail)
        return _("Statistics cannot be saved ({reason}); the game goes on without them.").format(reason=reason)
    if kind is ProblemKind.READ_ONLY:
        line = _("Statistics cannot be saved ({reason}): those recorded so far are shown but not updated.")
        return line.format(reason=detail)
    if kind is ProblemKind.SET_ASIDE:
        line = _("{file} could not be read ({problem}); it was moved to {moved} and a new one was started.")
        return line.format(file=problem.file, problem=detail, moved=problem.moved)
    if kind is ProblemKind.NOT_SET_ASIDE:
        line = _("{file} could not be read ({problem}); it could not be moved aside and a new one was started.")
        return line.format(file=problem.file, problem=detail)
    if kind is ProblemKind.UNREADABLE:
        return _("{path} cannot be opened ({reason}): no statistics are shown or saved.").format(
            path=problem.file, reason=detail
        )
    if kind is ProblemKind.NEWER:
        line = _(
            "{file} was written by a newer guinote-tui (schema {version}, this one knows up to "
            "{known}); it is left as it is and statistics are not saved."
        )
        return line.format(file=problem.file, version=problem.version, known=problem.known)
    if kind is ProblemKind.HAND_NOT_SAVED:
        return _("Statistics: this hand could not be saved ({error}).").format(error=detail)
    if kind is ProblemKind.NOT_READ:
        return _("Statistics could not be read ({error}).").format(error=detail)
    if kind is ProblemKind.EXPORT_IS_DATABASE:
        return _("{path} is the statistics file itself: choose another place").format(path=problem.file)
    assert_never(kind)


def cause_text(problem: Problem) -> str:
    """Why the file was set aside, when the reason is the program's own, in the current language ("" otherwise).

    >>> cause_text(Problem(ProblemKind.SET_ASIDE, cause=Cause.MOSTLY_DAMAGED, damaged=7, records=9))
    'most of the records checked are damaged: 7 of 9'
    """
    cause = problem.cause
    if cause is None:
        return ""
    if cause is Cause.FOLDER:
        return _("a folder is in its place")
    if cause is Cause.NOT_REGULAR:
        return _("not a regular file: a FIFO or a device is in its place")
    if cause is Cause.CODE:
        return _("it holds SQL of its own, which the game never makes: {what}").format(what=problem.detail)
    if cause is Cause.MOSTLY_DAMAGED:
        line = _("most of the records checked are damaged: {damaged} of {records}")
        return line.format(damaged=problem.damaged, records=problem.records)
    assert_never(cause)


def damaged_line(summary: Summary) -> str:
    """How many damaged records the figures leave out ("" for none).

    >>> from guinote_tui.records import CanteCounts, Totals
    >>> damaged_line(Summary(Totals(), [], CanteCounts(), {}, damaged=3))
    '3 damaged records in the statistics file are left out of these figures.'
    """
    n = summary.damaged
    if not n:
        return ""
    return ngettext(
        "{n} damaged record in the statistics file is left out of these figures.",
        "{n} damaged records in the statistics file are left out of these figures.",
        n,
    ).format(n=n)


def result_groups(results: Sequence[LevelResult]) -> tuple[list[LevelResult], list[LevelResult], list[LevelResult]]:
    """The results shown apart: against the bots unaided, against the bots assisted, and with people."""
    bots = [r for r in results if not r.with_people]
    return (
        [r for r in bots if not r.assisted],
        [r for r in bots if r.assisted],
        [r for r in results if r.with_people],
    )


def percent(share: float | None) -> str:
    return "–" if share is None else f"{share * 100:.0f} %"


def table_name(result: LevelResult) -> str:
    """The table a result is about: the size, the rivals' level, and in pairs the partner's if different.

    At a table with people, who the rivals and the partner were: a person,
    people, or a bot's level (``pairs · a person and hard, partner a
    person``), and whether the juegos were assisted (hints at a practice table).
    """
    from .vocabulary import level_name  # (with the words for actions: loaded for the text, not for ``--json``)

    size = size_name(result.players)
    if result.with_people:
        return _people_table_name(result, size)
    if result.partner_level is not None and result.partner_level != result.rival_level:
        return _("{size} · {level}, partner {partner}").format(
            size=size, level=level_name(result.rival_level), partner=level_name(result.partner_level)
        )
    return f"{size} · {level_name(result.rival_level)}"


def _people_table_name(result: LevelResult, size: str) -> str:
    from .vocabulary import level_name

    if result.players == 2 or result.rival_people == 2:
        rivals = _("a person") if result.players == 2 else _("people")
    elif result.rival_people == 1:
        rivals = _("a person and {level}").format(level=level_name(result.rival_level))
    else:
        rivals = level_name(result.rival_level)
    if result.players == 2:
        name = f"{size} · {rivals}"
    else:
        partner = _("a person") if result.partner_person else level_name(result.partner_level or result.rival_level)
        name = _("{size} · {level}, partner {partner}").format(size=size, level=rivals, partner=partner)
    return _("{table}, assisted").format(table=name) if result.assisted else name


def interval_text(result: LevelResult) -> str:
    """The share of wins with its 95 % interval: ``60 % (39–78)``; ``–`` without juegos."""
    if not result.juegos:
        return "–"
    low, high = result.interval
    return f"{percent(result.share)} ({low * 100:.0f}–{high * 100:.0f})"


def signed(value: float | None) -> str:
    return "–" if value is None else number(value, "+.1f")


def sureness(state: RatingState) -> str:
    """How sure the rating is, in a word or two, from its deviation."""
    rd = state.rating.rd
    if rd >= 250:
        return _("a first guess")
    if rd >= 150:
        return _("rough")
    if rd >= 80:
        return _("fairly sure")
    return _("sure")


def short_date(moment: str | None) -> str:
    if not moment:
        return ""
    try:
        return datetime.fromisoformat(moment).astimezone().strftime("%Y-%m-%d")
    except ValueError:
        return moment


def rating_line(state: RatingState) -> str:
    """One table size's rating: ``1562 (95 %: 1410–1714), fairly sure, from 23 rated juegos``."""
    if not state.juegos:
        return _("not rated yet: finish a juego against the bots without undo, hints or open hands")
    low, high = state.interval
    line = ngettext(
        "{rating} (95 %: {low}–{high}), {sureness}, from {juegos} rated juego",
        "{rating} (95 %: {low}–{high}), {sureness}, from {juegos} rated juegos",
        state.juegos,
    )
    return line.format(
        rating=f"{state.rating.rating:.0f}",
        low=f"{low:.0f}",
        high=f"{high:.0f}",
        sureness=sureness(state),
        juegos=state.juegos,
    )


@dataclass(frozen=True)
class Smoothed:
    """The chart's series: the mean points per hand of each side over the last ``window`` hands."""

    window: int
    hands: list[int]
    player: list[float]
    rivals: list[float]


def smoothed(series: Sequence[PointsSample], most: int = 400) -> Smoothed:
    """Running means of each side's points per hand over full windows, at most ``most`` points (a chart's width).

    >>> from guinote_tui.records import PointsSample
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


def hand_ticks(first: int, last: int, most: int = 8) -> list[int]:
    """Whole hand numbers for a chart's axis from ``first`` to ``last``: at most ``most``, a round step apart.

    >>> hand_ticks(1, 4)
    [1, 2, 3, 4]
    >>> hand_ticks(1, 20)
    [1, 5, 10, 15, 20]
    >>> hand_ticks(1, 9)
    [1, 4, 6, 8]
    >>> hand_ticks(3, 3)
    [3]
    """
    if last <= first:
        return [first]
    span = last - first
    step = next(s for s in (m * 10**e for e in range(12) for m in (1, 2, 5)) if span / s <= most - 1)
    ticks = [first] + [t for t in range((first // step + 1) * step, last + 1, step) if t - first > step / 2]
    if ticks[-1] != last and last - ticks[-1] > step / 2:
        ticks.append(last)
    return ticks


def ending_rows(endings: dict[Termination, int]) -> list[tuple[str, int, float]]:
    """How hands ended: (name, hands, share), most frequent first."""
    total = sum(endings.values())
    rows = sorted(endings.items(), key=lambda item: -item[1])
    return [(ending_name(t), n, n / total if total else 0.0) for t, n in rows]


def cante_rows(summary: Summary) -> list[tuple[str, int, int]]:
    """(what, the player's side, the rivals) for cantes, their points, tutes and capotes; what is translated."""
    c = summary.cantes
    return [
        (_("cantes"), c.cantes_player, c.cantes_rivals),
        (_("cante points"), c.cante_points_player, c.cante_points_rivals),
        (_("tutes"), c.tutes_player, c.tutes_rivals),
        (_("capotes"), c.capotes_player, c.capotes_rivals),
    ]


def overview(summary: Summary) -> str:
    """The totals in one line (the unfinished matches only when there are some)."""
    t = summary.totals
    if t.matches_unfinished:
        matches = ngettext(
            "{n} match ({won} won, {lost} lost, {unfinished} unfinished)",
            "{n} matches ({won} won, {lost} lost, {unfinished} unfinished)",
            t.matches,
        )
    else:
        matches = ngettext("{n} match ({won} won, {lost} lost)", "{n} matches ({won} won, {lost} lost)", t.matches)
    return " · ".join(
        [
            ngettext("{n} hand", "{n} hands", t.hands).format(n=t.hands),
            ngettext("{n} juego ({won} won)", "{n} juegos ({won} won)", t.juegos).format(n=t.juegos, won=t.juegos_won),
            ngettext("{n} coto ({won} won)", "{n} cotos ({won} won)", t.cotos).format(n=t.cotos, won=t.cotos_won),
            matches.format(n=t.matches, won=t.matches_won, lost=t.matches_lost, unfinished=t.matches_unfinished),
        ]
    )


def points_line(summary: Summary) -> str:
    """Since when, and the points per hand of each side: ``since 3 Mar 2025 · points per hand: …``."""
    player, rivals = points_per_hand(summary)
    parts = []
    if summary.totals.first_played:
        parts.append(_("since {date}").format(date=short_date(summary.totals.first_played)))
    if player is not None and rivals is not None:
        line = _("points per hand: your side {player}, the rivals {rivals}")
        parts.append(line.format(player=number(player, ".1f"), rivals=number(rivals, ".1f")))
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
        "rival_people": result.rival_people,
        "partner_person": result.partner_person,
    }


def _totals_dict(totals: Totals) -> dict[str, Any]:
    figures = asdict(totals)
    figures["matches_unfinished"] = totals.matches_unfinished
    figures["juegos_lost"] = totals.juegos_lost
    figures["cotos_lost"] = totals.cotos_lost
    return figures


def summary_dict(summary: Summary) -> dict[str, Any]:
    """The summary as one JSON-ready object (shares as fractions, intervals at 95 %).

    ``totals`` counts every game; ``with_people`` the part of them played with
    people (a rival or the partner a person), whose ``results`` rows say so
    (``rival_people``, ``partner_person``) and which are never rated.
    """
    player, rivals = points_per_hand(summary)
    return {
        "damaged": summary.damaged,
        "totals": _totals_dict(summary.totals),
        "with_people": _totals_dict(summary.people),
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
    heads = [
        pgettext("statistics column", "table"),
        pgettext("statistics column", "juegos"),
        pgettext("statistics column", "won"),
        pgettext("statistics column", "share (95 %)"),
        pgettext("statistics column", "hands"),
        pgettext("statistics column", "± pts/hand"),
    ]
    rows = [
        [
            table_name(r),
            str(r.juegos),
            str(r.wins),
            interval_text(r),
            str(r.hands),
            signed(r.mean_points_difference),
        ]
        for r in results
    ]
    # The widths the English headings were made for, wider where a heading or a table's name needs it.
    widths = [max(len(heads[0]), *(len(row[0]) for row in rows)), 6, 4, 14, 5, 10]
    widths = [max(width, len(head)) for width, head in zip(widths, heads, strict=True)]
    left = (True, False, False, True, False, False)

    def line(cells: list[str]) -> str:
        parts = [
            f"{cell:<{width}}" if flush else f"{cell:>{width}}"
            for cell, width, flush in zip(cells, widths, left, strict=True)
        ]
        return "  " + "  ".join(parts)

    return [line(heads), *(line(row) for row in rows)]


def text_lines(summary: Summary) -> list[str]:
    """The summary as plain text, for ``guinote stats``."""
    damaged = [damaged_line(summary)] if summary.damaged else []
    if not summary.totals.hands:
        return [empty_text(), *damaged]
    lines = [overview(summary), points_line(summary), *damaged]
    lines += ["", _("Rating")]
    sizes = [size_name(size) for size in summary.ratings]
    size_width = max([9, *(len(name) for name in sizes)])
    for name, state in zip(sizes, summary.ratings.values(), strict=True):
        lines.append(f"  {name:<{size_width}} {rating_line(state)}")
    lines.append(f"  ({rating_explanation()})")
    plain, assisted, people = result_groups(summary.results)
    if plain:
        lines += ["", _("Results by table"), *_result_lines(plain)]
    if assisted:
        lines += ["", _("Assisted (undo, hints or open hands; not rated)"), *_result_lines(assisted)]
    if people:
        lines += ["", _("With people (not rated)"), *_result_lines(people)]
    cantes = cante_rows(summary)
    mine_head, theirs_head = pgettext("statistics column", "your side"), pgettext("statistics column", "rivals")
    what_width = max([13, *(len(what) for what, _mine, _theirs in cantes)])
    mine_width, theirs_width = max(9, len(mine_head)), max(6, len(theirs_head))
    hands = summary.cantes.hands
    lines += ["", ngettext("Cantes over {n} hand", "Cantes over {n} hands", hands).format(n=hands)]
    lines.append(f"  {'':<{what_width}} {mine_head:>{mine_width}}  {theirs_head:>{theirs_width}}")
    lines += [f"  {what:<{what_width}} {mine:>{mine_width}}  {theirs:>{theirs_width}}" for what, mine, theirs in cantes]
    lines += ["", _("How hands ended")]
    endings = ending_rows(summary.endings)
    name_width = max([27, *(len(name) for name, _count, _share in endings)])
    lines += [f"  {name:<{name_width}} {count:>6}  {percent(share):>5}" for name, count, share in endings]
    return lines
