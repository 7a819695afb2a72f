"""The laboratory: research, benchmarks and training. Not part of the game a player installs.

It lives beside the product (``guinote_tui``) in the repository and is not in the wheel; a development install
(``pip install -e '.[test]'``) or running from the repository makes it importable. The product never imports it.
Its commands run from the repository (``python -m guinote_lab.MODULE``); docs/lab/README.md lists them with
the notes their figures went to. Tournaments and the ladder that the levels offered rest on are the product's
(:mod:`guinote_tui.tournament`, ``guinote tournament``).

* :mod:`.bench`: decision times per level (``python -m guinote_lab.bench``);
* :mod:`.regret`: phase-1 regret against the open-card oracle (``python -m guinote_lab.regret``);
* :mod:`.coach_stability`, :mod:`.coach_verdicts` (with :mod:`.coach_corpus`, :mod:`.coach_reference`,
  :mod:`.coach_verdict_stats`): how far the coach's verdicts hold across seeds and against a deeper estimate;
* :mod:`.exploit_suite`, :mod:`.juego_suite`: suites of positions with settled answers for the bots;
* :mod:`.make_puzzles`: the generator of the puzzles the game ships;
* :mod:`.learned` and :mod:`.learn`: a value network trained by self-play (the ``learned`` bot);
  :mod:`.playmodel_core` and :mod:`.playmodel`: a learned model of card play for the inference (the
  ``playmodel`` bot). Both were measured and are used by no level; they need NumPy, which the game does not.

Importing the package adds its experimental bots to the game's registry (never offered to players), so that
``python -m guinote_lab tournament --a learned --b normal`` plays them; nothing else is loaded:

    >>> import guinote_lab
    >>> from guinote_tui.ai import REGISTRY
    >>> "learned" in REGISTRY and "playmodel" in REGISTRY
    True
"""

from __future__ import annotations

from guinote_tui.ai import REGISTRY, register

for _name, _module, _cls in (
    ("learned", "guinote_lab.learned", "LearnedBot"),
    ("playmodel", "guinote_lab.playmodel_core", "PlayModelBot"),
):
    if _name not in REGISTRY:  # (imported twice, e.g. as __main__ and as a package)
        register(_name, _module, _cls)
