"""The table's look: its colours (:data:`FELT_COLOURS`) and the Textual theme built on them (:data:`FELT_THEME`).

The screens and widgets take their colours from here, not from the app.
"""

from __future__ import annotations

from textual.theme import Theme

from ..game.palette import CARD_COLOURS

FELT_COLOURS: dict[str, str] = {
    "felt": "#0d3b24",  # the cloth: screens, the log, the too-small notice
    "felt-dark": "#0a321e",  # the player's edge of the table (the hand row)
    "felt-line": "#2c5a3c",  # lines drawn on the felt: the side panel's rule, scrollbars
    "felt-line-hover": "#3f7a52",  # a scrollbar under the mouse
    "felt-focus": "#1d5a36",  # the focused row of a menu
    "gold": "#ffd54a",  # titles, dialog borders, a scrollbar being dragged
    "ink-on-gold": "#1b1b1b",  # a name on a gold badge (the seat to play)
    "ivory": "#f1ead2",  # the ink ($foreground): names and values
    "ink-soft": "#c9d6c2",  # the status bar and the log
    "ink-faint": "#9fb8a5",  # labels
    "ink-dim": "#6f8f7a",  # the seed
    "ink-bullet": "#5f7f6a",  # the log's bullets, a menu row's arrows
    "message-ink": "#e9e3cf",  # the message line
    "alarm": "#5c1a12",  # the message line behind a refused move
    "alarm-ink": "#ffe9e3",
    "good": "#7ee787",  # the summary: our side won
    "bad": "#ff7b72",  # the summary: theirs did
    # The card art's palette: the suits on the felt ($oros, $copas, $espadas, $bastos),
    # their ink and bands on a face ($oros-ink, $oros-band…), the faces, edges and backs ($card-face…).
    **CARD_COLOURS,
}
"""The table's own colours, offered to the stylesheets as variables (``$felt``, ``$gold``…)
and used by name for the Rich styles the widgets draw.

Textual derives ``$accent`` and ``$primary`` through HSL and lands a unit off
(``#ffd54a`` becomes ``#fed54a``), so colours that must be exact have their own names.
"""

FELT_THEME = Theme(
    name="guinote-felt",
    primary="#d9a521",
    secondary="#2e7d32",
    accent=FELT_COLOURS["gold"],
    warning="#e0a030",
    error="#c0392b",
    success="#2e8b57",
    foreground=FELT_COLOURS["ivory"],
    background=FELT_COLOURS["felt"],
    surface="#123f27",
    panel="#082515",
    dark=True,
    variables=FELT_COLOURS,
)
"""Colours of a card table: green felt, ivory ink, gold highlights."""
