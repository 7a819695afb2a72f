"""The card tracker panel: by suit, which cards are gone and which are still out.

It shows :func:`~guinote_tui.game.tracking.card_tracker` for the player's view:
one row per suit with the ranks from strongest to weakest, each shown as
gone (``·``), in the player's hand (underlined) or still out (plain); the
trump suit is starred; under it, the cards another seat is known to hold
(``Rival holds 3C``: a cante sung, the muestra taken). It reads without
colour.
"""

from __future__ import annotations

import textwrap

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Card
from ...game.narration import seat_names
from ...game.palette import SUIT_LIGHT
from ...game.tracking import CardTracker
from ...i18n import _, pgettext
from ..theme import FELT_COLOURS

#: One letter or digit per rank, so a suit fits on one row of the side panel.
RANK_MARK = {1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 10: "S", 11: "C", 12: "R"}


class TrackerPanel(Widget):
    """The player's card tracker (toggled with the log by a key)."""

    tracker: reactive[CardTracker | None] = reactive(None, layout=True)

    def __init__(self, *, toggled: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        #: Shown in place of the log by a key (its title says so), or beside it all the time.
        self.toggled = toggled

    def _held_lines(self, tracker: CardTracker) -> list[Text]:
        """``Rival holds 3C RC``: a line for each other seat known to hold cards, wrapped to the panel's width."""
        width = self.size.width or 24
        names = seat_names(tracker.players)
        lines: list[Text] = []
        for seat, cards in tracker.held_by().items():
            marks = " ".join(RANK_MARK[c.rank] + c.suit.letter for c in cards)
            said = pgettext("tracker: the cards another seat is known to hold", "{seat} holds {cards}")
            lines += [Text(part) for part in textwrap.wrap(said.format(seat=_(names[seat]), cards=marks), width)]
        return lines

    def render(self) -> RenderableType:
        tracker = self.tracker
        if tracker is None:
            return Text("")
        faint = FELT_COLOURS["ink-faint"]
        trump = tracker.trump
        out = Text()
        out.append(_("Tracker"), style="bold")
        if self.toggled:
            out.append(" " + _("(k: log)"), style=faint)
        out.append("\n    " + " ".join(RANK_MARK[rank] for rank in tracker.ranks) + "\n", style=faint)
        for track in tracker.suits:
            colour = SUIT_LIGHT[track.suit]
            label = f"{'*' if track.suit == trump else ' '}{track.suit.letter}  "
            out.append(label, style=f"bold {colour}")
            for index, rank in enumerate(tracker.ranks):
                card = Card.of(rank, track.suit)
                place = tracker.where(card)
                if place == "gone":
                    out.append("·", style=faint)
                elif place == "mine":
                    out.append(RANK_MARK[rank], style=f"bold underline {colour}")
                else:
                    out.append(RANK_MARK[rank], style=colour)
                if index < len(tracker.ranks) - 1:
                    out.append(" ")
            out.append("\n")
        count = len(tracker.trumps_out)
        # One short line each, so that none wraps in the side panel's 24 columns in any language.
        out.append(_("Trumps still out: {count}").format(count=count) + "\n")
        out.append(_("Stock {count}").format(count=tracker.stock))
        held = self._held_lines(tracker)
        legend = Text.assemble(("· " + _("gone") + "  ", faint), (_("yours"), "underline"))
        # The ranks' letters and Spanish names, as on the cards (not translated).
        letters = Text("R=Rey C=Caballo S=Sota", style=faint)
        # What a cante or the muestra taken showed comes before the legends: where the panel is short (80×24), the
        # letters' legend and then the groups' give it their lines.
        room = (self.size.height or 1000) - 8  # (the title, the ranks, four suits, the trumps and the stock)
        extras = [legend, letters]
        while extras and len(held) + len(extras) > room:
            extras.pop()
        for line in [*held, *extras][: max(0, room)]:
            out.append("\n")
            out.append_text(line)
        return out
