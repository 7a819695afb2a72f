"""The match's score sheet: every hand of every juego, its points and cantes, how it ended, and the tally.

Built from the match's own record (:attr:`~guinote_tui.engine.Match.finished`,
each hand's :class:`~guinote_tui.engine.HandResult`): :func:`sheet_rows` turns
it into rows of figures (no words, no widgets: tested without a pilot), and
:func:`sheet_text` writes them for the player, one block per juego, each hand a
line of figures and a line saying how it ended. Scrolls with the keyboard and
the mouse wheel.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ...engine import HandResult
from ...game.scoresheet import SheetRow, ending_text, sheet_rows
from ...game.told import MatchTold
from ...i18n import _, pgettext
from ..bindings import SCORESHEET_BINDINGS
from ..theme import FELT_COLOURS
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall

GOOD = Style(color=FELT_COLOURS["good"])
BAD = Style(color=FELT_COLOURS["bad"])
FAINT = Style(color=FELT_COLOURS["ink-faint"])


def ending_words(session: MatchTold, result: HandResult) -> tuple[str, Style]:
    """How a hand ended, in the player's language, and its colour (the juego's winner: good or bad)."""
    side = result.juego_winner
    style = FAINT if side is None else GOOD if side == 0 else BAD
    return ending_text(session, result), style


def pair(values: tuple[int, int] | None) -> str:
    return "—" if values is None else f"{values[0]}–{values[1]}"


def sheet_text(session: MatchTold, rows: Sequence[SheetRow]) -> tuple[Text, Text]:
    """The sheet as text: the heading (how to read it, the columns), then per juego its title and each hand."""
    rules = session.match.rules
    # The hand's points in two parts that add up: those won in tricks (cards, the last ten, a capote) and cantes.
    tricks = pgettext("a column of the score sheet: the points won in tricks, the last ten included", "Tricks")
    headers = [pgettext("a deal, a column of the score sheet", "Hand"), tricks, _("Cantes"), _("Total")]
    with_juegos = rules.juegos_per_coto > 1  # (with one juego a coto the juegos are always back to 0–0)
    if with_juegos:
        headers.append(_("Juegos"))
    headers.append(_("Cotos"))

    def cells(row: SheetRow) -> list[str]:
        cards = None
        if row.points is not None and row.cantes is not None:
            cards = (row.points[0] - row.cantes[0], row.points[1] - row.cantes[1])
        out = [str(row.hand), pair(cards), pair(row.cantes), pair(row.totals)]
        if with_juegos:
            out.append(pair(row.juegos))
        out.append(pair(row.cotos))
        return out

    table = [cells(row) for row in rows]
    widths = [max(cell_len(text) for text in column) for column in zip(headers, *table, strict=True)]

    def line(values: list[str]) -> str:
        return "  ".join(" " * (width - cell_len(text)) + text for width, text in zip(widths, values, strict=True))

    indent = " " * (widths[0] + 2)
    head = Text()
    head.append(_("Scores read {first}–{second}.").format(first=session.side_name(0), second=session.side_name(1)))
    head.append("\n\n")
    head.append(line(headers), style=Style(bold=True))
    head.stylize(FAINT)
    body = Text()
    for row, values in zip(rows, table, strict=True):
        if row.first_of_juego:
            if body:
                body.append("\n\n")
            body.append(_("Juego {number}").format(number=row.juego), style=Style(bold=True))
        body.append("\n" + line(values), style=Style(bold=row.in_play))
        if row.result is None:
            body.append("\n" + indent + _("(being played)"), style=FAINT)
        else:
            words, style = ending_words(session, row.result)
            body.append("\n" + indent + words, style=style)
    return head, body


class ScoreSheetScreen(SizeGuard, ModalScreen[None]):
    """Every hand of the match so far, by juego; Escape (or o) goes back."""

    BINDINGS = SCORESHEET_BINDINGS

    # (Screen CSS, not DEFAULT_CSS: it has to win over the stylesheet's .dialog limits.)
    CSS = """
    .dialog.scoresheet {
        width: auto;
        min-width: 76;  /* as wide as the summary, which it covers */
        max-width: 90%;
        height: 90%;
        max-height: 40;
    }
    #scoresheet-head {
        width: auto;
        margin-bottom: 1;
    }
    #scoresheet-scroll {
        width: auto;
        height: 1fr;
    }
    #scoresheet-text {
        width: auto;
    }
    """

    def __init__(self, session: MatchTold) -> None:
        super().__init__(classes="dialog-screen")
        self.session = session

    def rows(self) -> list[SheetRow]:
        match = self.session.match
        return sheet_rows(match.finished, match.rules, match.hand, (match.juegos, match.cotos))

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog scoresheet"):
            yield Label(_("Score sheet"), classes="dialog-title")
            head, body = sheet_text(self.session, self.rows())
            yield Static(head, id="scoresheet-head")
            with VerticalScroll(id="scoresheet-scroll"):
                yield Static(body, id="scoresheet-text")
        yield GameFooter()

    def on_mount(self) -> None:
        scroll = self.query_one("#scoresheet-scroll", VerticalScroll)
        scroll.focus()
        scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
