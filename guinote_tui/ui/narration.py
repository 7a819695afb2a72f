"""Narration: the engine's events told as log lines, with Rich markup.

Everything here reads events already filtered to the player's seat
(:func:`guinote_tui.engine.visible_to`), so the log can tell only what that
seat may know (docs/rules.md, section 8). No widgets, no game state: a
:class:`Narrator` knows the seats' names and turns events into lines.

    >>> from guinote_tui.engine import CanteSung, Suit
    >>> narrator = Narrator(("You", "Rival"))
    >>> narrator.lines([CanteSung(1, Suit.COPAS, 20)])
    ['Rival sings [b]20[/b] in Copas']

A finished trick is told in one line: who took it, with which card and why,
and its points (with the ten for the last trick when it is the last).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine import (
    ArrastreBegun,
    CanteSung,
    Card,
    CardDrawn,
    Event,
    HandEnded,
    HandResult,
    LastTrickTen,
    MuestraTaken,
    Passed,
    Rules,
    SevenChanged,
    TrickWon,
    TuteDeclared,
    WinReason,
)
from .cardart import SUIT_LIGHT

HUMAN = 0

PAIR_NAMES = ("You", "Right", "Partner", "Left")
HEADS_UP_NAMES = ("You", "Rival")

TUTE_RANKS = {12: "Reyes", 10: "Sotas", 11: "Caballos"}


def card_name_markup(card: Card) -> str:
    """A card's spoken name in its suit's colour, bold (``Tres de Copas``)."""
    return f"[b {SUIT_LIGHT[card.suit]}]{card.name}[/]"


def card_markup(card: Card | None) -> str:
    """A card's notation in its suit's colour, bold, for the log (``12E``); ``?`` when hidden."""
    if card is None:
        return "?"
    return f"[b {SUIT_LIGHT[card.suit]}]{card}[/]"


class Narrator:
    """Words for what happened at a table whose seats are called ``names`` (the player is seat 0)."""

    def __init__(self, names: tuple[str, ...], rules: Rules | None = None) -> None:
        self.names = names
        self.players = len(names)
        self.rules = rules or Rules()

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
        events = list(events)
        out: list[str] = []
        for index, event in enumerate(events):
            if isinstance(event, TrickWon):
                follows = events[index + 1] if index + 1 < len(events) else None
                out.append(self.trick_line(event, last_ten=isinstance(follows, LastTrickTen)))
            else:
                out.extend(self.tell(event))
        return out

    def trick_line(self, event: TrickWon, last_ten: bool = False) -> str:
        """``Trick 3 to Partner: Tres de Copas wins, highest Copas · +14`` (and the ten for the last trick)."""
        winner = "you" if event.winner == HUMAN else self.names[event.winner]
        points = f"+{event.points}"
        if last_ten:
            points += ", +10 for the last trick"
        return f"Trick {event.number} to {winner}: {self.why(event.card, event.why, event.cards)} · {points}"

    @staticmethod
    def why(card: Card, why: WinReason, cards: Sequence[tuple[int, Card]] = ()) -> str:
        """Why ``card`` holds a trick: ``Tres de Copas wins, highest Copas``, ``Cuatro de Oros trumps``…"""
        name = card_name_markup(card)
        if why is WinReason.TRUMPED:
            return f"{name} trumps"
        if why is WinReason.OVERTRUMPED:
            return f"{name} over-trumps"
        if cards and cards[0][1] == card:
            return f"{name} wins, nobody beat the lead"
        return f"{name} wins, highest {card.suit.title}"

    def arrastre_lines(self) -> list[str]:
        """What changes when the stock is gone, under the rules in play (docs/rules.md, section 4)."""
        rules = self.rules
        duties = "follow suit and beat the winning card if you can; with none of the suit, trump (over-trump a trump)"
        if rules.must_undertrump:
            duties += ", even with a trump that cannot win"
        text = f"[b]Arrastre[/b]: the stock is gone. From now on {duties}."
        if self.players == 4:
            if rules.partner_exemption:
                text += " When your partner is winning, following suit is enough."
            else:
                text += " The duties hold even when your partner is winning."
        return [text]

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
            return [self.trick_line(event)]
        if isinstance(event, CardDrawn):
            return [f"You draw {card_markup(event.card)}"] if event.seat == HUMAN and event.card is not None else []
        if isinstance(event, MuestraTaken):
            return [f"{self.verb(event.seat, 'take')} the muestra {card_markup(event.card)}"]
        if isinstance(event, ArrastreBegun):
            return self.arrastre_lines()
        if isinstance(event, HandEnded):
            assert isinstance(event.result, HandResult)
            return self.result_lines(event.result)
        return []

    def result_lines(self, result: HandResult) -> list[str]:
        """How a finished hand ended, in one line."""
        if result.juego_winner is None:
            goes_on = "de vueltas" if self.rules.vueltas else "the juego goes on"
            return [f"Hand over {result.totals[0]}–{result.totals[1]}: {goes_on}"]
        return [f"Hand over: {self.side_does(result.juego_winner, 'win')} the juego"]
