"""The ``guinote`` command: play (the default), learn, practice, config, stats, simulate, tournament, replay, review,
rules, serve.

The group and the console script (:func:`run`) are here; the commands, by audience:

* :mod:`.play`: what a player runs (``play``, ``learn``, ``practice``, ``config``, ``rules``, ``serve``);
* :mod:`.records`: what the game remembers, read back (``stats``, ``replay``, ``review``);
* :mod:`.tournament`: the commands between bots (``simulate``, ``tournament``);
* :mod:`.friends`: a table for people in their own terminals (``host``, ``join``);
* :mod:`.help`: the help and click's own messages in the player's language;
* :mod:`.common`: the rules options and the crash log, shared by the commands.

Starting ``guinote`` imports neither the interface (textual) nor the measuring tools: each command imports what it
needs when it runs.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from .. import i18n
from ..i18n import N_
from .common import EXIT_CRASH, crashed
from .friends import host_command, join_command
from .help import Group, _saved_language, fallback_language, version_option
from .play import config, learn, play, practice, rules_command, serve
from .records import hint, replay, review, stats
from .tournament import simulate, tournament

__all__ = ["EXIT_CRASH", "main", "run"]


@click.group(
    cls=Group,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_("Guiñote, the Aragonese card game, against bots in your terminal.\n\nWith no command, opens the game."),
)
@version_option()
@click.option(
    "--lang",
    default=None,
    metavar=N_("CODE"),
    help=N_(
        "The game's language (es, en, de, it, nl, ru; default: GUINOTE_LANG, then the saved choice, then the locale)."
    ),
)
@click.pass_context
def main(ctx: click.Context, lang: str | None) -> None:
    ctx.ensure_object(dict)["lang"] = lang  # the game weighs it against the saved language
    try:
        i18n.set_language(i18n.choose(option=lang, saved=_saved_language()))
    except i18n.UnknownLanguage as exc:
        i18n.set_language(fallback_language())  # the line is said in the language the rest would choose
        click.echo(f"guinote: {exc.line()}", err=True)
        sys.exit(2)
    if ctx.invoked_subcommand is None:
        ctx.invoke(play)


for _command in (
    *(play, config, stats, learn, practice, simulate, tournament, replay, review, hint, rules_command, serve),
    *(host_command, join_command),
):
    main.add_command(_command)


def run(args: Sequence[str] | None = None) -> None:
    """The ``guinote`` console script: :func:`main`, with an unexpected error as one line and a crash log.

    Usage errors exit 2 and errors the command explains exit 1 (click); an
    error nothing expected, in a command or in the game, exits
    :data:`EXIT_CRASH` (70) after writing its traceback to
    ``crash-<timestamp>.log`` in the state directory (:func:`storage.state_dir`).
    """
    try:
        main.main(args=list(args) if args is not None else None, prog_name="guinote")
    except Exception:
        import traceback

        crashed(traceback.format_exc())
