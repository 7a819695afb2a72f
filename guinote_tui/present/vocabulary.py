"""Names the program shows for its own identifiers, in the player's language.

The bot levels are identified by English words (``easy``, ``hard``: the
command line's ``--level`` and the saved settings use them); the player
reads them translated.

    >>> level_name("hard"), level_name("open")
    ('hard', 'open')
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Action, Card, DeclareTute, Pass, Play, Sing, Swap
from ..i18n import _, number, pgettext

#: The levels, by id, in English (``pgettext("bot level", ...)`` translates them).
LEVEL_NAMES: dict[str, str] = {
    "random": "random",
    "easy": "easy",
    "normal": "normal",
    "hard": "hard",
    "expert": "expert",
}


def level_name(level: str) -> str:
    """The bot level ``level`` as the player reads it (an id without a name is shown as it is)."""
    if level not in LEVEL_NAMES:
        return level
    return _LEVEL_TEXT[level]()


# Each name is written out so that the catalogs' extractor finds it.
_LEVEL_TEXT = {
    "random": lambda: pgettext("bot level", "random"),
    "easy": lambda: pgettext("bot level", "easy"),
    "normal": lambda: pgettext("bot level", "normal"),
    "hard": lambda: pgettext("bot level", "hard"),
    "expert": lambda: pgettext("bot level", "expert"),
}


def strength_words(level: str, players: int) -> str:
    """What the measured strength table says of ``level`` at a table of ``players``, in a few words.

    ``"hard wins about 64 % of juegos against normal"`` (with a no-break space); empty for a level with no measured
    share (the floor, ``random``, or a figure carried without one).
    """
    from ..ai.strength import strength_table

    step = strength_table().step(level, players)
    if step is None or step.share is None:
        return ""
    share = f"{round(step.share * 100)}\u00a0%"  # (the sign outside the message: "% o" reads as %-format)
    return _("{level} wins about {share} of juegos against {weaker}").format(
        level=level_name(level), share=share, weaker=level_name(step.weaker)
    )


def plain_card_name(card: Card) -> str:
    """A card's spoken name as plain text (``Tres de Copas``)."""
    return card.name


def action_words(action: Action, card_words: Callable[[Card], str] = plain_card_name) -> str:
    """A move in words (``play the Tres de Copas``); ``card_words`` writes the card (plain or in colour).

    >>> from guinote_tui.engine import parse_action
    >>> action_words(parse_action("3C")), action_words(parse_action("pass"))
    ('play the Tres de Copas', 'let it go (pass)')
    """
    if isinstance(action, Play):
        return _("play the {card}").format(card=card_words(action.card))
    if isinstance(action, Sing):
        return _("sing the cante of {suit}").format(suit=action.suit.title)
    if isinstance(action, Swap):
        return _("change the {rank} of trumps for the muestra").format(rank=action.card.rank)
    if isinstance(action, DeclareTute):
        return _("declare tute")
    if isinstance(action, Pass):
        return _("let it go (pass)")
    return str(action)


def estimate(value: float, se: float = 0.0) -> str:
    """A coach's figure with its standard error, no more precise than it is.

    Exact (``se`` 0): to a tenth. Within a point: to a tenth with its error.
    Otherwise whole points.

    >>> estimate(7.25), estimate(7.25, 0.6), estimate(7.25, 2.4)
    ('7.2', '7.2 ± 0.6', '7 ± 2')
    """
    if se <= 0:
        return number(value, ".1f", trim=True)
    if se < 1:
        return f"{number(value, '.1f')} ± {number(se, '.1f')}"
    return f"{number(round(value), 'd')} ± {number(round(se), 'd')}"


def review_sentence(
    trick: int | None,
    played: Action,
    best: Action,
    cost: float,
    card_words: Callable[[Card], str] = plain_card_name,
    se: float = 0.0,
    juego: str | None = None,
) -> str:
    """One mistake of a review, in console markup: what was played, the coach's move, the cost (± its error).

    It opens with the trick's number, or with "Coach:" when ``trick`` is None (under the trick itself).
    When both moves are cards it names the cards alone; otherwise both moves in words.

    >>> from guinote_tui.engine import parse_action
    >>> review_sentence(4, parse_action("3C"), parse_action("12O"), 7.25)
    '[b]Trick 4[/b]: you played Tres de Copas; the coach would play Rey de Oros, about [b]7.2[/b] points better.'
    >>> review_sentence(4, parse_action("3C"), parse_action("12O"), 7.25, se=2.4)
    '[b]Trick 4[/b]: you played Tres de Copas; the coach would play Rey de Oros, about [b]7 ± 2[/b] points better.'
    """
    cards = isinstance(played, Play) and isinstance(best, Play)
    if cards and juego == "missed":
        if trick is None:
            said = _("[b]Coach:[/b] you played {played}; the coach would play {best}, which wins the juego.")
        else:
            said = _("[b]Trick {number}[/b]: you played {played}; the coach would play {best}, which wins the juego.")
    elif cards and juego == "lost":
        if trick is None:
            said = _("[b]Coach:[/b] you played {played}, which loses the juego; the coach would play {best}.")
        else:
            said = _("[b]Trick {number}[/b]: you played {played}, which loses the juego; the coach would play {best}.")
    elif trick is None:
        if cards:
            said = _(
                "[b]Coach:[/b] you played {played}; the coach would play {best}, about [b]{points}[/b] points better."
            )
        else:
            said = _(
                "[b]Coach:[/b] you chose to {played}; the coach would {best}, about [b]{points}[/b] points better."
            )
    elif cards:
        said = _(
            "[b]Trick {number}[/b]: you played {played}; the coach would play {best},"
            " about [b]{points}[/b] points better."
        )
    else:
        said = _(
            "[b]Trick {number}[/b]: you chose to {played}; the coach would {best}, about [b]{points}[/b] points better."
        )

    def words(action: Action) -> str:
        return card_words(action.card) if cards and isinstance(action, Play) else action_words(action, card_words)

    return said.format(number=trick, played=words(played), best=words(best), points=estimate(cost, se))
