"""Tournaments between bots, and the ladder the levels offered rest on.

* :mod:`.runner`, :mod:`.stats`, :mod:`.report`: tournaments between two bot kinds over seeded, optionally
  duplicate deals (``guinote tournament``; docs/dev/tournaments.md defines a deal and every figure);
* :mod:`.selfplay`: the speed of self-play, whole matches of one bot kind at every seat (``guinote simulate``);
* :mod:`.ladder`: pools tournament results into the strength table the levels offered are read from
  (``python -m guinote_tui.tournament.ladder``, ``guinote_tui/ai/strength.json``).

The package imports nothing at load time; ``guinote`` imports it only inside the command that runs it:

    >>> from guinote_tui.tournament.report import run_tournament
    >>> from guinote_tui.tournament.runner import TournamentConfig
    >>> report = run_tournament(TournamentConfig("random", "random", players=2, deals=4, seed=1))
    >>> report.deals, report.games
    (4, 8)
"""
