"""The bot interface: a bot sees one seat's view and returns one legal action.

A :class:`Bot` never receives the full :class:`~guinote_tui.engine.HandState`:
it is handed a :class:`~guinote_tui.engine.SeatView` (docs/rules.md, section 8) and a
random generator, and it must return one of ``view.legal``. The same view with
a generator in the same state gives the same action.

:func:`decide` is the one way the table, the self-play runner and the
measuring tools ask a bot: it builds the seat's view and asks. Only the
open-card measurement bots (:class:`OpenCardBot`, never offered as opponents)
are handed the state itself.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from ..engine import Action, HandState, SeatView, seat_view


class Bot(ABC):
    """A player that decides from its seat's view alone."""

    #: Registry name, e.g. ``"normal"``.
    name: str = "bot"
    #: Shown in menus; False for measurement-only bots such as the open-card ceiling.
    offered: bool = True

    @abstractmethod
    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """Pick one action from ``view.legal``."""


class BotError(Exception):
    """A bot that could not give an action (a program outside the game that failed); ``str()`` is one line."""


class OpenCardBot(Bot):
    """A measurement bot that sees every card: the ceilings the honest bots are measured against.

    :func:`decide` hands it the full state (:meth:`choose_open`); it is never
    offered as an opponent. Its :meth:`choose` decides from a view as an
    honest bot would.
    """

    offered = False

    @abstractmethod
    def choose_open(self, state: HandState, seat: int, rng: random.Random) -> Action:
        """Pick one of ``state.legal_actions()`` for ``seat``, seeing every hand."""


def decide(bot: Bot, state: HandState, seat: int, rng: random.Random) -> Action:
    """``bot``'s action for ``seat`` in ``state``: asked with the seat's view.

    An :class:`OpenCardBot` (measurement only) is asked with the state itself.
    """
    if isinstance(bot, OpenCardBot):
        return bot.choose_open(state, seat, rng)
    return bot.choose(seat_view(state, seat), rng)


class RandomBot(Bot):
    """Uniformly random among the legal actions: the floor of the ladder."""

    name = "random"
    offered = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal)

    @staticmethod
    def choose_from_legal(legal: Sequence[Action], rng: random.Random) -> Action:
        """Fast path for self-play benchmarks: the legal list is all it looks at."""
        return legal[int(rng.random() * len(legal))]
