"""The colours of the cards and suits, by name: plain data, shared by the words (a card's name in its
suit's colour, :mod:`.narration`) and the card art (:mod:`guinote_tui.ui.cardart`), and offered by the
app's theme to the stylesheets (``$oros``, ``$card-face``…)."""

from __future__ import annotations

from ..engine import Suit

CARD_COLOURS: dict[str, str] = {
    # The suits as written on the felt (names, log lines, cantes).
    "oros": "#f2c94c",  # yellow gold
    "copas": "#ff7474",  # red
    "espadas": "#6fa8ff",  # blue
    "bastos": "#72d672",  # green
    # The suits' ink on an ivory card face (the corners, the rank's name).
    "oros-ink": "#7a5800",  # dark gold
    "copas-ink": "#c62828",
    "espadas-ink": "#1f5fbf",
    "bastos-ink": "#27692b",
    # The band behind the suit's name on a face.
    "oros-band": "#f2c230",
    "copas-band": "#c62828",
    "espadas-band": "#1f5fbf",
    "bastos-band": "#27692b",
    "band-ink-dark": "#2b2000",  # the suit's name on a light band (Oros)
    "band-ink-light": "#fff8e8",  # the suit's name on a dark band
    # The card itself.
    "card-face": "#f7f1e1",
    "card-face-dim": "#a8a498",  # a card that cannot be played now
    "card-ink-dim": "#4a4843",
    "card-band-dim": "#8a867c",
    "card-edge": "#e8e2d0",
    "card-edge-dim": "#6d6a62",
    "card-chosen": "#ffd54a",  # the chosen card, the card winning a trick (the table's gold)
    "card-back": "#8e2b2b",
    "card-back-pattern": "#c9a227",
    "card-back-edge": "#d9cfb0",
    "slot-edge": "#3f6b4f",  # where a card will fall
    "slot-edge-waiting": "#c8c2a8",  # ... while that seat is to play
}
"""Every colour the card art draws, by name."""

SUIT_LIGHT: dict[Suit, str] = {suit: CARD_COLOURS[suit.title.lower()] for suit in Suit}
"""The suits for text on the dark felt."""

SUIT_COLOURS: dict[Suit, str] = {suit: CARD_COLOURS[f"{suit.title.lower()}-ink"] for suit in Suit}
"""Ink of each suit on an ivory face."""
