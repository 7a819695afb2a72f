"""What the ``guinote`` commands share: the rules options and the end of a run on an unexpected error.

The engine is imported inside the functions that use it: starting a command that deals no hand (the help, the
statistics) does not load it.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Any, NoReturn

import click

from .. import storage
from ..i18n import N_, _

if TYPE_CHECKING:
    from ..engine import HistoryError, Rules

#: The exit status after an unexpected error (EX_SOFTWARE in sysexits.h); its traceback is in a crash log.
EXIT_CRASH = 70


def crashed(report: str) -> NoReturn:
    """Write ``report`` to a crash log, say where in one line, and exit with :data:`EXIT_CRASH`."""
    try:
        where = storage.write_crash_log(report)
    except OSError as exc:
        click.echo(report, err=True)
        line = _("guinote stopped on an unexpected error; the crash log could not be written ({problem}).")
        click.echo(line.format(problem=exc.strerror or exc), err=True)
    else:
        line = _("guinote stopped on an unexpected error; what happened is in {path}")
        click.echo(line.format(path=storage.printable(str(where))), err=True)
    sys.exit(EXIT_CRASH)


def history_refused(refusal: HistoryError) -> click.ClickException:
    """The one line for a history that cannot be used, its path (and anything else from the file) printable."""
    from ..present.refusals import refusal_text

    return click.ClickException(storage.printable(refusal_text(refusal)))


def build_rules(preset: str, flags: tuple[str, ...]) -> Rules:
    """A preset with ``name=value`` overrides, or a one-line usage error."""
    from ..engine import Rules, RulesError
    from ..present.refusals import refusal_text

    try:
        overrides: dict[str, Any] = dict(Rules.parse_flag(text) for text in flags)
        return Rules.preset(preset, **overrides)
    except RulesError as exc:
        raise click.BadParameter(refusal_text(exc), param_hint="--rule") from None


PRESET_CHOICE = click.Choice(["aragones", "libre-100"])
RULE_HELP = N_("Override one rules flag (the flags: guinote rules --flags).")


def clock(seconds: float) -> str:
    """``1:05`` (minutes and seconds), ``2:03:09`` past an hour."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def on_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a progress line is for a person watching, never for a file or a pipe)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class ProgressLine:
    """A bar on the terminal's error stream, rewritten as the work's steps finish, with the time left.

    ``timed`` and ``untimed`` are the line's words (marked with ``N_``; placeholders ``{bar}``, ``{done}``,
    ``{total}``, and ``{time}`` in ``timed``), said with the time left once a step is done.
    """

    BAR = 24

    def __init__(self, timed: str, untimed: str) -> None:
        self.timed = timed
        self.untimed = untimed
        self.width = 0
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        filled = self.BAR * done // max(total, 1)
        bar = "[" + "#" * filled + "-" * (self.BAR - filled) + "]"
        if done and done < total:
            left = (time.monotonic() - self.started) / done * (total - done)
            text = _(self.timed).format(bar=bar, done=done, total=total, time=clock(left))
        else:
            text = _(self.untimed).format(bar=bar, done=done, total=total)
        self.width = max(self.width, len(text))
        click.echo("\r" + text.ljust(self.width), err=True, nl=False)

    def clear(self) -> None:
        if self.width:
            click.echo("\r" + " " * self.width + "\r", err=True, nl=False)
