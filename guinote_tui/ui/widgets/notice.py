"""The notice shown instead of the table when the terminal is too small."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmall(Static):
    """Hidden by the stylesheet unless the screen has the ``-too-small`` class."""

    def __init__(self) -> None:
        super().__init__(
            f"[b]The terminal is too small for the card table.[/b]\n\n"
            f"Guiñote needs at least {MIN_WIDTH} × {MIN_HEIGHT} characters.\n"
            "Make the window larger (or the font smaller);\nthe game carries on where it was.\n\n"
            "[dim]Ctrl+Q quits.[/dim]",
            classes="too-small-notice",
        )
