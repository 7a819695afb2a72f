"""Widgets drawn as fixed lines of Rich Text, turned into strips directly.

The card art (the trick, the hand, the seats) is a grid of styled cells that
never wraps. Textual's default path turns a widget's ``render()`` into its
``Content`` (style by style) and wraps and formats it line by line: at 200×50
that took most of the time from a card key to the repainted table. A ``Drawn``
widget keeps ``render()`` (what tests and tooltips read) but paints by the
line API: each line's segments become a strip once, kept until what the
picture shows or the widget's size or style changes.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import ClassVar

from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget


class Drawn(Widget):
    """A widget whose ``render()`` is a Text of fixed lines (no wrapping, cut at the edge)."""

    _drawn_key: Hashable = None
    _drawn_strips: list[Strip] = []  # noqa: RUF012 (replaced per instance, never mutated)
    #: Strips drawn lately by the widgets of a class, by what they showed: a card that comes back
    #: to a look it had (playable again on the player's turn, say) is not drawn again.
    _drawn_cache: ClassVar[OrderedDict[Hashable, list[Strip]]] = OrderedDict()
    CACHE_SIZE: ClassVar[int] = 256

    def drawing(self) -> Hashable:
        """What the picture depends on besides the size and style (a reactive's value, say)."""
        raise NotImplementedError

    def render(self) -> Text:
        raise NotImplementedError

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.visual_style.rich_style
        key = (self.size, base, self.drawing())
        if key != self._drawn_key:
            cache = Drawn._drawn_cache
            shared = (type(self), key)
            strips = cache.get(shared)
            if strips is None:
                console = self.app.console
                strips = []
                for line in self.render().split("\n", allow_blank=True):
                    segments = Segment.apply_style(line.render(console, end=""), base)
                    strips.append(Strip(segments).adjust_cell_length(width, base))
                cache[shared] = strips
                if len(cache) > self.CACHE_SIZE:
                    cache.popitem(last=False)
            else:
                cache.move_to_end(shared)
            self._drawn_strips = strips
            self._drawn_key = key
        if 0 <= y < len(self._drawn_strips):
            return self._drawn_strips[y]
        return Strip.blank(width, base)
