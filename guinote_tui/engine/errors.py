"""Errors the engine raises for things a player or a file got wrong."""

from __future__ import annotations


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
