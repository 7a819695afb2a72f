"""``guinote host`` and ``guinote join``: a table for people in their own terminals, and programs in a seat.

The table (:mod:`guinote_tui.net`, with aiohttp) is imported only inside the commands.
"""

from __future__ import annotations

import shlex
import ssl
import sys
from typing import TYPE_CHECKING, Any

import click

from ..addresses import is_loopback
from ..i18n import N_, _, ngettext
from ..storage import printable as shown_text
from .common import PRESET_CHOICE
from .help import IntegerRange, NumberRange, command
from .play import LevelChoice, level_refused

if TYPE_CHECKING:
    from ..net.host import Host
    from ..net.keep import Kept


def checked_name(_context: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """``--name``: one line the others can read (:func:`guinote_tui.net.protocol.person_name`), or one line why not."""
    if value is None:
        return None
    from ..net.protocol import ProtocolError, person_name

    try:
        return person_name(value)
    except ProtocolError as problem:
        raise click.BadParameter(problem.worded(), param_hint="--name") from None


#: Seconds ``guinote host --no-seat`` stays open after the match for the people away to come back and see its end.
AFTER_MATCH_SECONDS = 600.0

NAME_HELP = N_("Your name, shown to the others at the table instead of your seat's number.")


def people_seats(players: int, people: int | None, seats: str | None) -> tuple[int, ...]:
    """The people's seats (from 0): ``--seat 1,3`` as numbered from 1, or ``--people N`` partners first."""
    if people is not None and seats is not None:
        raise click.UsageError(_("--people and --seat both say who plays: give one of them"))
    if seats is not None:
        try:
            chosen = sorted({int(part) - 1 for part in seats.split(",") if part.strip()})
        except ValueError:
            chosen = []
        if not chosen or any(not 0 <= seat < players for seat in chosen):
            raise click.BadParameter(
                _("seats are numbers from 1 to {players}, separated by commas").format(players=players),
                param_hint="--seat",
            )
        return tuple(chosen)
    count = 1 if people is None else people
    if count > players:
        raise click.BadParameter(
            _("a table of {players} has at most {players} people").format(players=players), param_hint="--people"
        )
    order = [0, 2, 1, 3] if players == 4 else [0, 1]  # partners first
    return tuple(sorted(order[:count]))


@command(
    "host",
    help=N_(
        "Open a table on this computer: people join its seats from their own terminals, bots play the others.\n\n"
        "Prints one invitation per person's seat and plays until the match ends or Ctrl+C. The match is kept "
        "after every trick: the same command continues it, with the same codes."
    ),
)
@click.option(
    "--players", type=click.Choice(["2", "4"]), default="4", show_default=True, help=N_("4 = pairs, 2 = heads-up.")
)
@click.option("--rules", "preset", type=PRESET_CHOICE, default="aragones", show_default=True, help=N_("Rules preset."))
@click.option(
    "--level",
    type=LevelChoice(),
    default="normal",
    show_default=True,
    help=N_("Bot level for every bot seat."),
)
@click.option(
    "--people", type=IntegerRange(1, 4), default=None, help=N_("How many seats are for people (partners first).")
)
@click.option(
    "--seat", "seats", default=None, metavar=N_("LIST"), help=N_("The seats for people, numbered from 1 (1,3).")
)
@click.option("--port", type=IntegerRange(0, 65535), default=8765, show_default=True, help=N_("Port to listen on."))
@click.option(
    "--bind",
    default="127.0.0.1",
    show_default=True,
    metavar=N_("ADDRESS"),
    help=N_("Address to bind (this computer only by default)."),
)
@click.option(
    "--away-seconds",
    type=NumberRange(0, 3600),
    default=60,
    show_default=True,
    help=N_("Seconds before a bot plays the seat of a person who left, until they come back."),
)
@click.option("--no-seat", is_flag=True, help=N_("Only host: none of the seats is yours (no screen opens)."))
@click.option(
    "--certfile",
    default=None,
    metavar=N_("FILE"),
    help=N_("TLS certificate (PEM): the table is then reached over wss://, encrypted."),
)
@click.option(
    "--keyfile",
    default=None,
    metavar=N_("FILE"),
    help=N_("The certificate's private key (PEM), when it is not in the certificate's file."),
)
@click.option(
    "--unencrypted",
    is_flag=True,
    help=N_("Let other machines reach the table without TLS: codes and cards travel in plain text."),
)
@click.option(
    "--practice", "hints", is_flag=True, help=N_("A practice table: everyone may ask the coach for hints.")
)
@click.option("--new", "new", is_flag=True, help=N_("Start a new table even if a table's match is kept."))
@click.option("--name", default=None, metavar=N_("NAME"), callback=checked_name, help=NAME_HELP)
def host_command(
    players: str,
    preset: str,
    level: str,
    people: int | None,
    seats: str | None,
    port: int,
    bind: str,
    away_seconds: float,
    no_seat: bool,
    certfile: str | None,
    keyfile: str | None,
    unencrypted: bool,
    hints: bool,
    new: bool,
    name: str | None,
) -> None:
    _quiet_connection_logs()
    kept = _kept_table(new, players, preset, level, people, seats, hints)
    table = _table(kept, players, preset, level, people, seats, away_seconds, hints)
    if name is not None and not no_seat:  # (the host's own seat: the first person's)
        table.names[table.people[0]] = name
    tls = _tls(bind, certfile, keyfile, unencrypted)
    if no_seat:
        _serve(table, bind, port, tls)
        return
    if tls is None and not is_loopback(bind):
        click.echo(_exposed(bind, port), err=True)
    notes = (_("Continuing the kept table's match (guinote host --new starts another)."),) if kept else ()
    _open_seat({"host": table, "bind": (bind, port), "notes": notes, "tls": tls, "cafile": certfile})
    if not table.match.is_over:
        click.echo(_("The table is closed; its match is kept: guinote host continues it."))


def _quiet_connection_logs() -> None:
    """A connection's trouble is the connection's: no traceback from the table's or aiohttp's loggers."""
    import logging

    for logger in ("guinote_tui", "aiohttp"):
        logging.getLogger(logger).addHandler(logging.NullHandler())


def _kept_table(
    new: bool, players: str, preset: str, level: str, people: int | None, seats: str | None, hints: bool
) -> Kept | None:
    """The kept table ``guinote host`` continues (none with ``--new``); options it was not started with are
    refused in one line naming ``--new``, a kept file that does not read in one line."""
    from ..net import keep
    from ..storage import Damaged

    try:
        kept = None if new else keep.load()
    except (keep.KeptTableError, Damaged) as exc:
        raise click.ClickException(str(exc)) from None
    if kept is not None:
        overridden = _kept_overrides(kept, players, preset, level, people, seats, hints)
        if overridden:
            raise click.ClickException(
                _(
                    "The kept table's match was not started with {options}: guinote host continues it as it is, "
                    "guinote host --new starts a new table with them"
                ).format(options=" ".join(overridden))
            )
    return kept


def _table(
    kept: Kept | None,
    players: str,
    preset: str,
    level: str,
    people: int | None,
    seats: str | None,
    away_seconds: float,
    hints: bool,
) -> Host:
    """The kept table continued, or a new one from the options (a level not offered refused in one line)."""
    from ..engine import Rules
    from ..game.settings import not_offered
    from ..net import keep
    from ..net.host import Host, TableConfig

    try:
        if kept is not None:
            click.echo(_("Continuing the kept table's match (guinote host --new starts another)."))
            return Host.continued(kept, away_seconds=away_seconds)
        chosen = people_seats(int(players), people, seats)
        problem = not_offered(level, int(players))  # (a kept table plays on at its own level)
        if problem is not None:
            raise level_refused(problem)
        config = TableConfig(
            players=int(players),
            rules=Rules.preset(preset),
            people=chosen,
            level=level,
            away_seconds=away_seconds,
            hints=hints,
            keep=True,
        )
        return Host(config)
    except keep.KeptTableError as exc:
        raise click.ClickException(str(exc)) from None


def _serve(table: Host, bind: str, port: int, tls: ssl.SSLContext | None) -> None:
    """``--no-seat``: the table open without a screen, its invitations printed, until its match ends or Ctrl+C."""
    import asyncio

    async def serve() -> None:
        try:
            await table.start(bind, port, tls)
        except OSError as exc:
            raise click.ClickException(
                _("cannot open a table on {host}:{port}: {problem}").format(
                    host=bind, port=port, problem=exc.strerror or exc
                )
            ) from None
        try:
            if tls is None and not is_loopback(bind):
                click.echo(_exposed(bind, table.port), err=True)
            for line in table.invitation_lines():
                click.echo(line)
            click.echo(_("The table is open; Ctrl+C closes it (its match is kept)."))
            sys.stdout.flush()
            await table.over.wait()
            click.echo(table.result_line())
            if not table.everyone_told.is_set():  # (someone away: the table waits for them to see how it ended)
                minutes = round(AFTER_MATCH_SECONDS / 60)
                click.echo(
                    ngettext(
                        "Someone is away: the table stays open for {n} minute for them to see the result "
                        "(Ctrl+C closes it).",
                        "Someone is away: the table stays open for {n} minutes for them to see the result "
                        "(Ctrl+C closes it).",
                        minutes,
                    ).format(n=minutes)
                )
                sys.stdout.flush()
                await table.wait_told(AFTER_MATCH_SECONDS)
        finally:
            await table.close()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        click.echo(_("The table is closed; its match is kept: guinote host continues it."))


def _kept_overrides(
    kept: Any, players: str, preset: str, level: str, people: int | None, seats: str | None, hints: bool
) -> list[str]:
    """The options given on the command line that the kept table's match would override, as given."""
    from ..engine import Rules

    context = click.get_current_context()

    def given(name: str) -> bool:
        return context.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE

    match = kept.match
    size = int(players) if given("players") else match.players
    differ = [
        ("players", f"--players {players}", int(players) != match.players),
        ("preset", f"--rules {preset}", Rules.preset(preset) != match.rules),
        ("level", f"--level {level}", level != kept.level),
        ("people", f"--people {people}", people is not None and people_seats(size, people, None) != kept.people),
        ("seats", f"--seat {seats}", seats is not None and people_seats(size, None, seats) != kept.people),
        ("hints", "--practice", hints and not kept.hints),
    ]
    return [shown_text(option) for name, option, different in differ if different and given(name)]
def _tls(bind: str, certfile: str | None, keyfile: str | None, unencrypted: bool) -> ssl.SSLContext | None:
    """The table's TLS context; a table other machines may reach is refused without one, unless ``unencrypted``."""
    from ..net.host import Host

    if keyfile is not None and certfile is None:
        raise click.UsageError(_("--keyfile goes with --certfile"))
    if certfile is None:
        if not is_loopback(bind) and not unencrypted:
            raise click.UsageError(
                _(
                    "other machines may reach {host}: give --certfile (and --keyfile) for TLS, or --unencrypted "
                    "to let codes and cards travel in plain text"
                ).format(host=shown_text(bind))
            )
        return None
    try:
        return Host.tls(certfile, keyfile)
    except (OSError, ssl.SSLError) as exc:
        raise _certificate_refused(certfile, exc) from None


def _certificate_refused(path: str, exc: Exception) -> click.ClickException:
    """A certificate (or key) that cannot be used, in one line."""
    problem = getattr(exc, "strerror", None) or getattr(exc, "reason", None) or exc
    line = _("cannot use the certificate {path}: {problem}")
    return click.ClickException(line.format(path=shown_text(path), problem=shown_text(str(problem))))


def _exposed(bind: str, port: int) -> str:
    """The warning for a table other machines may reach."""
    warning = _(
        "Warning: listening on {host}, which other machines may reach: anyone who can reach port {port} "
        "and has a seat's code can take that seat, and the messages travel unencrypted. Across a "
        "network, join through SSH instead (docs/dev/protocol.md)."
    )
    return warning.format(host=bind or "*", port=port)


def _unreachable(address: str) -> str:
    """Why the table at ``address`` cannot be reached, in one line ("" when a connection opens)."""
    import socket
    from urllib.parse import urlsplit

    from ..net.client import table_url

    try:
        parts = urlsplit(table_url(address))
        host, port = parts.hostname, parts.port
    except ValueError:
        host, port = None, None
    if not host or port is None:
        return _("{address} is not a table's address: write it as HOST:PORT").format(address=shown_text(address))
    try:
        socket.create_connection((host, port), timeout=5).close()
    except OSError as exc:
        return _("Cannot reach the table at {address}: {problem}").format(
            address=shown_text(address), problem=exc.strerror or exc
        )
    return ""


def _open_seat(seat: dict[str, object]) -> None:
    """The game's table for a seat at a hosted table (the app's own language and settings)."""
    from .play import _lang_option, _run_app

    try:
        from ..ui.app import make_app
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise click.ClickException(_("the game interface cannot start: {problem}").format(problem=exc)) from None
    _run_app(make_app(seat=seat, lang=_lang_option()))


@command(
    "join",
    help=N_(
        "Take a seat at a table with its address and code: the game's table opens for that seat.\n\n"
        "With --bot a program plays the seat instead: COMMAND is run and speaks the table's protocol, one JSON "
        "message a line on its standard input and output (docs/dev/protocol.md)."
    ),
)
@click.argument("address")
@click.argument("code")
@click.option("--bot", "program", default=None, metavar=N_("COMMAND"), help=N_("A program plays the seat."))
@click.option(
    "--cafile",
    default=None,
    metavar=N_("FILE"),
    help=N_("Trust this certificate (PEM) for a wss:// table, such as its host's own self-signed one."),
)
@click.option("--name", default=None, metavar=N_("NAME"), callback=checked_name, help=NAME_HELP)
def join_command(address: str, code: str, program: str | None, cafile: str | None, name: str | None) -> None:
    import asyncio

    if cafile is not None:
        try:
            ssl.create_default_context(cafile=cafile)
        except (OSError, ssl.SSLError) as exc:
            raise _certificate_refused(cafile, exc) from None
    if program is None:
        problem = _unreachable(address)
        if problem:
            raise click.ClickException(problem)
        _open_seat({"address": address, "code": code, "cafile": cafile, "name": name})
        return

    from ..net.program import ProgramError, play_program

    try:
        words = shlex.split(program)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bot") from None
    if not words:
        raise click.BadParameter(_("name the program to run"), param_hint="--bot")
    try:
        result = asyncio.run(
            play_program(address, code, words, say=lambda line: click.echo(line, err=True), cafile=cafile, name=name)
        )
    except ProgramError as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt:
        return
    if result:
        click.echo(result)
