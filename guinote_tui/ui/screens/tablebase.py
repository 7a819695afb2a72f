"""The table's keys, once for the game's own table and for a seat at a hosted table.

:class:`TableKeys` is the screen both table screens are: the card keys, the
arrows and Enter, Space, the declarations and the keys that say why one is not
offered, the last trick, the tricks so far, the tracker, the hint and the rules.
What they do is asked of :attr:`TableKeys.game`, a
:class:`~guinote_tui.game.table_controller.TableFlow`: the local table's
:class:`~guinote_tui.game.table_controller.TableController`, or a joined seat's
:class:`~guinote_tui.net.remote.RemoteTable`. Only where the state comes from
differs, so every key behaves the same at both.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from textual import events, on
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Button
from textual.worker import get_current_worker

from ...coach import Advice
from ...engine import PLAY, Action, Card, DeclareTute, Pass, Sing, Swap
from ...game.choices import declaration_asked
from ...game.narration import Narrator
from ...game.table_controller import TableFlow, Timer
from ...game.told import MatchTold
from ...i18n import _
from ..messages import CardClicked
from ..widgets.declarations import DeclarationButton
from ..widgets.notice import too_small
from .tableface import toggle_tracker

__all__ = ["DECLARATION_KEYS", "WIDE_FELT", "TableKeys", "TableScheduler"]

#: From this terminal size (columns, lines) the stock, the muestra and the tricks taken lie on the felt.
WIDE_FELT = (180, 45)

#: The declarations each letter makes (``c`` changes the seven or the two, whichever the muestra calls for).
DECLARATION_KEYS = {"s": ("sing",), "c": ("swap", "swap_two"), "t": ("tute",), "p": ("pass_window",)}

#: Each declaration key's kind of action.
KINDS: dict[str, type] = {"sing": Sing, "swap": Swap, "swap_two": Swap, "tute": DeclareTute, "pass_window": Pass}


class TableScheduler:
    """A table flow's :class:`~guinote_tui.game.table_controller.Scheduler` on a screen: Textual's thread workers
    and timers."""

    def __init__(self, screen: Screen[None]) -> None:
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
        screen = self.screen
        return not (screen.is_attached and screen.app.screen is screen)


class TableKeys(Screen[None]):
    """A table's screen: its keys act on :attr:`game`; a subclass draws the table (:meth:`refresh_table`)."""

    #: No focus given back when a dialog closes (``None`` would mean the app's ``"*"``): Textual would pick the
    #: first focusable widget, a declaration button, and Enter after the hint closed would make it instead of
    #: playing the marked card (or the button, being removed, would take the focus and every key with it).
    AUTO_FOCUS: ClassVar[str | None] = ""

    game: TableFlow
    selected: int | None = None
    shown_hand: tuple[Card, ...] = ()
    #: Where the player last marked a card (hand number, tricks finished): Enter plays the marked card
    #: only if it was marked after the last finished trick (two Enters after a trick never throw a card).
    _marked_at: tuple[int, int] | None = None

    # -- a subclass's ---------------------------------------------------------------------------------

    def refresh_table(self) -> None:
        """Draw the table as it stands."""
        raise NotImplementedError

    def narrator(self) -> Narrator:
        """Who sits where, named as the player sees them."""
        raise NotImplementedError

    def show_message(self) -> None:
        """Show the message line as it stands (the warning, or what the table says)."""
        raise NotImplementedError

    def sharper_hint(self) -> Callable[[], Advice | None] | None:
        """The deeper analysis of the hint's decision once it is done (None: there is none to wait for)."""
        return None

    def table_ready(self) -> bool:
        """Whether there is a hand on the table yet (a joined seat waits for the host's first state)."""
        return True

    def match_told(self) -> MatchTold | None:
        """The match as the player was told it, for the score sheet (None: nothing told yet)."""
        raise NotImplementedError

    def offered_before_table(self, action: str) -> bool:
        """For :meth:`check_action`: whether ``action``'s key is offered before there is a hand on the table."""
        return True

    def key_offered(self, action: str) -> bool:
        """For :meth:`check_action`: whether a key that is not a declaration's nor the tracker's is offered now."""
        return True

    # -- layout ----------------------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """From :data:`WIDE_FELT` the felt holds the stock and the tricks taken (table.tcss); the footer offers the
        tracker's key only where the tracker is not shown all the time."""
        self.set_class(width >= WIDE_FELT[0] and height >= WIDE_FELT[1], "-wide-felt")
        self.call_after_refresh(self.refresh_bindings)  # once the new size's styles are applied

    # -- shared ----------------------------------------------------------------------------------------

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

    def say(self, message: str, title: str = "") -> None:
        """Show a warning (a refused play...) on the message line until the next move."""
        self.game.say(message, title)

    def act(self, action: Action, declared: bool = False) -> None:
        """The player's action (a refused one is answered with the rule it breaks)."""
        self.game.act(action, declared)

    def refused(self, rule: str) -> None:
        """The flow's listener: the action was refused by ``rule`` (the engine's, or the host's worded here)."""
        self.app.bell()
        # The highlight moves to a card that may be played: what is marked is what Enter plays.
        self.refresh_table()
        self.say(_("[b]✗ Not allowed:[/b] {rule}").format(rule=escape(rule)), title=_("Not allowed"))

    def show_hint(self, advice: Advice) -> None:
        """The flow's listener: the coach's hint is back; Enter on it plays the card it advises."""
        from .hint import HintScreen

        self.show_message()

        def taken(action: Action | None) -> None:
            if action is not None:
                self.act(action)

        self.app.push_screen(HintScreen(advice, self.shown_hand, self.sharper_hint()), taken)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted or not self.table_ready():
            return self.offered_before_table(action)
        if too_small(self):
            return False  # the notice hides the table: no playing blind
        offered = self.declaration_offered(action, parameters)
        if offered is not None:
            return offered
        if action == "tracker":  # from 160×45 the tracker is under the log all the time: no key for it
            return not self.query_one("#tracker-side").display
        return self.key_offered(action)

    def declaration_offered(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """For :meth:`check_action`: whether a declaration's key is offered now (None: not a declaration's)."""
        if action in KINDS:
            offered = [a for a in self.game.view().legal if isinstance(a, KINDS[action])]
            if action.startswith("swap"):
                # One key, two names: the footer says which card the change gives.
                wanted = 2 if action == "swap_two" else 7
                return any(isinstance(a, Swap) and a.card.rank == wanted for a in offered)
            return bool(offered)
        if action == "not_offered":  # the key's own declaration is not offered: it says why
            return not any(self.declaration_offered(name, ()) for name in DECLARATION_KEYS[str(parameters[0])])
        return None

    def _trick_moment(self) -> tuple[int, int]:
        """The hand and the number of its finished tricks: a mark made before the last trick is stale."""
        return self.game.hand_number, len(self.game.view().tricks)

    def mark(self, index: int) -> None:
        """The player marks the card at ``index`` (arrows, a click, a card key): Enter may play it."""
        self.selected = index
        self._marked_at = self._trick_moment()

    def marked_since_trick(self) -> bool:
        """Whether the marked card was chosen after the last finished trick (or no trick is finished yet)."""
        moment = self._trick_moment()
        return moment[1] == 0 or self._marked_at == moment

    # -- the keys ----------------------------------------------------------------------------------------

    def action_play_index(self, index: int) -> None:
        if not self.table_ready():
            return
        if self.holding:
            self.game.release()  # the first key after a finished trick only clears it
            return
        hand = self.shown_hand
        if index >= len(hand):
            self.say(_("You have no card {number}").format(number=index + 1))
            return
        self.mark(index)
        self.act(PLAY[hand[index]])
        if not self.game.to_act:
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
        if not self.table_ready():
            return
        if self.holding:
            self.game.release()
        elif self.selected is None:
            return
        elif not self.marked_since_trick() and self.game.to_act:
            # A second Enter meant for the trick must not throw the card the highlight happens to be on.
            self.say(_("Enter plays the card you mark: choose it with ←/→ first, or press its number"))
        else:
            self.action_play_index(self.selected)

    def action_go_on(self) -> None:
        """Space: clear a finished trick; it never plays a card (Enter plays the marked one)."""
        if self.table_ready():
            self.game.go_on()

    def action_sing(self) -> None:
        """Sing the cante open; with two open (two twenties, or a twenty and the forty), ask which first."""
        if not self.table_ready():
            return
        cantes = self.game.cantes()  # (a held trick is cleared, and the cante shown with it is sung)
        if len(cantes) == 1:
            self.act(cantes[0], declared=True)
        if len(cantes) < 2:
            return
        from .dialogs import CanteChooser

        def chosen(sing: Sing | None) -> None:
            if sing is not None:
                self.act(sing, declared=True)

        self.app.push_screen(CanteChooser(cantes, self.game.view().trump), chosen)

    def action_swap(self) -> None:
        if self.table_ready():
            self.game.declare(Swap)

    def action_swap_two(self) -> None:
        self.action_swap()

    def action_tute(self) -> None:
        if self.table_ready():
            self.game.declare(DeclareTute)

    def action_pass_window(self) -> None:
        if self.table_ready():
            self.game.pass_turn()

    def action_not_offered(self, key: str) -> None:
        """``s``, ``c``, ``t`` or ``p`` when the turn does not offer it: the rule it breaks, or whose turn it is."""
        if self.table_ready():
            self.act(declaration_asked(self.game.view(), key), declared=True)

    def action_last_trick(self) -> None:
        from .dialogs import LastTrickScreen

        if not self.table_ready():
            return
        view = self.game.view()
        if view.tricks:
            names = tuple(self.narrator().names)
            self.app.push_screen(LastTrickScreen(view.tricks[-1], names, view.players, view.rules))
        else:
            self.say(_("No trick has been played yet in this hand"))

    def action_history(self) -> None:
        from .history import HistoryScreen

        if self.table_ready():
            self.app.push_screen(HistoryScreen(self.game.view().events, self.game.hand_number, self.narrator()))

    def action_tracker(self) -> None:
        """Show the card tracker in place of the log, or the log again."""
        if self.table_ready():
            toggle_tracker(self, self.game.view())

    def action_hint(self) -> None:
        """Ask the coach, in a worker thread, about the player's decision now (the match is then assisted)."""
        if self.table_ready():
            self.game.ask_hint()

    def action_score_sheet(self) -> None:
        """Every hand of the match so far, by juego, with the juego and coto tally."""
        from .scoresheet import ScoreSheetScreen

        told = self.match_told()
        if told is not None:
            self.app.push_screen(ScoreSheetScreen(told))

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen())

    @on(CardClicked)
    def card_clicked(self, message: CardClicked) -> None:
        self.action_play_index(message.index)

    @on(Button.Pressed, ".declaration")
    def declaration_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        assert isinstance(button, DeclarationButton)
        self.act(button.action_taken, declared=True)
