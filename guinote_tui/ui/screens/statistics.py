"""The player's statistics: the rating at each table size, results by table, points over time, cantes, endings.

The results against the bots come first, then the assisted ones, then the
games with people (never rated), each under its own heading.

Everything comes from :class:`guinote_tui.records.Statistics` (the file in the
user's data directory unless another is given), read in a thread worker so
that the screen opens at once even with thousands of hands; the words are
:mod:`guinote_tui.present.statsreport`'s, as ``guinote stats`` prints them. Last, the learning curve
and practice's accuracy (:mod:`.learningcurve`). A damaged
or unwritable file is one notice line, and so are the damaged records left out;
a file that cannot be read at all shows that line only. Escape (or t, q) closes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static
from textual.worker import get_current_worker
from textual_plotext import PlotextPlot

from ...i18n import N_, _, ngettext
from ...present import statsreport as report
from ...present.learningreport import Learning, read_learning
from ...records import LevelResult, Statistics, Summary
from ...storage import printable
from ..theme import FELT_COLOURS
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall
from .learningcurve import LearningCurve

GOLD = FELT_COLOURS["gold"]
FAINT = FELT_COLOURS["ink-faint"]
#: The chart's lines: the player's side in gold, the rivals in the labels' ink.
LINE_COLOURS = ((255, 213, 74), (159, 184, 165))


@dataclass(frozen=True)
class Loaded:
    """What the worker read: the summary, the chart's series, the problem line (if any), whether the file was read,
    the learning curve and practice's accuracy."""

    summary: Summary
    chart: report.Smoothed
    problem: str | None
    readable: bool = True
    learning: Learning = field(default_factory=Learning)


def load(path: Path | None = None, stats: Statistics | None = None) -> Loaded:
    """Read the figures (opening the file at ``path`` unless ``stats`` is given, and closing it again)."""
    own = stats is None
    source = Statistics(path) if stats is None else stats
    try:
        summary = source.summary()
        chart = report.smoothed(source.points_series())
        learning = read_learning(source)
        # A problem already told elsewhere (when the table opened) is still worth a line here.
        problem = report.problem_line(source.take_problem() or source.problem) or None
        return Loaded(summary, chart, problem, source.readable, learning)
    finally:
        if own:
            source.close()


def share_width(results: list[LevelResult]) -> int:
    """The share column's width: its heading's, or the widest share with its interval (``100 % (21–100)``)."""
    return max([cell_len(_("Share (95 %)")), *(cell_len(report.interval_text(r)) for r in results)])


def results_table(results: list[LevelResult], name_width: int, header: bool = True, share: int | None = None) -> Table:
    """Juegos won at each table with the share of wins and its 95 % interval.

    The columns have fixed widths (the tables' names are ``name_width`` wide, the
    share ``share`` wide, by default as wide as its widest) so that the assisted
    results, under the others without a header, line up.
    "± a hand" is the mean of the player's side's points minus the rivals' per hand.
    """
    table = Table(
        box=box.SIMPLE_HEAD,
        show_header=header,
        show_edge=False,
        pad_edge=False,
        header_style=f"bold {FAINT}",
    )
    # (The widths fit the English headers; a longer translation wraps.)
    table.add_column(_("Table"), style="bold", min_width=name_width, max_width=name_width, overflow="fold")
    table.add_column(_("Juegos"), justify="right", width=6)
    table.add_column(_("Won"), justify="right", width=4)
    table.add_column(_("Share (95 %)"), no_wrap=True, width=share_width(results) if share is None else share)
    table.add_column(_("Hands"), justify="right", width=5)
    table.add_column(_("± a hand"), justify="right", width=8)
    for r in results:
        table.add_row(
            report.table_name(r),
            str(r.juegos),
            str(r.wins),
            report.interval_text(r),
            str(r.hands),
            report.signed(r.mean_points_difference),
        )
    return table


def cantes_table(summary: Summary) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style=f"bold {FAINT}")
    hands = summary.cantes.hands
    # (The English says "hands" for one hand too; the other languages have their plural forms.)
    table.add_column(ngettext("over {n} hand", "over {n} hands", hands).format(n=hands))
    table.add_column(_("Your side"), justify="right")
    table.add_column(_("Rivals"), justify="right")
    for what, mine, theirs in report.cante_rows(summary):
        table.add_row(what, str(mine), str(theirs))
    return table


def endings_table(summary: Summary) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style=f"bold {FAINT}")
    table.add_column(_("Ending"))
    table.add_column(_("Hands"), justify="right")
    table.add_column(_("Share"), justify="right")
    for name, count, share in report.ending_rows(summary.endings):
        table.add_row(name, str(count), report.percent(share))
    return table


def rating_text(summary: Summary) -> Text:
    text = Text()
    # The table sizes' names in one column, as wide as the longest in the language in use.
    column = max((cell_len(report.size_name(size)) for size in summary.ratings), default=0) + 2
    for size, state in summary.ratings.items():
        if text:
            text.append("\n")
        name = report.size_name(size)
        text.append(name + " " * (column - cell_len(name)), style=f"bold {FAINT}")
        if state.juegos:
            text.append(f"{state.rating.rating:.0f}", style=f"bold {GOLD}")
            line = report.rating_line(state)
            text.append(line[line.index(" ") :])
        else:
            text.append(report.rating_line(state), style="italic")
    text.append("\n")
    text.append(report.rating_explanation(), style=FAINT)
    return text


