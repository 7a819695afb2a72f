"""The six lessons: their words, their fixed deals and the answers they expect.

Every text is in English, marked for the catalogs with ``N_`` (or built by a
:class:`~.model.Said`), and translated where it is shown (:func:`.model.shown`).
Every sentence follows docs/rules.md under the default rules (``aragones``):
the section each lesson teaches is named in its comment. The tests in
tests/unit/lessons play every position and every answer mentioned here.
"""

from __future__ import annotations

from ..engine import Card, Rules, card_tables, parse_action
from ..i18n import N_
from .deals import arrastre, deal
from .model import Explain, Lesson, Move, Position, Said, Translator

POINTS = card_tables(Rules()).points


def _points(card: Card) -> int:
    return int(POINTS[card])


def _heads_up(
    dealer: int,
    hands: dict[int, str],
    muestra: str,
    stock: str = "",
    moves: str = "",
    carried: tuple[int, int] = (0, 0),
    first_of_juego: bool = True,
) -> Position:
    start = deal(2, dealer, hands, muestra, stock, carried=carried, first_of_juego=first_of_juego)
    return Position(start, tuple(parse_action(text) for text in moves.split()))


def _arrastre(players: int, leader: int, hands: dict[int, str], muestra: str, moves: str = "") -> Position:
    start = arrastre(players, leader, hands, muestra)
    return Position(start, tuple(parse_action(text) for text in moves.split()))


# -- 1. Cards, ranks and points (section 1) ---------------------------------------------------

_LEAD_HAND = "3C 12E 10B 11O 6C 2E"


def _worth(text: str) -> Said:
    """What a card is worth, and the points of all five that score (for a wrong lead in lesson 1)."""
    card = Card.parse(text)
    points = _points(card)

    def make(tr: Translator) -> str:
        if points:
            worth = tr.ngettext("The {card} is worth {points} point.", "The {card} is worth {points} points.", points)
        else:
            worth = tr.gettext("The {card} is worth nothing.")
        look = tr.gettext("Look again: the As is worth 11, the Tres 10, the Rey 4, the Sota 3 and the Caballo 2.")
        return f"{worth.format(card=card.name, points=points)} {look}"

    return Said(make)


CARDS_LESSON = Lesson(
    1,
    "cards",
    N_("Cards, ranks and points"),
    N_("the deck, which card beats which, points"),
    (
        Explain(
            N_(
                "Guiñote is played with the Spanish deck of 40 cards. It has four suits: "
                "Oros (coins), Copas (cups), Espadas (swords) and Bastos (clubs).\n\n"
                "Each suit has ten cards: 1 to 7, then the Sota (10), the Caballo (11) and the Rey (12). "
                "The 1 is called the As."
            ),
            "1O 12C 11E 10B 7O",
        ),
        Explain(
            N_(
                "In every suit the cards rank the same way, strongest first:\n\n"
                "  As · Tres · Rey · Sota · Caballo · 7 · 6 · 5 · 4 · 2\n\n"
                "Two surprises: the Tres is second only to the As, and the Sota beats the Caballo."
            ),
        ),
        Explain(
            N_(
                "Only five cards score points: the As 11, the Tres 10, the Rey 4, the Sota 3 and the Caballo 2. "
                "The 7, 6, 5, 4 and 2 are worth nothing.\n\n"
                "Each player plays one card in turn: the first is the lead, and the cards played together "
                "are a trick. Whoever wins the trick takes the points of every card in it."
            ),
            "1C 3C 12C 10C 11C",
        ),
        Move(
            N_("Your lead. Which of your cards is worth the most points? Play it."),
            _heads_up(1, {0: _LEAD_HAND, 1: "1C 4E 5B 7C 2B 4B"}, "5O"),
            frozenset({"3C"}),
            {text: _worth(text) for text in _LEAD_HAND.split() if text != "3C"},
            N_("Find the card worth the most points."),
            replies=("4B",),
            after=N_("Your Tres was worth 10, the most in your hand; only an As is worth more."),
            plain=True,
        ),
        Move(
            N_("The Rival led the Rey de Espadas. Beat it with one of your Espadas."),
            _heads_up(0, {0: "3E 10E 7E 4C 5B 6C", 1: "12E 1C 4O 5C 7C 2B"}, "5O", moves="12E"),
            frozenset({"3E"}),
            {
                "10E": N_(
                    "The Sota ranks below the Rey: As, Tres, Rey, Sota, Caballo. One of your Espadas ranks higher."
                ),
                "7E": N_("The 7 ranks well below the Rey. One of your Espadas ranks higher."),
            },
            N_(
                "That card is not an Espadas, so it cannot beat the Rey de Espadas. "
                "Which of your Espadas ranks above the Rey?"
            ),
            after=N_("The Tres beats everything but the As: 10 for your Tres and 4 for the Rey."),
            plain=True,
        ),
    ),
)

