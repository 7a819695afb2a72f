"""Cards drawn with box characters, as Rich text.

Every suit has its own colour *and* its letter on the face, so a card reads
the same on a terminal without colour::

    ╭1──────╮
    │12    E│
    │  Rey  │
    │Espadas│
    ╰───────╯

This module knows only Rich; the widgets place these blocks on the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from ..engine import RANK_NAMES, Card, Suit

FACE_WIDTH = 7
"""Characters inside the border of a full card."""
CARD_WIDTH = FACE_WIDTH + 2
CARD_HEIGHT = 5

SUIT_COLOURS: dict[Suit, str] = {
    Suit.OROS: "#b8860b",
    Suit.COPAS: "#c0392b",
    Suit.ESPADAS: "#2e6db4",
    Suit.BASTOS: "#2e7d32",
}
"""Ink of each suit on an ivory face: gold, red, blue, green."""

SUIT_LIGHT: dict[Suit, str] = {
    Suit.OROS: "#f2c94c",
    Suit.COPAS: "#ff6b5a",
    Suit.ESPADAS: "#6fa8ff",
    Suit.BASTOS: "#6fcf6f",
}
"""The same suits for text on the dark felt."""

FACE = "#f7f1e1"
FACE_DIM = "#9a968c"
INK_DIM = "#5c5a55"
BORDER = "#e8e2d0"
BORDER_SELECTED = "#ffd54a"
BORDER_DIM = "#6d6a62"
BACK = "#8e2b2b"
BACK_PATTERN = "#c9a227"


def suit_text(suit: Suit | int, *, bold: bool = True) -> Text:
    """The suit's name in its light colour, for text on the felt."""
    suit = Suit(suit)
    return Text(suit.title, style=Style(color=SUIT_LIGHT[suit], bold=bold))


def card_text(card: Card | int, *, bold: bool = True) -> Text:
    """A card's short notation (``12E``) in its suit's light colour."""
    card = Card(card) if not isinstance(card, Card) else card
    return Text(str(card), style=Style(color=SUIT_LIGHT[card.suit], bold=bold))


def _border_line(left: str, fill: str, right: str, label: str, style: Style, label_style: Style) -> Text:
    line = Text(left, style=style)
    label = label[:FACE_WIDTH]
    line.append(label, style=label_style)
    line.append(fill * (FACE_WIDTH - len(label)), style=style)
    line.append(right, style=style)
    return line


def card_face(
    card: Card,
    *,
    top_label: str = "",
    bottom_label: str = "",
    dim: bool = False,
    selected: bool = False,
    highlight: bool = False,
) -> list[Text]:
    """The five lines of a face-up card.

    ``top_label`` is written into the top border (the key that plays the
    card), ``bottom_label`` into the bottom border (who played it). ``dim``
    greys out a card that cannot be played now; ``selected`` and
    ``highlight`` (the card winning a trick) draw a gold border. The border's
    lines change too (dashed when dim, heavy when chosen), so the states
    read without colour.
    """
    suit = card.suit
    chosen = (selected or highlight) and not dim
    ink = INK_DIM if dim else SUIT_COLOURS[suit]
    face = FACE_DIM if dim else FACE
    border_colour = BORDER_DIM if dim else BORDER_SELECTED if chosen else BORDER
    border = Style(color=border_colour, bold=chosen, dim=dim)
    label_style = Style(color=BORDER_SELECTED if not dim else BORDER_DIM, bold=True)
    body = Style(color=ink, bgcolor=face, bold=not dim, dim=dim)
    plain = Style(color=ink, bgcolor=face, dim=dim)
    rank = str(card.rank)
    corner = rank + " " * (FACE_WIDTH - len(rank) - 1) + suit.letter
    top, side, bottom = ("╭┄╮", "┆", "╰┄╯") if dim else ("┏━┓", "┃", "┗━┛") if chosen else ("╭─╮", "│", "╰─╯")
    lines = [_border_line(top[0], top[1], top[2], top_label, border, label_style)]
    for text, style in (
        (corner, body),
        (RANK_NAMES[card.rank].center(FACE_WIDTH), plain),
        (suit.title.center(FACE_WIDTH), body),
    ):
        line = Text(side, style=border)
        line.append(text, style=style)
        line.append(side, style=border)
        lines.append(line)
    lines.append(_border_line(bottom[0], bottom[1], bottom[2], bottom_label, border, label_style))
    return lines


