"""Where a hand stands and how it ended: the engine's shared vocabulary.

Kept in a module of its own so that :mod:`.hand`, :mod:`.explain` and
:mod:`.events` can all use it without importing one another.
"""

from __future__ import annotations

from enum import Enum, StrEnum

from .cards import RANKS


class Stage(StrEnum):
    """Whose decision the hand waits for (docs/rules.md, section 3).

    * ``PLAY``: ``to_move`` plays a card; the leader of a trick right after
      their side won the previous one may first sing, change the seven or
      declare tute (the *window*).
    * ``WINDOW``: the trick winner's partner holds a cante, a change or a
      tute and decides first (pass to let it go); then the leader plays.
    * ``PREDRAW``: just before the final draw, the holder of the 7 (or 2) of
      trumps on the winning side may change it before the muestra is drawn.
    * ``OVER``: the hand is finished; the hand's result says how.

    The values are the plain words used in saved files and logs.
    """

    PLAY = "play"
    WINDOW = "window"
    PREDRAW = "predraw"
    OVER = "over"


#: Stages where the seat asked is chosen by its private cards (a pair to sing, the seven to change): the others
#: must not learn who is asked, nor that anyone is (docs/rules.md, section 8; :func:`~.views.observed`).
PRIVATE_STAGES = frozenset({Stage.WINDOW, Stage.PREDRAW})


class Termination(Enum):
    """Why a hand ended the way it did (docs/rules.md, section 7)."""

    #: A side reached the target when the hand was played out (also the first hand of a juego).
    TARGET = "target"
    #: De vueltas with the instant win: a side reached the target on a trick.
    VUELTAS_TRICK = "vueltas_trick"
    #: De vueltas with the instant win: a side reached the target with a cante.
    VUELTAS_CANTE = "vueltas_cante"
    #: De vueltas with the instant win: a side reached the target with a tute's forty.
    VUELTAS_TUTE = "vueltas_tute"
    #: A tute declared under ``tute=juego``: the juego is won at once.
    TUTE = "tute"
    #: Both sides reached the target; the last trick decided.
    BOTH_LAST_TRICK = "both_last_trick"
    #: Both sides reached the target; the higher score won.
    BOTH_HIGHER = "both_higher"
    #: Both sides reached the target with equal scores: nobody wins, another hand.
    BOTH_TIED = "both_tied"
    #: A side reached the target without 30 from cards and the last ten in the first hand.
    TREINTA_MALAS = "treinta_malas"
    #: Nobody reached the target: the scores carry into another hand (de vueltas).
    DE_VUELTAS = "de_vueltas"

    @property
    def text(self) -> str:
        """The ending in plain English (the interface translates by the member)."""
        return _TEXT[self]


_TEXT: dict[Termination, str] = {
    Termination.TARGET: "reached the target",
    Termination.VUELTAS_TRICK: "reached the target de vueltas",
    Termination.VUELTAS_CANTE: "reached the target de vueltas with a cante",
    Termination.VUELTAS_TUTE: "reached the target de vueltas with a tute",
    Termination.TUTE: "tute",
    Termination.BOTH_LAST_TRICK: "both reached the target: the last trick decides",
    Termination.BOTH_HIGHER: "both reached the target: the higher score wins",
    Termination.BOTH_TIED: "both reached the target with equal scores: another hand",
    Termination.TREINTA_MALAS: "treinta malas: 101 without 30 from cards and the last ten",
    Termination.DE_VUELTAS: "nobody reached the target: de vueltas",
}


HAND_SIZE = 6
REY_INDEX = RANKS.index(12)
SEVEN_INDEX = RANKS.index(7)
TWO_INDEX = RANKS.index(2)
#: Suit and rank index of each card number (card = suit * 10 + rank index).
SUIT_OF: list[int] = [c // 10 for c in range(40)]
RANK_INDEX: list[int] = [c % 10 for c in range(40)]
