"""What a player runs: the game (``play``, the default), ``learn``, ``practice``, ``config``, ``rules``, ``serve``.

The interface (textual) is imported only inside the commands that open it; ``serve`` starts the game as a
process and never imports it.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING, Any

import click

from ..engine import SEED_RANGE
from ..i18n import N_, _
from ..storage import printable
from .common import PRESET_CHOICE, RULE_HELP, build_rules, crashed, history_refused
from .help import Day, File, IntegerRange, NumberRange, command

if TYPE_CHECKING:
    from ..engine import Rules


class LevelChoice(click.Choice[str]):
    """The bot levels a player may choose at some table size (:func:`guinote_tui.ai.offered_levels`), read when
    ``--level`` is given or its help shown: the bots' modules are not loaded to start a command that names no
    level. Whether the table's size offers it is for the command to check (:func:`level_refused`)."""

    def __init__(self) -> None:
        super().__init__(())

    @property  # type: ignore[override]
    def choices(self) -> tuple[str, ...]:
        from ..ai import offered_levels

        return tuple(offered_levels())

    @choices.setter
    def choices(self, _value: Iterable[str]) -> None:  # (click's __init__ sets them: the property wins)
        pass


def level_refused(problem: str) -> click.BadParameter:
    """The one line for ``--level`` naming a level the table's size does not offer (exit status 2, as for a
    level that does not exist)."""
    return click.BadParameter(problem, param_hint="--level")


def _run_app(app: Any) -> None:
    """Run the game's app; an error that stopped it ends the command like any unexpected error.

    A closed terminal, SIGHUP or SIGTERM ends it as Quit does, or ends the process soon after (:mod:`..hangup`).
    """
    from .. import hangup

    def end(signum: int) -> None:
        with contextlib.suppress(Exception):  # (not running yet, or no longer: the backstop ends the process)
            app.call_from_thread(app.end_on_signal, signum)

    with hangup.backstop(end):
        app.run()
    for line in getattr(app, "parting", ()):
        click.echo(line)
    if app.crash_report is not None:
        crashed(app.crash_report)
    if app.return_code:
        sys.exit(app.return_code)


def _match_in_progress() -> bool:
    """Whether a match is kept for ``--continue`` (a damaged file is set aside by the run, not kept)."""
    from ..game import resume
    from ..storage import Damaged

    if not resume.exists():
        return False
    try:
        return resume.load() is not None
    except Damaged:
        return False


