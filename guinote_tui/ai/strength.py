"""The measured strength of each bot level, in Elo relative to ``normal``.

The figures live in ``strength.json`` next to this module, taken from the
duplicate-deal tournaments of docs/dev/tournaments.md ("Measured strength"). The
file is plain JSON so that a command can rewrite it from new tournaments:

``format``
    ``1`` or ``2`` (format 2 says which levels the game offers).
``reference``
    the level at 0 Elo (``normal``); ``rules`` is the preset the tournaments played.
``levels``
    ``{"2": {level: elo, ...}, "4": {...}}``: each level's Elo over the
    reference at that table size (2 heads-up, 4 pairs). These are the
    figures the program uses.
``offered_by_table``
    ``{"2": [level, ...], "4": [...]}``: the levels the game offers at each
    table size (format 2, written by ``python -m guinote_tui.tournament.ladder``);
    ``offered``, the levels offered at both, is read when it is absent.
``steps``
    where they come from: each measured pairing of a level over the level
    below it (``players``, ``stronger``, ``weaker``, ``elo``, ``deals``,
    ``commands``). Chaining the steps from the reference gives ``levels``.

The Elo difference of two levels is read from their juego share ``p`` as
``400 · log10(p / (1 − p))``, the scale of the player's rating.

    >>> level_elo("hard", 2) > level_elo("normal", 2) > level_elo("easy", 2)
    True
    >>> level_elo("normal", 4)
    0.0
    >>> level_elo("grandmaster", 2)
    Traceback (most recent call last):
    ...
    ValueError: no measured strength for bot level 'grandmaster' (measured: random, easy, normal, hard, expert)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class StrengthStep:
    """One measured pairing: ``stronger`` over ``weaker`` by ``elo`` at a table of ``players``."""

    players: int
    stronger: str
    weaker: str
    elo: float
    deals: int
    commands: tuple[str, ...]
    #: The stronger level's juego share and its 95 % interval (format 2 tables; None before).
    share: float | None = None
    share_ci: tuple[float, float] | None = None


@dataclass(frozen=True)
class StrengthTable:
    """Each level's Elo over the reference level, per table size, and the steps measured."""

    reference: str
    rules: str
    levels: dict[int, dict[str, float]]
    steps: tuple[StrengthStep, ...]
    #: The levels the game offers at both table sizes (format 2 tables, written by ``python -m
    #: guinote_tui.tournament.ladder``); None: every level at every size (``offered_at`` is then not read).
    offered: tuple[str, ...] | None = None
    #: The levels the game offers at each table size; None: ``offered`` at both.
    offered_at: dict[int, tuple[str, ...]] | None = None

    def offers(self, level: str, players: int) -> bool:
        """Whether the table lets the game offer ``level`` at a table of ``players`` (a level it never measured:
        see :func:`guinote_tui.ai.offered_levels`)."""
        if self.offered is None:
            return True
        if self.offered_at is None:
            return level in self.offered
        return level in self.offered_at.get(players, ())

    def step(self, level: str, players: int) -> StrengthStep | None:
        """The measured step from the level below up to ``level`` at a table of ``players``."""
        return next((s for s in self.steps if s.stronger == level and s.players == players), None)

    def elo(self, level: str, players: int) -> float:
        """``level``'s Elo over the reference at a table of ``players`` (ValueError if unmeasured)."""
        if players not in self.levels:
            raise ValueError(f"no measured strength for tables of {players} players (measured: 2 and 4)")
        table = self.levels[players]
        if level not in table:
            raise ValueError(f"no measured strength for bot level {level!r} (measured: {', '.join(table)})")
        return table[level]


def parse_table(data: Any) -> StrengthTable:
    """A :class:`StrengthTable` from the JSON object of ``strength.json`` (ValueError if malformed)."""
    try:
        if data["format"] not in (1, 2):
            raise ValueError(f"unknown strength table format {data['format']!r}")
        levels = {
            int(players): {str(level): float(elo) for level, elo in table.items()}
            for players, table in data["levels"].items()
        }
        steps = tuple(
            StrengthStep(
                int(s["players"]),
                str(s["stronger"]),
                str(s["weaker"]),
                float(s["elo"]),
                int(s["deals"]),
                tuple(str(c) for c in s["commands"]),
                None if s.get("share") is None else float(s["share"]),
                None if s.get("share_ci95") is None else (float(s["share_ci95"][0]), float(s["share_ci95"][1])),
            )
            for s in data["steps"]
        )
        offered = tuple(str(level) for level in data["offered"]) if "offered" in data else None
        offered_at: dict[int, tuple[str, ...]] | None = None
        if "offered_by_table" in data:
            offered_at = {
                int(players): tuple(str(level) for level in chosen)
                for players, chosen in data["offered_by_table"].items()
            }
            if offered is None:  # (at both: a table written without the older key)
                offered = tuple(level for level in offered_at.get(2, ()) if level in offered_at.get(4, ()))
        elif offered is not None:
            offered_at = {players: offered for players in (2, 4)}
        return StrengthTable(str(data["reference"]), str(data["rules"]), levels, steps, offered, offered_at)
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"malformed strength table: {type(exc).__name__}: {exc}") from None


@cache
def strength_table() -> StrengthTable:
    """The table shipped with the program (read once)."""
    # (A file beside this module, as the language catalogs are: importlib.resources would load zipfile too.)
    text = (Path(__file__).parent / "strength.json").read_text(encoding="utf-8")
    return parse_table(json.loads(text))


def level_elo(level: str, players: int) -> float:
    """The measured Elo of bot ``level`` over ``normal`` at a table of ``players`` (2 or 4).

    Raises ``ValueError`` naming the level for a level that was never measured.
    """
    return strength_table().elo(level, players)
