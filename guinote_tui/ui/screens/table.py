"""The card table: the human's hand, the bots' seats, the trick, score and log.

The screen shows only the human seat's :class:`~guinote_tui.engine.SeatView`
and forwards the player's keys to a :class:`~guinote_tui.game.table_controller.TableController`,
which drives the game: the bots think in thread workers the screen runs for it
(:class:`TableScheduler`), so the table never freezes, and what changed comes
back to the screen (a :class:`~guinote_tui.game.table_controller.TableListener`) to be drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.markup import escape
from textual.widgets import Static

from ...coach import Advice
from ...engine import Action, Card, SeatView
from ...game.narration import Narrator
from ...game.sentences import leave_question
from ...game.session import GameSession
from ...game.table_controller import Change, TableController
from ...game.told import MatchTold
from ...i18n import _
from ..bindings import TABLE_BINDINGS
from ..navigation import navigator
from ..picture import Turn, table_picture
from ..widgets.declarations import DeclarationButton
from ..widgets.log import EventLog
from ..widgets.tracker import TrackerPanel
from .tablebase import DECLARATION_KEYS, WIDE_FELT, TableKeys, TableScheduler
from .tableface import compose_table, show_declarations, show_picture
from .tablelines import message_text, status_texts

__all__ = ["DECLARATION_KEYS", "WIDE_FELT", "DeclarationButton", "TableScheduler", "TableScreen"]

class TableScreen(TableKeys):
    """One match in play, hand after hand: :attr:`game` plays it, the screen draws it and takes the keys."""

    BINDINGS = TABLE_BINDINGS
    game: TableController

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        #: The game's flow: the turn, the bots, the pace, undo, the hint (the screen is its scheduler's and listener).
        self.game = TableController(session, TableScheduler(self), self)
        self.selected: int | None = None
        self.shown_hand: tuple[Card, ...] = ()
        self._declarations: tuple[Action, ...] = ()
        self._footer_offers: tuple[object, ...] = ()

    @property
    def session(self) -> GameSession:
        return self.game.session

    @property
    def state(self) -> Turn:
        """Where the table stands (:class:`~guinote_tui.game.table_controller.Turn`)."""
        return self.game.state

    @state.setter
    def state(self, state: Turn) -> None:
        self.game.state = state

    @property
    def turn(self) -> int:
        """The moves shown so far (an answer about an older position is dropped)."""
        return self.game.turn

    @property
    def summary_shown(self) -> bool:
        """The hand's summary is in front of the table."""
        return self.game.summary_shown

    @property
    def on_top(self) -> bool:
        """Whether the table is the screen in front (``is_current`` is also true under a modal)."""
        return self.is_attached and self.app.screen is self

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from compose_table(self.session.players)

    def on_mount(self) -> None:
        self.query_one("#tracker", TrackerPanel).display = False
        log = self.query_one("#log", EventLog)
        for line in self.session.log:
            log.write(line)
        self.refresh_table()
        self.advance()

    # -- showing the state ------------------------------------------------------

    def narrator(self) -> Narrator:
        return self.session.narrator

    def match_told(self) -> MatchTold:
        return self.session

    def refresh_table(self) -> None:
        """Show the table as :func:`~guinote_tui.ui.picture.table_picture` computes it from the session."""
        self.game.catch_up()  # (a test, or the review, may have moved the session itself)
        session = self.session
        picture = table_picture(session, self.state, self.selected)
        self.selected = picture.selected
        self.shown_hand = picture.hand
        show_picture(self, picture)
        view = picture.view
        self._show_declarations(view)
        self._show_status(view)
        self._show_message(view)
        # The footer is rebuilt only when what it offers changes: the declarations (and which card
        # a change gives). Rebuilding it costs more than the rest of a move's redraw.
        if picture.offers != self._footer_offers:
            self._footer_offers = picture.offers
            self.refresh_bindings()

    def _show_declarations(self, view: SeatView) -> None:
        self._declarations = show_declarations(self, view, self._declarations)

    def _show_status(self, view: SeatView) -> None:
        text, right = status_texts(self.session, view, self.app.size.width)
        self.query_one("#status", Static).update(text)
        corner = self.query_one("#seed", Static)
        corner.update(right)
        # Its width follows its text ("assisted" comes and goes): set, as an auto width is not re-measured.
        corner.styles.width = Text.from_markup(right).cell_len + 2

    def fit(self, width: int, height: int) -> None:
        super().fit(width, height)
        if self.is_mounted:
            self._show_status(self.session.view())  # the title shows from 100 columns

    def _show_message(self, view: SeatView) -> None:
        widget = self.query_one("#message", Static)
        widget.set_class(bool(self.message), "-warning")
        widget.update(self.message or message_text(self.session, view, self.holding))

    # -- what the game tells (the controller's listener) ---------------------------------

    def table_changed(self, change: Change, lines: Sequence[str]) -> None:
        log = self.query_one("#log", EventLog)
        if change is Change.TAKEN_BACK:
            log.lines = tuple(lines)
        else:
            for line in lines:
                log.write(line)
        if change in (Change.TAKEN_BACK, Change.NEW_HAND):
            self.selected = None
        self.refresh_table()

    def warn(self, message: str, title: str) -> None:
        self._show_message(self.session.view())
        widget = self.query_one("#message", Static)
        if Text.from_markup(message).cell_len > widget.content_region.width:
            self.notify(message, title=title, severity="warning", timeout=6, markup=True)

    def bot_failed(self, problem: str) -> None:
        self.notify(
            _("{problem}. Its first legal move was played instead.").format(problem=escape(problem)),
            title=_("A bot failed"),
            severity="error",
            timeout=8,
            markup=True,
        )

    def show_message(self) -> None:
        self._show_message(self.session.view())

    def sharper_hint(self) -> Callable[[], Advice | None]:
        return self.session.sharper_hint

    def summary_due(self) -> None:
        self.call_after_refresh(self.show_summary)

    def kept(self, problem: str | None) -> None:
        if problem:
            self.notify(problem, title=_("Not saved"), severity="warning", timeout=10, markup=False)
        navigator(self).tell_statistics_problem()

    # -- the flow of the game (the controller's) -------------------------------------------

    def advance(self) -> None:
        """Hand the turn to whoever moves next (:meth:`~guinote_tui.game.table_controller.TableController.advance`)."""
        self.game.advance()

    def release(self) -> None:
        """Let the game go on after a held trick."""
        self.game.release()

    def tell_keeping_problem(self) -> None:
        """Say once, if the match cannot be kept in the data directory (the game goes on)."""
        self.game.tell_keeping_problem()

    def action_toggle_pace(self) -> None:
        """Switch between waiting for a key after each trick and a timed pause."""
        self.notify(self.game.toggle_pace(), title=_("Pace"), timeout=3)
        self._show_status(self.session.view())

    def show_summary(self) -> None:
        if not self.game.open_summary():  # already shown, the hand goes on, or the table is covered
            return
        from .summary import SummaryScreen

        self.app.push_screen(SummaryScreen(self.session), self._after_summary)

    def on_screen_resume(self) -> None:
        # What came due while a dialog or the rules covered the table: a bot's move, the next step.
        if not self.is_mounted:
            return
        self.mend_focus()
        self.call_after_refresh(self.mend_focus)
        self.game.uncovered()

    def mend_focus(self) -> None:
        """Never leave the focus on a widget no longer on the table (its keys, and the footer, would be lost)."""
        focused = self.focused
        if focused is not None and (not focused.is_attached or focused.screen is not self or not focused.display):
            self.set_focus(None)
            self.refresh_bindings()

    def _after_summary(self, choice: str | None) -> None:
        self.game.summary_closed(next_hand=choice == "next")
        if choice == "again":
            navigator(self).open_session(self.session.deal_again())
        elif choice == "new":
            navigator(self).new_match(abandon=True)
        elif choice == "quit":
            self.app.exit()

    # -- input ---------------------------------------------------------------------

    def action_undo(self) -> None:
        """Take back the player's last action and the bots' replies after it (the match is then assisted)."""
        self.game.undo()

    def action_save(self) -> None:
        navigator(self).action_save_history()

    def action_new_match(self) -> None:
        from .dialogs import YesNoDialog

        def confirmed(yes: bool | None) -> None:
            if yes:
                navigator(self).new_match(abandon=True)

        self.app.push_screen(YesNoDialog(_("Abandon this match and start a new one?")), confirmed)

    def action_quit_game(self) -> None:
        from .dialogs import YesNoDialog

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.game.leave()  # the match kept, the trick in progress too
                self.app.exit()

        self.app.push_screen(YesNoDialog(leave_question(self.session)), confirmed)
