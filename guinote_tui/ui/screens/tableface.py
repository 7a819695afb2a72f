"""The table's face: its widgets, laid out, and a :class:`~guinote_tui.ui.picture.TablePicture` put on them.

Two screens show a table: :class:`~.table.TableScreen` (a match played
here, against bots) and :class:`~.joined.JoinedTableScreen` (a seat at a
table another computer hosts). Both lay out the same widgets with
:func:`compose_table` and draw a picture with :func:`show_picture`, so a
seat at a friend's table looks and reads like the game's own.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from ...engine import Action, Play, SeatView
from ...game.table_controller import keyed_declaration
from ...game.tracking import card_tracker
from ..picture import TablePicture
from ..widgets.board import MuestraPanel, Scoreboard
from ..widgets.declarations import DeclarationButton, action_label
from ..widgets.felt import FeltMonte, TakenPiles
from ..widgets.footer import GameFooter
from ..widgets.hand import PlayerHand
from ..widgets.log import EventLog
from ..widgets.notice import TooSmall
from ..widgets.table import LEFT, RIGHT, SeatPanel, TrickArea
from ..widgets.tracker import TrackerPanel


def compose_table(players: int) -> ComposeResult:
    """The table's widgets: status bar, felt with the seats and the trick, the side panels, the hand, the message."""
    yield TooSmall()
    with Horizontal(id="status-bar"):
        yield Static(id="status")
        yield Static(id="seed")
    with Horizontal(id="middle"):
        with Vertical(id="felt"):
            yield SeatPanel(horizontal=True, id="seat-top")
            with Horizontal(id="felt-row", classes="-heads-up" if players == 2 else "-pairs"):
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


def show_picture(screen: Screen[Any], picture: TablePicture) -> None:
    """Hand each part of ``picture`` to its widget on ``screen`` (laid out by :func:`compose_table`)."""
    players = picture.view.players
    for position, info in picture.seats:
        screen.query_one(f"#seat-{position}", SeatPanel).show(info)
    for position in (LEFT, RIGHT):
        side_seat = screen.query_one(f"#seat-{position}")
        if side_seat.display != (players == 4):
            side_seat.display = players == 4
    screen.query_one(TrickArea).show(picture.trick)
    screen.query_one(MuestraPanel).show(picture.muestra)
    screen.query_one(FeltMonte).show(picture.muestra)
    screen.query_one(Scoreboard).show(picture.score)
    screen.query_one(TakenPiles).show(picture.taken)
    screen.query_one(PlayerHand).show(picture.hand, set(picture.playable), picture.marked)
    for tracker in screen.query(TrackerPanel):
        # The one under the log is filled while hidden too: from 160×45 it shows from the first move on
        # (the size's styles apply after the table's first picture).
        if tracker.display or not tracker.toggled:
            tracker.tracker = card_tracker(picture.view)


def show_declarations(
    screen: Screen[Any],
    view: SeatView,
    shown: tuple[Action, ...],
) -> tuple[Action, ...]:
    """The buttons for the declarations open to the player (a cante, a change, tute, pass); returns those shown."""
    declarations = tuple(a for a in view.legal if not isinstance(a, Play))
    if declarations == shown:
        return shown
    box = screen.query_one("#actions", Vertical)
    if screen.focused is not None and box in screen.focused.ancestors:
        # The focused button is about to go: the table takes the keys again (Textual would leave the
        # focus on the removed button while a dialog covers the table, and every key would be lost).
        screen.set_focus(None)
    box.remove_children()
    box.mount_all(
        DeclarationButton(a, action_label(a, view), keyed=keyed_declaration(view, type(a)) == a) for a in declarations
    )
    return declarations


def toggle_tracker(screen: Screen[Any], view: SeatView) -> None:
    """Show the card tracker in place of the log and the muestra, or those again (a big terminal shows both)."""
    if screen.query_one("#tracker-side", TrackerPanel).display:
        return
    tracker = screen.query_one("#tracker", TrackerPanel)
    tracker.display = not tracker.display
    screen.query_one("#log", EventLog).display = not tracker.display
    screen.query_one(MuestraPanel).display = not tracker.display
    if tracker.display:
        tracker.tracker = card_tracker(view)