class StatisticsScreen(SizeGuard, ModalScreen[None]):
    """The statistics over whatever screen was in front; Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,t", "close", N_("Back"))]

    def __init__(self, path: Path | None = None, stats: Statistics | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.path = path
        self.stats = stats
        self.loaded: Loaded | None = None
        #: Seconds from opening the screen to the figures shown (measured by the benchmark).
        self.ready_after: float | None = None
        self._opened = time.perf_counter()

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog stats-dialog"):
            yield Label(_("Your statistics"), classes="dialog-title")
            with VerticalScroll(id="stats-scroll"):
                yield Static("", id="stats-notice")
                yield Static(Text(_("Reading your statistics…"), style="italic"), id="stats-overview")
                with Vertical(id="stats-figures"):
                    yield Label(_("Your rating"), classes="stats-heading")
                    yield Static(id="stats-rating")
                    yield Label(_("Results by table"), classes="stats-heading")
                    yield Static(id="stats-results")
                    yield Label(
                        _("Assisted: undo, hints or open hands (not rated)"),
                        classes="stats-subheading",
                        id="assisted-heading",
                    )
                    yield Static(id="stats-assisted")
                    yield Label(_("With people (not rated)"), classes="stats-subheading", id="people-heading")
                    yield Static(id="stats-people")
                    yield Label(_("Points per hand"), classes="stats-heading", id="chart-heading")
                    yield Static(id="stats-legend")
                    yield PlotextPlot(id="stats-chart")
                    with Horizontal(id="stats-pair"):
                        with Vertical(id="stats-cantes-box"):
                            yield Label(_("Cantes, tutes, capotes"), classes="stats-heading")
                            yield Static(id="stats-cantes")
                        with Vertical(id="stats-endings-box"):
                            yield Label(_("How hands ended"), classes="stats-heading")
                            yield Static(id="stats-endings")
                yield LearningCurve(id="stats-learning")
        yield GameFooter()

    def on_mount(self) -> None:
        self._opened = time.perf_counter()
        self.query_one("#stats-figures").display = False
        self.query_one("#stats-learning").display = False
        self.query_one("#stats-notice").display = False
        self.query_one("#stats-scroll").focus()
        self.run_worker(self._load, thread=True, group="statistics", exclusive=True)

    def _load(self) -> None:
        loaded = load(self.path, self.stats)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show, loaded)

    def show(self, loaded: Loaded) -> None:
        """Fill the screen with what was read."""
        self.loaded = loaded
        summary = loaded.summary
        notice = self.query_one("#stats-notice", Static)
        lines = [line for line in (loaded.problem, report.damaged_line(summary)) if line]
        if lines:
            notice.update(Text("\n".join(printable(line) for line in lines)))
            notice.display = True
        overview = self.query_one("#stats-overview", Static)
        if not loaded.readable:  # the notice says why: "nothing recorded yet" would not be true
            overview.display = False
            self.ready_after = time.perf_counter() - self._opened
            return
        learning = self.query_one("#stats-learning", LearningCurve)
        learning.show(loaded.learning)
        learning.display = True
        if not summary.totals.hands:
            overview.update(Text(report.empty_text()))
            overview.add_class("-empty")
            self.ready_after = time.perf_counter() - self._opened
            return
        line = Text(report.overview(summary))
        line.append(f"\n{report.points_line(summary)}", style=FAINT)
        overview.update(line)
        self.query_one("#stats-rating", Static).update(rating_text(summary))
        plain, assisted, people = report.result_groups(summary.results)
        width = max([cell_len(report.table_name(r)) for r in summary.results] + [cell_len(_("Table"))])
        share = share_width(summary.results)
        if plain:
            results: Table | Text = results_table(plain, width, share=share)
        elif assisted:
            results = Text(_("Every juego against the bots so far was assisted."), style="italic")
        else:
            results = Text(_("No juego against the bots yet."), style="italic")
        self.query_one("#stats-results", Static).update(results)
        for name, group, header in (("assisted", assisted, not plain), ("people", people, not plain and not assisted)):
            self.query_one(f"#{name}-heading").display = bool(group)
            self.query_one(f"#stats-{name}", Static).display = bool(group)
            if group:
                self.query_one(f"#stats-{name}", Static).update(results_table(group, width, header=header, share=share))
        self._draw_chart(loaded.chart)
        self.query_one("#stats-cantes", Static).update(cantes_table(summary))
        self.query_one("#stats-endings", Static).update(endings_table(summary))
        self.query_one("#stats-figures").display = True
        self.ready_after = time.perf_counter() - self._opened

    def _draw_chart(self, chart: report.Smoothed) -> None:
        if chart.window > 1:
            heading = ngettext(
                "Points per hand (the last hand)",
                "Points per hand (mean of the last {n} hands)",
                chart.window,
            ).format(n=chart.window)
        else:
            heading = _("Points per hand")
        self.query_one("#chart-heading", Label).update(heading)
        plot = self.query_one("#stats-chart", PlotextPlot)
        plt = plot.plt
        # The legend on a line of its own above the chart, where it covers none of the lines.
        legend = Text()
        for name, colour in ((_("your side"), GOLD), (_("rivals"), FAINT)):
            legend.append("  " if legend else "").append("⣿⣿ ", style=colour).append(name)
        self.query_one("#stats-legend", Static).update(legend)
        plt.clear_data()
        plt.plot(chart.hands, chart.player, color=LINE_COLOURS[0], marker="braille")
        plt.plot(chart.hands, chart.rivals, color=LINE_COLOURS[1], marker="braille")
        if chart.hands:  # whole hand numbers on the axis, not plotext's fractions of them
            ticks = report.hand_ticks(chart.hands[0], chart.hands[-1])
            plt.xticks([float(t) for t in ticks], [str(t) for t in ticks])
        plt.xlabel(_("hand"))
        plot.refresh()

    def action_close(self) -> None:
        self.dismiss(None)
