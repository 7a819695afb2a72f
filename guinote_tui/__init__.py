"""guinote-tui: Guiñote, the Aragonese card game, in the terminal."""

__version__ = "0.1.0"
