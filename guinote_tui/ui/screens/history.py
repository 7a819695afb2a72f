"""The hand's trick history: every trick with its cards by seat, its winner and why.

Built from the player's events only (:func:`~guinote_tui.game.tracking.trick_history`):
the draws the player may know (their own, the muestra), cantes, changes of the
seven and tute are noted under the trick they followed. Scrolls with the
keyboard (arrows, Page Up/Down, Home/End) and the mouse wheel.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ...engine import CARDS, Event
from ...game.narration import HUMAN, Narrator, trick_points
from ...game.palette import SUIT_LIGHT
from ...game.tracking import TrickEntry, trick_history
from ...i18n import _
from ..bindings import HISTORY_BINDINGS
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall

#: The longest card name (``Caballo de Espadas``): the width of a card's column in the history.
NAME_WIDTH = max(len(card.name) for card in CARDS)


def cards_markup(entry: TrickEntry, narrator: Narrator) -> str:
    """The trick's cards by name, in play order, as aligned columns: two seats a line.

    Heads-up that is one line; in pairs two, so that the longest names
    (``Partner Caballo de Espadas``) fit an 80-column terminal.
    """
    seat_width = max(len(narrator.name(seat)) for seat in range(narrator.players))
    cells = [
        f"{narrator.name(seat):<{seat_width}} [b {SUIT_LIGHT[card.suit]}]{card.name}[/]"
        + " " * (NAME_WIDTH - len(card.name))
        for seat, card in entry.cards
    ]
    rows = ["  " + "   ".join(cells[start : start + 2]).rstrip() for start in range(0, len(cells), 2)]
    return "\n".join(rows)


def entry_markup(entry: TrickEntry, narrator: Narrator) -> str:
    """One trick of the history as console markup (a title line, the cards, what followed)."""
    cards = cards_markup(entry, narrator)
    if entry.winner is None or entry.winning is None or entry.why is None:
        title = _("Trick {number}").format(number=entry.number)
        return f"[b]{title}[/b] [dim]" + _("(being played)") + f"[/dim]\n{cards}"
    if entry.winner == HUMAN:
        title = _("Trick {number} to you").format(number=entry.number)
    else:
        title = _("Trick {number} to {name}").format(number=entry.number, name=narrator.name(entry.winner))
    points = trick_points(entry.points, entry.last_ten)
    why = narrator.why(entry.winning, entry.why, entry.cards)
    lines = [f"[b]{title}[/b]: {why} · {points}", cards]
    notes = [line for event in entry.notes for line in narrator.tell(event)]
    if notes:
        lines.append(("  [dim]" + _("then:") + "[/dim] ") + " · ".join(notes))
    return "\n".join(lines)


class HistoryScreen(SizeGuard, ModalScreen[None]):
    """The tricks of the hand so far, newest at the bottom; Escape (or r) goes back."""

    BINDINGS = HISTORY_BINDINGS

    def __init__(self, events: Sequence[Event], hand_number: int, narrator: Narrator) -> None:
        """``events``: the hand's, as the player saw them (the local table's view, or a joined seat's)."""
        super().__init__(classes="dialog-screen")
        self.events, self.hand_number, self.narrator = tuple(events), hand_number, narrator

    def compose(self) -> ComposeResult:
        entries = trick_history(self.events)
        yield TooSmall()
        with Vertical(classes="dialog history"):
            title = _("Hand {number}: the tricks so far").format(number=self.hand_number)
            yield Label(title, classes="dialog-title")
            with VerticalScroll(id="history-scroll"):
                if not entries:
                    yield Static(_("No card has been played yet in this hand."), classes="history-entry")
                for entry in entries:
                    text = Text.from_markup(entry_markup(entry, self.narrator))
                    yield Static(text, classes="history-entry")
        yield GameFooter()

    def on_mount(self) -> None:
        scroll = self.query_one("#history-scroll", VerticalScroll)
        scroll.focus()
        scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
