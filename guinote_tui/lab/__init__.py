"""The measuring tools: how strong and how fast the bots are.

Nothing here plays a game for a person; the bots (:mod:`guinote_tui.ai`)
never import this package.

* :mod:`.runner`, :mod:`.stats`, :mod:`.report`: tournaments between two bot
  kinds over seeded, optionally duplicate deals (``guinote tournament``;
  docs/dev/tournaments.md defines a deal and every figure);
* :mod:`.selfplay`: the speed of self-play, whole matches of one bot kind at
  every seat (``guinote simulate``);
* :mod:`.bench`: decision times per level (``python -m guinote_tui.lab.bench``);
* :mod:`.regret`: phase-1 regret against the open-card oracle
  (``python -m guinote_tui.lab.regret``);
* :mod:`.coach_stability`: how much the coach's review moves with its seed
  (``python -m guinote_tui.lab.coach_stability``);
* :mod:`.coach_verdicts`: how far the review's graded verdicts hold across
  seeds and against a deeper estimate, on a corpus of saved hands
  (:mod:`.coach_corpus`, :mod:`.coach_reference`, :mod:`.coach_verdict_stats`;
  ``python -m guinote_tui.lab.coach_verdicts``).

The package imports nothing at load time; ``guinote`` imports a tool only
inside the command that runs it:

    >>> from guinote_tui.lab.report import run_tournament
    >>> from guinote_tui.lab.runner import TournamentConfig
    >>> report = run_tournament(TournamentConfig("random", "random", players=2, deals=4, seed=1))
    >>> report.deals, report.games
    (4, 8)
"""
