"""The human player's hand: up to six face-up cards, playable by key or click."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.events import Click
from textual.reactive import reactive

from ... import i18n
from ...engine import Card
from ..cardart import card_face
from ..messages import CardClicked
from .drawn import Drawn
from .table import card_size

HAND_SLOTS = 6


class HandCard(Drawn):
    """One card of the hand; the key that plays it is written in its top border."""

    card: reactive[Card | None] = reactive(None)
    playable: reactive[bool] = reactive(True)
    selected: reactive[bool] = reactive(False)

    def __init__(self, index: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.index = index

    def drawing(self) -> Hashable:
        return self.index, self.card, self.playable, self.selected, card_size(self), i18n.current()

    def render(self) -> Text:
        if self.card is None:
            return Text("")
        lines = card_face(
            self.card,
            top_label=str(self.index + 1),
            dim=not self.playable,
            selected=self.selected,
            size=card_size(self),
        )
        return Text("\n").join(lines)

    def watch_selected(self, selected: bool) -> None:
        self.set_class(selected, "-selected")

    def watch_playable(self, playable: bool) -> None:
        self.set_class(playable, "-playable")

    def watch_card(self, card: Card | None) -> None:
        self.display = card is not None
        self.tooltip = card.name if card is not None else None

    def on_click(self, event: Click) -> None:
        event.stop()
        if self.card is not None:
            self.post_message(CardClicked(self.index))


class PlayerHand(Horizontal):
    """The row of the human's cards at the bottom of the table."""

    def compose(self) -> ComposeResult:
        for index in range(HAND_SLOTS):
            yield HandCard(index, id=f"card-{index + 1}")

    def show(self, cards: tuple[Card, ...], playable: set[Card], selected: int | None) -> None:
        """Lay out ``cards``; those not in ``playable`` are dimmed."""
        for index, slot in enumerate(self.query(HandCard)):
            card = cards[index] if index < len(cards) else None
            slot.card = card
            slot.playable = card is not None and card in playable
            slot.selected = selected == index and card is not None
