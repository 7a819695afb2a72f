"""Click parameter types shared by the ``guinote`` command line and the lab's commands.

A leaf: it imports click and nothing of the project, so the command line
(:mod:`guinote_tui.cli`) and the measuring tools' commands
(:mod:`guinote_lab`) both use it without the command line loading the lab
when it starts.
"""

from __future__ import annotations

import math
from typing import Any

import click


class FiniteFloatRange(click.FloatRange):
    """A ``click.FloatRange`` that also refuses ``nan`` (which compares false with both bounds)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if isinstance(number, float) and math.isnan(number):
            self.fail(self.not_a_number(value), param, ctx)
        return number

    def not_a_number(self, value: Any) -> str:
        """What is said of ``nan`` (a subclass may say it in the player's language)."""
        return f"{value!r} is not a number."
