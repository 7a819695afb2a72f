"""The game's settings and the one schema that checks them.

Two files carry settings: ``settings.toml`` (the start screen's last
choices, :mod:`.preferences`) and a saved match's ``"table"`` record (the
bot levels, the pace: :meth:`GameSettings.restore`). Both check every value
with :func:`check`, so a value is allowed or refused in the same way, with
the same words for what it must be, wherever it comes from.

    >>> check("players", 4), check("delay", 1)
    (4, 1.0)
    >>> check("pace", "fast")
    Traceback (most recent call last):
    ...
    guinote_tui.game.settings.SettingRefused: "pace" must be wait or timed, not 'fast'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from .. import i18n
from ..ai import bot_names, default_level, offered_levels
from ..engine import Rules
from ..i18n import N_, _
from ..storage import shown

__all__ = [
    "MIN_TRICK_SECONDS",
    "PACES",
    "SCHEMA",
    "GameSettings",
    "Pace",
    "Setting",
    "SettingRefused",
    "check",
    "levels",
    "not_offered",
]

#: How a finished trick leaves the table: when the player presses a key, or after a set time.
Pace = Literal["wait", "timed"]
PACES: tuple[Pace, ...] = ("wait", "timed")
#: The shortest time a finished trick stays on the table in timed mode.
MIN_TRICK_SECONDS = 1.5


#: Turns an English message into the words shown: ``_`` (the player's language) or :func:`english`.
Translate = Callable[[str], str]


def levels(players: int | None = None) -> list[str]:
    """The bot levels a settings file or a saved match may name: the start screen's, and ``random`` (weakest first).

    At a table of ``players``, those offered there; without, those offered at any table size. Never a tuned
    budget (a bot that thinks for ever) nor a measuring bot (one that sees every card).
    """
    offered = offered_levels(players)
    return [name for name in bot_names() if name in offered or name == "random"]


#: Why a level cannot sit at a table of that size, by size.
NOT_OFFERED = {
    2: N_("bot level {level} is not offered at a heads-up table: choose from {levels}"),
    4: N_("bot level {level} is not offered at a pairs table: choose from {levels}"),
}


def not_offered(level: str, players: int, translate: Translate = _) -> str | None:
    """None when bot ``level`` may sit at a table of ``players`` (``random`` may, for the tests and the files
    that name it); otherwise the one line that says so and names the levels offered there.

    ``translate``: :func:`english` for a saved match's errors, the player's language by default.
    """
    if level in levels(players) or players not in NOT_OFFERED:
        return None
    name = level if level in bot_names() else shown(level)  # (a name from a file, printable)
    return translate(NOT_OFFERED[players]).format(level=name, levels=", ".join(offered_levels(players)))


class LevelNotOffered(ValueError):
    """A level asked for (the command line) that is not offered at the table's size; ``str()`` is the one line."""


def english(text: str) -> str:
    """The message as written (a saved match's errors are in English, like the engine's)."""
    return text


def alternatives(options: list[str] | tuple[str, ...], translate: Translate = _) -> str:
    """``wait or timed``: the options (ids, not translated) as alternatives."""
    text = options[-1]
    for option in reversed(options[:-1]):
        text = translate(N_("{one} or {other}")).format(one=option, other=text)
    return text


@dataclass(frozen=True)
class Setting:
    """One setting: what it must be (in words, by a translator) and the test and conversion of a value."""

    expected: Callable[[Translate], str]
    accepts: Callable[[Any], bool]
    convert: Callable[[Any], Any] = lambda value: value


class SettingRefused(ValueError):
    """A value a setting may not take. The message is English; :attr:`expected` is in the player's language."""

    def __init__(self, key: str, setting: Setting, value: Any) -> None:
        self.key = key
        self.setting = setting
        self.value = value
        super().__init__(f'"{key}" must be {self.expected_in(english)}, not {shown(value)}')

    def expected_in(self, translate: Translate) -> str:
        """What the value must be, in the words of ``translate``."""
        return self.setting.expected(translate)

    @property
    def expected(self) -> str:
        """What the value must be, in the player's language."""
        return self.expected_in(_)


def _seconds(value: Any) -> bool:
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return number and math.isfinite(value) and 0 <= value <= 60


def _level(value: Any) -> bool:
    return isinstance(value, str) and value in levels()


