"""Why the coach advises what it advises: a small set of named ideas, and their sentences.

A :class:`Reason` is a :class:`ReasonCode` with parameters (plain strings and
numbers, so a reason is JSON-ready). :func:`reason_text` makes the sentence
in the current language (:mod:`guinote_tui.i18n`); it is the one place the
sentences live: the table below keeps them in English, marked for the
catalogs, and they are translated when asked for. Cards are given in the card
notation (``"1O"``: the ace of oros), suits by their name (card, suit and
rank names are not translated).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..engine import Card
from ..i18n import N_, _, ngettext


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


#: The sentences, in English (marked for the catalogs, translated by :func:`reason_text`).
_TEXT: dict[ReasonCode, str] = {
    ReasonCode.MUST_FOLLOW: N_("You must follow suit: the {card} is your only card of the suit led."),
    ReasonCode.MUST_BEAT: N_("You must follow suit and beat the winning card: only the {card} does."),
    ReasonCode.MUST_TRUMP: N_("You cannot follow suit and an opponent is winning: you must trump with the {card}."),
    ReasonCode.ONLY_CARD: N_("The {card} is the only thing you may play."),
    ReasonCode.MASTER_CARD: N_("The {card} is the master of its suit: it wins the trick for sure."),
    ReasonCode.KEEP_TRUMPS: N_("Keep your trumps for the arrastre: let this trick go with the {card}."),
    ReasonCode.LEAD_TRUMPS: N_("Lead trumps with the {card} to draw the opponents' trumps."),
    ReasonCode.DUCK: N_("No points on the trick yet: let it go cheaply with the {card}."),
    ReasonCode.THROW_LOWEST: N_("Throw the {card}: it gives away the least."),
    ReasonCode.LEAD_LOW: N_("Lead the {card}: it risks the fewest points."),
    ReasonCode.SING_NOW: N_("Sing the {points} in {suit} now."),
    ReasonCode.CHANGE_SEVEN: N_("Change your {card} for the muestra: it is worth more."),
    ReasonCode.DECLARE_TUTE: N_("Declare tute: you hold all four {ranks}."),
    ReasonCode.LET_GO: N_("Nothing worth declaring: let the window go."),
    ReasonCode.BEST_BY_SEARCH: N_(
        "No simple rule decides this one: played out on deals that fit what you know, the {card} scored best."
    ),
}

#: The sentences whose words follow the number of ``points`` (the form is chosen when they are asked for).
_COUNTED: dict[ReasonCode, Callable[[int], str]] = {
    ReasonCode.LOAD_PARTNER: lambda n: ngettext(
        "Your partner is winning the trick: load it with the {card} ({points} point).",
        "Your partner is winning the trick: load it with the {card} ({points} points).",
        n,
    ),
    ReasonCode.WIN_POINTS: lambda n: ngettext(
        "Take the trick with the {card}: it is worth {points} point.",
        "Take the trick with the {card}: it is worth {points} points.",
        n,
    ),
}


def reason_text(reason: ReasonCode, **params: Any) -> str:
    """The sentence for ``reason`` with its parameters, in the current language (a card in notation is named).

    >>> reason_text(ReasonCode.MASTER_CARD, card="1O")
    'The As de Oros is the master of its suit: it wins the trick for sure.'
    """
    card = params.get("card")
    if isinstance(card, str):
        with contextlib.suppress(ValueError):  # not a card ("pass"): said as it is
            params = {**params, "card": Card.parse(card).name}
    counted = _COUNTED.get(reason)
    if counted is not None:
        return counted(int(params["points"])).format(**params)
    return _(_TEXT[reason]).format(**params)


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
