"""Cards drawn with box characters, as Rich text.

Every suit has its own colour *and* its name and letter on the face, so a
card reads the same on a terminal without colour (``NO_COLOR``)::

    ╭1──────╮     ╭1────────╮     ╭1──────────╮
    │12    E│     │12      E│     │12        E│
    │  Rey  │     │         │     │           │
    │Espadas│     │   Rey   │     │    Rey    │
    ╰───────╯     │ Espadas │     │           │
                  │E      12│     │  Espadas  │
                  ╰─────────╯     │           │
                                  │E        12│
                                  ╰───────────╯

Three sizes (:data:`SMALL`, :data:`MEDIUM`, :data:`LARGE`), chosen by the
table from the terminal's size. The suit's name sits on a band of the suit's
colour (yellow Oros, red Copas, blue Espadas, green Bastos), the biggest
patch of colour on the card, so the suits tell apart at a glance.

This module knows only Rich; the widgets place these blocks on the table.
Its colours are the named :data:`~guinote_tui.game.palette.CARD_COLOURS`, which the app's theme also
offers to the stylesheets (``$oros``, ``$card-face``…).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from ..engine import RANK_NAMES, Card, Suit
from ..game.palette import CARD_COLOURS, SUIT_COLOURS, SUIT_LIGHT

SUIT_BANDS: dict[Suit, tuple[str, str]] = {
    suit: (
        CARD_COLOURS[f"{suit.title.lower()}-band"],
        CARD_COLOURS["band-ink-dark" if suit is Suit.OROS else "band-ink-light"],
    )
    for suit in Suit
}
"""The band behind each suit's name on a face, and the name's ink on it."""

FACE = CARD_COLOURS["card-face"]
FACE_DIM = CARD_COLOURS["card-face-dim"]
INK_DIM = CARD_COLOURS["card-ink-dim"]
BORDER = CARD_COLOURS["card-edge"]
BORDER_SELECTED = CARD_COLOURS["card-chosen"]
BORDER_DIM = CARD_COLOURS["card-edge-dim"]
BACK = CARD_COLOURS["card-back"]
BACK_PATTERN = CARD_COLOURS["card-back-pattern"]
BACK_EDGE = CARD_COLOURS["card-back-edge"]
SLOT = CARD_COLOURS["slot-edge"]
SLOT_WAITING = CARD_COLOURS["slot-edge-waiting"]


@dataclass(frozen=True)
class CardSize:
    """One size of card art: the face's width inside the border, and the card's lines."""

    name: str
    face_width: int
    height: int

    @property
    def width(self) -> int:
        """Columns of the whole card, border included."""
        return self.face_width + 2


SMALL = CardSize("small", 7, 5)
"""The size that fits 80 × 24."""
MEDIUM = CardSize("medium", 9, 7)
"""From about 120 × 36: a second corner, and room around the names."""
LARGE = CardSize("large", 11, 9)
"""From about 160 × 45."""
CARD_SIZES = (SMALL, MEDIUM, LARGE)

FACE_WIDTH = SMALL.face_width
"""Characters inside the border of a small card."""


def suit_text(suit: Suit | int, *, bold: bool = True) -> Text:
    """The suit's name in its light colour, for text on the felt."""
    suit = Suit(suit)
    return Text(suit.title, style=Style(color=SUIT_LIGHT[suit], bold=bold))


def _border_line(
    left: str, fill: str, right: str, label: str, style: Style, label_style: Style, width: int = FACE_WIDTH
) -> Text:
    line = Text(left, style=style)
    label = label[:width]
    line.append(label, style=label_style)
    line.append(fill * (width - len(label)), style=style)
    line.append(right, style=style)
    return line


#: The rows inside a face's border, per size: the corner (rank, suit letter), the rank's
#: name, the suit's name on its band, a row of band, a blank row, the corner turned round.
_FACE_ROWS: dict[CardSize, tuple[str, ...]] = {
    SMALL: ("corner", "rank", "suit"),
    MEDIUM: ("corner", "blank", "rank", "suit", "corner2"),
    LARGE: ("corner", "blank", "rank", "band", "suit", "band", "corner2"),
}


