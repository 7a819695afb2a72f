"""The puzzle answers in the order given: what a player's puzzle rating is worked out from.

A player's puzzle rating (:mod:`guinote_tui.practice.rating`) is a function
of the answers given to puzzles, unaided, in order: the statistics keep every
answer (``practice_answers``, since version 2 of the schema), so the rating
is read back by replaying them and needs no column of its own; a store of an
older version keeps its answers and reads the same.
"""

from __future__ import annotations

import sqlite3

from .columns import rows
from .store import Store


class PuzzleAnswers(Store):
    """The unaided answers given to puzzles, oldest first."""

    def puzzle_answers(self) -> list[tuple[str, bool]]:
        """Each unaided answer to a puzzle, oldest first: the puzzle's id and whether it was right (valid rows)."""

        def step(connection: sqlite3.Connection) -> list[tuple[str, bool]]:
            found = connection.execute(
                f"SELECT ref, correct FROM {rows('practice_answers')}"
                " WHERE kind = 'puzzle' AND assisted = 0 ORDER BY practice_answers.id"
            )
            return [(str(ref), bool(correct)) for ref, correct in found]

        return self._read(step, [])
