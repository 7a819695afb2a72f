"""What the sentences about a match read of it, whether it is played here or at a table another computer hosts.

The summary after a hand, the score sheet and their sentences
(:mod:`.sentences`, :mod:`.scoresheet`) read a match through
:class:`MatchTold`: the local table's :class:`~.session.GameSession` is one,
with the engine's :class:`~guinote_tui.engine.Match`; a seat at a hosted table
is another, with what the host told it (each hand's result, the juegos and
cotos), so both seats show the same summary and the same sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..engine import HandResult, Rules
from .narration import Narrator

__all__ = ["FinishedHand", "HandInPlay", "HandTold", "MatchFacts", "MatchTold"]


class FinishedHand(Protocol):
    """A hand of the match that was played (the engine's :class:`~guinote_tui.engine.HandRecord`)."""

    @property
    def result(self) -> HandResult | None: ...


class HandInPlay(Protocol):
    """The match's current hand, as far as the score sheet reads it."""

    @property
    def is_over(self) -> bool: ...

    @property
    def carried(self) -> tuple[int, int]: ...


class MatchFacts(Protocol):
    """A match's rules, its tally and its hands (side 0 is the player's)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def juegos(self) -> Sequence[int]: ...

    @property
    def cotos(self) -> Sequence[int]: ...

    @property
    def finished(self) -> Sequence[FinishedHand]: ...

    @property
    def hand(self) -> HandInPlay: ...


class MatchTold(Protocol):
    """A match as the player is told it: its facts, and the seats' and sides' names."""

    @property
    def narrator(self) -> Narrator: ...

    @property
    def match(self) -> MatchFacts: ...

    def side_name(self, side: int) -> str: ...


class HandTold(MatchTold, Protocol):
    """A match whose hand just ended: the summary's."""

    @property
    def result(self) -> HandResult | None: ...
