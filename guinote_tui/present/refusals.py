"""The engine's refusals in the player's words: a rules flag, a history file, a card or an action refused.

The engine gives each refusal as a code with its facts
(:class:`~guinote_tui.engine.EngineError`: :class:`~guinote_tui.engine.ErrorCode` and
``params``; an illegal play as a :class:`~guinote_tui.engine.Refusal`), and its
English template is marked for the catalogs; here it is worded in the
current language, a refusal given as a fact of another (a history's bad
rules, the rule an action breaks) in its turn.

    >>> from guinote_tui.engine import ErrorCode, HistoryError, RulesError
    >>> rules = RulesError(ErrorCode.RULES_NOT_CHOICE, flag="tute", choices="juego | points40 | off", value="'x'")
    >>> refusal_text(HistoryError(ErrorCode.HISTORY_RULES, reason=rules))
    "bad rules: flag tute must be one of juego | points40 | off, not 'x'"
"""

from __future__ import annotations

from ..engine import EngineError, IllegalAction, Refusal
from ..i18n import _


def refusal_text(refusal: EngineError | Refusal | IllegalAction) -> str:
    """``refusal`` in the current language, in one line (the facts it echoes are shown as they were given)."""
    if isinstance(refusal, IllegalAction):
        refusal = refusal.refusal
    params = {
        key: refusal_text(value) if isinstance(value, (EngineError, Refusal, IllegalAction)) else value
        for key, value in refusal.params.items()
    }
    return _(refusal.template).format(**params)
