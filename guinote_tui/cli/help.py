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
  Spanish.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

from .. import i18n
from ..i18n import N_, _, ngettext

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
    """The language saved in the settings, if they can be read (a problem is the game's to report)."""
    try:
        from ..game import preferences

        settings, _problems = preferences.load()
    except Exception:  # the help must show whatever the settings file holds
        return None
    return settings.language


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


def early_language(args: Sequence[str]) -> None:
    """Use the language this run will use, before click prints any help or error (English if it is unknown)."""
    try:
        i18n.set_language(i18n.choose(option=lang_argument(args), saved=_saved_language()))
    except i18n.UnknownLanguage:
        i18n.set_language(i18n.SOURCE)  # the group's callback reports it in one line


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
        translate_click()
        early_language(sys.argv[1:] if args is None else list(args))
        return super().main(args, *rest, **kwargs)
