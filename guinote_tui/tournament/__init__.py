"""Tournaments between two bot kinds: duplicate deals, intervals, Elo, timings.

    >>> from guinote_tui.tournament import TournamentConfig, run_tournament
    >>> report = run_tournament(TournamentConfig("random", "random", players=2, deals=4, seed=1))
    >>> report.deals, report.games
    (4, 8)

``guinote simulate --a SPEC --b SPEC`` is the command-line face of this
package; docs/tournaments.md defines a deal and every figure.
"""

from __future__ import annotations

from .report import TournamentReport, run_tournament
from .runner import MAX_HANDS_PER_JUEGO, GameResult, TournamentConfig, TournamentError, deal_order, play_game

__all__ = [
    "MAX_HANDS_PER_JUEGO",
    "GameResult",
    "TournamentConfig",
    "TournamentError",
    "TournamentReport",
    "deal_order",
    "play_game",
    "run_tournament",
]
