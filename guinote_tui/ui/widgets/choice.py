"""A one-line menu choice: ``Label   ◀ value ▶``, changed with ←/→ or a click."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...i18n import N_
from ..theme import FELT_COLOURS

LABEL_WIDTH = 18


def same_option(option: Any, value: Any) -> bool:
    """Whether ``value`` is ``option`` (``True`` is not the option ``1``)."""
    return bool(option == value) and isinstance(option, bool) == isinstance(value, bool)


class ChoiceRow(Widget, can_focus=True):
    """Cycles through ``options`` (pairs of value and shown text).

    ``help`` is the row's one-line explanation, shown by the screen while the row has the focus.
    """

    # Descriptions marked for the catalogs; Textual shows them as they are (translated at display: a later step).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Change"), show=False),
        Binding("right", "step(1)", N_("Change"), key_display="←/→"),
    ]

    index: reactive[int] = reactive(0)

    @dataclass
    class Changed(Message):
        row: ChoiceRow
        value: Any

        @property
        def control(self) -> ChoiceRow:
            return self.row

    def __init__(
        self, label: str, options: Sequence[tuple[Any, str]], value: Any = None, help: str = "", **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.label = label
        self.help = help
        self.options = list(options)
        self.set_reactive(ChoiceRow.index, self._index_of(value))

    def _index_of(self, value: Any) -> int:
        for index, (option, _) in enumerate(self.options):
            if same_option(option, value):
                return index
        return 0

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @value.setter
    def value(self, value: Any) -> None:
        self.index = self._index_of(value)

    def set_options(self, options: Sequence[tuple[Any, str]], fallback: Any = None) -> None:
        """Offer ``options`` instead: the value stays when it is among them, otherwise ``fallback`` is chosen
        (the first option when it is not among them either), and :class:`Changed` is posted."""
        kept = bool(self.options) and any(same_option(option, self.value) for option, _ in options)
        value = self.value if kept else fallback
        self.options = list(options)
        self.set_reactive(ChoiceRow.index, self._index_of(value))
        self.refresh(layout=True)
        if not kept and self.options:
            self.post_message(self.Changed(self, self.value))

    @property
    def shown(self) -> str:
        """The text of the chosen option."""
        return self.options[self.index][1] if self.options else ""

    def render(self) -> Text:
        focused = self.has_focus
        text = Text(self.label.ljust(LABEL_WIDTH), style=Style(color=FELT_COLOURS["ink-faint"], bold=focused))
        arrow = Style(color=FELT_COLOURS["gold" if focused else "ink-bullet"], bold=True)
        text.append("◀ ", style=arrow)
        text.append(self.shown, style=Style(color=FELT_COLOURS["ivory"], bold=True, underline=focused))
        text.append(" ▶", style=arrow)
        return text

    def action_step(self, step: int) -> None:
        if self.options:
            self.index = (self.index + step) % len(self.options)

    def watch_index(self, index: int) -> None:
        if self.options:
            self.post_message(self.Changed(self, self.value))

    def on_click(self, event: Click) -> None:
        self.focus()
        # A click on the left arrow goes back, anywhere else goes forward.
        arrow_left = LABEL_WIDTH <= event.x <= LABEL_WIDTH + 1
        self.action_step(-1 if arrow_left else 1)
