"""Interactive lessons: short explanations and positions on fixed deals where the player must act.

Pure Python on the engine, the coach and :mod:`guinote_tui.storage` (never
an interface library): the lessons (:data:`LESSONS`), the judge of a move
(:func:`check`, giving a :class:`Verdict`) and the player's progress
(:class:`Progress`, kept in ``lessons.json`` in the user's data directory).
The lessons' texts are kept in English and translated when shown
(:func:`shown`, the ``shown_*`` properties).
The screens are in ``guinote_tui/ui/screens/lessons.py``.
"""

from .content import LESSONS, find
from .model import (
    Explain,
    Lesson,
    Move,
    Position,
    Said,
    Step,
    Verdict,
    check,
    coach_action,
    coach_reason,
    names,
    play_out,
    shown,
)
from .progress import Progress

__all__ = [
    "LESSONS",
    "Explain",
    "Lesson",
    "Move",
    "Position",
    "Progress",
    "Said",
    "Step",
    "Verdict",
    "check",
    "coach_action",
    "coach_reason",
    "find",
    "names",
    "play_out",
    "shown",
]
