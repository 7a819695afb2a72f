"""The short event log: the newest lines at the bottom, older ones scrolled away."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget


class EventLog(Widget):
    """Shows as many of the latest events (console markup) as fit the panel."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.lines: list[str] = []

    def write(self, line: str) -> None:
        self.lines.append(line)
        self.refresh()

    def render(self) -> RenderableType:
        width = max(self.size.width, 10)
        height = max(self.size.height, 1)
        wrapped: list[Text] = []
        # Only the tail can be visible: wrap from the newest line backwards.
        for line in reversed(self.lines):
            text = Text.from_markup(line)
            parts = text.wrap(self.app.console, width - 2)
            for index, part in enumerate(reversed(list(parts))):
                is_first = index == len(parts) - 1
                wrapped.append(Text("• " if is_first else "  ", style="#5f7f6a") + part)
            if len(wrapped) >= height:
                break
        return Text("\n").join(reversed(wrapped[:height]))
