"""Pacing: when a bot's move is shown, and who the player sees deciding.

Bots think in worker threads; these functions decide how long a move takes
on screen and keep the pauses from telling the player anything their seat
may not know (docs/rules.md, section 8).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from ..engine import SeatView
from ..engine.stages import PRIVATE_STAGES
from ..engine.views import observed

T = TypeVar("T")

__all__ = ["PRIVATE_STAGES", "bot_pause", "shown_to_move", "think_with_delay"]


def shown_to_move(view: SeatView) -> int | None:
    """The seat the player is shown as deciding, from the player's ``view`` (the engine's :func:`observed` view:
    during another seat's window or swap before the last draw, the trick's winner, as if nobody were asked)."""
    return observed(view).to_move


def bot_pause(view: SeatView, delay: float) -> float:
    """Seconds a bot's move takes on screen: none for a window or the swap before the draw.

    Those decisions are made at once so that a seat being asked costs no
    visible time; the pause after a finished trick belongs to the next lead.
    """
    if view.stage in PRIVATE_STAGES:
        return 0.0
    if not view.trick and view.tricks:
        return delay * 1.6  # let the player see the finished trick before it is cleared
    return delay


def think_with_delay(think: Callable[[], T], delay: float, cancelled: object) -> T:
    """Run ``think``, then wait out what is left of ``delay`` unless ``cancelled`` (an Event) is set."""
    started = time.monotonic()
    result = think()
    remaining = delay - (time.monotonic() - started)
    if remaining > 0:
        wait = getattr(cancelled, "wait", None)
        if wait is not None:
            wait(remaining)
    return result
