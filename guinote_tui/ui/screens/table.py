"""The card table: the human's hand, the bots' seats, the trick, score and log.

The screen shows only the human seat's :class:`~guinote_tui.engine.SeatView`
and forwards the player's keys to a :class:`~guinote_tui.game.table_controller.TableController`,
which drives the game: the bots think in thread workers the screen runs for it
(:class:`TableScheduler`), so the table never freezes, and what changed comes
back to the screen (a :class:`~guinote_tui.game.table_controller.TableListener`) to be drawn.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Button, Static
from textual.worker import get_current_worker

from ...coach import Advice
from ...engine import PLAY, Action, Card, DeclareTute, Pass, SeatView, Sing, Swap
from ...game.choices import declaration_asked
from ...game.sentences import leave_question
from ...game.session import GameSession
from ...game.table_controller import Change, TableController, Timer
from ...i18n import _
from ..bindings import TABLE_BINDINGS
from ..messages import CardClicked
from ..navigation import navigator
from ..picture import Turn, table_picture
from ..widgets.declarations import DeclarationButton
from ..widgets.log import EventLog
from ..widgets.notice import too_small
from ..widgets.tracker import TrackerPanel
from .tableface import compose_table, show_declarations, show_picture, toggle_tracker
from .tablelines import message_text, status_texts

#: The declarations each letter makes (``c`` changes the seven or the two, whichever the muestra calls for).
DECLARATION_KEYS = {"s": ("sing",), "c": ("swap", "swap_two"), "t": ("tute",), "p": ("pass_window",)}

#: From this terminal size (columns, lines) the stock, the muestra and the tricks taken lie on the felt.
WIDE_FELT = (180, 45)


class TableScheduler:
    """The controller's :class:`~guinote_tui.game.table_controller.Scheduler` on a screen: Textual's thread workers
    and timers."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen

    def run_thread(self, work: Callable[[threading.Event], None], group: str, name: str = "") -> None:
        def job() -> None:
            work(get_current_worker().cancelled_event)

        self.screen.run_worker(job, thread=True, group=group, exclusive=True, name=name)

    def call_soon(self, fn: Callable[[], None]) -> None:
        self.screen.call_later(fn)  # a message to the screen: safe from a thread

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Timer:
        return self.screen.set_timer(seconds, fn)

    def cancel(self, group: str) -> None:
        for worker in self.screen.workers:
            if worker.group == group:
                worker.cancel()

    def covered(self) -> bool:
        return not self.screen.on_top