def _on_terminal() -> bool:
    """Whether a person answers at a terminal (standard input and output both one)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _keep_or_replace() -> None:
    """A new deal would take the place of the match in progress: asked on a terminal, refused in one line
    elsewhere (``--new`` deals it, ``--continue`` goes on with the kept one)."""
    if not _match_in_progress():
        return
    if not _on_terminal():
        raise click.ClickException(
            _("A match is in progress: --continue goes on with it, --new deals a new one in its place")
        )
    question = _("A match is in progress. Deal a new one in its place (the kept match is lost)?")
    if not click.confirm(question, default=False):
        click.echo(_("The match in progress is kept: guinote play --continue goes on with it."))
        sys.exit(0)


def _lang_option() -> str | None:
    """The ``--lang`` given to ``guinote`` itself (before the command), if any."""
    root = click.get_current_context().find_root()
    return root.obj.get("lang") if isinstance(root.obj, dict) else None


@command(
    help=N_("Open the game (the default command)."),
)
@click.option("--players", type=click.Choice(["2", "4"]), default=None, help=N_("4 = pairs, 2 = heads-up."))
@click.option("--level", type=LevelChoice(), default=None, help=N_("Bot level for every bot seat."))
@click.option(
    "--rules",
    "preset",
    type=PRESET_CHOICE,
    default=None,
    help=N_("Rules preset (default: the last chosen, or aragones)."),
)
@click.option("--rule", "flags", multiple=True, metavar=N_("NAME=VALUE"), help=RULE_HELP)
@click.option(
    "--seed",
    type=IntegerRange(SEED_RANGE.start, SEED_RANGE.stop - 1),
    default=None,
    help=N_("Seed for the deals (a repeatable match)."),
)
@click.option("--delay", type=NumberRange(0, 10), default=None, help=N_("Seconds between bot plays."))
@click.option("--load", "history", type=File(), default=None, help=N_("Resume a saved history."))
@click.option(
    "--continue", "continue_match", is_flag=True, help=N_("Go on with the match in progress kept from the last run.")
)
@click.option(
    "--new",
    "new_match",
    is_flag=True,
    help=N_("Deal a new match even if one is in progress (it takes the kept match's place)."),
)
@click.option(
    "--plain",
    is_flag=True,
    help=N_("Play in plain text, line by line on standard input and output (screen readers, pipes, plain SSH)."),
)
def play(
    players: str | None,
    level: str | None,
    preset: str | None,
    flags: tuple[str, ...],
    seed: int | None,
    delay: float | None,
    history: str | None,
    continue_match: bool = False,
    new_match: bool = False,
    plain: bool = False,
) -> None:
    from ..engine import HistoryError
    from ..game.settings import LevelNotOffered

    if continue_match and history is not None:
        raise click.UsageError(_("--continue and --load both name a match: give one of them"))
    if continue_match and new_match:
        raise click.UsageError(_("--continue and --new ask for two matches: give one of them"))
    # The table deals at once when the seats are given (else the start screen asks on Deal); plain mode always.
    deals_now = history is None and not continue_match and (plain or players is not None)
    if deals_now and not new_match:
        _keep_or_replace()
    rules = build_rules(preset or "aragones", flags) if preset is not None or flags else None
    if plain:
        _play_plain(players, level, rules, seed, delay, history, continue_match)
        return
    try:
        from ..ui.app import make_app
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise click.ClickException(_("the game interface cannot start: {problem}").format(problem=exc)) from None
    try:
        app = make_app(**_match_options(players, level, rules, seed, delay, history, continue_match))
    except HistoryError as exc:
        raise history_refused(exc) from None
    except LevelNotOffered as exc:
        raise level_refused(str(exc)) from None
    _run_app(app)


def _match_options(
    players: str | None,
    level: str | None,
    rules: Rules | None,
    seed: int | None,
    delay: float | None,
    history: str | None,
    continue_match: bool,
) -> dict[str, Any]:
    """The match the command line asks for, as the screen and the plain mode both take it."""
    return {
        "players": int(players) if players else None,
        "level": level,
        "rules": rules,
        "seed": seed,
        "delay": delay,
        "history": history,
        "continue_match": continue_match,
        "lang": _lang_option(),
    }


def _play_plain(
    players: str | None,
    level: str | None,
    rules: Rules | None,
    seed: int | None,
    delay: float | None,
    history: str | None,
    continue_match: bool,
) -> None:
    """``guinote play --plain``: the match as a text dialogue on standard input and output."""
    import contextlib
    import logging
    import os

    from .. import plain
    from ..engine import HistoryError
    from ..game.settings import LevelNotOffered

    # What the game logs (a bot that failed, a file it could not write) is said in the dialogue, in one line.
    logging.getLogger("guinote_tui").addHandler(logging.NullHandler())
    reader, writer = sys.stdin, sys.stdout
    for stream in (reader, writer):  # bytes that are not text are read, and names written, as "?" at worst
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
    try:
        options = _match_options(players, level, rules, seed, delay, history, continue_match)
        status = plain.play(reader, writer, **options)
    except HistoryError as exc:
        raise history_refused(exc) from None
    except LevelNotOffered as exc:
        raise level_refused(str(exc)) from None
    except BrokenPipeError:  # the reader went away: the match was kept after the last trick
        with contextlib.suppress(AttributeError, ValueError, OSError):  # nothing more is written, not even at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), writer.fileno())
        status = 0
    if status:
        sys.exit(status)


@command(
    help=N_("Where the remembered settings are kept, and what they are."),
)
@click.option("--path", "path_only", is_flag=True, help=N_("Print only where the settings file is."))
def config(path_only: bool) -> None:
    from ..game import preferences

    where = preferences.path()
    if path_only:
        click.echo(str(where))
        return
    click.echo(_("settings file: {path}").format(path=printable(str(where))))
    settings, problems = preferences.load()
    for problem in problems:
        click.echo(problem, err=True)
    if not where.exists():
        click.echo(_("(nothing saved yet: the start screen saves its choices when a match is dealt)"))
        return
    click.echo(preferences.dumps(settings), nl=False)


@command(
    help=N_("Learn to play: the lessons menu, or one lesson by its number or name."),
)
@click.argument("lesson", required=False, default="", metavar=N_("[LESSON]"))
def learn(lesson: str) -> None:
    from ..lessons import LESSONS, find

    if lesson and find(lesson) is None:
        choices = ", ".join(f"{item.number} {item.id}" for item in LESSONS)
        click.echo(
            _("guinote learn: no lesson {lesson}; choose one of: {choices}").format(
                lesson=repr(lesson), choices=choices
            ),
            err=True,
        )
        sys.exit(2)
    try:
        from ..ui.app import make_app
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise click.ClickException(_("the game interface cannot start: {problem}").format(problem=exc)) from None
    _run_app(make_app(learn=lesson, lang=_lang_option()))


@command(
    help=N_(
        "Practise: the costly decisions kept from the hands you reviewed, and the exact puzzles "
        "(with the problem of the day)."
    ),
)
@click.option("--puzzles", is_flag=True, help=N_("Open on the puzzles, the problem of the day first."))
@click.option(
    "--plain",
    is_flag=True,
    help=N_("Practise in plain text, line by line on standard input and output (screen readers, pipes)."),
)
@click.option(
    "--duplicate",
    is_flag=True,
    help=N_(
        "The daily duplicate: the same deals for everyone today, then hard's and the coach's (--plain: in plain text)."
    ),
)
@click.option(
    "--day",
    type=Day(),
    default=None,
    metavar=N_("DATE"),
    help=N_("With --duplicate: the deals of another day (YYYY-MM-DD), to check a shared result."),
)
def practice(puzzles: bool, plain: bool, duplicate: bool, day: date | None) -> None:
    tab = "puzzle" if puzzles else "mistake"
    if duplicate and plain:
        _practice_plain(tab, duplicate_day=day if day is not None else date.today())
        return
    if plain:
        _practice_plain(tab)
        return
    try:
        from ..ui.app import make_app
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise click.ClickException(_("the game interface cannot start: {problem}").format(problem=exc)) from None
    _run_app(make_app(practice="duplicate" if duplicate else tab, day=day, lang=_lang_option()))


def _practice_plain(tab: str, duplicate_day: date | None = None) -> None:
    """``guinote practice --plain``: the problems as a text dialogue on standard input and output (the daily
    duplicate of ``duplicate_day`` instead, when given)."""
    import contextlib
    import os

    from .. import plain

    reader, writer = sys.stdin, sys.stdout
    for stream in (reader, writer):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
    try:
        if duplicate_day is not None:
            status = plain.duplicate(reader, writer, lang=_lang_option(), day=duplicate_day)
        else:
            status = plain.practise(reader, writer, tab=tab, lang=_lang_option())
    except BrokenPipeError:
        with contextlib.suppress(AttributeError, ValueError, OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), writer.fileno())
        status = 0
    if status:
        sys.exit(status)


@command(
    name="rules",
    help=N_("The rules presets, or with --flags every flag that --rule NAME=VALUE can set."),
)
@click.option("--flags", "list_flags", is_flag=True, help=N_("List every rules flag with its values."))
def rules_command(list_flags: bool) -> None:
    from ..engine import PRESETS, Rules

    if list_flags:
        for line in Rules.flag_lines():
            click.echo(line)
        return
    base = PRESETS["aragones"]
    click.echo(_("aragones (the default): the rules of docs/rules.md as the flags list them"))
    for name, preset in PRESETS.items():
        if name == "aragones":
            continue
        changed = ", ".join(
            f"{k}={str(v).lower() if isinstance(v, bool) else v}"
            for k, v in preset.to_dict().items()
            if k != "preset_name" and v != getattr(base, k)
        )
        click.echo(_("{name}: aragones with {changed}").format(name=name, changed=changed))
    click.echo(_("Choose one with --rules NAME; change a flag with --rule NAME=VALUE (guinote rules --flags)."))


@command(
    help=N_(
        "Serve the game in a browser through textual-serve.\n\n"
        "The address printed carries a token that the page and the game require; "
        "the game accepts connections only from its own page."
    ),
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    metavar=N_("ADDRESS"),
    help=N_("Address to bind (this computer only by default)."),
)
@click.option("--port", type=IntegerRange(1, 65535), default=8000, show_default=True)
@click.option(
    "--max-sessions",
    type=IntegerRange(min=1),
    default=1,
    show_default=True,
    help=N_("How many games may be played at once (each is a process)."),
)
def serve(host: str, port: int, max_sessions: int) -> None:
    try:
        from .. import serving
    except ModuleNotFoundError as exc:  # the optional extra (textual-serve, with aiohttp) is missing
        if (exc.name or "").split(".")[0] not in ("textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2"):
            raise
        raise click.ClickException(
            _(
                "textual-serve is not installed: pip install 'guinote-tui[serve]' "
                "(from a checkout: pip install '.[serve]')"
            )
        ) from None
    lang = _lang_option()  # the games speak the language asked for on this command line
    server = serving.GuardedServer(
        serving.game_command(),
        host=host,
        port=port,
        max_sessions=max_sessions,
        game_environment={"GUINOTE_LANG": lang} if lang else None,
    )
    try:
        server.serve()
    except OSError as exc:  # the port is taken, the host does not resolve...
        raise click.ClickException(
            _("cannot serve on {host}:{port}: {problem}").format(host=host, port=port, problem=exc.strerror or exc)
        ) from None
