"""The end of a hand: how the points were made, and what it means for the juego and coto."""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from ...engine import HandResult
from ...game.sentences import Tone, leave_question, points_rows, verdict
from ...game.session import GameSession
from ...game.told import HandTold, MatchTold
from ...i18n import _
from ..bindings import SEAT_SUMMARY_BINDINGS, SUMMARY_BINDINGS
from ..navigation import navigator
from ..theme import FELT_COLOURS
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall

GOOD = Style(color=FELT_COLOURS["good"], bold=True)
BAD = Style(color=FELT_COLOURS["bad"], bold=True)
PLAIN = Style(color=FELT_COLOURS["ivory"])
FAINT = Style(color=FELT_COLOURS["ink-faint"])


def points_table(session: MatchTold, result: HandResult) -> Table:
    """Card points, the last ten and cantes per side, then the hand and the running totals."""
    table = Table(box=None, padding=(0, 2), show_edge=False, header_style=FAINT + Style(bold=True))
    table.add_column("")
    table.add_column(session.side_name(0), justify="right")
    table.add_column(session.side_name(1), justify="right")
    for row in points_rows(session, result):
        figures = ["—" if points is None else str(points) for points in row.points]
        if row.total:
            table.add_row(Text(row.label, style="bold"), *(Text(figure, style="bold") for figure in figures))
        else:
            table.add_row(row.label, *figures)
    return table


#: How each tone of the summary's sentences is shown.
TONES: dict[Tone, Style] = {"good": GOOD, "bad": BAD, "plain": PLAIN, "faint": FAINT}


def verdict_lines(session: MatchTold, result: HandResult) -> list[Text]:
    """What the hand decided, in the colour of its news (:func:`~guinote_tui.game.sentences.verdict`)."""
    return [Text(said.text, style=TONES[said.tone]) for said in verdict(session, result)]


class HandSummary(SizeGuard, ModalScreen[str]):
    """The end of a hand: its points, what it decided; :meth:`buttons` say what may come next."""

    #: Seconds after the summary appears during which its keys and buttons do nothing, so that
    #: an Enter meant for the table cannot skip it by accident (Space never leaves it).
    INPUT_GUARD = 0.8

    #: The dialog's inner width at most (dialogs.tcss: 76 columns less the padding).
    ROOM = 70

    def __init__(self, told: HandTold) -> None:
        super().__init__(classes="dialog-screen")
        self.told = told
        self.ready = self.INPUT_GUARD <= 0

    def compose(self) -> ComposeResult:
        session = self.told
        result = session.result
        assert result is not None
        over = session.match.is_over
        yield TooSmall()
        with Vertical(classes="dialog summary"):
            yield Label(_("Hand {number} is over").format(number=len(session.match.finished)), classes="dialog-title")
            yield Static(points_table(session, result), id="summary-points")
            yield Static(Text("\n").join(verdict_lines(session, result)), id="summary-verdict")
            with Horizontal(classes="dialog-buttons"):
                short = self.buttons_width(over) > self.ROOM
                for button_id, label, key, primary in self.buttons(over):
                    button = Button(label if short else f"{label} {key}", id=button_id, compact=True)
                    button.variant = "error" if button_id == "quit" else "primary" if primary else "default"
                    yield button
        yield GameFooter()

    def buttons(self, over: bool) -> list[tuple[str, str, str, bool]]:
        """(id, label, key, primary) of each button, in the player's language."""
        raise NotImplementedError

    def buttons_width(self, over: bool) -> int:
        """The columns the buttons take with their keys (label, a space each side, a column between)."""
        return sum(cell_len(f"{label} {key}") + 3 for _id, label, key, _primary in self.buttons(over)) - 1

    def fit_buttons(self) -> None:
        """Leave the keys out of the buttons' labels when the row is wider than the dialog (the footer names them)."""
        row = self.query_one(".dialog-buttons", Horizontal)
        room = row.parent.content_region.width if isinstance(row.parent, Widget) else 0
        if room <= 0:
            return  # not laid out yet: the labels chosen when the dialog was built stay
        over = self.told.match.is_over
        shown = self.buttons(over)
        short = self.buttons_width(over) > room
        for button_id, label, key, _primary in shown:
            button = self.query_one(f"#{button_id}", Button)
            button.label = label if short else f"{label} {key}"
            button.refresh(layout=True)
        row.refresh(layout=True)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_buttons)

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit_buttons)
        # (the buttons inside their row may be mounted after the screen: focused once they are)
        self.call_after_refresh(self._focus_first_button)
        if not self.ready:
            self.set_timer(self.INPUT_GUARD, self._get_ready)

    def _focus_first_button(self) -> None:
        buttons = self.query(".dialog-buttons Button")
        if buttons:
            buttons.first().focus()

    def _get_ready(self) -> None:
        # (The keys stay listed in the footer meanwhile: only their actions wait.)
        self.ready = True

    def primary(self) -> str:
        """The button Enter presses."""
        return next(button_id for button_id, _label, _key, primary in self.buttons(self.told.match.is_over) if primary)

    def action_score_sheet(self) -> None:
        """Every hand of the match so far, by juego, with the juego and coto tally."""
        from .scoresheet import ScoreSheetScreen

        self.app.push_screen(ScoreSheetScreen(self.told))

    def action_continue(self) -> None:
        primary = self.primary()
        focused = self.focused
        if isinstance(focused, Button) and focused.id != primary:
            focused.press()  # Enter on another button (Tab, or a click) is that button, not Continue
            return
        if self.ready:
            self.dismiss(primary)


