"""The card table: the human's hand, the bots' seats, the trick, score and log.

The screen shows only the human seat's :class:`~guinote_tui.engine.SeatView`
and sends actions to the engine through :class:`~guinote_tui.game.session.GameSession`.
Bots think in thread workers and hand their choice back as a
:class:`~guinote_tui.ui.messages.BotChose` message, so the table never freezes.
"""

from __future__ import annotations

from functools import partial
from typing import Literal

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Static
from textual.worker import get_current_worker

from ...coach.stopping import Stopped, stoppable
from ...engine import (
    PASS,
    PLAY,
    Action,
    Card,
    DeclareTute,
    IllegalAction,
    Pass,
    Play,
    SeatView,
    Sing,
    Stage,
    Swap,
)
from ...game.choices import one_of
from ...game.coachmemo import Position
from ...game.pacing import bot_pause, shown_to_move, think_with_delay
from ...game.sentences import leave_question
from ...game.session import HUMAN, GameSession
from ...game.tracking import card_tracker
from ...i18n import _, number
from ...present.refusals import refusal_text
from ..bindings import TABLE_BINDINGS
from ..messages import BotChose, CardClicked, HintReady
from ..navigation import navigator
from ..picture import Turn, table_picture
from ..theme import FELT_COLOURS
from ..widgets.board import MuestraPanel, Scoreboard
from ..widgets.felt import FeltMonte, TakenPiles
from ..widgets.footer import GameFooter
from ..widgets.hand import PlayerHand
from ..widgets.log import EventLog
from ..widgets.notice import TooSmall, too_small
from ..widgets.table import LEFT, RIGHT, SeatPanel, TrickArea
from ..widgets.tracker import TrackerPanel
from .dialogs import cante_label
from .start import PRESET_NAMES


def action_label(action: Action, view: SeatView) -> str:
    """Button text for a declaration the player may make now."""
    if isinstance(action, Sing):
        return cante_label(action, view.trump)  # the cante: "20 Copas", "40 Oros"
    if isinstance(action, Swap):
        return _("Change the {rank}").format(rank=action.card.rank)  # the 7 (or the 2) of trumps
    if isinstance(action, DeclareTute):
        # (Tute and the ranks' names are Spanish in every language.)
        return "Tute (Reyes)" if action.rank == 12 else "Tute (Sotas)" if action.rank == 10 else "Tute (Caballos)"
    return _("Pass")


ACTION_KEYS = {Sing: "s", Swap: "c", DeclareTute: "t", Pass: "p"}
#: From this terminal size (columns, lines) the stock, the muestra and the tricks taken lie on the felt.
WIDE_FELT = (180, 45)


def keyed_action(view: SeatView, kind: type) -> Action | None:
    """The declaration of ``kind`` its key makes at once: None when none is open, or two cantes are (``s`` asks)."""
    options = [a for a in view.legal if isinstance(a, kind)]
    if kind is Sing and len(options) > 1:
        return None
    return options[0] if options else None


class DeclarationButton(Button):
    """A button for one legal declaration (sing, change the seven, tute, pass).

    The button shows its key when the key makes it at once; two cantes open
    show none (``s`` asks which, by the suit's letter; a click sings one).
    """

    def __init__(self, action: Action, label: str, keyed: bool = True) -> None:
        text = f"({ACTION_KEYS[type(action)]}) {label}" if keyed else label
        super().__init__(text, classes="declaration", compact=True)
        self.action_taken = action


