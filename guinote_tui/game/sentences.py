"""Sentences the table and its dialogs say about a match (the summary, the score sheet, leaving)."""

from __future__ import annotations

from ..engine import HandResult, Termination
from ..i18n import _
from ..present.statsreport import ending_name
from .session import GameSession


def juego_won(session: GameSession, result: HandResult, side: int) -> str:
    """``You win the juego with 104 of 101.``: who won the juego, and how."""
    if result.reason is Termination.TUTE:
        text = session.narrator.by_side(
            side,
            you=_("You win the juego with a tute."),
            rival=_("Rival wins the juego with a tute."),
            we=_("We win the juego with a tute."),
            they=_("They win the juego with a tute."),
        )
    elif result.reason is Termination.TARGET:
        text = session.narrator.by_side(
            side,
            you=_("You win the juego with {points} of {target}."),
            rival=_("Rival wins the juego with {points} of {target}."),
            we=_("We win the juego with {points} of {target}."),
            they=_("They win the juego with {points} of {target}."),
        )
    else:
        text = session.narrator.by_side(
            side,
            you=_("You win the juego ({reason})."),
            rival=_("Rival wins the juego ({reason})."),
            we=_("We win the juego ({reason})."),
            they=_("They win the juego ({reason})."),
        )
    return text.format(points=result.totals[side], target=session.match.rules.target, reason=ending_name(result.reason))


def leave_question(session: GameSession) -> str:
    """What leaving asks: the match is kept for Continue, or it must be saved by hand."""
    keeper = session.keeper
    if keeper is not None and keeper.problem is None:
        return _("Leave the game? This match is kept: Continue on the start screen goes on with it.")
    return _("Leave the game? (To keep it, answer n and save with Ctrl+S.)")
