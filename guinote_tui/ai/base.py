"""The bot interface: a bot sees one seat's view and returns one legal action.

A bot never receives the full :class:`~guinote_tui.engine.HandState`: the
table hands it a :class:`~guinote_tui.engine.SeatView` (RULES.md section 8)
and a random generator, and it must return one of ``view.legal``. The same
view with a generator in the same state gives the same action.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..engine import Action, HandState, SeatView


class Bot(ABC):
    """A player that decides from its seat's view alone."""

    #: Registry name, e.g. ``"normal"``.
    name: str = "bot"
    #: Shown in menus; False for measurement-only bots such as the open-card ceiling.
    offered: bool = True

    #: True only for the open-card measurement bot: the harness then calls
    #: :meth:`choose_open` with the full state. Never offered as an opponent.
    omniscient: bool = False

    @abstractmethod
    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """Pick one action from ``view.legal``."""

    def choose_open(self, state: HandState, seat: int, rng: random.Random) -> Action:
        """Decide seeing every card; only omniscient (measurement) bots implement it."""
        raise NotImplementedError(f"{self.name} decides from its view only")


class RandomBot(Bot):
    """Uniformly random among the legal actions: the floor of the ladder."""

    name = "random"
    offered = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal)

    @staticmethod
    def choose_from_legal(legal: list[Action], rng: random.Random) -> Action:
        """Fast path for self-play benchmarks: the legal list is all it looks at."""
        return legal[int(rng.random() * len(legal))]
