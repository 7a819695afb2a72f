"""Errors the engine raises for things a player or a file got wrong: codes with their facts, never translated here.

The engine speaks English only and imports no translator. A refusal a
player may read is an :class:`EngineError` (the rules flags, history files,
cards and actions typed or read) carrying an :class:`ErrorCode` and the
facts that go with it (``params``); ``str()`` gives the English sentence,
for logs and tests. Whoever shows it words it in the player's language
(:func:`guinote_tui.present.refusals.refusal_text`): each code's value is its
English template, marked with :func:`N_` for the message catalogs, and a
fact may itself be a refusal (a history file's bad rules), worded the same
way. An illegal play is refused the same way with a :class:`Refusal`
(``IllegalAction.refusal``).

    >>> error = EngineError(ErrorCode.RULES_NOT_BOOLEAN, flag="vueltas", value="'maybe'")
    >>> str(error), error.code.name, dict(error.params)
    ("flag vueltas must be true or false, not 'maybe'", 'RULES_NOT_BOOLEAN', {'flag': 'vueltas', 'value': "'maybe'"})
    >>> str(EngineError(ErrorCode.HISTORY_IN_FILE, path="m.json", reason=error))
    "m.json: flag vueltas must be true or false, not 'maybe'"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

#: The most characters of a file's or a player's input echoed back in a message.
ECHO_CHARS = 60


def N_(text: str) -> str:
    """Mark an English template for the game's message catalogs (the engine translates nothing itself)."""
    return text


def shown(value: object) -> str:
    """``repr(value)`` cut to :data:`ECHO_CHARS` characters, to echo input in a one-line message.

    >>> shown("12E"), len(shown("x" * 1000))
    ("'12E'", 61)
    """
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit
        return "<a number too long to show>"
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…"


