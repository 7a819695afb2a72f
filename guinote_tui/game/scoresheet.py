"""The match's score sheet as data: each hand's points and cantes, the juego's totals, the juego and coto tally.

The table's score sheet (:mod:`guinote_tui.ui.screens.scoresheet`) draws it; the plain mode says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import HandResult, Rules, Termination
from ..i18n import _
from ..present.statsreport import ending_name
from .sentences import juego_won
from .told import FinishedHand, HandInPlay, MatchTold

__all__ = ["SheetRow", "ending_text", "sheet_rows"]


@dataclass(frozen=True)
class SheetRow:
    """One hand of the match on the score sheet; every pair is (side 0, side 1), side 0 the player's."""

    #: The hand's number in the match (1 for the first).
    hand: int
    #: The juego's number in the match (1 for the first), and whether this hand is its first.
    juego: int
    first_of_juego: bool
    #: The hand's points (cards, last ten, cantes, capote) and its cantes alone; None while it is played.
    points: tuple[int, int] | None
    cantes: tuple[int, int] | None
    #: The running totals of the juego after the hand (the carried scores while it is played).
    totals: tuple[int, int]
    #: How the hand ended (None while it is played).
    result: HandResult | None
    #: The juegos of the coto in play and the cotos of the match, after the hand.
    juegos: tuple[int, int]
    cotos: tuple[int, int]

    @property
    def in_play(self) -> bool:
        return self.result is None


def sheet_rows(
    records: Sequence[FinishedHand],
    rules: Rules,
    current: HandInPlay | None = None,
    tally: tuple[Sequence[int], Sequence[int]] | None = None,
) -> list[SheetRow]:
    """The score sheet of a match whose finished hands are ``records``; ``current``: a hand still in play.

    The juego and coto tally follow the match's own booking (a juego won resets
    the scores; ``juegos_per_coto`` juegos win a coto and start the next at 0–0).
    A hand whose result is not known (played before a seat sat down at a hosted
    table) has no row; the hand in play then takes the match's own ``tally``
    (juegos, cotos), which counts it.
    """
    rows: list[SheetRow] = []
    juegos, cotos = [0, 0], [0, 0]
    juego, first = 1, True
    for number, record in enumerate(records, 1):
        result = record.result
        if result is None:
            continue
        side = result.juego_winner
        if side is not None:
            juegos[side] += 1
            if juegos[side] >= rules.juegos_per_coto:
                cotos[side] += 1
                juegos = [0, 0]
        rows.append(
            SheetRow(
                number, juego, first, result.points, result.cante_points, result.totals, result,
                (juegos[0], juegos[1]), (cotos[0], cotos[1]),
            )
        )  # fmt: skip
        first = side is not None
        juego += 1 if first else 0
    if current is not None and not current.is_over:
        if tally is not None and any(record.result is None for record in records):
            juegos, cotos = list(tally[0]), list(tally[1])
        rows.append(
            SheetRow(
                len(records) + 1, juego, first, None, None, current.carried, None, (juegos[0], juegos[1]),
                (cotos[0], cotos[1]),
            )
        )  # fmt: skip
    return rows


def ending_text(session: MatchTold, result: HandResult) -> str:
    """How a hand ended, in the player's language: the juego won, or the ending's name (and a capote)."""
    side = result.juego_winner
    if side is not None:
        text = juego_won(session, result, side)
    else:
        text = ending_name(result.reason)
        text = text[:1].upper() + text[1:]
        if result.reason is Termination.TREINTA_MALAS and result.treinta_malas_denied:
            text += " (" + ", ".join(session.side_name(s) for s in result.treinta_malas_denied) + ")"
    if result.capote_side is not None:
        text += f" · {_('Capote')} ({session.side_name(result.capote_side)})"
    return text
