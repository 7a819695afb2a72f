"""Messages the table's widgets send, as small dataclasses."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class CardClicked(Message):
    """The player clicked the card at ``index`` (0-based) in their hand."""

    index: int
