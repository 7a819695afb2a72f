"""Bots: from random to expert. Each sees only its seat's view."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, RandomBot

BotFactory = Callable[[], Bot]

#: name -> factory; levels register themselves here, weakest first.
REGISTRY: dict[str, BotFactory] = {"random": RandomBot}


def make_bot(name: str) -> Bot:
    """A new bot of the named kind (``random``, ``easy``, ``normal``...)."""
    try:
        factory = REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose from {', '.join(REGISTRY)}") from None
    return factory()


def bot_names(offered_only: bool = False) -> list[str]:
    """Registered bot names, weakest first; ``offered_only`` hides measurement bots."""
    return [name for name, factory in REGISTRY.items() if not offered_only or factory().offered]


__all__ = ["REGISTRY", "Bot", "RandomBot", "bot_names", "make_bot"]
