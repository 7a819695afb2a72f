"""The rules screen: the full rules text shipped inside the package."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from ... import i18n
from ..bindings import RULES_BINDINGS
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall


def rules_text(language: str | None = None) -> str:
    """The rules in our own words, in the language in use (``guinote_tui/ui/rules/<code>.md``).

    A language without its own text gets the English one.
    """
    folder = resources.files("guinote_tui.ui").joinpath("rules")
    page = folder.joinpath(f"{language or i18n.current()}.md")
    if not page.is_file():
        page = folder.joinpath(f"{i18n.SOURCE}.md")
    return page.read_text(encoding="utf-8")


class RulesScreen(SizeGuard, Screen[None]):
    """Scrollable rules; Escape goes back to where the player was."""

    BINDINGS = RULES_BINDINGS

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(rules_text(), id="rules-text")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