class TableScreen(Screen[None]):
    """One match in play, hand after hand: :attr:`game` plays it, the screen draws it and takes the keys."""

    BINDINGS = TABLE_BINDINGS
    #: No focus given back when a dialog closes (``None`` would mean the app's ``"*"``): Textual would pick the
    #: first focusable widget, a declaration button, and Enter after the hint closed would make it instead of
    #: playing the marked card (or the button, being removed, would take the focus and every key with it).
    AUTO_FOCUS = ""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        #: The game's flow: the turn, the bots, the pace, undo, the hint (the screen is its scheduler's and listener).
        self.game = TableController(session, TableScheduler(self), self)
        self.selected: int | None = None
        self.shown_hand: tuple[Card, ...] = ()
        self._declarations: tuple[Action, ...] = ()
        self._footer_offers: tuple[object, ...] = ()
        #: Where the player last marked a card (hand number, tricks finished): Enter plays the marked card
        #: only if it was marked after the last finished trick (two Enters after a trick never throw a card).
        self._marked_at: tuple[int, int] | None = None

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
    def message(self) -> str:
        """The warning on the message line (``""``: none)."""
        return self.game.message

    @message.setter
    def message(self, message: str) -> None:
        self.game.message = message

    @property
    def holding(self) -> bool:
        """A finished trick stays on the table (until a key, or its timer)."""
        return self.game.holding

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

    def on_resize(self, event: events.Resize) -> None:
        # From 180×45 the felt holds the stock and the tricks taken (table.tcss); the footer
        # offers the tracker's key only where the tracker is not shown all the time.
        self.set_class(event.size.width >= WIDE_FELT[0] and event.size.height >= WIDE_FELT[1], "-wide-felt")
        self.call_after_refresh(self.refresh_bindings)  # once the new size's styles are applied
        if self.is_mounted:
            self._show_status(self.session.view())  # the title shows from 100 columns

    def _show_message(self, view: SeatView) -> None:
        widget = self.query_one("#message", Static)
        widget.set_class(bool(self.message), "-warning")
        widget.update(self.message or message_text(self.session, view, self.holding))

    def say(self, message: str, title: str = "") -> None:
        """Show a warning (a refused play...) on the message line until the next move.

        A text too long for the line is also shown whole in a notification.
        """
        self.game.say(message, title)

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

    def refused(self, rule: str) -> None:
        self.app.bell()
        # The highlight moves to a card that may be played: what is marked is what Enter plays.
        self.refresh_table()
        self.say(_("[b]✗ Not allowed:[/b] {rule}").format(rule=escape(rule)), title=_("Not allowed"))

    def bot_failed(self, problem: str) -> None:
        self.notify(
            _("{problem}. Its first legal move was played instead.").format(problem=escape(problem)),
            title=_("A bot failed"),
            severity="error",
            timeout=8,
            markup=True,
        )

    def show_hint(self, advice: Advice) -> None:
        from .hint import HintScreen

        self._show_message(self.session.view())

        def taken(action: Action | None) -> None:
            if action is not None:
                self.act(action)

        self.app.push_screen(HintScreen(advice, self.shown_hand, self.session.sharper_hint), taken)

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

    def act(self, action: Action, declared: bool = False) -> None:
        """The player's action, refused with the engine's words when the rules forbid it."""
        self.game.act(action, declared)

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted:
            return True
        if too_small(self):
            return False  # the notice hides the table: no playing blind
        session = self.session
        view = session.view()
        if action in ("play_index", "select", "play_selected"):
            return True  # out of turn the table answers "wait for your turn"
        kinds = {"sing": Sing, "swap": Swap, "swap_two": Swap, "tute": DeclareTute, "pass_window": Pass}
        if action in kinds:
            offered = [a for a in view.legal if isinstance(a, kinds[action])]
            if action.startswith("swap"):
                # One key, two names: the footer says which card the change gives.
                wanted = 2 if action == "swap_two" else 7
                return any(isinstance(a, Swap) and a.card.rank == wanted for a in offered)
            return bool(offered)
        if action == "not_offered":  # the key's own declaration is not offered: it says why
            return not any(self.check_action(name, ()) for name in DECLARATION_KEYS[str(parameters[0])])
        # (u and l are always offered: with nothing to take back or to show, they say so.)
        if action == "tracker":  # from 160×45 the tracker is under the log all the time: no key for it
            return not self.query_one("#tracker-side").display
        return True

    def _trick_moment(self) -> tuple[int, int]:
        """The hand and the number of its finished tricks: a mark made before the last trick is stale."""
        match = self.session.match
        return match.hand_number, len(match.hand.tricks)

    def mark(self, index: int) -> None:
        """The player marks the card at ``index`` (arrows, a click, a card key): Enter may play it."""
        self.selected = index
        self._marked_at = self._trick_moment()

    def marked_since_trick(self) -> bool:
        """Whether the marked card was chosen after the last finished trick (or no trick is finished yet)."""
        moment = self._trick_moment()
        return moment[1] == 0 or self._marked_at == moment

    def action_play_index(self, index: int) -> None:
        if self.holding:
            self.release()  # the first key after a finished trick only clears it
            return
        hand = self.shown_hand
        if index >= len(hand):
            self.say(_("You have no card {number}").format(number=index + 1))
            return
        self.mark(index)
        self.act(PLAY[hand[index]])
        if not self.session.human_to_move:
            self.selected = None  # played: next turn starts from the first playable card

    def action_select(self, step: int) -> None:
        hand = self.shown_hand
        if not hand:
            return
        current = self.selected if self.selected is not None else 0
        self.mark((current + step) % len(hand))
        self.message = ""
        self.refresh_table()

    def action_play_selected(self) -> None:
        if self.holding:
            self.release()
        elif self.selected is None:
            return
        elif not self.marked_since_trick() and self.session.human_to_move:
            # A second Enter meant for the trick must not throw the card the highlight happens to be on.
            self.say(_("Enter plays the card you mark: choose it with ←/→ first, or press its number"))
        else:
            self.action_play_index(self.selected)

    def action_go_on(self) -> None:
        """Space: clear a finished trick; it never plays a card (Enter plays the marked one)."""
        if self.holding:
            self.release()
        elif self.session.human_to_move:
            self.say(_("Space only goes on after a trick: play with 1-6, or ←/→ and Enter"))

    def action_sing(self) -> None:
        """Sing the cante open; with two open (two twenties, or a twenty and the forty), ask which first."""
        cantes = self.game.cantes()  # (a held trick is cleared, and the cante shown with it is sung)
        if len(cantes) == 1:
            self.act(cantes[0], declared=True)
        if len(cantes) < 2:
            return
        from .dialogs import CanteChooser

        def chosen(sing: Sing | None) -> None:
            if sing is not None:
                self.act(sing, declared=True)

        self.app.push_screen(CanteChooser(cantes, self.session.view().trump), chosen)

    def action_swap(self) -> None:
        self.game.declare(Swap)

    def action_swap_two(self) -> None:
        self.game.declare(Swap)

    def action_tute(self) -> None:
        self.game.declare(DeclareTute)

    def action_pass_window(self) -> None:
        self.game.pass_turn()

    def action_not_offered(self, key: str) -> None:
        """``s``, ``c``, ``t`` or ``p`` when the turn does not offer it: the rule it breaks, or whose turn it is."""
        self.act(declaration_asked(self.session.view(), key), declared=True)

    def action_last_trick(self) -> None:
        from .dialogs import LastTrickScreen

        view = self.session.view()
        if view.tricks:
            self.app.push_screen(LastTrickScreen(view.tricks[-1], self.session.names, view.players, view.rules))
        else:
            self.say(_("No trick has been played yet in this hand"))

    def action_undo(self) -> None:
        """Take back the player's last action and the bots' replies after it (the match is then assisted)."""
        self.game.undo()

    def action_hint(self) -> None:
        """Ask the coach, in a worker thread, about the player's decision now (the match is then assisted)."""
        self.game.ask_hint()

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.session))

    def action_score_sheet(self) -> None:
        from .scoresheet import ScoreSheetScreen

        self.app.push_screen(ScoreSheetScreen(self.session))

    def action_tracker(self) -> None:
        """Show the card tracker in place of the log, or the log again."""
        toggle_tracker(self, self.session.view())

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen())

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

    @on(CardClicked)
    def card_clicked(self, message: CardClicked) -> None:
        self.action_play_index(message.index)

    @on(Button.Pressed, ".declaration")
    def declaration_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        assert isinstance(button, DeclarationButton)
        self.act(button.action_taken, declared=True)
