"""Narration: the engine's events told as log lines, with Rich markup.

Everything here reads events already filtered to the player's seat
(:func:`guinote_tui.engine.visible_to`), so the log can tell only what that
seat may know (docs/rules.md, section 8). No widgets, no game state: a
:class:`Narrator` knows the seats' names and turns events into lines.

    >>> from guinote_tui.engine import CanteSung, Suit
    >>> narrator = Narrator(("You", "Rival"))
    >>> narrator.lines([CanteSung(1, Suit.COPAS, 20)])
    ['Rival sings [b]20[/b] in Copas']
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import (
    ArrastreBegun,
    CanteSung,
    Card,
    CardDrawn,
    Event,
    HandEnded,
    HandResult,
    MuestraTaken,
    Passed,
    SevenChanged,
    TrickWon,
    TuteDeclared,
)
from .cardart import SUIT_LIGHT

HUMAN = 0

PAIR_NAMES = ("You", "Right", "Partner", "Left")
HEADS_UP_NAMES = ("You", "Rival")

TUTE_RANKS = {12: "Reyes", 10: "Sotas", 11: "Caballos"}


def card_markup(card: Card | None) -> str:
    """A card's notation in its suit's colour, bold, for the log (``12E``); ``?`` when hidden."""
    if card is None:
        return "?"
    return f"[b {SUIT_LIGHT[card.suit]}]{card}[/]"


class Narrator:
    """Words for what happened at a table whose seats are called ``names`` (the player is seat 0)."""

    def __init__(self, names: tuple[str, ...], vueltas: bool = True) -> None:
        self.names = names
        self.players = len(names)
        #: Whether a hand that decides nothing is called de vueltas (the rules have vueltas).
        self.vueltas = vueltas

    # -- words for seats and sides ------------------------------------------------

    def verb(self, seat: int, verb: str) -> str:
        """``You sing`` / ``Rival sings``: a seat as the subject of ``verb``."""
        return f"{self.names[seat]} {verb if seat == HUMAN else verb + 's'}"

    def side_name(self, side: int) -> str:
        if self.players == 2:
            return "You" if side == 0 else "Rival"
        return "Us" if side == 0 else "Them"

    def side_does(self, side: int, verb: str) -> str:
        """``We win``, ``They win``, ``You win``, ``Rival wins``: a side as the subject."""
        if self.players == 2:
            return f"You {verb}" if side == 0 else f"Rival {verb}s"
        return f"We {verb}" if side == 0 else f"They {verb}"

    # -- events -------------------------------------------------------------------------

    def lines(self, events: Iterable[Event]) -> list[str]:
        """The log lines for ``events`` (cards played alone are shown on the felt, not logged)."""
        out: list[str] = []
        for event in events:
            out.extend(self.tell(event))
        return out

    def tell(self, event: Event) -> list[str]:
        """The log lines for one event (often none)."""
        if isinstance(event, CanteSung):
            return [f"{self.verb(event.seat, 'sing')} [b]{event.points}[/b] in {event.suit.title}"]
        if isinstance(event, SevenChanged):
            given, taken = card_markup(event.given), card_markup(event.taken)
            return [f"{self.verb(event.seat, 'change')} the {given} for the muestra {taken}"]
        if isinstance(event, TuteDeclared):
            ranks = TUTE_RANKS.get(event.rank, f"{event.rank}s")
            return [f"{self.verb(event.seat, 'declare')} [b]tute[/b] ({ranks})"]
        if isinstance(event, Passed):
            return ["You pass"] if event.seat == HUMAN else []
        if isinstance(event, TrickWon):
            winner = "you" if event.winner == HUMAN else self.names[event.winner]
            return [f"Trick {event.number} to {winner}, +{event.points}"]
        if isinstance(event, CardDrawn):
            return [f"You draw {card_markup(event.card)}"] if event.seat == HUMAN and event.card is not None else []
        if isinstance(event, MuestraTaken):
            return [f"{self.verb(event.seat, 'take')} the muestra {card_markup(event.card)}"]
        if isinstance(event, ArrastreBegun):
            return ["[b]Arrastre[/b]: follow suit and beat"]
        if isinstance(event, HandEnded):
            assert isinstance(event.result, HandResult)
            return self.result_lines(event.result)
        return []

    def result_lines(self, result: HandResult) -> list[str]:
        """How a finished hand ended, in one line."""
        if result.juego_winner is None:
            goes_on = "de vueltas" if self.vueltas else "the juego goes on"
            return [f"Hand over {result.totals[0]}–{result.totals[1]}: {goes_on}"]
        return [f"Hand over: {self.side_does(result.juego_winner, 'win')} the juego"]