# -- 2. Tricks, trumps and the stock (section 3) ----------------------------------------------

TRICKS_LESSON = Lesson(
    2,
    "tricks",
    N_("Tricks, trumps and the stock"),
    N_("who wins a trick, free play, drawing"),
    (
        Explain(
            N_(
                "Each player plays one card to a trick. The card turned face up under the stock is the muestra: "
                "its suit is trumps for the whole hand.\n\n"
                "The highest trump wins the trick. With no trump in it, the highest card of the suit led wins; "
                "a card of any other suit never wins."
            )
        ),
        Explain(
            N_(
                "While there are cards in the stock, play is free: you may play any card you hold, "
                "whatever was led. Nobody has to follow suit, beat the trick or trump."
            )
        ),
        Explain(
            N_(
                "After each trick everyone draws a card from the stock, the winner first, so hands go back to six. "
                "The winner leads the next trick.\n\n"
                "The muestra is the very last card drawn."
            )
        ),
        Move(
            N_("Bastos are trumps. The Rival led the As de Copas, worth 11. Take the trick."),
            _heads_up(0, {0: "4B 10E 5C 12O 2O 7E", 1: "1C 4C 6E 7O 2C 3E"}, "6B", stock="5O 4E", moves="1C"),
            frozenset({"4B"}),
            {
                "5C": N_(
                    "The Cinco de Copas follows suit, but it is far below the As: the Rival keeps the trick "
                    "and its 11 points. You need not follow suit while the stock lasts."
                ),
            },
            N_("A card of another suit that is not trumps never wins the trick. Bastos are trumps: do you hold one?"),
            after=N_(
                "Even a small trump beats any card of another suit. You won, so you drew first, and you lead next."
            ),
        ),
    ),
)

# -- 3. Cantes: twenty and forty (section 5) ----------------------------------------------------

CANTES_LESSON = Lesson(
    3,
    "cantes",
    N_("Singing twenty and forty"),
    N_("the Rey and Sota of a suit: 20, or 40"),
    (
        Explain(
            N_(
                "If you hold the Rey and the Sota of one suit, you may sing them (cantar): "
                "20 points, or 40 if the suit is trumps.\n\n"
                "Singing shows the two cards but does not play them: they stay in your hand."
            ),
            "12C 10C",
        ),
        Explain(
            N_(
                "You may sing only just after your side has won a trick, before the next trick's first card. "
                "Each suit is sung once a hand, and at most one cante for each trick your side wins."
            )
        ),
        Move(
            N_(
                "You just won a trick with your As. Oros are trumps, and you hold the Rey and Sota of Oros "
                "and of Copas. Sing one before you lead: each cante's key is on its button."
            ),
            _heads_up(0, {0: "1C 12O 10O 12C 10C 2E", 1: "4C 5B 6E 7B 2B 3B"}, "6O", stock="5E 4E", moves="4C 1C"),
            frozenset({"sing:O"}),
            {
                "sing:C": N_(
                    "That is the twenty. Your Rey and Sota de Oros are trumps: they sing forty. "
                    "Sing the forty first; the Copas can wait for the next trick you win."
                ),
            },
            N_(
                "Sing before you lead: once the next card is down, "
                "the chance is gone until your side wins another trick."
            ),
            after=N_(
                "Forty points, straight to your score, and both cards stay in your hand. "
                "The twenty in Copas waits for the next trick you win."
            ),
        ),
    ),
)

