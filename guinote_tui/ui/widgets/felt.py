"""On a very big terminal the felt holds what a real table does: the stock on the muestra, the tricks taken.

From 180 × 45 (``TableScreen``'s ``-wide-felt`` class, see table.tcss) the stock and
the muestra leave the side panel for the felt, left of the trick, drawn as big as the
cards in play; right of the trick each side's tricks lie face down in a pile, the
other side's across from the player's, as at a card table.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from ... import i18n
from ...i18n import _, ngettext
from ..cardart import card_back_pile, stock_pile
from ..theme import FELT_COLOURS
from .board import LABEL, VALUE, MuestraInfo, muestra_card, taken_lines, trumps_line
from .drawn import Drawn
from .table import card_size

GOLD = Style(color=FELT_COLOURS["gold"], bold=True)


class FeltMonte(Drawn):
    """The muestra face up and the stock face down beside it, with their labels under them."""

    #: What the stock and the muestra show (the side panel's ``MuestraInfo``); a new value repaints it.
    info: reactive[MuestraInfo | None] = reactive(None)

    def show(self, info: MuestraInfo) -> None:
        self.info = info

    def drawing(self) -> Hashable:
        return self.info, card_size(self), i18n.current()

    def render(self) -> Text:
        # Lines joined side by side, not a Canvas: this repaints after every trick while the stock lasts.
        info = self.info
        if info is None:
            return Text("")
        size = card_size(self)
        muestra = muestra_card(info, size)
        pile = card_back_pile(info.stock, size=size)
        lines = [card + Text(" ") + stock for card, stock in zip(muestra, pile, strict=True)]
        lines.append(Text(""))
        if info.muestra is not None:
            label = trumps_line(info.trump)
            label.pad_right(size.width + 3 - label.cell_len)
            label.append_text(Text(_("Stock {count}").format(count=info.stock), style=VALUE))
            lines.append(label)
        else:
            lines.append(Text(_("Arrastre"), style=GOLD))
            width = max(self.size.width, 2 * size.width + 3)
            lines.extend(Text(line, style=LABEL) for line in taken_lines(info, width, 2))
        return Text("\n").join(lines)


@dataclass(frozen=True)
class TakenInfo:
    """The tricks each side has taken this hand."""

    #: The sides' names as shown (already in the player's language: ``GameSession.side_name``).
    side_names: tuple[str, str]
    tricks: tuple[int, int]
    players: int


class TakenPiles(Drawn):
    """Each side's tricks face down: the other side's pile across the felt, the player's near them."""

    #: What the piles show; a new value repaints them.
    info: reactive[TakenInfo | None] = reactive(None)

    def show(self, info: TakenInfo) -> None:
        self.info = info

    def drawing(self) -> Hashable:
        return self.info, card_size(self), i18n.current()

    def render(self) -> Text:
        info = self.info
        size = card_size(self)
        lines = [Text("") for _ in range(2 * size.height + 2)]  # as tall as the trick
        if info is None:
            return Text("\n").join(lines)
        big = self.size.width >= size.width + 12  # heads-up: piles as big as the cards, labels beside them
        for side, place in ((1, 1), (0, size.height + 2)):  # level with the trick's top and bottom cards
            tricks = info.tricks[side]
            count = Text(ngettext("{count} trick", "{count} tricks", tricks).format(count=tricks), style=LABEL)
            name = Text(info.side_names[side], style=VALUE)
            if big:
                pile = card_back_pile(tricks * info.players, size=size)
                middle = size.height // 2
                for row, part in enumerate(pile):
                    extra = name if row == middle - 1 else count if row == middle else None
                    lines[place + row] = part + Text(" ") + extra if extra is not None else part
            else:
                top = place + size.height // 2 - 2
                lines[top] = name
                for row, part in enumerate(stock_pile(tricks * info.players)):
                    lines[top + 1 + row] = part
                lines[top + 4] = count
        return Text("\n").join(lines)
