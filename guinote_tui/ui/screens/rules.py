"""The rules screen: the full rules text shipped inside the package.

The text is Markdown. It is parsed once per language into one Rich renderable
(headings, paragraphs, lists with a hanging indent, tables), drawn once per
width into lines, and shown by a scroll view that paints only the lines in
sight. Textual's ``Markdown`` widget built a widget for every block and table
cell (some 300 for these rules) and took about a second to open the screen.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from importlib import resources

from markdown_it import MarkdownIt
from markdown_it.token import Token
from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ... import i18n
from ..bindings import RULES_BINDINGS
from ..theme import FELT_COLOURS
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall

TITLE_STYLE = Style(color=FELT_COLOURS["gold"], bold=True)
HEADING_STYLE = Style(color=FELT_COLOURS["gold"], bold=True, underline=True)
BULLET_STYLE = Style(color=FELT_COLOURS["gold"])
RULE_STYLE = Style(color=FELT_COLOURS["felt-line"])
NO_STYLE = Style()
INLINE_STYLES = {
    "strong": Style(bold=True),
    "em": Style(italic=True),
    "link": Style(underline=True),
}


def rules_text(language: str | None = None) -> str:
    """The rules in our own words, in the language in use (``guinote_tui/ui/rules/<code>.md``).

    A language without its own text gets the English one.
    """
    folder = resources.files("guinote_tui.ui").joinpath("rules")
    page = folder.joinpath(f"{language or i18n.current()}.md")
    if not page.is_file():
        page = folder.joinpath(f"{i18n.SOURCE}.md")
    return page.read_text(encoding="utf-8")


def _inline(token: Token) -> Text:
    """An inline run (bold, italics, code, links; a soft line break reads as a space)."""
    text = Text()
    styles: list[Style] = []
    current: Style | None = None
    for child in token.children or []:
        kind = child.type
        if kind == "text":
            text.append(child.content, style=current)
        elif kind == "code_inline":
            text.append(
                child.content, style=INLINE_STYLES["strong"] if current is None else current + INLINE_STYLES["strong"]
            )
        elif kind in ("softbreak", "hardbreak"):
            text.append(" " if kind == "softbreak" else "\n")
        elif kind.endswith("_open") or (kind.endswith("_close") and styles):
            if kind.endswith("_open"):
                styles.append(INLINE_STYLES.get(kind[: -len("_open")], NO_STYLE))
            else:
                styles.pop()
            current = Style.combine(styles) if styles else None
    return text


def _blocks(tokens: list[Token], start: int, stop: int) -> list[RenderableType]:
    """The block renderables of ``tokens[start:stop]`` (paragraphs separated by a blank line)."""
    parts: list[RenderableType] = []
    index = start
    while index < stop:
        token = tokens[index]
        end = _closing(tokens, index)
        kind = token.type
        if kind == "heading_open":
            text = _inline(tokens[index + 1])
            if token.tag == "h1":
                text.stylize(TITLE_STYLE)
                text.justify = "center"
            else:
                text.stylize(HEADING_STYLE)
                if parts and not (isinstance(parts[-1], Text) and not parts[-1].plain):
                    parts.append(Text(""))
            parts.extend([text, Text("")])
        elif kind == "paragraph_open":
            text = _inline(tokens[index + 1])
            parts.append(text)
            if not token.hidden:  # a loose paragraph (not inside a tight list item)
                parts.append(Text(""))
        elif kind in ("bullet_list_open", "ordered_list_open"):
            parts.append(_list(tokens, index, end))
            parts.append(Text(""))
        elif kind == "table_open":
            parts.append(_table(tokens, index, end))
            parts.append(Text(""))
        elif kind == "hr":
            parts.append(Text("─" * 20, style=RULE_STYLE))
        index = end + 1
    while parts and isinstance(parts[-1], Text) and not parts[-1].plain:
        parts.pop()
    return parts


def _closing(tokens: list[Token], index: int) -> int:
    """The index of the token that closes the one at ``index`` (itself when it does not nest)."""
    if tokens[index].nesting != 1:
        return index
    depth = 0
    for position in range(index, len(tokens)):
        depth += tokens[position].nesting
        if depth == 0:
            return position
    return len(tokens) - 1


class _Item:
    """A list item: its marker, then its blocks ``indent`` cells in, so wrapped lines hang under the text."""

    def __init__(self, marker: Text, content: list[RenderableType], indent: int) -> None:
        self.marker = marker
        self.content = Group(*content)
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width - self.indent)
        lines = console.render_lines(self.content, options.update(width=width, height=None), pad=False)
        lead = [*self.marker.render(console, end=""), Segment(" " * (self.indent - self.marker.cell_len))]
        blank = Segment(" " * self.indent)
        newline = Segment.line()
        for index, line in enumerate(lines):
            yield from lead if index == 0 else (blank,)
            yield from line
            yield newline


def _list(tokens: list[Token], start: int, stop: int) -> Group:
    """A list: the bullet or number before each item, wrapped lines keeping a hanging indent."""
    ordered = tokens[start].type == "ordered_list_open"
    number = int(tokens[start].attrs.get("start", 1) or 1)
    items: list[tuple[str, list[RenderableType]]] = []
    index = start + 1
    while index < stop:
        if tokens[index].type == "list_item_open":
            end = _closing(tokens, index)
            marker = f"{number}." if ordered else "•"
            items.append((marker, _blocks(tokens, index + 1, end)))
            number += 1
            index = end
        index += 1
    width = max(len(marker) for marker, _ in items) + 1 if items else 2
    return Group(
        *(_Item(Text(marker.rjust(width - 1), style=BULLET_STYLE), content, width) for marker, content in items)
    )


def _table(tokens: list[Token], start: int, stop: int) -> Table:
    """A table, its head in gold, drawn with light rules on the felt."""
    table = Table(
        box=box.SIMPLE_HEAD,
        border_style=RULE_STYLE,
        header_style=TITLE_STYLE,
        show_edge=False,
        pad_edge=False,
        padding=(0, 2, 0, 0),
    )
    row: list[Text] = []
    in_head = False
    for index in range(start, stop):
        token = tokens[index]
        if token.type == "thead_open":
            in_head = True
        elif token.type == "thead_close":
            in_head = False
        elif token.type in ("th_open", "td_open"):
            cell = _inline(tokens[index + 1])
            if in_head:
                align = str(token.attrs.get("style", "")).removeprefix("text-align:") or "left"
                table.add_column(cell, justify=align if align in ("left", "center", "right") else "left")  # type: ignore[arg-type]
            else:
                row.append(cell)
        elif token.type == "tr_close" and not in_head:
            table.add_row(*row)
            row = []
    return table


@lru_cache(maxsize=8)
def rules_document(language: str) -> Group:
    """The rules of ``language`` as one renderable, parsed once and kept (the text never changes)."""
    tokens = MarkdownIt("commonmark").enable("table").parse(rules_text(language))
    return Group(*_blocks(tokens, 0, len(tokens)))


#: The rules drawn at a width: (language, width) to their lines, the latest few kept.
_DRAWN: OrderedDict[tuple[str, int], list[Strip]] = OrderedDict()

#: The longest line the text is drawn to (wider terminals centre it).
MEASURE = 100


def drawn_rules(language: str, width: int, console: Console) -> list[Strip]:
    """The rules of ``language`` drawn at ``width``, line by line (drawn once per language and width)."""
    key = (language, width)
    lines = _DRAWN.get(key)
    if lines is None:
        options = console.options.update(width=width, height=None)
        lines = [Strip(line) for line in console.render_lines(rules_document(language), options, pad=False)]
        _DRAWN[key] = lines
        if len(_DRAWN) > 8:
            _DRAWN.popitem(last=False)
    return lines


class RulesText(ScrollView, can_focus=True):
    """The rules, drawn once at the panel's width and shown line by line as it scrolls."""

    def __init__(self, language: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.language = language
        self.lines: list[Strip] = []
        self.measure = 0

    def on_resize(self) -> None:
        self._draw()

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width = self.scrollable_content_region.width
        if not self.show_vertical_scrollbar:  # it will show: the text is longer than a screen
            width -= self.styles.scrollbar_size_vertical
        if width <= 0:
            return
        self.measure = min(width, MEASURE)
        self.lines = drawn_rules(self.language, self.measure, self.app.console)
        self.virtual_size = Size(width, len(self.lines))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        base = self.visual_style.rich_style
        index = y + self.scroll_offset.y
        if not 0 <= index < len(self.lines):
            return Strip.blank(width, base)
        left = (width - self.measure) // 2
        line = self.lines[index].apply_style(base)
        return Strip.join([Strip.blank(left, base), line]).adjust_cell_length(width, base)


class RulesScreen(SizeGuard, Screen[None]):
    """Scrollable rules; Escape goes back to where the player was."""

    BINDINGS = RULES_BINDINGS

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield RulesText(i18n.current(), id="rules-scroll")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