# -- 4. Changing the seven (section 6) ------------------------------------------------------------

SEVEN_LESSON = Lesson(
    4,
    "seven",
    N_("Changing the seven"),
    N_("the 7 of trumps for the muestra"),
    (
        Explain(
            N_(
                "If you hold the 7 of trumps, you may change it for the muestra: the muestra goes into your hand "
                "and your 7 takes its place under the stock.\n\n"
                "It is worth doing when the muestra is a strong card."
            ),
            "7E 1E",
        ),
        Explain(
            N_(
                "You change it at the same moment you would sing: after your side wins a trick and before the next "
                "card, while the muestra is still on the table. Everybody sees it, and it happens once a hand."
            )
        ),
        Move(
            N_(
                "You just won a trick. The muestra is the As de Espadas, the strongest trump, "
                "and you hold the Siete de Espadas. Change it (c)."
            ),
            _heads_up(0, {0: "1C 7E 5B 12C 6O 2C", 1: "4C 5O 6E 7B 2B 3B"}, "1E", stock="4O 4E", moves="4C 1C"),
            frozenset({"swap:7E"}),
            {
                "7E": N_("Playing the 7 throws away the chance to take the As: change it first, then lead."),
            },
            N_("Change first: the muestra may be taken only now, before the next card is played."),
            after=N_("You swapped a 7 worth nothing for an As worth 11, and the strongest trump."),
        ),
    ),
)

# -- 5. The arrastre (section 4) -----------------------------------------------------------------

_MY_ARRASTRE = "1C 5C 7B 12B 4O 6O"

ARRASTRE_LESSON = Lesson(
    5,
    "arrastre",
    N_("The arrastre"),
    N_("follow suit, beat, trump; the partner's relief"),
    (
        Explain(
            N_(
                "When the stock and the muestra are gone, the last six tricks are the arrastre, "
                "and the rules turn strict.\n\n"
                "If you hold a card of the suit led, you must play one (follow suit). And if an opponent is winning "
                "with that suit, you must beat their card if you can (montar)."
            )
        ),
        Move(
            N_(
                "Pairs: your partner sits opposite. Bastos are trumps and Left led the Sota de Copas. "
                "Play a card. (At the table the cards you may not play are dimmed; here you may try any.)"
            ),
            _arrastre(
                4,
                3,
                {
                    0: _MY_ARRASTRE,
                    1: "2C 4C 5E 6E 7O 10O",
                    2: "2B 3E 12E 11E 1O 3B",
                    3: "10C 4E 5O 11C 7E 2E",
                },
                "2B",
                moves="10C",
            ),
            frozenset({"1C"}),
            {},
            "",
            replies=("2C", "1O"),
            after=N_("You held Copas, so you had to follow, and your As was the one card that beats the Sota."),
        ),
        Explain(
            N_(
                "With no card of the suit led, and an opponent winning, you must trump. "
                "If an opponent's trump is already winning, you must play a higher trump if you have one; "
                "if you cannot beat it, any card will do."
            )
        ),
        Move(
            N_("Bastos are trumps and Left led the Tres de Espadas. You hold no Espadas. Play a card."),
            _arrastre(
                4,
                3,
                {
                    0: _MY_ARRASTRE,
                    1: "2C 4C 5E 6E 7O 10O",
                    2: "2B 10C 12E 11E 1O 3B",
                    3: "3E 4E 5O 11C 7E 2E",
                },
                "2B",
                moves="3E",
            ),
            frozenset({"7B", "12B"}),
            {},
            "",
            replies=("5E", "11E"),
            after=N_("No Espadas and an opponent winning: you had to trump, and any trump would do."),
        ),
        Explain(
            N_(
                "In pairs there is one relief: when your partner is winning the trick, you still follow suit, "
                "but you need not beat it; and with none of the suit led you may play any card, no trump needed."
            )
        ),
        Move(
            N_(
                "Right led the Cinco de Espadas, your partner took over with the As de Espadas and Left followed. "
                "You have no Espadas. Must you trump?"
            ),
            _arrastre(
                4,
                1,
                {
                    0: "3C 5C 7B 12B 4O 6O",
                    1: "5E 1C 4C 7O 10O 2E",
                    2: "1E 3E 12E 2B 3B 6C",
                    3: "6E 4E 10C 11C 5O 1O",
                },
                "12B",
                moves="5E 1E 6E",
            ),
            frozenset({"3C", "5C", "4O", "6O"}),
            {
                "7B": N_(
                    "You need not trump: your partner is winning the trick, so any card is allowed. "
                    "Keep your trumps for later."
                ),
                "12B": N_(
                    "You need not trump: your partner is winning the trick, so any card is allowed. "
                    "Keep your trumps for later."
                ),
            },
            "",
            after=N_("Your partner was winning, so you were free to play any card, and your trumps stay in your hand."),
            coach=True,
        ),
    ),
)

