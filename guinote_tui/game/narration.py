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
    RANK_NAMES,
    TUTE_RANKS,
    ArrastreBegun,
    CanteSung,
    Card,
    CardDrawn,
    CardPlayed,
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
from ..i18n import N_, _, ngettext, pgettext
from .palette import SUIT_LIGHT

HUMAN = 0

# The seats' names are marked here and translated where they are shown (``_(name)``), so the
# session, the saved history and the tests keep the English names whatever the language.
PAIR_NAMES = (N_("You"), N_("Right"), N_("Partner"), N_("Left"))
HEADS_UP_NAMES = (N_("You"), N_("Rival"))


def seat_names(players: int) -> tuple[str, ...]:
    """The seats' names at a table of ``players`` (in English; shown translated, ``_(name)``)."""
    return HEADS_UP_NAMES if players == 2 else PAIR_NAMES


#: How many letters of a seat's name fit on the edge of a card.
EDGE_LETTERS = 7


def edge_name(name: str) -> str:
    """A seat's name (English, as in :data:`PAIR_NAMES`) as written on the edge of a card it played.

    Each language may give a shorter form there (seven letters at most).

    >>> edge_name("Partner"), edge_name("Somebody")
    ('Partner', 'Somebod')
    """
    short = {
        "You": lambda: pgettext("seat name on the edge of a card, 7 letters at most", "You"),
        "Right": lambda: pgettext("seat name on the edge of a card, 7 letters at most", "Right"),
        "Partner": lambda: pgettext("seat name on the edge of a card, 7 letters at most", "Partner"),
        "Left": lambda: pgettext("seat name on the edge of a card, 7 letters at most", "Left"),
        "Rival": lambda: pgettext("seat name on the edge of a card, 7 letters at most", "Rival"),
    }.get(name)
    return (short() if short is not None else _(name))[:EDGE_LETTERS]


def card_name_markup(card: Card) -> str:
    """A card's spoken name in its suit's colour, bold (``Tres de Copas``)."""
    return f"[b {SUIT_LIGHT[card.suit]}]{card.name}[/]"



def trick_points(points: int, last_ten: bool) -> str:
    """What a trick scored as the logs say it: ``+14``, or with the last trick's ten ``+14, +10 for the last
    trick``."""
    return _("+{points}, +10 for the last trick").format(points=points) if last_ten else f"+{points}"

