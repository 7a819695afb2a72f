"""The rules screen: the full rules text shipped inside the package.

The text is Markdown. It is drawn as one Rich renderable (headings, paragraphs,
lists with a hanging indent, tables) in a single widget, parsed once per
language: Textual's ``Markdown`` widget builds a widget for every block and
table cell (some 300 for these rules), which made the screen take about a
second to open; this way its first frame comes in a few tens of milliseconds.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from markdown_it import MarkdownIt
from markdown_it.token import Token
from rich import box
from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ... import i18n
from ..app import FELT_COLOURS
from ..bindings import RULES_BINDINGS
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall

TITLE_STYLE = Style(color=FELT_COLOURS["gold"], bold=True)
HEADING_STYLE = Style(color=FELT_COLOURS["gold"], bold=True, underline=True)
BULLET_STYLE = Style(color=FELT_COLOURS["gold"])
RULE_STYLE = Style(color=FELT_COLOURS["felt-line"])
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
    for child in token.children or []:
        kind = child.type
        if kind in ("text", "code_inline"):
            style = Style.combine(styles) if styles else Style()
            if kind == "code_inline":
                style += Style(bold=True)
            text.append(child.content, style=style)
        elif kind in ("softbreak", "hardbreak"):
            text.append(" " if kind == "softbreak" else "\n")
        elif kind.endswith("_open"):
            styles.append(INLINE_STYLES.get(kind[: -len("_open")], Style()))
        elif kind.endswith("_close") and styles:
            styles.pop()
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


def _list(tokens: list[Token], start: int, stop: int) -> Table:
    """A list: the bullet or number in a column of its own, so wrapped lines keep a hanging indent."""
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
    grid = Table.grid(padding=0, expand=True)
    grid.add_column(width=width, no_wrap=True, style=BULLET_STYLE)
    grid.add_column(ratio=1)
    for marker, content in items:
        grid.add_row(Text(marker.rjust(width - 1)), Group(*content))
    return grid


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


class RulesScreen(SizeGuard, Screen[None]):
    """Scrollable rules; Escape goes back to where the player was."""

    BINDINGS = RULES_BINDINGS

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="rules-scroll"):
            yield Static(rules_document(i18n.current()), id="rules-text")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