# -- 6. Counting to 101 (section 7) ------------------------------------------------------------------

COUNTING_LESSON = Lesson(
    6,
    "counting",
    N_("Counting to 101"),
    N_("the last ten, treinta malas, de vueltas"),
    (
        Explain(
            N_(
                "Your side's score for a hand is its card points, plus its cantes, plus 10 for the last trick "
                "(the diez de últimas). The cards hold 120, so a hand is worth 130 before cantes."
            )
        ),
        Move(
            N_(
                "Two tricks left, Oros are trumps and you lead. The Rival holds the Rey de Oros and the Tres de Copas. "
                "Which card do you lead to win the last trick?"
            ),
            _arrastre(
                2,
                0,
                {0: "1O 2C 1E 3E 1B 3B", 1: "12O 3C 4E 5E 4B 5B"},
                "12O",
                moves="1E 4E 3E 5E 1B 4B 3B 5B",
            ),
            frozenset({"2C"}),
            {
                "1O": N_(
                    "Your As would win this trick, but then the Rival's Tres takes the last one, and the ten "
                    "with it. Lead the 2: the Rival must take it, then lead the Rey into your As."
                ),
            },
            "",
            replies=("3C", "12O", "1O"),
            after=N_("You kept your As for the end and took the ten for the last trick."),
            coach=True,
        ),
        Explain(
            N_(
                "The first side to 101 points wins a juego; three juegos win the coto, and the match.\n\n"
                "Treinta malas: in the first hand of a juego, your 101 counts only if at least 30 of it came from "
                "cards and the last ten. Cantes alone are not enough."
            )
        ),
        Explain(
            N_(
                "If nobody wins the juego in its first hand, you play on de vueltas: a new hand, with both scores "
                "kept. Now the first side to reach 101 wins at that very moment, after a trick or a cante, "
                "even with cards still in hand."
            )
        ),
        Move(
            N_(
                "De vueltas: your side has 88 and the Rival 70. The Rival led the Tres de Copas. "
                "Can you finish the juego now?"
            ),
            _heads_up(
                0,
                {0: "1C 4E 5B 6E 7B 2E", 1: "3C 4C 5O 7C 2B 3B"},
                "6O",
                moves="3C",
                carried=(88, 70),
                first_of_juego=False,
            ),
            frozenset({"1C"}),
            {},
            N_("That card does not take the trick. It holds 10 points, 21 with your As: 88 + 21 is past 101."),
            after=N_("88 + 21 = 109: you passed 101 and won the juego at once, with cards still in hand."),
        ),
    ),
)

LESSONS: tuple[Lesson, ...] = (
    CARDS_LESSON,
    TRICKS_LESSON,
    CANTES_LESSON,
    SEVEN_LESSON,
    ARRASTRE_LESSON,
    COUNTING_LESSON,
)


def find(name: str) -> Lesson | None:
    """A lesson by its number (``"3"``) or id (``"cantes"``), ignoring case; None if there is none.

    >>> find("3").id, find("Arrastre").number
    ('cantes', 5)
    >>> find("7") is None
    True
    """
    key = name.strip().lower()
    for lesson in LESSONS:
        if key in (str(lesson.number), lesson.id):
            return lesson
    return None


__all__ = ["LESSONS", "find"]