class Narrator:
    """Words for what happened at a table whose seats are called ``names`` (the player is seat 0).

    ``names`` are the English names (:data:`PAIR_NAMES`); the lines show them translated.
    """

    def __init__(self, names: tuple[str, ...], rules: Rules | None = None) -> None:
        self.names = names
        self.players = len(names)
        self.rules = rules or Rules()

    # -- words for seats and sides ------------------------------------------------

    def name(self, seat: int) -> str:
        """The name of ``seat`` in the player's language."""
        return _(self.names[seat])

    def side_name(self, side: int) -> str:
        """A side's name in the player's language: ``You``/``Rival`` heads-up, ``Us``/``Them`` in pairs."""
        if self.players == 2:
            return _("You") if side == 0 else _("Rival")
        return _("Us") if side == 0 else _("Them")

    def by_side(self, side: int, *, you: str, rival: str, we: str, they: str) -> str:
        """The one of four whole messages that fits ``side`` as the subject.

        ``you``/``rival`` heads-up, ``we``/``they`` in pairs (side 0 is the player's), e.g.
        ``by_side(side, you=_("You win"), rival=_("Rival wins"), we=_("We win"), they=_("They win"))``.
        """
        if self.players == 2:
            return you if side == 0 else rival
        return we if side == 0 else they

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
        """``Trick 3 to Partner: Tres de Copas wins, highest Copas · +14`` (and the ten for the last trick); a trick
        of no points says no figure."""
        points = trick_points(event.points, last_ten)
        why = self.why(event.card, event.why, event.cards)
        if not event.points and not last_ten:  # (a blank trick: no "· +0" to read)
            if event.winner == HUMAN:
                return _("Trick {number} to you: {why}").format(number=event.number, why=why)
            name = self.name(event.winner)
            return _("Trick {number} to {name}: {why}").format(number=event.number, name=name, why=why)
        if event.winner == HUMAN:
            return _("Trick {number} to you: {why} · {points}").format(number=event.number, why=why, points=points)
        return _("Trick {number} to {name}: {why} · {points}").format(
            number=event.number, name=self.name(event.winner), why=why, points=points
        )

    @staticmethod
    def why(card: Card, why: WinReason, cards: Sequence[tuple[int, Card]] = ()) -> str:
        """Why ``card`` holds a trick: ``Tres de Copas wins, highest Copas``, ``Cuatro de Oros trumps``…"""
        name = card_name_markup(card)
        if why is WinReason.TRUMPED:
            return _("{card} trumps").format(card=name)
        if why is WinReason.OVERTRUMPED:
            return _("{card} over-trumps").format(card=name)
        if cards and cards[0][1] == card:
            return _("{card} wins, nobody beat the lead").format(card=name)
        return _("{card} wins, highest {suit}").format(card=name, suit=card.suit.title)

    def arrastre_lines(self) -> list[str]:
        """What changes when the stock is gone, under the rules in play (docs/rules.md, section 4)."""
        rules = self.rules
        if rules.must_undertrump:
            text = _(
                "[b]Arrastre[/b]: the stock is gone. From now on follow suit and beat the winning card if you can;"
                " with none of the suit, trump (over-trump a trump), even with a trump that cannot win."
            )
        else:
            text = _(
                "[b]Arrastre[/b]: the stock is gone. From now on follow suit and beat the winning card if you can;"
                " with none of the suit, trump (over-trump a trump)."
            )
        if self.players == 4:
            if rules.partner_exemption:
                text += " " + _("When your partner is winning, following suit is enough.")
            else:
                text += " " + _("The duties hold even when your partner is winning.")
        return [text]

    def tell(self, event: Event) -> list[str]:
        """The log lines for one event (often none)."""
        if isinstance(event, CanteSung):
            if event.seat == HUMAN:
                text = _("You sing [b]{points}[/b] in {suit}")
            else:
                text = _("{name} sings [b]{points}[/b] in {suit}")
            return [text.format(name=self.name(event.seat), points=event.points, suit=event.suit.title)]
        if isinstance(event, SevenChanged):
            given, taken = card_name_markup(event.given), card_name_markup(event.taken)
            if event.seat == HUMAN:
                text = _("You change the {given} for the muestra {taken}")
            else:
                text = _("{name} changes the {given} for the muestra {taken}")
            return [text.format(name=self.name(event.seat), given=given, taken=taken)]
        if isinstance(event, TuteDeclared):
            ranks = TUTE_RANKS.get(event.rank, RANK_NAMES[event.rank])
            if event.seat == HUMAN:
                text = _("You declare [b]tute[/b] ({ranks})")
            else:
                text = _("{name} declares [b]tute[/b] ({ranks})")
            return [text.format(name=self.name(event.seat), ranks=ranks)]
        if isinstance(event, Passed):
            return [_("You pass")] if event.seat == HUMAN else []
        if isinstance(event, TrickWon):
            return [self.trick_line(event)]
        if isinstance(event, CardDrawn):
            if event.seat == HUMAN and event.card is not None:
                return [_("You draw {card}").format(card=card_name_markup(event.card))]
            return []
        if isinstance(event, MuestraTaken):
            text = _("You take the muestra {card}") if event.seat == HUMAN else _("{name} takes the muestra {card}")
            return [text.format(name=self.name(event.seat), card=card_name_markup(event.card))]
        if isinstance(event, ArrastreBegun):
            return self.arrastre_lines()
        if isinstance(event, HandEnded):
            assert isinstance(event.result, HandResult)
            return self.result_lines(event.result)
        return []

    # -- plain sentences ----------------------------------------------------------------

    def sentences(self, events: Iterable[Event]) -> list[str]:
        """Plain sentences (no markup) for what the player may know of ``events``: the lessons' voice.

        >>> from guinote_tui.engine import Suit
        >>> Narrator(seat_names(2)).sentences([CanteSung(1, Suit.COPAS, 20)])
        ['Rival sings 20 in Copas.']
        """
        who = tuple(_(name) for name in self.names)
        out: list[str] = []
        for event in events:
            if isinstance(event, CardPlayed) and event.seat != HUMAN:  # the player knows their own card
                out.append(_("{name} plays the {card}.").format(name=who[event.seat], card=event.card.name))
            elif isinstance(event, TrickWon):
                if event.winner == HUMAN:
                    text = ngettext(
                        "You win the trick: {points} point.", "You win the trick: {points} points.", event.points
                    )
                else:
                    text = ngettext(
                        "{name} wins the trick: {points} point.",
                        "{name} wins the trick: {points} points.",
                        event.points,
                    )
                out.append(text.format(name=who[event.winner], points=event.points))
            elif isinstance(event, LastTrickTen):
                out.append(_("And 10 more for the last trick."))
            elif isinstance(event, CardDrawn) and event.seat == HUMAN and event.card is not None:
                out.append(_("You draw the {card}.").format(card=event.card.name))
            elif isinstance(event, MuestraTaken) and event.seat == HUMAN:
                out.append(_("You draw the muestra, the {card}.").format(card=event.card.name))
            elif isinstance(event, CanteSung):
                text = (
                    _("You sing {points} in {suit}.") if event.seat == HUMAN else _("{name} sings {points} in {suit}.")
                )
                out.append(text.format(name=who[event.seat], points=event.points, suit=event.suit.title))
            elif isinstance(event, SevenChanged):
                text = _("The {taken} is now in your hand; the {given} lies under the stock.")
                out.append(text.format(taken=event.taken.name, given=event.given.name))
            elif isinstance(event, HandEnded):
                result = event.result
                assert isinstance(result, HandResult)
                if result.juego_winner is not None and result.stopped_early:
                    points = result.totals[result.juego_winner]
                    if result.juego_winner == HUMAN:
                        text = ngettext(
                            "Your side wins the juego with {points} point.",
                            "Your side wins the juego with {points} points.",
                            points,
                        )
                    else:
                        text = ngettext(
                            "The other side wins the juego with {points} point.",
                            "The other side wins the juego with {points} points.",
                            points,
                        )
                    out.append(text.format(points=points))
        return out

    def result_lines(self, result: HandResult) -> list[str]:
        """How a finished hand ended, in one line."""
        if result.juego_winner is None:
            if self.rules.vueltas:
                text = _("Hand over {ours}–{theirs}: de vueltas")
            else:
                text = _("Hand over {ours}–{theirs}: the juego goes on")
            return [text.format(ours=result.totals[0], theirs=result.totals[1])]
        return [
            self.by_side(
                result.juego_winner,
                you=_("Hand over: You win the juego"),
                rival=_("Hand over: Rival wins the juego"),
                we=_("Hand over: We win the juego"),
                they=_("Hand over: They win the juego"),
            )
        ]
