"""Sentences the table and its dialogs say about a match (the summary, the score sheet, leaving).

The end of a hand is said in :func:`points_rows` (where each side's points
came from) and :func:`verdict` (what the hand decided), each sentence with
its :data:`Tone`: the summary screen colours them, the plain mode
(:mod:`guinote_tui.plain`) says them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..engine import HandResult, Termination
from ..i18n import _
from ..present.statsreport import ending_name
from .session import GameSession
from .told import MatchTold


def juego_won(session: MatchTold, result: HandResult, side: int) -> str:
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


#: How a sentence of the summary reads: good or bad news for the player's side, plain, or a faint aside.
Tone = Literal["good", "bad", "plain", "faint"]


@dataclass(frozen=True)
class Said:
    """One sentence of the summary with its tone."""

    text: str
    tone: Tone


@dataclass(frozen=True)
class PointsRow:
    """One row of the hand's points: its label and each side's figure (None: nothing for that side)."""

    label: str
    points: tuple[int | None, int | None]
    #: A total (the hand's, the juego's so far), shown in bold.
    total: bool = False


def points_rows(session: MatchTold, result: HandResult) -> list[PointsRow]:
    """Card points, the last ten and cantes per side, then the hand and the running totals."""
    ten = (10 if result.last_trick_side == 0 else None, 10 if result.last_trick_side == 1 else None)
    rows = [
        PointsRow(_("Card points"), result.card_points),
        PointsRow(_("Last trick (de últimas)"), ten),
        PointsRow(_("Cantes and tute"), result.cante_points),
    ]
    if result.capote_side is not None:
        capote = tuple(result.capote_bonus if result.capote_side == side else None for side in (0, 1))
        rows.append(PointsRow(_("Capote"), (capote[0], capote[1])))
    rows.append(PointsRow(_("This hand"), result.points, total=True))
    if result.carried != (0, 0) or not result.first_of_juego:
        carried = _("Carried (de vueltas)") if session.match.rules.vueltas else _("Carried")
        rows.append(PointsRow(carried, result.carried))
        rows.append(PointsRow(_("Total"), result.totals, total=True))
    return rows


def verdict(session: MatchTold, result: HandResult) -> list[Said]:
    """What the hand decided: juego, coto, match, or de vueltas, and why; the juegos and cotos last."""
    match = session.match
    rules = match.rules
    said: list[Said] = []
    winner = result.juego_winner
    if winner is None and rules.vueltas:
        text = _(
            "Nobody wins the juego: de vueltas. The next hand starts from {mine}–{theirs}"
            " and ends the moment a side reaches {target}."
        )
        said.append(Said(text.format(mine=result.totals[0], theirs=result.totals[1], target=rules.target), "plain"))
    elif winner is None:
        # No vueltas under these rules (libre-100): the scores carry into a hand played to the end.
        text = _("Nobody wins the juego yet. The next hand starts from {mine}–{theirs} and is played to the end.")
        said.append(Said(text.format(mine=result.totals[0], theirs=result.totals[1]), "plain"))
    else:
        said.append(Said(juego_won(session, result, winner), "good" if winner == 0 else "bad"))
    for side in result.treinta_malas_denied:
        # One whole sentence for each subject: a side's name ("Us") is not a subject in every language.
        denied = session.narrator.by_side(
            side,
            you=_(
                "Treinta malas: you reached {target} but made only {points} from cards and the last ten (30 needed)."
            ),
            rival=_(
                "Treinta malas: Rival reached {target} but made only {points} from cards and the last ten (30 needed)."
            ),
            we=_("Treinta malas: we reached {target} but made only {points} from cards and the last ten (30 needed)."),
            they=_(
                "Treinta malas: they reached {target} but made only {points} from cards and the last ten (30 needed)."
            ),
        )
        said.append(Said(denied.format(target=rules.target, points=result.cards_and_ten(side)), "plain"))
    if result.stopped_early and result.reason is not Termination.TUTE:
        said.append(Said(_("De vueltas the hand stopped the moment the target was reached."), "plain"))
    if match.is_over and match.winner is not None:
        won = session.narrator.by_side(
            match.winner,
            you=_("You win the match!"),
            rival=_("Rival wins the match!"),
            we=_("We win the match!"),
            they=_("They win the match!"),
        )
        said.append(Said(won, "good" if match.winner == 0 else "bad"))
    elif winner is not None and tuple(match.juegos) == (0, 0):
        won = session.narrator.by_side(
            winner,
            you=_("You win the coto!"),
            rival=_("Rival wins the coto!"),
            we=_("We win the coto!"),
            they=_("They win the coto!"),
        )
        said.append(Said(won, "good" if winner == 0 else "bad"))
    cotos = _("Cotos {mine}–{theirs} (first to {needed})").format(
        mine=match.cotos[0], theirs=match.cotos[1], needed=rules.cotos_to_win
    )
    if rules.juegos_per_coto > 1:
        juegos = _("Juegos {mine}–{theirs} (first to {needed})").format(
            mine=match.juegos[0], theirs=match.juegos[1], needed=rules.juegos_per_coto
        )
        cotos = f"{juegos} · {cotos}"
    # (With one juego a coto, as in libre-100, the juegos are back to 0–0 the moment one is won.)
    said.append(Said(cotos, "faint"))
    return said
