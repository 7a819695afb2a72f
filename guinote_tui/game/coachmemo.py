"""What the coach told the player in a match: its advice by position, and the hints shown.

A position is the hand's deal (:class:`~guinote_tui.coach.ahead.HandSpec`)
and the actions before the decision. :class:`CoachMemo` keeps:

* the **advice** worked out for each position the player asked about, so a
  hint asked again for the same position (after an undo, say) is the same
  :class:`~guinote_tui.coach.Advice` object, figures and all, whichever
  analysis is ready by then;
* the **action each hint shown advised**, so the review never grades a
  decision where the player did what the hint said
  (:func:`~guinote_tui.coach.ahead.followed`).

It is kept by the session (:class:`~.session.GameSession`), not by a screen,
and is safe to use from the coach's worker thread.

    >>> from guinote_tui.engine import HandState
    >>> memo = CoachMemo()
    >>> hand = HandState(list(range(40)), dealer=1, players=2, events=False)
    >>> memo.known(position_of(hand)) is None
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from threading import Lock

from ..coach import Advice
from ..coach.ahead import HandSpec, Move, Reviewed, followed
from ..engine import Action, HandState

__all__ = ["CoachMemo", "Position", "position_of"]

#: A decision's position: the hand's deal and the actions before it.
Position = tuple[HandSpec, tuple[Move, ...]]


def position_of(hand: HandState) -> Position:
    """The position of the decision now in ``hand``."""
    return HandSpec.of(hand), tuple(hand.log)


class CoachMemo:
    """The coach's advice by position, and the actions of the hints shown to the player."""

    def __init__(self) -> None:
        self._lock = Lock()
        self._advice: dict[Position, Advice] = {}
        self._advised: dict[Position, Action] = {}
        #: The hint's good cards (:attr:`~guinote_tui.coach.Advice.good`): playing any of them follows it.
        self._good: dict[Position, frozenset[Action]] = {}

    def known(self, position: Position) -> Advice | None:
        """The advice already worked out for ``position`` (None: not asked yet)."""
        with self._lock:
            return self._advice.get(position)

    def remember(self, position: Position, advice: Advice) -> Advice:
        """Keep ``advice`` for ``position`` unless some advice is kept already; the advice kept (the first)."""
        with self._lock:
            return self._advice.setdefault(position, advice)

    def shown(self, position: Position, advice: Advice) -> None:
        """The player saw ``advice`` as the hint for ``position``: playing its action follows it."""
        with self._lock:
            self._advised[position] = advice.action
            self._good[position] = advice.good

    def advised(self, position: Position) -> Action | None:
        """The action the hint shown for ``position`` advised (None: no hint was shown there)."""
        with self._lock:
            return self._advised.get(position)

    def refine(self, position: Position, advice: Advice) -> Advice:
        """Keep ``advice``, a deeper analysis of ``position``, in place of the one kept: every later word on the
        decision is the refined one."""
        with self._lock:
            self._advice[position] = advice
            return advice

    def followed(self, position: Position, played: Action) -> bool:
        """A hint was shown for ``position`` and ``played`` is its move or one of its good cards."""
        with self._lock:
            return played == self._advised.get(position) or played in self._good.get(position, frozenset())

    def mark_followed(self, spec: HandSpec, log: Sequence[Move], reviewed: Sequence[Reviewed]) -> list[Reviewed]:
        """``reviewed`` (decisions of the hand dealt as ``spec`` with ``log``) with every followed hint ungraded
        (the hint's move played, or any card it named among the good ones)."""
        out = []
        for decision in reviewed:
            position = (spec, tuple(log[: decision.index]))
            out.append(followed(decision) if self.followed(position, decision.played) else decision)
        return out

    def forget(self, keep: HandState | None = None) -> None:
        """Drop what was said about other hands than ``keep``."""
        spec = HandSpec.of(keep) if keep is not None else None
        with self._lock:
            for table in (self._advice, self._advised, self._good):
                for position in [p for p in table if p[0] != spec]:
                    del table[position]
