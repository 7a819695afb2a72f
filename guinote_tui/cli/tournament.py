"""The measuring commands: ``simulate`` (self-play speed) and ``tournament`` (bot against bot).

They import the tournament tools (:mod:`guinote_tui.tournament`) only inside the command, so starting ``guinote`` loads
none of them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..i18n import N_, _
from .common import PRESET_CHOICE, RULE_HELP, build_rules
from .help import INTEGER, IntegerRange, NumberRange, command

if TYPE_CHECKING:
    from ..engine import Rules


def _tournament_options() -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The options that define a tournament."""
    options = [
        click.option(
            "--a",
            "spec_a",
            metavar=N_("SPEC"),
            required=True,
            help=N_("Bot A, e.g. hard, hard:samples=12, or a program: 'program:python mybot.py'."),
        ),
        click.option("--b", "spec_b", metavar=N_("SPEC"), required=True, help=N_("Bot B, in the same forms as --a.")),
        click.option("--duplicate", is_flag=True, help=N_("Play every deal twice, sides swapped.")),
        click.option(
            "--deals", type=IntegerRange(1, 10_000_000), default=None, help=N_("Deals to play (default: 200).")
        ),
        click.option(
            "--jobs",
            type=IntegerRange(1, 256),
            default=1,
            show_default=True,
            help=N_("Worker processes (the figures do not depend on them)."),
        ),
    ]

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


@command(
    help=N_(
        "Self-play speed: whole matches, one bot kind at every seat.\n\n"
        "A game is one full match (cotos of juegos); speed is counted in hands. To measure one bot against "
        "another, use guinote tournament."
    ),
)
@click.option("--players", type=click.Choice(["2", "4"]), default="4", show_default=True)
@click.option(
    "--games", type=IntegerRange(1, 1_000_000), default=None, help=N_("Full matches to play (default: 1000).")
)
@click.option("--seed", type=INTEGER, default=0, show_default=True)
@click.option("--rules", "preset", type=PRESET_CHOICE, default="aragones", show_default=True)
@click.option("--rule", "flags", multiple=True, metavar=N_("NAME=VALUE"), help=RULE_HELP)
@click.option("--bots", default=None, metavar=N_("SPEC"), help=N_("Bot kind for every seat (default: random)."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object."))
def simulate(
    players: str,
    games: int | None,
    seed: int,
    preset: str,
    flags: tuple[str, ...],
    bots: str | None,
    as_json: bool,
) -> None:
    rules = build_rules(preset, flags)
    games = games or 1000
    bots = bots or "random"
    from ..ai import REGISTRY
    from ..tournament.selfplay import simulate as run

    if bots not in REGISTRY:
        raise click.BadParameter(_("choose one of {bots}").format(bots=", ".join(REGISTRY)), param_hint="--bots")
    show_progress = sys.stderr.isatty()
    if show_progress:
        from rich.progress import Progress

        with Progress(transient=True) as progress:
            task = progress.add_task("simulating", total=games)
            report = run(int(players), games, seed, rules, bots, lambda done: progress.update(task, completed=done))
    else:
        report = run(int(players), games, seed, rules, bots)
    data = report.to_dict()
    if as_json:
        import json

        click.echo(json.dumps(data))
        return
    click.echo(
        f"{data['matches']} matches, {data['hands']} hands in {data['seconds']} s: {data['hands_per_second']} hands/s"
    )
    click.echo(f"matches won: side 0 {report.wins[0]}, side 1 {report.wins[1]}")
    click.echo(f"juegos won:  side 0 {report.juegos[0]}, side 1 {report.juegos[1]}")


@command(
    help=N_(
        "Bot A against bot B over seeded deals; each deal decides one juego.\n\n"
        "Prints the point difference, A's share of the juegos and the Elo difference with intervals of 95 %, and"
        " decision times. See docs/dev/tournaments.md."
    ),
)
@_tournament_options()
@click.option(
    "--players", type=click.Choice(["2", "4"]), default="4", show_default=True, help=N_("4 = pairs, 2 = heads-up.")
)
@click.option("--seed", type=INTEGER, default=0, show_default=True, help=N_("The tournament seed."))
@click.option("--rules", "preset", type=PRESET_CHOICE, default="aragones", show_default=True)
@click.option("--rule", "flags", multiple=True, metavar=N_("NAME=VALUE"), help=RULE_HELP)
@click.option(
    "--program-timeout",
    type=NumberRange(0.1, 3600),
    default=10.0,
    show_default=True,
    help=N_("Seconds a program (program:COMMAND) has for each decision."),
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object."))
def tournament(
    spec_a: str,
    spec_b: str,
    duplicate: bool,
    deals: int | None,
    jobs: int,
    players: str,
    seed: int,
    preset: str,
    flags: tuple[str, ...],
    program_timeout: float,
    as_json: bool,
) -> None:
    rules = build_rules(preset, flags)
    _run_tournament(int(players), rules, spec_a, spec_b, duplicate, deals or 200, seed, jobs, as_json, program_timeout)


def _run_tournament(
    players: int,
    rules: Rules,
    spec_a: str,
    spec_b: str,
    duplicate: bool,
    deals: int,
    seed: int,
    jobs: int,
    as_json: bool,
    program_timeout: float,
) -> None:
    """Play a tournament and print its report: bad specs and bot failures are one line."""
    from ..net.external import tournament_maker
    from ..tournament.report import run_tournament
    from ..tournament.runner import TournamentConfig, TournamentError

    make = tournament_maker(program_timeout)  # the registry's bots, and programs (program:COMMAND)
    for hint, spec in (("--a", spec_a), ("--b", spec_b)):
        try:
            make(spec)
        except (ValueError, TypeError) as exc:
            raise click.BadParameter(str(exc), param_hint=hint) from None
    config = TournamentConfig(spec_a, spec_b, players, rules, deals, seed, duplicate)
    try:
        if sys.stderr.isatty():
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
            with Progress(*columns, transient=True) as progress:
                task = progress.add_task(f"{spec_a} vs {spec_b}", total=deals)
                report = run_tournament(config, jobs, lambda done: progress.advance(task, done), make)
        else:
            report = run_tournament(config, jobs, make=make)
    except TournamentError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        import json

        click.echo(json.dumps(report.to_dict()))
        return
    for line in report.text_lines():
        click.echo(line)