def empty_slot(label: str = "", *, waiting: bool = False) -> list[Text]:
    """A dashed outline where a card will fall (bright while that seat is to play)."""
    colour = "#c8c2a8" if waiting else "#3f6b4f"
    style = Style(color=colour)
    label_style = Style(color=BORDER_SELECTED if waiting else colour, bold=waiting)
    lines = [Text("╭╌╌╌╌╌╌╌╮", style=style)]
    middle = "···" if waiting else ""
    for text in ("", middle.center(FACE_WIDTH), ""):
        lines.append(Text("╎" + text.ljust(FACE_WIDTH) + "╎", style=style))
    lines.append(_border_line("╰", "╌", "╯", label, style, label_style))
    return lines


def card_back_fan(count: int, *, active: bool = False) -> list[Text]:
    """Three lines: a fan of ``count`` face-down cards (empty outline for none)."""
    edge = Style(color=BORDER_SELECTED if active else "#d9cfb0", bold=active)
    back = Style(color=BACK_PATTERN, bgcolor=BACK)
    if count <= 0:
        return [Text("╭╌╌╌╮", style=edge), Text("╎   ╎", style=edge), Text("╰╌╌╌╯", style=edge)]
    top = Text("╭" + "┬" * (count - 1) + "───╮", style=edge)
    middle = Text("│" * count, style=edge)
    middle.append("▚▞▚", style=back)
    middle.append("│", style=edge)
    bottom = Text("╰" + "┴" * (count - 1) + "───╯", style=edge)
    return [top, middle, bottom]


def stock_pile(count: int) -> list[Text]:
    """Three lines: the face-down stock, or a dotted place once it is gone."""
    edge = Style(color="#d9cfb0")
    if count <= 0:
        faint = Style(color="#3f6b4f")
        return [Text("╭╌╌╌╌╮", style=faint), Text("╎    ╎", style=faint), Text("╰╌╌╌╌╯", style=faint)]
    back = Style(color=BACK_PATTERN, bgcolor=BACK)
    layers = min(3, max(1, (count + 4) // 5))
    top = Text(" " * (3 - layers) + "╭────╮" + "╮" * (layers - 1), style=edge)
    middle = Text(" " * (3 - layers) + "│", style=edge)
    middle.append("▚▞▚▞", style=back)
    middle.append("│" * layers, style=edge)
    bottom = Text(" " * (3 - layers) + "╰────╯" + "╯" * (layers - 1), style=edge)
    return [top, middle, bottom]


class Canvas:
    """A fixed grid of styled cells onto which blocks of lines are pasted."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.rows: list[list[tuple[str, Style | None]]] = [[(" ", None)] * width for _ in range(height)]

    def paste(self, x: int, y: int, block: Sequence[Text]) -> None:
        """Copy ``block`` with its top-left corner at ``(x, y)``; what falls outside is cut."""
        for dy, line in enumerate(block):
            row = y + dy
            if not 0 <= row < self.height:
                continue
            column = x
            for span_text, style in _cells(line):
                for char in span_text:
                    if 0 <= column < self.width:
                        self.rows[row][column] = (char, style)
                    column += 1

    def write(self, x: int, y: int, text: str | Text, style: Style | str | None = None) -> None:
        """Write one line of text (a plain string takes ``style``)."""
        line = text if isinstance(text, Text) else Text(text, style=style or "")
        self.paste(x, y, [line])

    def text(self) -> Text:
        out = Text()
        for index, row in enumerate(self.rows):
            if index:
                out.append("\n")
            for char, style in row:
                out.append(char, style=style or "")
        return out


def _cells(line: Text) -> list[tuple[str, Style | None]]:
    """A Text as runs of characters with their combined style."""
    pieces: list[tuple[str, Style | None]] = []
    plain = line.plain
    base = line.style if isinstance(line.style, Style) else Style.parse(line.style) if line.style else None
    styles: list[Style | None] = [base] * len(plain)
    for span in line.spans:
        style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
        for index in range(span.start, min(span.end, len(plain))):
            current = styles[index]
            styles[index] = style if current is None else current + style
    for char, combined in zip(plain, styles, strict=True):
        pieces.append((char, combined))
    return pieces