def card_face(
    card: Card,
    *,
    top_label: str = "",
    bottom_label: str = "",
    dim: bool = False,
    selected: bool = False,
    highlight: bool = False,
    size: CardSize = SMALL,
) -> list[Text]:
    """The lines of a face-up card (``size.height`` of them, ``size.width`` wide).

    ``top_label`` is written into the top border (the key that plays the
    card, or the word marking the card that wins a trick), ``bottom_label``
    into the bottom border (who played it). ``dim`` greys out a card that
    cannot be played now; ``selected`` and ``highlight`` (the card winning a
    trick) draw a gold border. The border's lines change too (dashed when
    dim, heavy when chosen), so the states read without colour.
    """
    suit = card.suit
    width = size.face_width
    chosen = (selected or highlight) and not dim
    ink = INK_DIM if dim else SUIT_COLOURS[suit]
    face = FACE_DIM if dim else FACE
    band, band_ink = (FACE_DIM, INK_DIM) if dim else SUIT_BANDS[suit]
    border_colour = BORDER_DIM if dim else BORDER_SELECTED if chosen else BORDER
    border = Style(color=border_colour, bold=chosen)
    label_style = Style(color=BORDER_SELECTED if not dim else BORDER_DIM, bold=True)
    body = Style(color=ink, bgcolor=face, bold=not dim)
    plain = Style(color=ink, bgcolor=face)
    on_band = Style(color=band_ink, bgcolor=band, bold=not dim)
    rank = str(card.rank)
    gap = " " * (width - len(rank) - 1)
    rows = {
        "corner": (rank + gap + suit.letter, body),
        "corner2": (suit.letter + gap + rank, body),
        "rank": (RANK_NAMES[card.rank].center(width), plain),
        "suit": (suit.title.center(width), on_band),
        "band": (" " * width, on_band),
        "blank": (" " * width, plain),
    }
    top, side, bottom = ("╭┄╮", "┆", "╰┄╯") if dim else ("┏━┓", "┃", "┗━┛") if chosen else ("╭─╮", "│", "╰─╯")
    lines = [_border_line(top[0], top[1], top[2], top_label, border, label_style, width)]
    for kind in _FACE_ROWS[size]:
        text, style = rows[kind]
        line = Text(side, style=border)
        line.append(text, style=style)
        line.append(side, style=border)
        lines.append(line)
    lines.append(_border_line(bottom[0], bottom[1], bottom[2], bottom_label, border, label_style, width))
    return lines


def empty_slot(label: str = "", *, waiting: bool = False, size: CardSize = SMALL) -> list[Text]:
    """A dashed outline where a card will fall (bright while that seat is to play)."""
    colour = SLOT_WAITING if waiting else SLOT
    style = Style(color=colour)
    label_style = Style(color=BORDER_SELECTED if waiting else colour, bold=waiting)
    width = size.face_width
    inner = size.height - 2
    lines = [Text("╭" + "╌" * width + "╮", style=style)]
    middle = "···" if waiting else ""
    for row in range(inner):
        text = middle.center(width) if row == inner // 2 else ""
        lines.append(Text("╎" + text.ljust(width) + "╎", style=style))
    lines.append(_border_line("╰", "╌", "╯", label, style, label_style, width))
    return lines


def card_back_fan(count: int, *, active: bool = False) -> list[Text]:
    """Three lines: a fan of ``count`` face-down cards (empty outline for none)."""
    edge = Style(color=BORDER_SELECTED if active else BACK_EDGE, bold=active)
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
    edge = Style(color=BACK_EDGE)
    if count <= 0:
        faint = Style(color=SLOT)
        return [Text("╭╌╌╌╌╮", style=faint), Text("╎    ╎", style=faint), Text("╰╌╌╌╌╯", style=faint)]
    back = Style(color=BACK_PATTERN, bgcolor=BACK)
    layers = min(3, max(1, (count + 4) // 5))
    top = Text(" " * (3 - layers) + "╭────╮" + "╮" * (layers - 1), style=edge)
    middle = Text(" " * (3 - layers) + "│", style=edge)
    middle.append("▚▞▚▞", style=back)
    middle.append("│" * layers, style=edge)
    bottom = Text(" " * (3 - layers) + "╰────╯" + "╯" * (layers - 1), style=edge)
    return [top, middle, bottom]


def card_back_pile(count: int, *, size: CardSize = SMALL, label: str = "") -> list[Text]:
    """A face-down pile of ``count`` cards as big as a card of ``size`` (``size.height`` lines).

    The edges of up to two more cards show at its right (a few cards, or many), so it is
    two columns wider than a card; ``label`` goes into its bottom border. None left: a
    dotted place.
    """
    width = size.face_width
    if count <= 0:
        return [Text("  ") + line for line in empty_slot(label, size=size)]
    edge = Style(color=BACK_EDGE)
    back = Style(color=BACK_PATTERN, bgcolor=BACK)
    label_style = Style(color=BACK_EDGE, bold=True)
    layers = min(3, max(1, (count + 4) // 5))
    pad = " " * (3 - layers)
    plain = " " * width
    pattern = " " + ("▚▞" * width)[: width - 2] + " "  # a margin of the back's colour round it
    lines = [Text(pad) + Text("╭" + "─" * width + "╮" + "╮" * (layers - 1), style=edge)]
    for row in range(size.height - 2):
        line = Text(pad + "│", style=edge)
        line.append(plain if row in (0, size.height - 3) else pattern, style=back)
        line.append("│" * layers, style=edge)
        lines.append(line)
    bottom = Text(pad) + _border_line("╰", "─", "╯", label, edge, label_style, width)
    bottom.append("╯" * (layers - 1), style=edge)
    lines.append(bottom)
    return lines


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
        """The grid as one Text, each run of cells in one style a single span (a few dozen, not a span a cell)."""
        out = Text()
        for index, row in enumerate(self.rows):
            if index:
                out.append("\n")
            run: list[str] = []
            current: Style | None = None
            for char, style in row:
                if style != current and run:
                    out.append("".join(run), style=current or "")
                    run = []
                current = style
                run.append(char)
            if run:
                out.append("".join(run), style=current or "")
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
