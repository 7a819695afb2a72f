"""Messages the table's widgets and workers send, as small dataclasses."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ..coach import Advice
from ..engine import Action
from ..game.coachmemo import Position


@dataclass
class BotChose(Message):
    """A bot worker has decided; ``turn`` says which turn it thought about.

    ``problem`` is set when the bot failed and a stand-in move was made instead.
    """

    seat: int
    action: Action
    turn: int
    problem: str | None = None


@dataclass
class HintReady(Message):
    """The coach has advised on the player's decision at ``turn`` (at ``position``: kept when it is shown)."""

    advice: Advice
    turn: int
    position: Position | None = None


@dataclass
class CardClicked(Message):
    """The player clicked the card at ``index`` (0-based) in their hand."""

    index: int