#: Every setting a file may carry, by key. An empty text means "not chosen" where a setting may be left open
#: (``partner_level``: the bots' level; ``language``: the locale's).
SCHEMA: dict[str, Setting] = {
    "players": Setting(lambda tr: tr(N_("2 or 4")), lambda v: v in (2, 4) and not isinstance(v, bool)),
    "level": Setting(lambda tr: tr(N_("one of {levels}")).format(levels=", ".join(levels())), _level),
    "partner_level": Setting(
        lambda tr: tr(N_("one of {levels}")).format(levels=", ".join(levels())),
        lambda v: v == "" or _level(v),
        lambda v: v or None,
    ),
    "pace": Setting(lambda tr: alternatives(PACES, tr), lambda v: isinstance(v, str) and v in PACES),
    "delay": Setting(lambda tr: tr(N_("a number of seconds from 0 to 60")), _seconds, float),
    "trick_seconds": Setting(lambda tr: tr(N_("a number of seconds from 0 to 60")), _seconds, float),
    "open_hands": Setting(lambda tr: tr(N_("true or false")), lambda v: isinstance(v, bool)),
    "language": Setting(
        lambda tr: alternatives(list(i18n.LANGUAGES), tr),
        lambda v: v == "" or (isinstance(v, str) and v in i18n.LANGUAGES),
        lambda v: v or None,
    ),
}


def check(key: str, value: Any) -> Any:
    """``value`` for setting ``key``, converted; raises :class:`SettingRefused` when it is not allowed."""
    setting = SCHEMA[key]
    if not setting.accepts(value):
        raise SettingRefused(key, setting, value)
    return setting.convert(value)


@dataclass
class GameSettings:
    """Everything the start screen chooses.

    ``seed`` is the seed the player typed (``None``: a new random deal each
    match); the seed a match was dealt from is
    :attr:`~guinote_tui.game.session.GameSession.seed`.
    """

    players: int = 4
    level: str = field(default_factory=lambda: default_level(4))  # (at the default table)
    partner_level: str | None = None
    rules: Rules = field(default_factory=Rules)
    seed: int | None = None
    #: Seconds a bot's move takes on screen.
    delay: float = 0.6
    #: ``wait``: a finished trick stays until the player presses a key; ``timed``: for ``trick_seconds``.
    pace: Pace = "wait"
    trick_seconds: float = 2.0
    #: Practice: every bot's hand is shown face up (the match is then assisted).
    open_hands: bool = False
    #: The language chosen on the start screen (a code of :data:`guinote_tui.i18n.LANGUAGES`; None: not chosen).
    language: str | None = None

    def level_of(self, seat: int) -> str:
        """The bot level sitting at ``seat`` (the partner may differ in pairs)."""
        if self.players == 4 and seat == 2 and self.partner_level:
            return self.partner_level
        return self.level

    def fit_table(self, translate: Translate = _) -> list[str]:
        """Put right a level not offered at this table's size: the bots' level becomes the default there, the
        partner's the bots' level. Returns the line for each level put right (:func:`not_offered`)."""
        problems = []
        for key, fallback in (("level", default_level(self.players)), ("partner_level", None)):
            chosen = getattr(self, key) if key == "level" or self.players == 4 else None  # (a partner in pairs)
            problem = None if chosen is None else not_offered(chosen, self.players, translate)
            if problem is not None:
                setattr(self, key, fallback)
                problems.append(problem)
        return problems

    def table_record(self) -> dict[str, Any]:
        """What a saved match keeps of these settings: each bot seat's spec and the pace."""
        return {
            "seats": {str(seat): self.level_of(seat) for seat in range(1, self.players)},
            "delay": self.delay,
            "pace": self.pace,
            "trick_seconds": self.trick_seconds,
            "open_hands": self.open_hands,
        }

    def restore(self, record: dict[str, Any], players: int, keep_level: bool = False) -> None:
        """Take back the table of a saved match (:meth:`table_record`); older files have none.

        ``keep_level``: the player chose a level for this run, which wins over the file's.
        Raises ``ValueError`` with one readable line for a record this program cannot use (a seat's level
        not offered at a table of ``players`` among them);
        every value is checked by the same :data:`SCHEMA` as ``settings.toml``.
        """
        seats = record.get("seats", {})
        if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
            raise ValueError('"table": "seats" must map each bot seat to a bot level')
        for spec in seats.values():
            try:
                check("level", spec)
            except SettingRefused as exc:
                problem = f"no bot level {shown(spec)}: a seat's level must be {exc.expected_in(english)}"
                raise ValueError(f'"table": {problem}') from None
            # A level offered at the other table size only (the level chosen for this run replaces the seats').
            elsewhere = None if keep_level else not_offered(spec, players, english)
            if elsewhere is not None:
                raise ValueError(f'"table": {elsewhere}')
        checked: dict[str, Any] = {}
        # What an older file does not say: the settings' pace and times, and hands not shown.
        defaults = {"pace": self.pace, "open_hands": False, "delay": self.delay, "trick_seconds": self.trick_seconds}
        for key, default in defaults.items():
            try:
                checked[key] = check(key, record.get(key, default))
            except SettingRefused as exc:
                raise ValueError(f'"table": {exc}') from None
        if not keep_level and seats.get("1"):
            self.level = seats["1"]
            if players == 4 and seats.get("2") and seats["2"] != self.level:
                self.partner_level = seats["2"]
        for key, value in checked.items():
            setattr(self, key, value)
