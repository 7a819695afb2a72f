"""Messages the table's widgets and workers send, as small dataclasses."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ..engine import Action


@dataclass
class BotChose(Message):
    """A bot worker has decided; ``turn`` says which turn it thought about."""

    seat: int
    action: Action
    turn: int


@dataclass
class CardClicked(Message):
    """The player clicked the card at ``index`` (0-based) in their hand."""

    index: int
