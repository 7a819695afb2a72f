"""The command line's help and click's own messages in the player's language.

Click prints its words (``Usage:``, ``Options``, ``Error: …``, ``Show this
message and exit.``) through ``gettext.gettext``, imported in each of its
modules as ``_`` (and ``ngettext``), and keeps the help texts it was given as
they were written. Here:

- :func:`translate_click` points click's ``_`` and ``ngettext`` at the game's
  own catalog (the messages it needs are marked below, so the catalogs carry
  them), so click speaks the chosen language; a message missing from the
  catalog stays in English, as before;
- :class:`Group` and :class:`Command` translate the help texts (``help=N_(…)``
  on commands and options) when the help is shown, not when the module is
  imported, so they follow the language chosen for this run;
- :class:`Group` chooses that language before click parses anything
  (:func:`early_language`): ``--lang`` is read from the arguments, then
  ``GUINOTE_LANG``, the saved settings and the locale, as the game does, so
  ``guinote --lang es --help`` and ``GUINOTE_LANG=es guinote --help`` are both
  Spanish; a ``--lang`` the game does not have leaves the language the rest
  would choose (:func:`fallback_language`), in which its one line is said;
- the metavars written for options and arguments (``metavar=N_("FILE")``) are
  translated while the group runs, and the parameter types below name
  themselves in the current language (:class:`Integer`, :class:`IntegerRange`,
  :class:`NumberRange`, :class:`File`: the help's ``INTEGER`` and click's
  "'x' is not a valid integer");
- ``--version`` (:func:`version_option`) and the yes/no question
  (:func:`confirm`, with the language's own letters) are the game's, as
  click's are fixed in English when the module is imported.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from typing import Any

import click

from .. import __version__, i18n
from ..clicktypes import FiniteFloatRange
from ..i18n import N_, _, ngettext, pgettext
from ..storage import printable

#: Click's own messages that a player meets, marked for the catalogs (click looks them up by these texts).
CLICK_MESSAGES = (
    N_("Usage:"),
    N_("[OPTIONS]"),
    N_("[COMMAND] [ARGS]..."),
    N_("Options"),
    N_("Commands"),
    N_("Positional arguments"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("default: {default}"),
    N_("required"),
    N_("Aborted!"),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
)


def _click_plurals() -> None:  # pragma: no cover - never called: marks click's plural messages for the catalogs
    ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1)
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1)
    ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1)
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)


def _click_gettext(message: str) -> str:
    return _(message) if message else message  # (an empty msgid would give the catalog's header)


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    return ngettext(singular, plural, n)


def translate_click() -> None:
    """Let click's own messages go through the game's catalog (idempotent)."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "click" or name.startswith("click.")):
            continue
        if callable(getattr(module, "_", None)) and module._ is not _click_gettext:
            module._ = _click_gettext  # type: ignore[attr-defined]
        if callable(getattr(module, "ngettext", None)) and module.ngettext is not _click_ngettext:
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]


def _saved_language() -> str | None:
    """The language saved in the settings, if they can be read; a damaged file is left where it is, for the
    command to set aside and tell once (the game, ``config``; any other command on its way out: :class:`Group`)."""
    try:
        from ..game import preferences

        return preferences.saved_language()
    except Exception:  # the help must show whatever the settings file holds
        return None


def _tell_set_aside_settings(loads_before: int) -> None:
    """On the way out of a command that never read the settings: a damaged file is set aside now, and said in
    one line on stderr (a command that read them told it already: in the game, or on its own output)."""
    try:
        from ..game import preferences

        if preferences.loads() != loads_before:
            return
        for line in preferences.set_aside_lines():
            click.echo(line, err=True)
    except Exception:  # (telling must never turn a command's end into a crash)
        return


