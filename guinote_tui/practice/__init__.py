"""Practice for learners, the headless core: spaced repetition and the exact puzzles.

No interface library and no statistics file here: the screens and the
storage build on this.

* :mod:`.schedule`: when a problem comes back (gaps of 1, 3, 7 and 21 days
  after right answers in a row; at once and the next day after a wrong one),
  as pure functions of dates the caller passes;
* :mod:`.exact`: the exact outcome of each card in a heads-up decision whose
  answer nothing hidden can change (the open arrastre solved for the juego,
  then the points; a phase-1 trick that decides the juego whatever is hidden),
  the correct cards, what a wrong one gives away, and the lines of best play;
* :mod:`.themes`: the themes a teacher names and the stars, assigned by rule;
* :mod:`.puzzles`: the puzzles shipped with the game (``puzzles.json``, made by
  ``python -m guinote_lab.make_puzzles``), the puzzle of the day and the
  verdict on a card.
"""

from __future__ import annotations

from .exact import ARRASTRE, LOST, PHASE1, UNDECIDED, WON, CardOutcome, Line, Loss
from .puzzles import (
    Puzzle,
    PuzzleFileError,
    PuzzleVerdict,
    judge_puzzle,
    load_puzzles,
    puzzle_note,
    puzzle_of_the_day,
    rules_text,
    shipped_puzzles,
    verdict_text,
)
from .rating import Glicko, answered_text, rating_text
from .schedule import (
    GAPS,
    ReviewState,
    ScheduleError,
    answer,
    as_date,
    due,
    due_count,
    gap_after,
    is_due,
    new_state,
)
from .themes import THEMES, theme_hint, theme_name

__all__ = [
    "ARRASTRE",
    "GAPS",
    "LOST",
    "PHASE1",
    "THEMES",
    "UNDECIDED",
    "WON",
    "CardOutcome",
    "Glicko",
    "Line",
    "Loss",
    "Puzzle",
    "PuzzleFileError",
    "PuzzleVerdict",
    "ReviewState",
    "ScheduleError",
    "answer",
    "answered_text",
    "as_date",
    "due",
    "due_count",
    "gap_after",
    "is_due",
    "judge_puzzle",
    "load_puzzles",
    "new_state",
    "puzzle_note",
    "puzzle_of_the_day",
    "rating_text",
    "rules_text",
    "shipped_puzzles",
    "theme_hint",
    "theme_name",
    "verdict_text",
]
