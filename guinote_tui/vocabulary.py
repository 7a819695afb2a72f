"""Names the program shows for its own identifiers, in the player's language.

The bot levels are identified by English words (``easy``, ``hard``: the
command line's ``--level`` and the saved settings use them); the player
reads them translated.

    >>> level_name("hard"), level_name("open")
    ('hard', 'open')
"""

from __future__ import annotations

from .i18n import pgettext

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
    from .ai.strength import strength_table
    from .i18n import _

    step = strength_table().step(level, players)
    if step is None or step.share is None:
        return ""
    share = f"{round(step.share * 100)}\u00a0%"  # (the sign outside the message: "% o" reads as %-format)
    return _("{level} wins about {share} of juegos against {weaker}").format(
        level=level_name(level), share=share, weaker=level_name(step.weaker)
    )
