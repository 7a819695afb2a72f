"""The Textual game: start screen, table, summaries and rules.

Everything here renders the human seat's view and sends actions to the
engine; no rule of the game is decided in this package.
"""
