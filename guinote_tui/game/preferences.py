"""The start screen's choices, remembered between runs in ``settings.toml``.

The file lives in the user's config directory (``guinote config --path``
prints where). It is plain TOML that a player may edit::

    players = 2
    level = "hard"
    partner_level = ""        # "": the partner plays at the bots' level
    pace = "wait"
    delay = 0.6
    trick_seconds = 2.0
    open_hands = false

    [rules]
    preset = "aragones"
    partner_exemption = false # flags that differ from the preset

Reading never fails: a value that is not allowed is reported in one line
and replaced by its default (that key only; a bot level not offered at the
file's table size too); a file that is not TOML at all
is set aside (``settings.toml.corrupt-<timestamp>``) and every choice starts
from its default. Writing goes through a temporary file and a rename.

    >>> settings, problems = parse('players = 2\\nlevel = "champion"\\n')
    >>> settings.players
    2
    >>> problems  # doctest: +ELLIPSIS
    ['settings.toml: "level" must be one of random, easy, ..., not \\'champion\\'; the default is used']
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import storage
from ..i18n import _

if TYPE_CHECKING:
    from ..engine import Rules
    from .settings import GameSettings

FILE_NAME = "settings.toml"


def path() -> Path:
    """Where the settings are kept."""
    return storage.config_dir() / FILE_NAME


def parse(text: str, name: str = FILE_NAME) -> tuple[GameSettings, list[str]]:
    """The settings in ``text`` over the defaults, and one line per value that could not be used.

    Raises ``tomllib.TOMLDecodeError`` when ``text`` is not TOML.
    """
    # (Imported here: a command that finds no settings file, the help, the statistics, loads neither the rules
    # nor the settings' schema.)
    import tomllib

    from .settings import GameSettings

    data = tomllib.loads(text)
    settings = GameSettings()
    problems: list[str] = []
    _read_settings(data, settings, name, problems)
    settings.rules = _read_rules(data.get("rules", {}), name, problems)
    return settings, problems


def _refused(problems: list[str], name: str, key: str, expected: str, value: Any) -> None:
    problems.append(
        _('{file}: "{key}" must be {expected}, not {value}; the default is used').format(
            file=name, key=key, expected=expected, value=storage.shown(value)
        )
    )


def _read_settings(data: dict[str, Any], settings: GameSettings, name: str, problems: list[str]) -> None:
    """The top-level settings of ``data`` (all but the rules) into ``settings``, each checked by the schema."""
    from .settings import SCHEMA, SettingRefused, check

    for key, value in data.items():
        if key == "rules":
            continue
        if key in SCHEMA:
            try:
                setattr(settings, key, check(key, value))
            except SettingRefused as exc:
                _refused(problems, name, key, exc.expected, value)
        else:
            problems.append(
                _('{file}: "{key}" is not a setting this version knows; it is ignored').format(
                    file=name, key=storage.shown(key)[1:-1]
                )
            )
    for problem in settings.fit_table():  # (a level offered at the other table size only)
        problems.append(_("{file}: {problem}; the default is used").format(file=name, problem=problem))


def _read_rules(rules: Any, name: str, problems: list[str]) -> Rules:
    """The ``[rules]`` table: its preset, then each flag over it (a flag that does not hold keeps the preset's)."""
    from dataclasses import fields

    from ..engine import PRESETS, Rules, RulesError
    from ..present.refusals import refusal_text
    from .settings import alternatives

    if not isinstance(rules, dict):
        _refused(problems, name, "rules", _("a table of rules flags"), rules)
        rules = {}
    preset = rules.get("preset", "aragones")
    if not isinstance(preset, str) or preset not in PRESETS:
        _refused(problems, name, "rules.preset", alternatives(list(PRESETS)), preset)
        preset = "aragones"
    chosen = Rules.preset(preset)
    flag_names = {f.name for f in fields(Rules)} - {"preset_name"}
    for key, value in rules.items():
        if key == "preset":
            continue
        if key not in flag_names:
            unknown = _('{file}: "rules.{key}" is not a rules flag; it is ignored')
            problems.append(unknown.format(file=name, key=storage.shown(key)[1:-1]))
            continue
        try:
            chosen = chosen.with_flags(**{key: value})
        except (RulesError, TypeError) as exc:
            problem = refusal_text(exc) if isinstance(exc, RulesError) else str(exc)
            problems.append(
                _("{file}: rules.{key}: {problem}; the preset's value is used").format(
                    file=name, key=key, problem=problem
                )
            )
    return chosen


#: How many times this process has read the settings with :func:`load` or :func:`set_aside_lines`.
_loads = 0


def load(target: Path | None = None) -> tuple[GameSettings, list[str]]:
    """The remembered settings (the defaults when there are none) and the lines to tell the player.

    A file that cannot be read at all is set aside here, and the line saying so is among those returned:
    whoever calls this tells the player.
    """
    from .settings import GameSettings

    settings, problems, _set_aside = _load(target)
    return GameSettings() if settings is None else settings, problems


def loads() -> int:
    """How many times this process has read the settings (and so told of a damaged file): see :func:`load`."""
    return _loads


def set_aside_lines() -> list[str]:
    """For a command that does not use the settings: a damaged file set aside now, and the line saying so
    (none when the file is sound or absent; a value that is not allowed is the game's to tell)."""
    _settings, problems, set_aside = _load(None)
    return problems if set_aside else []


def saved_language(target: Path | None = None) -> str | None:
    """The language saved in the settings, read without changing anything (the help's language, chosen
    before any command runs): a file that cannot be read gives None and is left where it is, for the
    command to set aside and tell (:func:`load`, :func:`set_aside_lines`)."""
    try:
        settings, _problems = parse(storage.read_text(target or path()))
    except Exception:  # any damage: no saved language (the command reports it)
        return None
    return settings.language


def _load(target: Path | None) -> tuple[GameSettings | None, list[str], bool]:
    """:func:`load`, and whether the file was set aside (then the one line is the only problem). The settings are
    None where the defaults are used: :func:`load` makes them, :func:`set_aside_lines` needs none."""
    global _loads
    _loads += 1
    where = target or path()
    try:
        text = storage.read_text(where)
    except FileNotFoundError:
        return None, [], False
    except (storage.Unreadable, UnicodeDecodeError) as exc:
        reason = _("not UTF-8 text") if isinstance(exc, UnicodeDecodeError) else exc.reason
        damaged = storage.damaged(where, reason)
        return None, [_("{problem}; the defaults are used").format(problem=damaged)], True
    except OSError as exc:
        problem = _("{file} could not be read ({problem}); the defaults are used")
        return None, [problem.format(file=storage.printable(where.name), problem=exc.strerror or exc)], False
    import tomllib

    try:
        settings, problems = parse(text, where.name)
        return settings, problems, False
    except tomllib.TOMLDecodeError as exc:
        reason = _("not TOML: {error}").format(error=exc)
    except RecursionError:
        reason = _("not TOML this program can read: nested too deeply")
    except Exception as exc:  # a reader has one rule: the one line, never a traceback
        reason = _("not TOML this program can read: {error}").format(error=storage.shown(str(exc))[1:-1])
    damaged = storage.damaged(where, reason)
    return None, [_("{problem}; the defaults are used").format(problem=damaged)], True


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def dumps(settings: GameSettings) -> str:
    """The TOML text for ``settings`` (the start screen's choices)."""
    lines = [
        "# guinote-tui: the start screen's last choices. A value that is not allowed is",
        "# reported when the game starts and its default used instead.",
        f"players = {settings.players}",
        f"level = {_value(settings.level)}",
        f"partner_level = {_value(settings.partner_level or '')}",
        f"pace = {_value(settings.pace)}",
        f"delay = {_value(float(settings.delay))}",
        f"trick_seconds = {_value(float(settings.trick_seconds))}",
        f"open_hands = {_value(settings.open_hands)}",
        f"language = {_value(settings.language or '')}",
        "",
        "[rules]",
        f"preset = {_value(settings.rules.preset_name)}",
    ]
    lines.extend(f"{key} = {_value(value)}" for key, value in sorted(settings.rules.differences().items()))
    return "\n".join(lines) + "\n"


def save(settings: GameSettings, target: Path | None = None) -> str | None:
    """Remember ``settings``; the one line to show when they could not be written (None when saved)."""
    where = target or path()
    try:
        storage.write_atomic(where, dumps(settings))
    except OSError as exc:
        return _("The settings could not be saved in {folder} ({problem})").format(
            folder=storage.printable(str(where.parent)), problem=exc.strerror or exc
        )
    return None
