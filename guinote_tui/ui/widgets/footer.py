"""The footer, with the keys' descriptions in the player's language, fitted to the screen's width.

Textual's :class:`~textual.widgets.Footer` shows each binding's description
as written in the code (English, marked with ``N_`` in :mod:`..bindings`).
:class:`GameFooter` translates each one as the footer is built, so a change
of language shows in the next footer drawn, with no restart.

When the keys do not all fit on the line (a narrow terminal, a long
language, every declaration offered at once), the footer leaves out the
keys a player needs least, in the order of :data:`LEAST_NEEDED`: they
still work, and the rules screen (``?``) lists every key.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from ...i18n import _

#: Actions whose keys are left out of a footer too narrow for all, first to go first.
LEAST_NEEDED = (
    "toggle_pace",
    "tracker",
    "score_sheet",
    "history",
    "save",
    "new_match",
    "last_trick",
    "statistics",
    "learn",
    "undo",
    "rules",
    "pass_window",
    "tricks",
    "try_again",
    # practice: the puzzles of a theme, or of the other rules (the side panel names the puzzle's rules)
    "theme",
    "other_rules",
    "switch",
)


class GameFooter(Footer):
    """A footer whose key descriptions (and their tooltips) are translated, and that fits its width."""

    #: Whether the keys now shown have been fitted to the width (they are fitted after each refresh of the keys).
    fitted = False

    def compose(self) -> ComposeResult:
        self.fitted = False
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if widget.description:
                    widget.description = _(widget.description)
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
            yield widget
        self.call_after_refresh(self.fit_keys)

    def on_resize(self) -> None:
        self.fitted = False
        for key in self.query(FooterKey):
            key.display = True
        self.call_after_refresh(self.fit_keys)

    def fit_keys(self) -> None:
        """Hide the least needed keys until the others fit on the line."""
        keys = [key for key in self.query(FooterKey) if key.display]
        width = self.size.width
        if width <= 0:
            return
        if not keys:
            self.fitted = True
            return
        if not all(key.is_mounted for key in keys):
            self.call_after_refresh(self.fit_keys)
            return
        room = {key: key.render().cell_len + key.styles.margin.left + key.styles.margin.right for key in keys}
        needed = sum(room.values())
        self.fitted = True
        if needed <= width:
            return
        rank = {action: order for order, action in enumerate(LEAST_NEEDED)}
        dropped = sorted(
            (key for key in keys if key.action.split("(")[0].removeprefix("app.") in rank),
            key=lambda key: rank[key.action.split("(")[0].removeprefix("app.")],
        )
        for key in dropped:
            if needed <= width:
                break
            key.display = False
            needed -= room[key]