class SummaryScreen(HandSummary):
    """The local table's summary: returns ``"next"``, ``"new"``, ``"again"`` or ``"quit"``."""

    BINDINGS = SUMMARY_BINDINGS

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.session = session

    def buttons(self, over: bool) -> list[tuple[str, str, str, bool]]:
        """(id, label, key, primary) of each button, in the player's language."""
        first = (
            [("new", _("New match"), "⏎", True)]
            if over
            else [
                ("next", _("Next hand"), "⏎", True),
                ("new", _("New match"), "(n)", False),
            ]
        )
        return [
            *first,
            ("review", _("Review"), "(v)", False),
            ("again", _("Same deal"), "(a)", False),
            ("quit", _("Quit"), "(q)", False),
        ]

    def action_review(self) -> None:
        """The coach's review of the player's decisions in this hand."""
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.session))

    def action_again(self) -> None:
        """Play the same cards again (practice: the match is then marked assisted)."""
        if self.ready:
            self.dismiss("again")

    def action_new_match(self) -> None:
        self._leave("new")

    def action_quit_game(self) -> None:
        self._leave("quit")

    def _leave(self, choice: str) -> None:
        """Leave the match, asking first while it is still being played (as the table does)."""
        if not self.ready:
            return
        if self.session.match.is_over:
            self.dismiss(choice)
            return
        from .dialogs import YesNoDialog

        question = {
            "new": _("Abandon this match and start a new one?"),
            "quit": leave_question(self.session),
        }[choice]

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.dismiss(choice)

        self.app.push_screen(YesNoDialog(question), confirmed)

    def action_save(self) -> None:
        navigator(self).action_save_history()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id
        if not self.ready and choice != "save":
            return
        if choice == "save":
            self.action_save()
        elif choice == "review":
            self.action_review()
        elif choice == "again":
            self.action_again()
        elif choice == "next":
            self.dismiss(choice)
        elif choice in ("new", "quit"):
            self._leave(choice)


class SeatSummaryScreen(HandSummary):
    """A joined seat's summary, the same as the local table's but for what only the host decides (the next deal,
    a new match): returns ``"next"`` (the table goes on) or ``"quit"`` (leave the table)."""

    BINDINGS = SEAT_SUMMARY_BINDINGS

    def __init__(
        self, told: HandTold, leave_question: str, review: Callable[[int], GameSession | None] | None = None
    ) -> None:
        """``leave_question``: what leaving asks while the match goes on (the seat's, or the host's own seat's);
        ``review``: the hand of that number turned to the player for the coach (None: the host did not send it)."""
        super().__init__(told)
        self.leave_question = leave_question
        self.review = review

    def buttons(self, over: bool) -> list[tuple[str, str, str, bool]]:
        review = [("review", _("Review"), "(v)", False)] if self.review is not None else []
        if over:
            return [("quit", _("Leave"), "⏎", True), *review]
        return [("next", _("Next hand"), "⏎", True), *review, ("quit", _("Leave"), "(q)", False)]

    def action_review(self) -> None:
        """The coach's review of the player's decisions in this hand, from the whole deal the host sent."""
        from .review import ReviewScreen

        session = self.review(len(self.told.match.finished)) if self.review is not None else None
        if session is None:
            self.notify(_("The host has not sent this hand's cards: it cannot be reviewed."), markup=False)
            return
        self.app.push_screen(ReviewScreen(session))

    def action_quit_game(self) -> None:
        """Leave the table, asking first while the match goes on (as the local table's summary does)."""
        if not self.ready:
            return
        if self.told.match.is_over:
            self.dismiss("quit")
            return
        from .dialogs import YesNoDialog

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.dismiss("quit")

        self.app.push_screen(YesNoDialog(self.leave_question), confirmed)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "quit":
            self.action_quit_game()
        elif event.button.id == "review":
            self.action_review()
        elif self.ready and event.button.id == "next":
            self.dismiss("next")
