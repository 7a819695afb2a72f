"""Errors the engine raises for things a player or a file got wrong."""

from __future__ import annotations

#: The most characters of a file's or a player's input echoed back in a message.
ECHO_CHARS = 60


def shown(value: object) -> str:
    """``repr(value)`` cut to :data:`ECHO_CHARS` characters, to echo input in a one-line message.

    >>> shown("12E"), len(shown("x" * 1000))
    ("'12E'", 61)
    """
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit
        return "<a number too long to show>"
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…"


class IllegalAction(ValueError):
    """An action the rules forbid now; ``rule`` says which rule, in words.

    The state that refused the action is left exactly as it was.
    """

    def __init__(self, rule: str, action: object = None, seat: int | None = None) -> None:
        super().__init__(rule)
        self.rule = rule
        self.action = action
        self.seat = seat


class HistoryError(ValueError):
    """A match history that cannot be read or does not replay."""
