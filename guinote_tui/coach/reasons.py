"""Why the coach advises what it advises: a small set of named ideas, and their sentences.

A :class:`Reason` is a :class:`ReasonCode` with parameters (plain strings and
numbers, so a reason is JSON-ready). :func:`reason_text` makes the English
sentence; it is the one place the sentences live (an interface translates by
the code and the parameters). Cards are given in the card notation
(``"1O"``: the ace of oros), suits by their name.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..engine import Card


class ReasonCode(StrEnum):
    """The ideas the coach explains its choice with (the values are the codes in JSON)."""

    #: Forced: the arrastre makes you follow suit and only one card does.
    MUST_FOLLOW = "MUST_FOLLOW"
    #: Forced: follow and beat the opponent's winning card (montar).
    MUST_BEAT = "MUST_BEAT"
    #: Forced: void in the suit led with an opponent winning: trump (or over-trump).
    MUST_TRUMP = "MUST_TRUMP"
    #: Forced: the only card (or action) you may play.
    ONLY_CARD = "ONLY_CARD"
    #: The card is the master of its suit: it wins the trick for sure.
    MASTER_CARD = "MASTER_CARD"
    #: Load points on your partner's winning trick.
    LOAD_PARTNER = "LOAD_PARTNER"
    #: Keep your trumps for the arrastre: let this trick go.
    KEEP_TRUMPS = "KEEP_TRUMPS"
    #: Lead trumps to draw the opponents' trumps.
    LEAD_TRUMPS = "LEAD_TRUMPS"
    #: Take a trick worth points.
    WIN_POINTS = "WIN_POINTS"
    #: Let a trick with no points go.
    DUCK = "DUCK"
    #: Throw your lowest card: it gives away the least.
    THROW_LOWEST = "THROW_LOWEST"
    #: Lead a low card: it risks the fewest points.
    LEAD_LOW = "LEAD_LOW"
    #: Sing the cante now.
    SING_NOW = "SING_NOW"
    #: Change the seven (or two) of trumps for the muestra.
    CHANGE_SEVEN = "CHANGE_SEVEN"
    #: Declare tute.
    DECLARE_TUTE = "DECLARE_TUTE"
    #: Nothing worth declaring: let the window go.
    LET_GO = "LET_GO"
    #: No simple rule says it: the search found it best.
    BEST_BY_SEARCH = "BEST_BY_SEARCH"


_TEXT: dict[ReasonCode, str] = {
    ReasonCode.MUST_FOLLOW: "You must follow suit: the {card} is your only card of the suit led.",
    ReasonCode.MUST_BEAT: "You must follow suit and beat the winning card: only the {card} does.",
    ReasonCode.MUST_TRUMP: "You cannot follow suit and an opponent is winning: you must trump with the {card}.",
    ReasonCode.ONLY_CARD: "The {card} is the only thing you may play.",
    ReasonCode.MASTER_CARD: "The {card} is the master of its suit: it wins the trick for sure.",
    ReasonCode.LOAD_PARTNER: "Your partner is winning the trick: load it with the {card} ({points} points).",
    ReasonCode.KEEP_TRUMPS: "Keep your trumps for the arrastre: let this trick go with the {card}.",
    ReasonCode.LEAD_TRUMPS: "Lead trumps with the {card} to draw the opponents' trumps.",
    ReasonCode.WIN_POINTS: "Take the trick with the {card}: it is worth {points} points.",
    ReasonCode.DUCK: "No points on the trick yet: let it go cheaply with the {card}.",
    ReasonCode.THROW_LOWEST: "Throw the {card}: it gives away the least.",
    ReasonCode.LEAD_LOW: "Lead the {card}: it risks the fewest points.",
    ReasonCode.SING_NOW: "Sing the {points} in {suit} now.",
    ReasonCode.CHANGE_SEVEN: "Change your {card} for the muestra: it is worth more.",
    ReasonCode.DECLARE_TUTE: "Declare tute: you hold all four {rank}s.",
    ReasonCode.LET_GO: "Nothing worth declaring: let the window go.",
    ReasonCode.BEST_BY_SEARCH: (
        "No simple rule decides this one: played out on deals that fit what you know, the {card} scored best."
    ),
}


def reason_text(reason: ReasonCode, **params: Any) -> str:
    """The English sentence for ``reason`` with its parameters (a card in notation is named).

    >>> reason_text(ReasonCode.MASTER_CARD, card="1O")
    'The As de Oros is the master of its suit: it wins the trick for sure.'
    """
    card = params.get("card")
    if isinstance(card, str):
        with contextlib.suppress(ValueError):  # not a card ("pass"): said as it is
            params = {**params, "card": Card.parse(card).name}
    return _TEXT[reason].format(**params)


@dataclass(frozen=True, eq=True)
class Reason:
    """A reason code and its parameters (strings and numbers)."""

    code: ReasonCode
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return reason_text(self.code, **self.params)

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params.items()))))
