"""The side panel: the muestra and the stock, and the scoreboard."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Cante, Card, Suit
from ...game.narration import PAIR_NAMES
from ...game.palette import SUIT_LIGHT
from ...i18n import _, pgettext
from ..cardart import CardSize, card_face, empty_slot, stock_pile, suit_text
from ..theme import FELT_COLOURS
from .table import card_size

LABEL = Style(color=FELT_COLOURS["ink-faint"])
VALUE = Style(color=FELT_COLOURS["ivory"], bold=True)
#: The player's own seat's name (seat 0), told in the first person.
YOU = PAIR_NAMES[0]


@dataclass(frozen=True)
class MuestraInfo:
    trump: int
    muestra: Card | None
    muestra_card: Card
    #: The English name of the seat that took the muestra (``GameSession.names``; shown translated).
    taker: str | None
    stock: int


def trumps_line(trump: int) -> Text:
    """``Trumps Oros``: the label around the suit's name, which keeps its colour."""
    before, _marker, after = _("Trumps {suit}").partition("{suit}")
    line = Text(before, style=LABEL) + suit_text(trump)
    return line + Text(after, style=LABEL) if after else line


def taken_lines(info: MuestraInfo, width: int = 16, most: int = 3) -> list[str]:
    """Who took the muestra, by the card's name, wrapped to ``width`` columns in ``most`` lines at most.

    >>> from guinote_tui.engine import Card
    >>> taken_lines(MuestraInfo(0, None, Card.parse("11E"), "Rival", 0))
    ['Rival took', 'the Caballo de', 'Espadas']
    """
    text = _("You took\nthe {card}") if info.taker == YOU else _("{name} took\nthe {card}")
    name = _(info.taker) if info.taker else "?"
    lines = [
        wrapped
        for line in text.format(name=name, card=info.muestra_card.name).split("\n")
        for wrapped in (textwrap.wrap(line, max(width, 8)) or [""])
    ]
    return [*lines, "", ""][: max(most, 2)]


def muestra_card(info: MuestraInfo, size: CardSize) -> list[Text]:
    """The muestra face up with its label, or its empty place once taken (the side panel's and the felt's)."""
    if info.muestra is not None:
        return card_face(info.muestra, top_label=pgettext("the muestra's label", "muestra"), size=size)
    return empty_slot(pgettext("the muestra's place, once taken", "taken"), size=size)


class MuestraPanel(Widget):
    """The muestra under the stock (trumps for the hand) and the cards left to draw."""

    #: What the panel shows; a new value repaints it.
    info: reactive[MuestraInfo | None] = reactive(None)

    def show(self, info: MuestraInfo) -> None:
        self.info = info

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text("")
        card = muestra_card(info, card_size(self))
        pile = stock_pile(info.stock)
        side = [
            trumps_line(info.trump),
            Text(""),
            *pile,
        ]
        if info.muestra is not None:
            side[1] = Text(_("Stock {count}").format(count=info.stock), style=VALUE)
        else:
            side[1] = Text(_("Arrastre"), style=Style(color=FELT_COLOURS["gold"], bold=True))
            room = self.size.width - card[0].cell_len - 1 if card else 0
            taken = taken_lines(info, room if room > 0 else 16, max(2, len(card) - 2))
            side[2:] = [Text(line, style=LABEL) for line in taken]
        lines = []
        for index, part in enumerate(card):
            line = part.copy()
            line.append(" ")
            if index < len(side):
                line.append_text(side[index])
            lines.append(line)
        return Text("\n").join(lines)


@dataclass(frozen=True)
class ScoreInfo:
    #: The sides' names as shown (already in the player's language: ``GameSession.side_name``).
    side_names: tuple[str, str]
    points: tuple[int, int]
    carried: tuple[int, int]
    show_totals: bool
    juegos: tuple[int, int]
    cotos: tuple[int, int]
    juegos_per_coto: int
    cotos_to_win: int
    cantes: tuple[tuple[int, Cante], ...]
    target: int
    first_of_juego: bool


class Scoreboard(Widget):
    """Points of this hand, running totals de vueltas, juegos, cotos and cantes."""

    #: What the board shows; a new value lays it out again (rows come and go: totals, cantes).
    info: reactive[ScoreInfo | None] = reactive(None, layout=True)

    def show(self, info: ScoreInfo) -> None:
        self.info = info

    def render(self) -> Group | Table | Text:
        info = self.info
        if info is None:
            return Text("")
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(style=LABEL, ratio=1)
        # The sides' columns as wide as their names (a language's "Rival" may be longer), 5 to 8.
        for name in info.side_names:
            table.add_column(justify="right", style=VALUE, width=min(8, max(5, cell_len(name))))
        table.add_row("", Text(info.side_names[0], style=LABEL), Text(info.side_names[1], style=LABEL))
        table.add_row(_("This hand"), str(info.points[0]), str(info.points[1]))
        if info.show_totals:
            totals = [info.carried[s] + info.points[s] for s in (0, 1)]
            table.add_row(_("Total /{target}").format(target=info.target), str(totals[0]), str(totals[1]))
        table.add_row(_("Juegos /{count}").format(count=info.juegos_per_coto), str(info.juegos[0]), str(info.juegos[1]))
        if info.cotos_to_win > 1:
            table.add_row(_("Cotos /{count}").format(count=info.cotos_to_win), str(info.cotos[0]), str(info.cotos[1]))
        if not info.cantes:
            return table
        # The cantes under the grid, a line per side, named as everywhere else ("40 Oros · 20 Copas"):
        # the sides' columns are too narrow for a suit's name.
        sung = Text(_("Cantes"), style=LABEL)
        for side in (0, 1):
            mine = [cante for owner, cante in info.cantes if owner == side]
            if not mine:
                continue
            sung.append(f"\n {info.side_names[side]}: ")
            for index, cante in enumerate(mine):
                if index:
                    sung.append(" · ")
                ink = Style(color=SUIT_LIGHT[cante.suit], bold=True)
                sung.append(f"{cante.points} {Suit(cante.suit).title}", style=ink)
        return Group(table, sung)