def lang_argument(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` among ``args`` (before a ``--``), if any.

    >>> lang_argument(["--lang", "es", "--help"]), lang_argument(["--lang=de", "play"]), lang_argument(["stats"])
    ('es', 'de', None)
    """
    for index, arg in enumerate(args):
        if arg == "--":
            return None
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def fallback_language() -> str:
    """The language to speak when the one asked for is unknown: the saved one, the locale's, or English."""
    saved = _saved_language()
    try:
        return i18n.choose(saved=saved)
    except i18n.UnknownLanguage:  # GUINOTE_LANG names it: the saved language and the locale decide
        import os

        return i18n.choose(saved=saved, environ={k: v for k, v in os.environ.items() if k != "GUINOTE_LANG"})


def early_language(args: Sequence[str]) -> None:
    """Use the language this run will use, before click prints any help or error.

    An unknown ``--lang`` (or ``GUINOTE_LANG``) leaves the language the rest would choose
    (:func:`fallback_language`); the group's callback then says so in one line, in that language.
    """
    try:
        i18n.set_language(i18n.choose(option=lang_argument(args), saved=_saved_language()))
    except i18n.UnknownLanguage:
        i18n.set_language(fallback_language())


# -- the parameter types, --version and the yes/no question in the player's language ------------------------


class _Named:
    """A click parameter type that gives its name in the current language (the help's metavar, its errors)."""

    def _name(self) -> str:
        raise NotImplementedError

    @property
    def name(self) -> str:
        return self._name()

    @name.setter
    def name(self, value: str) -> None:  # (click.Path sets its English name when it is made: the property wins)
        pass


class Integer(_Named, click.types.IntParamType):
    """A whole number (``type=int``)."""

    def _name(self) -> str:
        return pgettext("a type of value", "integer")


class IntegerRange(_Named, click.IntRange):
    """A whole number between bounds (``click.IntRange``)."""

    def _name(self) -> str:
        return pgettext("a type of value", "integer range")

    def _describe_range(self) -> str:
        # Spaced, so that the help wraps between the bounds and never inside a long number.
        return " ".join(re.sub(r"(<=|<|>=|>)", r" \1 ", super()._describe_range()).split())


class NumberRange(_Named, FiniteFloatRange):
    """A number between bounds, never ``nan`` (:class:`~guinote_tui.clicktypes.FiniteFloatRange`)."""

    def _name(self) -> str:
        return pgettext("a type of value", "float range")

    def not_a_number(self, value: Any) -> str:
        return _("{value!r} is not a number.").format(value=value)


class File(_Named, click.Path):
    """A file's path (``click.Path(dir_okay=False)``)."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False)

    def _name(self) -> str:
        return pgettext("a type of value", "file")


class Day(_Named, click.ParamType):  # type: ignore[type-arg]  # (generic from click 8.2 on; 8.1 is supported)
    """A day, ``YYYY-MM-DD`` (a :class:`datetime.date`)."""

    def _name(self) -> str:
        return pgettext("a type of value", "date")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> date:
        if isinstance(value, date):
            return value
        try:
            if isinstance(value, str) and len(value) == 10:
                return date.fromisoformat(value)
        except ValueError:
            pass
        self.fail(_("{value!r} is not a date (YYYY-MM-DD).").format(value=printable(str(value))[:40]), param, ctx)


INTEGER = Integer()


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    click.echo(_("{program}, version {version}").format(program="guinote", version=__version__))
    ctx.exit()


def version_option() -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--version``, printing "guinote, version …" in the current language."""
    return click.option(
        "--version",
        is_flag=True,
        expose_value=False,
        is_eager=True,
        callback=_show_version,
        help=N_("Show the version and exit."),
    )


def _answers(text: str) -> list[str]:
    return [word for word in text.lower().split() if word]


def confirm(question: str) -> bool:
    """Ask ``question``, No by default, with the language's own letters (``[s/N]``, ``[j/N]``, ``[д/Н]``).

    The language's answers are accepted, and English ``y``/``yes``/``n``/``no`` too; anything else is
    asked again. Raises ``click.Abort`` when the input ends.
    """
    yes = _answers(pgettext("the answers to a question that mean yes, the letter first", "y yes")) or ["y"]
    no = _answers(pgettext("the answers to a question that mean no, the letter first", "n no")) or ["n"]
    prompt = _("{question} [{yes}/{no}]").format(question=question, yes=yes[0], no=no[0].upper())
    while True:
        answer = click.prompt(prompt, default="", show_default=False, prompt_suffix=" ").strip().lower()
        if answer in (*yes, "y", "yes"):
            return True
        if answer in ("", *no, "n", "no"):
            return False
        click.echo(_("Answer {yes} or {no}.").format(yes=yes[0], no=no[0]), err=True)


@contextmanager
def _translated(items: Iterable[Any], *attributes: str) -> Iterator[None]:
    """Within the block, the ``attributes`` (help texts) of ``items`` in the current language."""
    saved = []
    for item in items:
        for attribute in attributes:
            text = getattr(item, attribute, None)
            if isinstance(text, str) and text:
                saved.append((item, attribute, text))
                setattr(item, attribute, _(text))
    try:
        yield
    finally:
        for item, attribute, text in saved:
            setattr(item, attribute, text)


class _Translating(click.Command):
    """A command whose help texts are looked up in the catalog when the help is shown."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        cached = getattr(self, "_help_option", None)
        option = super().get_help_option(ctx)
        if option is not None and hasattr(self, "_help_option") and option is not cached:
            # Click keeps the option it made first, its help in the language of that moment: keep the msgid
            # instead, translated each time the help is shown (a click that does not keep it translates it anew).
            option.help = "Show this message and exit."
        return option

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated([self], "options_metavar", "subcommand_metavar"):
            super().format_usage(ctx, formatter)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated([self], "help"):
            super().format_help_text(ctx, formatter)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated(self.get_params(ctx), "help"):
            super().format_options(ctx, formatter)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated([self], "epilog"):
            super().format_epilog(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with _translated([self], "help", "short_help"):
            return super().get_short_help_str(limit)


class Command(_Translating):
    """A ``guinote`` subcommand."""


def command(name: str | None = None, **attrs: Any) -> Callable[[Callable[..., Any]], Command]:
    """The decorator that makes a ``guinote`` subcommand (the group adds it: :mod:`guinote_tui.cli`)."""
    return click.command(name, cls=Command, **attrs)


class Group(_Translating, click.Group):
    """The ``guinote`` command: chooses the language first, then parses."""

    command_class = Command

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        from ..game import preferences

        translate_click()
        early_language(sys.argv[1:] if args is None else list(args))
        loads = preferences.loads()
        try:
            with _translated(self._every_parameter(), "metavar"):
                return super().main(args, *rest, **kwargs)
        finally:
            _tell_set_aside_settings(loads)

    def _every_parameter(self) -> list[click.Parameter]:
        found = list(self.params)
        for command in self.commands.values():
            found += command.params
        return found
