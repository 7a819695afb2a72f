"""The plain mode (``guinote play --plain``): the match as a linear text dialogue.

For screen readers, pipes, a plain SSH session and tests: each event is one
sentence in the player's language (the narrator's, :mod:`guinote_tui.game.narration`),
the player's turn lists the hand with numbers and the declarations offered
with their letters, and the player answers with a number or a letter, one
line each. Nothing is redrawn, no colour carries meaning and no escape code
is written. It plays the table's match: the same session, bots, coach,
kept match (``--continue``) and statistics. ``guinote practice --plain`` is practice
the same way (:mod:`.practice_dialogue`).

:func:`play` starts a run from the command line's choices (as
:func:`guinote_tui.ui.app.make_app` does for the table) and
:class:`~.dialogue.PlainGame` holds the dialogue; :mod:`.words` says
everything in plain sentences. No interface library is imported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..coach import COACH_BUDGET, CoachBudget
from ..engine import Rules
from ..game import resume
from ..game.launch import Asked, prepare
from ..game.services import Services
from ..game.session import GameSession
from ..records import Statistics
from .dialogue import Leave, PlainGame
from .practice_dialogue import PlainPractice, practise

__all__ = ["Leave", "PlainGame", "PlainPractice", "play", "practise"]


def play(
    reader: TextIO,
    writer: TextIO,
    *,
    players: int | None = None,
    level: str | None = None,
    rules: Rules | None = None,
    seed: int | None = None,
    delay: float | None = None,
    history: str | Path | None = None,
    continue_match: bool = False,
    lang: str | None = None,
    services: Services | None = None,
    decks: Sequence[str | Sequence[int]] | str | None = None,
    dealer: int | None = None,
    hint_budget: CoachBudget = COACH_BUDGET,
    echo: bool | None = None,
) -> int:
    """Play a match in plain text on ``reader`` and ``writer``; returns the exit status.

    The choices are those of ``guinote play`` (:func:`guinote_tui.game.launch.prepare`):
    the remembered settings with these on top, a history resumed (``history``) or the
    kept match (``continue_match``; without one a new match is dealt, and a line says so).
    ``services``: the side jobs (default: as the table runs them, the review made ahead,
    the match kept, the statistics recorded). ``delay``: seconds a bot's move takes
    (default none). Raises :class:`~guinote_tui.engine.HistoryError` for a history that
    cannot be resumed.
    """
    asked = Asked(
        players=players,
        level=level,
        rules=rules,
        seed=seed,
        history=history,
        continue_match=continue_match,
        lang=lang,
        decks=decks,
        dealer=dealer,
    )
    start = prepare(asked, services=services)
    services = start.services
    stats = Statistics() if services.record_stats else None
    try:
        session = GameSession(start.settings, start.match, services=services, stats=stats, stacked=services.stacked)
        game = PlainGame(
            session, reader, writer, echo=echo, hint_budget=hint_budget, delay=delay or 0.0, notices=start.notices
        )
        return game.run()
    finally:
        if stats is not None:
            stats.close()
        resume.release()
