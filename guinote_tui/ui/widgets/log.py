"""The short event log: the newest lines at the bottom, older ones scrolled away."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..theme import FELT_COLOURS


class EventLog(Widget):
    """Shows as many of the latest events (console markup) as fit the panel."""

    #: Every line written so far (console markup); a new line repaints the log.
    lines: reactive[tuple[str, ...]] = reactive(())

    def write(self, line: str) -> None:
        self.lines = (*self.lines, line)

    def render(self) -> RenderableType:
        width = max(self.scrollable_content_region.width, 10)
        height = max(self.size.height, 1)
        shown: list[Text] = []
        bullet = FELT_COLOURS["ink-bullet"]
        # Only the tail can be visible: wrap from the newest event backwards
        # until the panel is full; the oldest event shown may be cut at its
        # top, like a log scrolled to its end (no blank rows under the newest).
        for line in reversed(self.lines):
            if len(shown) >= height:
                break
            parts = list(Text.from_markup(line).wrap(self.app.console, width - 2))
            for part in parts:
                part.rstrip()
            event = [Text("• " if i == 0 else "  ", style=bullet) + part for i, part in enumerate(parts)]
            shown = event + shown
        text = Text("\n").join(shown[-height:])
        text.no_wrap = True  # wrapped above, to the width the lines are shown in
        return text
