"""The notice shown instead of any screen when the terminal is too small."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Static

from ...i18n import _

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmall(Static):
    """Hidden by the stylesheet unless the screen has the ``-too-small`` class."""

    def __init__(self) -> None:
        title = _("The terminal is too small.")
        needs = _("The game needs a terminal of at least {width} × {height} characters.").format(
            width=MIN_WIDTH, height=MIN_HEIGHT
        )
        advice = _("Make the window larger (or the font smaller);\neverything carries on where it was.")
        quits = _("Ctrl+Q quits.")
        super().__init__(
            f"[b]{title}[/b]\n\n{needs}\n{advice}\n\n[dim]{quits}[/dim]",
            classes="too-small-notice",
        )


def too_small(screen: Screen[Any]) -> bool:
    """Whether ``screen`` shows the notice instead of its content (the app's breakpoints)."""
    return screen.has_class("-narrow") or screen.has_class("-short")


class SizeGuard:
    """Mixed into a screen: its keys do nothing while the notice hides it (no playing blind).

    Ctrl+Q (an app binding) still quits.
    """

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if too_small(self):  # type: ignore[arg-type]
            return False
        return super().check_action(action, parameters)  # type: ignore[misc,no-any-return]
