"""The footer, with the keys' descriptions in the player's language.

Textual's :class:`~textual.widgets.Footer` shows each binding's description
as written in the code (English, marked with ``N_`` in :mod:`..bindings`).
:class:`GameFooter` translates each one as the footer is built, so a change
of language shows in the next footer drawn, with no restart.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from ...i18n import _


class GameFooter(Footer):
    """A footer whose key descriptions (and their tooltips) are translated when it is built."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if widget.description:
                    widget.description = _(widget.description)
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
            yield widget