class TableScreen(Screen[None]):
    """One match in play, hand after hand."""

    BINDINGS = TABLE_BINDINGS
    #: No focus given back when a dialog closes (``None`` would mean the app's ``"*"``): Textual would pick the
    #: first focusable widget, a declaration button, and Enter after the hint closed would make it instead of
    #: playing the marked card (or the button, being removed, would take the focus and every key with it).
    AUTO_FOCUS = ""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        #: Counts the moves shown, so that a bot's or the coach's answer about an older position is dropped.
        self.turn = 0
        #: Where the table stands: the player or a bot to act, a finished trick held, the hand over, its summary.
        self.state = self._next_turn()
        self.selected: int | None = None
        self.shown_hand: tuple[Card, ...] = ()
        self.message = ""
        self._declarations: tuple[Action, ...] = ()
        self._footer_offers: tuple[object, ...] = ()
        self._hold_timer: Timer | None = None
        #: What came due while another screen (rules, a dialog…) covered the table: a bot's move, or the next step.
        self._due: BotChose | Literal["advance"] | None = None

    def _next_turn(self) -> Turn:
        """Whose turn it is once nothing is held: the player's, a bot's, or the hand is over."""
        session = self.session
        if session.hand_over:
            return Turn.OVER
        return Turn.PLAYER if session.human_to_move else Turn.BOT

    @property
    def holding(self) -> bool:
        """A finished trick stays on the table (until a key, or its timer)."""
        return self.state is Turn.HOLDING

    @property
    def summary_shown(self) -> bool:
        """The hand's summary is in front of the table."""
        return self.state is Turn.SUMMARY

    @property
    def on_top(self) -> bool:
        """Whether the table is the screen in front (``is_current`` is also true under a modal)."""
        return self.is_attached and self.app.screen is self

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Horizontal(id="status-bar"):
            yield Static(id="status")
            yield Static(id="seed")
        with Horizontal(id="middle"):
            with Vertical(id="felt"):
                yield SeatPanel(horizontal=True, id="seat-top")
                with Horizontal(id="felt-row", classes="-heads-up" if self.session.players == 2 else "-pairs"):
                    # From 180×45 (-wide-felt, table.tcss) the stock and the tricks taken lie on the felt.
                    yield FeltMonte(id="monte")
                    yield SeatPanel(horizontal=False, id="seat-left")
                    yield TrickArea(id="trick")
                    yield SeatPanel(horizontal=False, id="seat-right")
                    yield TakenPiles(id="taken")
            with Vertical(id="side"):
                yield MuestraPanel(id="muestra")
                yield Scoreboard(id="score")
                yield EventLog(id="log")
                yield TrackerPanel(id="tracker")
                # On a big terminal (table.tcss) the tracker is shown under the log all the time.
                yield TrackerPanel(id="tracker-side", toggled=False)
        with Horizontal(id="bottom"):
            yield PlayerHand(id="hand")
            yield Vertical(id="actions")
        yield Static(id="message")
        yield GameFooter(compact=True)

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
        if self.state not in (Turn.HOLDING, Turn.SUMMARY):
            self.state = self._next_turn()  # (a test, or the review, may have moved the session itself)
        session = self.session
        picture = table_picture(session, self.state, self.selected)
        self.selected = picture.selected
        self.shown_hand = picture.hand
        for position, info in picture.seats:
            self.query_one(f"#seat-{position}", SeatPanel).show(info)
        for position in (LEFT, RIGHT):
            side_seat = self.query_one(f"#seat-{position}")
            if side_seat.display != (session.players == 4):
                side_seat.display = session.players == 4
        self.query_one(TrickArea).show(picture.trick)
        self.query_one(MuestraPanel).show(picture.muestra)
        self.query_one(FeltMonte).show(picture.muestra)
        self.query_one(Scoreboard).show(picture.score)
        self.query_one(TakenPiles).show(picture.taken)
        self.query_one(PlayerHand).show(picture.hand, set(picture.playable), picture.marked)
        view = picture.view
        for tracker in self.query(TrackerPanel):
            # The one under the log is filled while hidden too: from 160×45 it shows from the first move on
            # (the size's styles apply after the table's first picture).
            if tracker.display or not tracker.toggled:
                tracker.tracker = card_tracker(view)
        self._show_declarations(view)
        self._show_status(view)
        self._show_message(view)
        # The footer is rebuilt only when what it offers changes: the declarations (and which card
        # a change gives). Rebuilding it costs more than the rest of a move's redraw.
        if picture.offers != self._footer_offers:
            self._footer_offers = picture.offers
            self.refresh_bindings()

    def _show_declarations(self, view: SeatView) -> None:
        declarations = tuple(a for a in view.legal if not isinstance(a, Play))
        if declarations == self._declarations:
            return
        self._declarations = declarations
        box = self.query_one("#actions", Vertical)
        if self.focused is not None and box in self.focused.ancestors:
            # The focused button is about to go: the table takes the keys again (Textual would leave the
            # focus on the removed button while a dialog covers the table, and every key would be lost).
            self.set_focus(None)
        box.remove_children()
        box.mount_all(
            DeclarationButton(a, action_label(a, view), keyed=keyed_action(view, type(a)) == a) for a in declarations
        )

    def _show_status(self, view: SeatView) -> None:
        session = self.session
        match = session.match
        rules = view.rules
        mode = _("Pairs") if session.players == 4 else _("Heads-up")
        preset = PRESET_NAMES.get(rules.preset_name, rules.preset_name)  # as the start screen names it
        if view.first_of_juego:
            hand = _("Hand {number} (first)")
        elif rules.vueltas:
            hand = _("Hand {number} (de vueltas)")
        else:
            hand = _("Hand {number} (scores carried)")
        hand = hand.format(number=match.hand_number)
        coto = _("Coto {number}").format(number=session.coto_number) + " · " if rules.cotos_to_win > 1 else ""
        juego = _("Juego {number}").format(number=session.juego_number)
        # Below 100 columns the game's name gives way to what the player needs.
        title = f"[b {FELT_COLOURS['gold']}]GUIÑOTE[/] · " if self.app.size.width >= 100 else ""
        dealing = " · " + _("you deal") if view.dealer == view.seat else ""  # the others show it by their cards
        seed = session.seed
        right = _("seed {seed}").format(seed=seed) if seed is not None else ""
        if session.assisted:
            assisted = "[b]" + _("assisted") + "[/b]"
            right = f"{assisted} · {right}" if right else assisted
        # What does not fit the line gives way: first who deals, then the preset's name.
        room = self.app.size.width - Text.from_markup(right).cell_len - 4
        choices = (
            f"{title}{mode} · {preset} │ {coto}{juego} · {hand}{dealing}",
            f"{title}{mode} · {preset} │ {coto}{juego} · {hand}",
            f"{title}{mode} │ {coto}{juego} · {hand}",
        )
        text = next((c for c in choices if Text.from_markup(c).cell_len <= room), choices[-1])
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
        if self.message:
            widget.update(self.message)
            widget.set_class(True, "-warning")
            return
        widget.set_class(False, "-warning")
        session = self.session
        if self.holding and view.tricks:
            trick = view.tricks[-1]
            if session.settings.pace != "wait":
                to_you = _("[b]Trick {number} to you.[/b] [dim](Space to go on now)[/dim]")
                to_name = _("[b]Trick {number} to {name}.[/b] [dim](Space to go on now)[/dim]")
            elif session.hand_over:
                to_you = _("[b]Trick {number} to you.[/b] Press Space to go on to the summary")
                to_name = _("[b]Trick {number} to {name}.[/b] Press Space to go on to the summary")
            else:
                to_you = _("[b]Trick {number} to you.[/b] Press Space to go on")
                to_name = _("[b]Trick {number} to {name}.[/b] Press Space to go on")
            text = to_you if trick.winner == HUMAN else to_name
            text = text.format(number=len(view.tricks), name=session.narrator.name(trick.winner))
        elif session.hand_over:
            text = _("The hand is over.")
        elif view.my_turn:
            offers = []
            if any(isinstance(a, Sing) for a in view.legal):
                offers.append(_("sing (s)"))
            swap = next((a for a in view.legal if isinstance(a, Swap)), None)
            if swap is not None:
                offers.append(_("change the {rank} of trumps (c)").format(rank=swap.card.rank))
            if any(isinstance(a, DeclareTute) for a in view.legal):
                offers.append(_("declare tute (t)"))
            text = self._turn_text(view, one_of(offers))
        else:
            seat = shown_to_move(view)
            if seat is None or seat == view.seat:
                text = "[dim]…[/dim]"
            else:
                text = "[dim]" + _("{name} is thinking…").format(name=session.narrator.name(seat)) + "[/dim]"
        widget.update(text)

    @staticmethod
    def _turn_text(view: SeatView, offers: str) -> str:
        """The message line on the player's turn; ``offers``: the declarations open (``""`` for none)."""
        if view.stage is Stage.PREDRAW:
            return _("[b]Your turn:[/b] {offers} before the last draw, or pass (p)").format(offers=offers)
        if view.stage is Stage.WINDOW:
            return _("[b]Your turn:[/b] your partner won the trick — {offers}, or pass (p)").format(offers=offers)
        if offers and view.trick:
            return _("[b]Your turn:[/b] {offers} first, or play a card").format(offers=offers)
        if offers:
            return _("[b]Your lead:[/b] {offers} first, or play a card").format(offers=offers)
        if view.trick:
            return _("[b]Your turn:[/b] play a card — keys 1-6, ←/→ and Enter, or click")
        return _("[b]Your lead:[/b] play a card — keys 1-6, ←/→ and Enter, or click")

    def say(self, message: str, title: str = "") -> None:
        """Show a warning (a refused play...) on the message line until the next move.

        A text too long for the line is also shown whole in a notification.
        """
        self.message = message
        self._show_message(self.session.view())
        widget = self.query_one("#message", Static)
        if Text.from_markup(message).cell_len > widget.content_region.width:
            self.notify(message, title=title, severity="warning", timeout=6, markup=True)

    # -- the flow of the game -----------------------------------------------------

    def advance(self) -> None:
        """Hand the turn to whoever moves next: the player, a bot worker, or the summary.

        Nothing moves while a finished trick is held on the table, nor while
        another screen (the rules, a dialog) covers the table: the step is put
        off until that screen closes.
        """
        session = self.session
        session.think_ahead()  # the player's turn: the coach starts on it while the player thinks
        if self.holding:
            return
        if not self.on_top:
            if self._due is None:
                self._due = "advance"
            return
        if session.hand_over:
            self.call_after_refresh(self.show_summary)
            return
        seat = session.bot_to_move
        if seat is None:
            return
        view = session.view_for(seat)
        delay = bot_pause(view, session.settings.delay)
        self.run_worker(
            partial(self._think, seat, view, self.turn, delay),
            thread=True,
            group="bots",
            exclusive=True,
            name=f"bot seat {seat}",
        )

    def _think(self, seat: int, view: SeatView, turn: int, delay: float) -> None:
        """Runs in a thread: the bot decides from its own view only."""
        worker = get_current_worker()
        move = think_with_delay(partial(self.session.think, seat, view), delay, worker.cancelled_event)
        if not worker.is_cancelled:
            self.post_message(BotChose(seat, move.action, turn, move.problem))

    def on_bot_chose(self, message: BotChose) -> None:
        if message.turn != self.turn or self.session.match.hand.to_move != message.seat:
            return
        if not self.on_top:
            self._due = message  # shown when the screen on top closes
            return
        if message.problem:
            self.notify(
                _("{problem}. Its first legal move was played instead.").format(problem=escape(message.problem)),
                title=_("A bot failed"),
                severity="error",
                timeout=8,
                markup=True,
            )
        self._apply(message.seat, message.action)

    def tell_keeping_problem(self) -> None:
        """Say once, if the match cannot be kept in the data directory (the game goes on)."""
        keeper = self.session.keeper
        problem = keeper.problem_to_tell() if keeper is not None else None
        if problem:
            self.notify(problem, title=_("Not saved"), severity="warning", timeout=10, markup=False)
        navigator(self).tell_statistics_problem()

    def _apply(self, seat: int, action: Action) -> None:
        tricks = len(self.session.match.hand.tricks)
        lines = self.session.apply(seat, action)
        self.tell_keeping_problem()
        self.turn += 1
        log = self.query_one("#log", EventLog)
        for line in lines:
            log.write(line)
        self.message = ""
        view = self.session.view()
        self.state = self._next_turn()
        if len(view.tricks) > tricks:
            # Keep the finished trick on the felt, whoever won it: before anyone leads, or the summary covers it.
            self.hold()
        self.refresh_table()
        self.advance()

    # -- the player's pace ----------------------------------------------------------

    def hold(self) -> None:
        """Keep the finished trick on the table: until a key (pace ``wait``) or for the set time."""
        settings = self.session.settings
        if settings.pace == "timed" and settings.trick_seconds <= 0:
            return  # no pause at all
        self.state = Turn.HOLDING
        if settings.pace == "timed":
            self._hold_timer = self.set_timer(settings.trick_seconds, self.release)

    def release(self) -> None:
        """Let the game go on after a held trick."""
        if not self.holding:
            return
        self._stop_hold_timer()
        self.state = self._next_turn()
        self.refresh_table()
        self.advance()

    def _stop_hold_timer(self) -> None:
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None

    def action_toggle_pace(self) -> None:
        """Switch between waiting for a key after each trick and a timed pause."""
        settings = self.session.settings
        settings.pace = "timed" if settings.pace == "wait" else "wait"
        if settings.pace == "timed" and self.holding and self._hold_timer is None:
            self._hold_timer = self.set_timer(settings.trick_seconds, self.release)
        if settings.pace == "wait" and self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None
        self.notify(self.pace_text(), title=_("Pace"), timeout=3)
        self._show_status(self.session.view())

    def pace_text(self) -> str:
        settings = self.session.settings
        if settings.pace == "wait":
            return _("Wait for me: a finished trick stays until you press a key")
        return _("Timed: a finished trick stays {seconds} s").format(seconds=number(settings.trick_seconds))

    def act(self, action: Action, declared: bool = False) -> None:
        """The player's action, refused with the engine's words when the rules forbid it.

        After a finished trick the first card key only clears it; a declaration
        (``declared``: its key or button, never a card) clears it and is made.
        """
        if self.holding:
            self.release()
            if not declared:
                return
        session = self.session
        if not session.human_to_move:
            self.say(("[b]" + _("Wait for your turn") + "[/b]") if not session.hand_over else _("The hand is over."))
            return
        try:
            self._apply(HUMAN, action)
        except IllegalAction as exc:
            self.app.bell()
            # The highlight moves to a card that may be played: what is marked is what Enter plays.
            self.refresh_table()
            rule = session.why_illegal(action) or refusal_text(exc)  # the engine's rule, in the player's language
            self.say(_("[b]✗ Not allowed:[/b] {rule}").format(rule=escape(rule)), title=_("Not allowed"))

    def show_summary(self) -> None:
        if self.summary_shown or not self.session.hand_over or not self.on_top:
            return
        from .summary import SummaryScreen

        self.state = Turn.SUMMARY
        self.app.push_screen(SummaryScreen(self.session), self._after_summary)

    def on_screen_resume(self) -> None:
        # What came due while a dialog or the rules covered the table: a bot's move, the next step.
        if not self.is_mounted:
            return
        self.mend_focus()
        self.call_after_refresh(self.mend_focus)
        due, self._due = self._due, None
        if isinstance(due, BotChose):
            self.on_bot_chose(due)
        elif due == "advance":
            self.advance()
        elif self.session.hand_over and self.state not in (Turn.SUMMARY, Turn.HOLDING):
            self.call_after_refresh(self.show_summary)

    def mend_focus(self) -> None:
        """Never leave the focus on a widget no longer on the table (its keys, and the footer, would be lost)."""
        focused = self.focused
        if focused is not None and (not focused.is_attached or focused.screen is not self or not focused.display):
            self.set_focus(None)
            self.refresh_bindings()

    def _after_summary(self, choice: str | None) -> None:
        self.state = self._next_turn()
        if choice == "next":
            self.session.next_hand()
            self.tell_keeping_problem()
            self.turn += 1
            log = self.query_one("#log", EventLog)
            for line in self.session.hand_log():
                log.write(line)
            self.selected = None
            self.message = ""
            self.refresh_table()
            self.advance()
        elif choice == "again":
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
        # (u and l are always offered: with nothing to take back or to show, they say so.)
        if action == "tracker":  # from 160×45 the tracker is under the log all the time: no key for it
            return not self.query_one("#tracker-side").display
        return True

    def action_play_index(self, index: int) -> None:
        if self.holding:
            self.release()  # the first key after a finished trick only clears it
            return
        hand = self.shown_hand
        if index >= len(hand):
            self.say(_("You have no card {number}").format(number=index + 1))
            return
        self.selected = index
        self.act(PLAY[hand[index]])
        if not self.session.human_to_move:
            self.selected = None  # played: next turn starts from the first playable card

    def action_select(self, step: int) -> None:
        hand = self.shown_hand
        if not hand:
            return
        current = self.selected if self.selected is not None else 0
        self.selected = (current + step) % len(hand)
        self.message = ""
        self.refresh_table()

    def action_play_selected(self) -> None:
        if self.holding:
            self.release()
        elif self.selected is not None:
            self.action_play_index(self.selected)

    def action_go_on(self) -> None:
        """Space: clear a finished trick; it never plays a card (Enter plays the marked one)."""
        if self.holding:
            self.release()
        elif self.session.human_to_move:
            self.say(_("Space only goes on after a trick: play with 1-6, or ←/→ and Enter"))

    def _declare(self, kind: type) -> None:
        if self.holding:
            self.release()  # the trick is cleared, and the declaration shown with it is made
        action = keyed_action(self.session.view(), kind)
        if action is not None and self.session.human_to_move:
            self.act(action, declared=True)

    def action_sing(self) -> None:
        """Sing the cante open; with two open (two twenties, or a twenty and the forty), ask which first."""
        if self.holding:
            self.release()  # the trick is cleared, and the cante shown with it is sung
        view = self.session.view()
        cantes = [a for a in view.legal if isinstance(a, Sing)]
        if not cantes or not self.session.human_to_move:
            return
        if len(cantes) == 1:
            self.act(cantes[0], declared=True)
            return
        from .dialogs import CanteChooser

        def chosen(sing: Sing | None) -> None:
            if sing is not None:
                self.act(sing, declared=True)

        self.app.push_screen(CanteChooser(cantes, view.trump), chosen)

    def action_swap(self) -> None:
        self._declare(Swap)

    def action_swap_two(self) -> None:
        self._declare(Swap)

    def action_tute(self) -> None:
        self._declare(DeclareTute)

    def action_pass_window(self) -> None:
        if self.holding:
            self.release()
        if self.session.human_to_move:
            self.act(PASS, declared=True)

    def action_last_trick(self) -> None:
        from .dialogs import LastTrickScreen

        view = self.session.view()
        if view.tricks:
            self.app.push_screen(LastTrickScreen(view.tricks[-1], self.session.names, view.players, view.rules))
        else:
            self.say(_("No trick has been played yet in this hand"))

    def action_undo(self) -> None:
        """Take back the player's last action and the bots' replies after it (the match is then assisted)."""
        session = self.session
        if session.undo_point() is None:
            self.say(_("Nothing to take back in this hand"))
            return
        for worker in self.workers:
            if worker.group == "bots":
                worker.cancel()  # a bot thinking about the position being undone
        session.undo()
        self.tell_keeping_problem()
        self.turn += 1  # a bot's answer already on its way is for the old position
        self._due = None
        self._stop_hold_timer()
        self.state = self._next_turn()
        self.query_one("#log", EventLog).lines = tuple(session.log)
        self.selected = None
        self.message = _("[b]Taken back.[/b] Your move again (this match is now marked assisted)")
        self.refresh_table()
        self.advance()

    def action_hint(self) -> None:
        """Ask the coach, in a worker thread, about the player's decision now (the match is then assisted)."""
        session = self.session
        if not session.human_to_move or self.holding:
            self.say(_("The coach gives hints on your turn"))
            return
        session.assisted = True
        position = session.hint_position()
        ready = session.hint_ready()
        if ready is not None:  # given before for this position, or analysed while the player thought: at once
            self.post_message(HintReady(ready, self.turn, position))
            return
        self.message = "[dim]" + _("The coach is thinking…") + "[/dim]"
        self._show_message(session.view())
        self._show_status(session.view())
        self.run_worker(partial(self._advise, position, self.turn), thread=True, group="coach", exclusive=True)

    def _advise(self, position: Position, turn: int) -> None:
        """Runs in a thread: the coach decides from the player's view only.

        Asked about the same position with the same deals as the review
        (:func:`~guinote_tui.coach.decision_rng`), within the quick budget: the
        race the review carries further, so their verdicts agree within the
        uncertainty the hint shows. The session keeps it for the position.
        """
        worker = get_current_worker()
        try:
            with stoppable(worker.cancelled_event):
                advice = self.session.work_out_hint(position)
        except Stopped:  # the game quits (or the table is gone): nobody will read it
            return
        if not worker.is_cancelled:
            self.post_message(HintReady(advice, turn, position))

    def on_hint_ready(self, message: HintReady) -> None:
        from .hint import HintScreen

        if message.turn != self.turn or not self.session.human_to_move:
            return  # the position moved on (an undo) while the coach thought
        self.message = ""
        self._show_message(self.session.view())
        if message.position is not None:
            self.session.hint_shown(message.position, message.advice)

        def taken(action: Action | None) -> None:
            if action is not None:
                self.act(action)

        self.app.push_screen(HintScreen(message.advice, self.shown_hand), taken)

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.session))

    def action_score_sheet(self) -> None:
        from .scoresheet import ScoreSheetScreen

        self.app.push_screen(ScoreSheetScreen(self.session))

    def action_tracker(self) -> None:
        """Show the card tracker in place of the log, or the log again."""
        if self.query_one("#tracker-side", TrackerPanel).display:
            return  # a big terminal shows it under the log already
        tracker = self.query_one("#tracker", TrackerPanel)
        tracker.display = not tracker.display
        # The tracker names the trumps, the muestra and the stock: it takes the muestra's place too.
        self.query_one("#log", EventLog).display = not tracker.display
        self.query_one(MuestraPanel).display = not tracker.display
        if tracker.display:
            tracker.tracker = card_tracker(self.session.view())

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
                self.session.keep()  # the trick in progress too
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
