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
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ...engine import HandRecord, HandResult, HandState, Rules, Termination
from ...game.sentences import juego_won
from ...game.session import GameSession
from ...i18n import _, pgettext
from ...present.statsreport import ending_name
from ..bindings import SCORESHEET_BINDINGS
from ..theme import FELT_COLOURS
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall

GOOD = Style(color=FELT_COLOURS["good"])
BAD = Style(color=FELT_COLOURS["bad"])
FAINT = Style(color=FELT_COLOURS["ink-faint"])


@dataclass(frozen=True)
class SheetRow:
    """One hand of the match on the score sheet; every pair is (side 0, side 1), side 0 the player's."""

    #: The hand's number in the match (1 for the first).
    hand: int
    #: The juego's number in the match (1 for the first), and whether this hand is its first.
    juego: int
    first_of_juego: bool
    #: The hand's points (cards, last ten, cantes, capote) and its cantes alone; None while it is played.
    points: tuple[int, int] | None
    cantes: tuple[int, int] | None
    #: The running totals of the juego after the hand (the carried scores while it is played).
    totals: tuple[int, int]
    #: How the hand ended (None while it is played).
    result: HandResult | None
    #: The juegos of the coto in play and the cotos of the match, after the hand.
    juegos: tuple[int, int]
    cotos: tuple[int, int]

    @property
    def in_play(self) -> bool:
        return self.result is None


def sheet_rows(records: Sequence[HandRecord], rules: Rules, current: HandState | None = None) -> list[SheetRow]:
    """The score sheet of a match whose finished hands are ``records``; ``current``: a hand still in play.

    The juego and coto tally follow the match's own booking (a juego won resets
    the scores; ``juegos_per_coto`` juegos win a coto and start the next at 0–0).
    """
    rows: list[SheetRow] = []
    juegos, cotos = [0, 0], [0, 0]
    juego, first = 1, True
    for number, record in enumerate(records, 1):
        result = record.result
        if result is None:
            continue
        side = result.juego_winner
        if side is not None:
            juegos[side] += 1
            if juegos[side] >= rules.juegos_per_coto:
                cotos[side] += 1
                juegos = [0, 0]
        rows.append(
            SheetRow(
                number, juego, first, result.points, result.cante_points, result.totals, result,
                (juegos[0], juegos[1]), (cotos[0], cotos[1]),
            )
        )  # fmt: skip
        first = side is not None
        juego += 1 if first else 0
    if current is not None and not current.is_over:
        rows.append(
            SheetRow(
                len(rows) + 1, juego, first, None, None, current.carried, None, (juegos[0], juegos[1]),
                (cotos[0], cotos[1]),
            )
        )  # fmt: skip
    return rows


def ending_words(session: GameSession, result: HandResult) -> tuple[str, Style]:
    """How a hand ended, in the player's language, and its colour (the juego's winner: good or bad)."""
    side = result.juego_winner
    if side is not None:
        text, style = juego_won(session, result, side), GOOD if side == 0 else BAD
    else:
        text, style = ending_name(result.reason), FAINT
        text = text[:1].upper() + text[1:]
        if result.reason is Termination.TREINTA_MALAS and result.treinta_malas_denied:
            text += " (" + ", ".join(session.side_name(s) for s in result.treinta_malas_denied) + ")"
    if result.capote_side is not None:
        text += f" · {_('Capote')} ({session.side_name(result.capote_side)})"
    return text, style


def pair(values: tuple[int, int] | None) -> str:
    return "—" if values is None else f"{values[0]}–{values[1]}"


def sheet_text(session: GameSession, rows: Sequence[SheetRow]) -> tuple[Text, Text]:
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

    def __init__(self, session: GameSession) -> None:
        super().__init__(classes="dialog-screen")
        self.session = session

    def rows(self) -> list[SheetRow]:
        match = self.session.match
        return sheet_rows(match.finished, match.rules, match.hand)

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