class ErrorCode(Enum):
    """Every refusal of rules, histories, cards and actions the engine can give; the value is its English template.

    The placeholders are the names of the error's ``params``. ``{value}``
    is what was given, echoed as :func:`shown` writes it; ``{reason}`` is
    another refusal (or, where the system or a library said it, its own
    text); ``{detail}`` is what the system or a library said, kept as it said it.
    """

    # -- rules flags and presets (guinote --rule, settings.toml, a history's "rules")
    RULES_NOT_BOOLEAN = N_("flag {flag} must be true or false, not {value}")
    RULES_NOT_CHOICE = N_("flag {flag} must be one of {choices}, not {value}")
    RULES_NOT_IN_RANGE = N_("flag {flag} must be a whole number from {low} to {high}, not {value}")
    RULES_NOT_NUMBER = N_("flag {flag} must be a number, not {value}")
    RULES_UNKNOWN_PRESET = N_("unknown rules preset {value}: choose one of {presets}")
    RULES_UNKNOWN_FLAG = N_("unknown rules flag {value}")
    RULES_UNKNOWN_FLAG_OF = N_("unknown rules flag {value}; flags are: {flags}")
    RULES_NOT_OBJECT = N_("rules must be a JSON object of flags")
    RULES_PRESET_NOT_TEXT = N_("rules preset_name must be text")
    RULES_FLAG_FORM = N_("a rule flag is written name=value, not {value}")

    # -- cards and actions as text
    CARD_UNKNOWN_SUIT = N_("unknown suit {value}: use O, C, E or B (Oros, Copas, Espadas, Bastos)")
    CARD_NO_SUCH = N_("no card with rank {rank} and suit {suit}")
    CARD_NOT_TEXT = N_("a card must be written as text like '12E', not {value}")
    CARD_NOT_A_CARD = N_(
        "{value} is not a card: write rank (1-7, 10, 11, 12) then suit (O, C, E, B), e.g. '12E' for the Rey de Espadas"
    )
    DECK_COUNT = N_("a deck order must list 40 cards, this one lists {count}")
    DECK_TWICE = N_("the deck order lists {card} twice")
    ACTION_NOT_TEXT = N_("an action must be text like '12E' or 'sing:O', not {value}")
    ACTION_NOT_AN_ACTION = N_("{value} is not an action: write a card like '12E', or sing:O, swap:7O, tute:12, pass")

    # -- history files (guinote --load, replay, review, the kept match)
    HISTORY_NO_FILE = N_("{path}: no such file")
    HISTORY_UNREADABLE = N_("{path}: cannot be read ({detail})")
    HISTORY_FOLDER = N_("{path}: is a folder, not a history file")
    HISTORY_NOT_REGULAR = N_("{path}: not a regular file, not a history file")
    HISTORY_TOO_LARGE = N_("{path}: larger than {megabytes} MB, more than any match holds")
    HISTORY_IN_FILE = N_("{path}: {reason}")
    HISTORY_TOO_DEEP = N_("not a history this program can read: nested or repeated too deeply")
    HISTORY_UNUSABLE = N_("not a history this program can read: {detail}")
    HISTORY_NOT_JSON = N_("not valid JSON (line {line}, column {column}: {detail})")
    HISTORY_NOT_OBJECT = N_("a history must be a JSON object")
    HISTORY_FORMAT = N_('not a guiñote history: "format" must be {format}')
    HISTORY_VERSION = N_("unsupported history version {value}: this program reads version {version}")
    HISTORY_PLAYERS = N_('"players" must be 2 or 4, not {value}')
    HISTORY_RULES = N_("bad rules: {reason}")
    HISTORY_SEED = N_('"seed" must be a whole number from -2**63 to 2**63 - 1, or null, not {value}')
    HISTORY_TABLE = N_('"table" must be a JSON object')
    HISTORY_HANDS = N_('"hands" must be a non-empty list')
    HISTORY_TOO_MANY_HANDS = N_("{hands} hands: more than the {most} a match may hold")
    HISTORY_UNFINISHED = N_("hand {hand} is not finished but another hand follows it")
    HISTORY_MATCH_OVER = N_("hand {hand}: the match was already over")
    HISTORY_WRONG_DEALER = N_("hand {hand}: dealer is seat {dealer} but the rules make seat {expected} deal")
    HISTORY_HAND_NOT_OBJECT = N_("hand {hand} must be a JSON object")
    HISTORY_DEALER = N_('hand {hand}: "dealer" must be a seat from 0 to {last}, not {value}')
    HISTORY_DECK_MISSING = N_('hand {hand}: "deck" must list the 40 cards')
    HISTORY_BAD_DECK = N_("hand {hand}: bad deck: {reason}")
    HISTORY_ACTIONS = N_('hand {hand}: "actions" must be a list')
    HISTORY_ACTION_FORM = N_(
        'hand {hand}, action {index} ({action}): an action is written "<seat> <action>", e.g. "0 12E"'
    )
    HISTORY_NO_SEAT = N_("hand {hand}, action {index} ({action}): no seat {seat} at a table of {players}")
    HISTORY_BAD_ACTION = N_("hand {hand}, action {index} ({action}): {reason}")
    HISTORY_HAND_OVER = N_("hand {hand}, action {index} ({action}): the hand is already over")
    HISTORY_ILLEGAL = N_("hand {hand}, action {index} ({action}): illegal: {reason}")


def _english(template: str, params: Mapping[str, object]) -> str:
    return template.format(**{key: str(value) for key, value in params.items()})


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused: an English template (marked for the catalogs) with named parameters.

    The engine speaks English only; an interface translates ``template`` and formats it with ``params``.
    """

    template: str
    params: Mapping[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.template.format(**self.params)

    def __str__(self) -> str:
        return self.text


class EngineError(ValueError):
    """A refusal with its :class:`ErrorCode` and facts; ``str()`` is the English sentence.

    A fact is a string or a number shown as it is, or another refusal
    (an :class:`EngineError` or a :class:`Refusal`) to be worded in its turn.
    """

    def __init__(self, code: ErrorCode, **params: object) -> None:
        self.code = code
        self.params: Mapping[str, object] = params
        super().__init__(_english(code.value, params))

    @property
    def template(self) -> str:
        """The English template of the code (the message catalogs translate it)."""
        return str(self.code.value)


class IllegalAction(ValueError):
    """An action the rules forbid now; ``refusal`` says which rule (``rule``: the same in English).

    The state that refused the action is left exactly as it was.
    """

    def __init__(self, rule: Refusal | str, action: object = None, seat: int | None = None) -> None:
        self.refusal = rule if isinstance(rule, Refusal) else Refusal("{problem}", {"problem": rule})
        super().__init__(self.refusal.text)
        self.rule = self.refusal.text
        self.action = action
        self.seat = seat


class HistoryError(EngineError):
    """A match history that cannot be read or does not replay."""
