"""The statistics screen's learning curve: graded decisions and points lost per reviewed hand, practice's accuracy.

The figures are :mod:`guinote_tui.present.learningreport`'s, as ``guinote
stats`` prints them. At each table size with reviewed hands: two charts
(the graded decisions per reviewed hand, all of them with their 95 % range
and each tier; the points lost to them per reviewed hand with its range),
side by side on a wide screen, drawn only from two points on; under them the
same figures as text, every point with its interval, for screen readers and
small terminals. Then the share of practice answers right by theme. Before
any reviewed hand, one line says how to start.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Label, Static
from textual_plotext import PlotextPlot

from ...i18n import _, pgettext
from ...present import learningreport as report
from ...present.statsreport import hand_ticks
from ...present.vocabulary import grade_word
from ...records import GRADED, Mean, MistakeCurve, Rate
from ..theme import FELT_COLOURS

FAINT = FELT_COLOURS["ink-faint"]
GOLD = FELT_COLOURS["gold"]
#: The lines' colours: all graded decisions (and the points lost) in gold, then each tier, lightest to worst.
ALL_COLOUR = "#ffd54a"
TIER_COLOURS = {"inaccuracy": "#c9d6c2", "mistake": "#e0a030", "blunder": "#ff7b72"}


def rgb(colour: str) -> tuple[int, int, int]:
    """``#ffd54a`` as plotext takes a colour: ``(255, 213, 74)``."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def figures_table(heads: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    """The same figures as the chart, as text: the first column the hands, the others each with its interval."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style=f"bold {FAINT}")
    for index, head in enumerate(heads):
        # A figure is never broken; a heading longer than its figures wraps where the screen is narrow.
        widest = max([cell_len(row[index]) for row in rows], default=0)
        table.add_column(head[:1].upper() + head[1:], min_width=max(5, widest) if index == 0 else widest)
    for row in rows:
        table.add_row(*row)
    return table


def legend(entries: Sequence[tuple[str, str]]) -> Text:
    """A chart's legend on lines of its own: each line's colour and name, then the bars' meaning."""
    text = Text()
    for name, colour in entries:
        text.append("  " if text else "").append("⣿⣿ ", style=colour).append(name)
    return text.append("  ").append("│ ", style=FAINT).append(_("range (95 %)"))


def draw(
    plot: PlotextPlot, xs: list[int], lines: Sequence[tuple[list[float], str]], ranges: Sequence[Rate | Mean]
) -> None:
    """Draw ``lines`` (values, colour) over ``xs``; the first line with its points' 95 % ranges as bars."""
    plt = plot.plt
    plt.clear_data()
    top = 0.0
    first_colour = rgb(lines[0][1])
    for x, figure in zip(xs, ranges, strict=True):
        low, high = (figure.low, figure.high)
        if low is not None and high is not None:
            plt.plot([x, x], [low, high], color=first_colour, marker="│")
            top = max(top, high)
    for values, colour in reversed(lines):  # the first drawn last, over the others
        plt.plot(xs, values, color=rgb(colour), marker="braille")
        top = max([top, *values])
    plt.scatter(xs, lines[0][0], color=first_colour, marker="●")
    plt.ylim(0, top * 1.05 if top > 0 else 1)
    margin = max(1.0, (xs[-1] - xs[0]) / 20)  # the first and the last point's bars clear of the frame
    plt.xlim(xs[0] - margin, xs[-1] + margin)
    ticks = xs if len(xs) <= 6 else hand_ticks(xs[0], xs[-1])
    plt.xticks([float(t) for t in ticks], [str(t) for t in ticks])
    plt.xlabel(_("reviewed hands"))
    plot.refresh()


def curve_widgets(curve: MistakeCurve) -> list[Widget]:
    """A table size's curve: its heading, the two charts (from two points on), the figures as text."""
    points = curve.points
    widgets: list[Widget] = [Label(report.size_line(curve), classes="learning-size")]
    if len(points) >= 2:
        xs = [report.last_hand(p) for p in points]
        graded = PlotextPlot(classes="learning-chart")
        per_tier = [([p.tiers[tier].per_hand or 0.0 for p in points], TIER_COLOURS[tier]) for tier in GRADED]
        all_graded = [p.mistakes.per_hand or 0.0 for p in points]
        draw(graded, xs, [(all_graded, ALL_COLOUR), *per_tier], [p.mistakes for p in points])
        lost = PlotextPlot(classes="learning-chart")
        draw(lost, xs, [([p.cost_per_hand.mean or 0.0 for p in points], ALL_COLOUR)], [p.cost_per_hand for p in points])
        entries = [(pgettext("chart legend", "all"), ALL_COLOUR)]
        entries += [(grade_word(tier), TIER_COLOURS[tier]) for tier in GRADED]
        widgets.append(
            Horizontal(
                Vertical(
                    Label(_("Graded decisions per reviewed hand"), classes="learning-chart-title"),
                    Static(legend(entries), classes="learning-legend"),
                    graded,
                    classes="learning-chart-box",
                ),
                Vertical(
                    Label(_("Points lost per reviewed hand"), classes="learning-chart-title"),
                    Static(legend([(_("points lost"), ALL_COLOUR)]), classes="learning-legend"),
                    lost,
                    classes="learning-chart-box",
                ),
                classes="learning-charts",
            )
        )
    widgets.append(Static(figures_table(report.rate_heads(), report.rate_rows(curve)), classes="learning-table"))
    widgets.append(Static(figures_table(report.tier_heads(), report.tier_rows(curve)), classes="learning-table"))
    return widgets


class LearningCurve(Vertical):
    """The learning curve at each table size and practice's accuracy; :meth:`show` fills it."""

    def compose(self) -> ComposeResult:
        yield Label(_("Your learning curve"), classes="stats-heading")
        yield Static(id="learning-text")
        yield Vertical(id="learning-curves")
        yield Label(_("Practice (answers given unaided)"), classes="stats-heading", id="practice-heading")
        yield Static(id="practice-accuracy")

    def show(self, learning: report.Learning) -> None:
        shown = learning.shown
        lines = [report.curve_explanation() if shown else report.empty_line()]
        if learning.left_out:
            lines.append(report.left_out_line(learning.left_out))
        self.query_one("#learning-text", Static).update(Text("\n".join(lines), style=FAINT if shown else "italic"))
        self.set_class(not shown, "-empty")
        curves = self.query_one("#learning-curves", Vertical)
        curves.remove_children()
        curves.mount_all([widget for curve in shown for widget in curve_widgets(curve)])
        accuracy = self.query_one("#practice-accuracy", Static)
        self.query_one("#practice-heading").display = accuracy.display = bool(learning.accuracy)
        accuracy.update(Text("\n".join(report.accuracy_line(row) for row in learning.accuracy)))
