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
from ...i18n import _, ngettext, pgettext
from ..app import FELT_COLOURS
from ..cardart import Canvas, card_back_pile, card_face, empty_slot, stock_pile
from .board import LABEL, VALUE, MuestraInfo, taken_lines, trumps_line
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
        info = self.info
        size = card_size(self)
        width = max(self.size.width, 2 * size.width + 3)
        canvas = Canvas(width, size.height + 4)
        if info is None:
            return canvas.text()
        if info.muestra is not None:
            muestra = card_face(info.muestra, top_label=pgettext("the muestra's label", "muestra"), size=size)
        else:
            muestra = empty_slot(pgettext("the muestra's place, once taken", "taken"), size=size)
        canvas.paste(0, 0, muestra)
        canvas.paste(size.width + 1, 0, card_back_pile(info.stock, size=size))
        below = size.height + 1
        if info.muestra is not None:
            canvas.write(0, below, trumps_line(info.trump))
            canvas.write(size.width + 3, below, Text(_("Stock {count}").format(count=info.stock), style=VALUE))
        else:
            canvas.write(0, below, Text(_("Arrastre"), style=GOLD))
            for row, line in enumerate(taken_lines(info, width, 2)):
                canvas.write(0, below + 1 + row, Text(line, style=LABEL))
        return canvas.text()


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
        height = 2 * size.height + 2  # as tall as the trick: each pile level with its side's card
        canvas = Canvas(max(self.size.width, 1), height)
        if info is None:
            return canvas.text()
        big = self.size.width >= size.width + 12  # heads-up: piles as big as the cards, labels beside them
        for side, place in ((1, 1), (0, size.height + 2)):  # level with the trick's top and bottom cards
            tricks = info.tricks[side]
            count = Text(ngettext("{count} trick", "{count} tricks", tricks).format(count=tricks), style=LABEL)
            name = Text(info.side_names[side], style=VALUE)
            if big:
                canvas.paste(0, place, card_back_pile(tricks * info.players, size=size))
                x, middle = size.width + 3, place + size.height // 2
                canvas.write(x, middle - 1, name)
                canvas.write(x, middle, count)
            else:
                top = place + size.height // 2 - 2
                canvas.write(0, top, name)
                canvas.paste(0, top + 1, stock_pile(tricks * info.players))
                canvas.write(0, top + 4, count)
        return canvas.text()
