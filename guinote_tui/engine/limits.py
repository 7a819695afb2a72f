"""The bounds a match is held to that a command line names before any hand is dealt.

Apart from the rest of the engine so that naming them (``guinote play --seed``, ``guinote review --hands``)
loads nothing else: :mod:`.history` and :mod:`.match` hold a match to them.
"""

from __future__ import annotations

#: Seeds are stored as SQLite integers: signed 64-bit.
SEED_RANGE = range(-(2**63), 2**63)

#: The most hands a match may hold: a history with more is refused. A real match is 3 to 15 hands; the longest the
#: rules' bounds (:attr:`Rules.RANGES <guinote_tui.engine.rules.Rules.RANGES>`) allow is 486 (9 cotos of 9 juegos,
#: each of at most 6 hands at a target of 300: every hand played out gives out 130 points, and a juego is undecided
#: only while both sides are under the target), unless hand after hand ends in an exact tie over the target.
#: A kept match takes about 0.7 kB a hand (a history saved without indentation 0.5 kB; 1 kB at most): a match of
#: this many hands is at most about 1 MB, a tenth of the largest file the game reads.
MAX_HANDS = 1000
