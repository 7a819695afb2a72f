"""Bit masks and per-card tables the bots share: the engine's own (:mod:`guinote_tui.engine.masks`).

A set of cards is an ``int`` bit mask (bit ``c`` for card ``c``), which keeps
card counting and the arrastre solver cheap. :func:`tables_for` gives, per
rule set and trump suit, the engine's cached :class:`~guinote_tui.engine.RuleTables`:
strength and points, which cards beat a card holding a trick, the cante and
tute masks. The bots keep these names; the rules behind them are the engine's.
"""

from __future__ import annotations

from ..engine import ALL_CARDS, SUIT_MASK, Rules, RuleTables, cards_of, mask_of, rule_tables

#: The bots' name for the engine's tables of one rule set and trump.
Tables = RuleTables

__all__ = ["ALL_CARDS", "SUIT_MASK", "Tables", "cards_of", "mask_of", "tables_for"]


def tables_for(rules: Rules, trump: int) -> Tables:
    """The cached tables for ``rules`` with ``trump`` as trumps."""
    return rule_tables(rules, trump)
