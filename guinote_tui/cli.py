"""The ``guinote`` command: play (the default), learn, config, stats, simulate, tournament, replay, review, rules,
serve."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import click

from . import __version__, i18n, storage
from .ai import offered_levels
from .clihelp import Group, _saved_language
from .engine import SEED_RANGE, HistoryError, Rules, RulesError
from .i18n import N_, _, ngettext
from .i18n import number as i18n_number
from .lab.params import FiniteFloatRange

#: The exit status after an unexpected error (EX_SOFTWARE in sysexits.h); its traceback is in a crash log.
EXIT_CRASH = 70


def _crashed(report: str) -> NoReturn:
    """Write ``report`` to a crash log, say where in one line, and exit with :data:`EXIT_CRASH`."""
    try:
        where = storage.write_crash_log(report)
    except OSError as exc:
        click.echo(report, err=True)
        line = _("guinote stopped on an unexpected error; the crash log could not be written ({problem}).")
        click.echo(line.format(problem=exc.strerror or exc), err=True)
    else:
        click.echo(_("guinote stopped on an unexpected error; what happened is in {path}").format(path=where), err=True)
    sys.exit(EXIT_CRASH)


def _run_app(app: Any) -> None:
    """Run the game's app; an error that stopped it ends the command like any unexpected error."""
    app.run()
    if app.crash_report is not None:
        _crashed(app.crash_report)
    if app.return_code:
        sys.exit(app.return_code)


def build_rules(preset: str, flags: tuple[str, ...]) -> Rules:
    """A preset with ``name=value`` overrides, or a one-line usage error."""
    try:
        overrides: dict[str, Any] = dict(Rules.parse_flag(text) for text in flags)
        return Rules.preset(preset, **overrides)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="--rule") from None


def _lang_option() -> str | None:
    """The ``--lang`` given to ``guinote`` itself (before the command), if any."""
    root = click.get_current_context().find_root()
    return root.obj.get("lang") if isinstance(root.obj, dict) else None


PRESET_CHOICE = click.Choice(["aragones", "libre-100"])
RULE_HELP = N_("Override one rules flag (the flags: guinote rules --flags).")


@click.group(
    cls=Group,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_("Guiñote, the Aragonese card game, against bots in your terminal.\n\nWith no command, opens the game."),
)
@click.version_option(__version__, prog_name="guinote")
@click.option(
    "--lang",
    default=None,
    metavar="CODE",
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
        click.echo(f"guinote: {exc}", err=True)
        sys.exit(2)
    if ctx.invoked_subcommand is None:
        ctx.invoke(play)


@main.command(
    help=N_("Open the game (the default command)."),
)
@click.option("--players", type=click.Choice(["2", "4"]), default=None, help=N_("4 = pairs, 2 = heads-up."))
@click.option("--level", type=click.Choice(offered_levels()), default=None, help=N_("Bot level for every bot seat."))
@click.option(
    "--rules",
    "preset",
    type=PRESET_CHOICE,
    default=None,
    help=N_("Rules preset (default: the last chosen, or aragones)."),
)
@click.option("--rule", "flags", multiple=True, metavar="NAME=VALUE", help=RULE_HELP)
@click.option(
    "--seed",
    type=click.IntRange(SEED_RANGE.start, SEED_RANGE.stop - 1),
    default=None,
    help=N_("Seed for the deals (a repeatable match)."),
)
@click.option("--delay", type=FiniteFloatRange(0, 10), default=None, help=N_("Seconds between bot plays."))
@click.option("--load", "history", type=click.Path(dir_okay=False), default=None, help=N_("Resume a saved history."))
@click.option(
    "--continue", "continue_match", is_flag=True, help=N_("Go on with the match in progress kept from the last run.")
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
) -> None:
    if continue_match and history is not None:
        raise click.UsageError(_("--continue and --load both name a match: give one of them"))
    rules = build_rules(preset or "aragones", flags) if preset is not None or flags else None
    try:
        from .ui.app import make_app
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise click.ClickException(_("the game interface cannot start: {problem}").format(problem=exc)) from None
    try:
        app = make_app(
            players=int(players) if players else None,
            level=level,
            rules=rules,
            seed=seed,
            delay=delay,
            history=history,
            continue_match=continue_match,
            lang=_lang_option(),
        )
    except HistoryError as exc:
        raise click.ClickException(str(exc)) from None
    _run_app(app)


@main.command(
    help=N_("Where the remembered settings are kept, and what they are."),
)
@click.option("--path", "path_only", is_flag=True, help=N_("Print only where the settings file is."))
def config(path_only: bool) -> None:
    from .ui import preferences

    where = preferences.path()
    if path_only:
        click.echo(str(where))
        return
    click.echo(_("settings file: {path}").format(path=where))
    settings, problems = preferences.load()
    for problem in problems:
        click.echo(problem, err=True)
    if not where.exists():
        click.echo(_("(nothing saved yet: the start screen saves its choices when a match is dealt)"))
        return
    click.echo(preferences.dumps(settings), nl=False)


@main.command(
    help=N_(
        "Your statistics: results by level, rating, points, cantes, endings (docs/statistics.md).\n\n"
        "--export writes one row per hand; --reset empties the file after asking."
    ),
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object."))
@click.option("--players", type=click.Choice(["2", "4"]), default=None, help=N_("Only heads-up (2) or pairs (4)."))
@click.option("--export", "export", metavar="FILE.csv", default=None, help=N_("Write every hand to a CSV file."))
@click.option("--force", is_flag=True, help=N_("Let --export replace an existing file."))
@click.option("--reset", is_flag=True, help=N_("Forget everything recorded (asks first)."))
@click.option("--yes", is_flag=True, help=N_("Do not ask before --reset."))
def stats(as_json: bool, players: str | None, export: str | None, force: bool, reset: bool, yes: bool) -> None:
    import logging

    from . import statsreport
    from .records import ExportRefused, Statistics

    # The problem lines are printed below, once; the module's warnings would print them again.
    logging.getLogger("guinote_tui.records").addHandler(logging.NullHandler())
    if as_json and (export or reset):
        raise click.UsageError(_("--json prints the statistics: give it without --export and --reset"))
    if yes and not reset:
        raise click.UsageError(_("--yes only answers the question --reset asks"))
    if force and not export:
        raise click.UsageError(_("--force only lets --export replace a file"))
    with Statistics() as source:
        problem = statsreport.problem_line(source.take_problem())
        if problem:
            click.echo(problem, err=True)
        if export or reset:
            if export:
                try:
                    rows = source.export_csv(export, force=force)
                except storage.Refused as exc:
                    raise click.ClickException(str(exc)) from None
                except ExportRefused as exc:
                    raise click.ClickException(statsreport.problem_line(exc.problem)) from None
                except OSError as exc:
                    raise click.ClickException(
                        _("cannot write {path}: {problem}").format(path=export, problem=exc.strerror or exc)
                    ) from None
                click.echo(
                    ngettext("{n} hand written to {path}", "{n} hands written to {path}", rows).format(
                        n=rows, path=export
                    )
                )
            if reset:
                _reset_statistics(source, yes)
            return
        summary = source.summary(int(players) if players else None)
        problem = statsreport.problem_line(source.take_problem())  # a file that could not be read
        if problem:
            click.echo(problem, err=True)
    if as_json:
        click.echo(json.dumps({"path": str(source.path), **statsreport.summary_dict(summary)}))
        return
    click.echo(_("statistics file: {path}").format(path=source.path))
    for line in statsreport.text_lines(summary):
        click.echo(line)


def _readable(stream: Any) -> bool:
    """Whether ``stream`` can still be read from (a closed descriptor cannot; a stream with none can)."""
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError):  # no descriptor of its own (io.UnsupportedOperation is an OSError)
        return True
    except ValueError:  # closed
        return False
    try:
        os.fstat(descriptor)
    except OSError:
        return False
    return True


def _reset_statistics(source: Any, yes: bool) -> None:
    totals = source.totals()
    counts = {
        "hands": ngettext("{n} hand", "{n} hands", totals.hands).format(n=totals.hands),
        "juegos": ngettext("{n} juego", "{n} juegos", totals.juegos).format(n=totals.juegos),
    }
    question = _("Forget the {hands} and {juegos} recorded in {path}?").format(path=source.path, **counts)
    if not yes:
        if sys.stdin is None or sys.stdin.closed or not _readable(sys.stdin):
            raise click.ClickException(_("--reset asks first and there is no one to answer: add --yes"))
        try:
            confirmed = click.confirm(question, default=False)
        except (RuntimeError, OSError, EOFError, click.Abort):  # the input went away while asking
            confirmed = False
            click.echo()
        if not confirmed:
            click.echo(_("Nothing was forgotten."))
            return
    if not source.reset():
        from .statsreport import problem_line

        problem = problem_line(source.take_problem())
        raise click.ClickException(problem or _("{path} could not be emptied").format(path=source.path))
    click.echo(
        _("Statistics emptied: {hands} and {juegos} forgotten; the rating starts again at 1500.").format(**counts)
    )


@main.command(
    help=N_("Learn to play: the lessons menu, or one lesson by its number or name."),
)
@click.argument("lesson", required=False, default="")
def learn(lesson: str) -> None:
    from .lessons import LESSONS, find

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
        from .ui.app import make_app
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise click.ClickException(_("the game interface cannot start: {problem}").format(problem=exc)) from None
    _run_app(make_app(learn=lesson, lang=_lang_option()))


def _tournament_options() -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The options that define a tournament."""
    options = [
        click.option("--a", "spec_a", metavar="SPEC", required=True, help=N_("Bot A, e.g. hard or hard:samples=12.")),
        click.option("--b", "spec_b", metavar="SPEC", required=True, help=N_("Bot B.")),
        click.option("--duplicate", is_flag=True, help=N_("Play every deal twice, sides swapped.")),
        click.option(
            "--deals", type=click.IntRange(1, 10_000_000), default=None, help=N_("Deals to play (default: 200).")
        ),
        click.option(
            "--jobs",
            type=click.IntRange(1, 256),
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


@main.command(
    help=N_(
        "Self-play speed: whole matches, one bot kind at every seat.\n\n"
        "A game is one full match (cotos of juegos); speed is counted in hands. To measure one bot against "
        "another, use guinote tournament."
    ),
)
@click.option("--players", type=click.Choice(["2", "4"]), default="4", show_default=True)
@click.option(
    "--games", type=click.IntRange(1, 1_000_000), default=None, help=N_("Full matches to play (default: 1000).")
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--rules", "preset", type=PRESET_CHOICE, default="aragones", show_default=True)
@click.option("--rule", "flags", multiple=True, metavar="NAME=VALUE", help=RULE_HELP)
@click.option("--bots", default=None, help=N_("Bot kind for every seat (default: random)."))
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
    from .ai import REGISTRY
    from .sim import simulate as run

    if bots not in REGISTRY:
        raise click.BadParameter(f"choose from {', '.join(REGISTRY)}", param_hint="--bots")
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
        click.echo(json.dumps(data))
        return
    click.echo(
        f"{data['matches']} matches, {data['hands']} hands in {data['seconds']} s: {data['hands_per_second']} hands/s"
    )
    click.echo(f"matches won: side 0 {report.wins[0]}, side 1 {report.wins[1]}")
    click.echo(f"juegos won:  side 0 {report.juegos[0]}, side 1 {report.juegos[1]}")


@main.command(
    help=N_(
        "Bot A against bot B over seeded deals; each deal decides one juego.\n\n"
        "Prints the point difference, A's share of the juegos and the Elo difference with intervals of 95 %, and"
        " decision times. See docs/tournaments.md."
    ),
)
@_tournament_options()
@click.option(
    "--players", type=click.Choice(["2", "4"]), default="4", show_default=True, help=N_("4 = pairs, 2 = heads-up.")
)
@click.option("--seed", type=int, default=0, show_default=True, help=N_("The tournament seed."))
@click.option("--rules", "preset", type=PRESET_CHOICE, default="aragones", show_default=True)
@click.option("--rule", "flags", multiple=True, metavar="NAME=VALUE", help=RULE_HELP)
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
    as_json: bool,
) -> None:
    rules = build_rules(preset, flags)
    _run_tournament(int(players), rules, spec_a, spec_b, duplicate, deals or 200, seed, jobs, as_json)


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
) -> None:
    """Play a tournament and print its report: bad specs and bot failures are one line."""
    from .ai import make_bot
    from .lab.report import run_tournament
    from .lab.runner import TournamentConfig, TournamentError

    for hint, spec in (("--a", spec_a), ("--b", spec_b)):
        try:
            make_bot(spec)
        except (ValueError, TypeError) as exc:
            raise click.BadParameter(str(exc), param_hint=hint) from None
    config = TournamentConfig(spec_a, spec_b, players, rules, deals, seed, duplicate)
    try:
        if sys.stderr.isatty():
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
            with Progress(*columns, transient=True) as progress:
                task = progress.add_task(f"{spec_a} vs {spec_b}", total=deals)
                report = run_tournament(config, jobs, lambda done: progress.advance(task, done))
        else:
            report = run_tournament(config, jobs)
    except TournamentError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(report.to_dict()))
        return
    for line in report.text_lines():
        click.echo(line)


@main.command(
    help=N_("Check a saved history and print how its match went."),
)
@click.argument("path")
def replay(path: str) -> None:
    from .engine import read_history

    try:
        match = read_history(path)
    except HistoryError as exc:
        raise click.ClickException(str(exc)) from None
    for number, record in enumerate(match.finished, start=1):
        result = record.result
        assert result is not None
        if result.juego_winner is None:
            winner = _("nobody (de vueltas)")
        else:
            winner = _("side {side}").format(side=result.juego_winner)
        click.echo(
            _("hand {number}: dealer {dealer}, points {a}-{b}, totals {ta}-{tb}, juego: {winner}").format(
                number=number,
                dealer=record.dealer,
                a=result.points[0],
                b=result.points[1],
                ta=result.totals[0],
                tb=result.totals[1],
                winner=winner,
            )
        )
    if match.is_over:
        line = _("juegos {a}-{b}, cotos {ca}-{cb}; match over")
    else:
        line = _("juegos {a}-{b}, cotos {ca}-{cb}; match in progress")
    click.echo(line.format(a=match.juegos[0], b=match.juegos[1], ca=match.cotos[0], cb=match.cotos[1]))


@main.command(
    help=N_(
        "Replay a saved history and price every decision of one seat with the coach.\n\n"
        "A decision's cost is what the action played loses against the coach's best, in the points of the"
        " seat's side (a card point the other side takes instead counts one), with its standard error; 0 for"
        " the best or a forced one. A mistake costs at least 2 points, clearly more than its standard error."
        ' The text lists the mistakes of each hand; --json gives every decision as {"hand", "trick",'
        ' "seat", "played", "best", "cost", "cost_se", "mistake", "about_same", "juego", "reason"} with the'
        ' reason as its code (e.g. WIN_POINTS) and "juego" "lost", "missed" or null, "total_cost" (every decision)'
        ' and "mistakes_cost".'
    ),
)
@click.argument("path")
@click.option("--seat", type=int, default=0, show_default=True, help=N_("The seat whose decisions are reviewed."))
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Seed for the coach's sampling (repeatable)."))
@click.option(
    "--playouts",
    type=click.IntRange(100, 100_000),
    default=None,
    help=N_("The coach's playouts per decision, at most (default: 6000)."),
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object with every decision."))
def review(path: str, seat: int, seed: int, playouts: int | None, as_json: bool) -> None:
    from dataclasses import replace

    from rich.text import Text

    from .coach import DEEP_BUDGET, review_match
    from .engine import read_history
    from .vocabulary import review_sentence

    try:
        match = read_history(path)
    except HistoryError as exc:
        raise click.ClickException(str(exc)) from None
    if not 0 <= seat < match.players:
        raise click.ClickException(
            _("--seat {seat}: no such seat at a table of {players} (choose 0 to {last})").format(
                seat=seat, players=match.players, last=match.players - 1
            )
        )
    budget = DEEP_BUDGET if playouts is None else replace(DEEP_BUDGET, max_playouts=playouts)
    decisions = review_match(match, seat, seed, budget)
    total = round(sum(d.cost for d in decisions), 2)
    mistakes_cost = round(sum(d.cost for d in decisions if d.mistake), 2)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "decisions": [d.to_dict() for d in decisions],
                    "total_cost": total,
                    "mistakes_cost": mistakes_cost,
                }
            )
        )
        return
    hands = sorted({d.hand for d in decisions} | set(range(1, len(match.records()) + 1)))
    for number in hands:
        mine = [d for d in decisions if d.hand == number]
        mistakes = [d for d in mine if d.mistake]
        lost = round(sum(d.cost for d in mistakes), 2)
        click.echo(
            ngettext(
                "hand {number}: {decisions} decisions, {mistakes} mistake costing about {cost} points",
                "hand {number}: {decisions} decisions, {mistakes} mistakes costing about {cost} points",
                len(mistakes),
            ).format(number=number, decisions=len(mine), mistakes=len(mistakes), cost=i18n_number(lost))
        )
        for d in mistakes:
            said = review_sentence(d.trick, d.played, d.best, d.cost, se=d.cost_se, juego=d.juego)
            click.echo(f"  {Text.from_markup(said).plain}\n    {d.reason.text}")
    count = sum(1 for d in decisions if d.mistake)
    click.echo(
        ngettext(
            "seat {seat}: {decisions} decisions, {mistakes} mistake costing about {cost} points",
            "seat {seat}: {decisions} decisions, {mistakes} mistakes costing about {cost} points",
            count,
        ).format(seat=seat, decisions=len(decisions), mistakes=count, cost=i18n_number(mistakes_cost))
    )


@main.command(
    name="rules",
    help=N_("The rules presets, or with --flags every flag that --rule NAME=VALUE can set."),
)
@click.option("--flags", "list_flags", is_flag=True, help=N_("List every rules flag with its values."))
def rules_command(list_flags: bool) -> None:
    if list_flags:
        for line in Rules.flag_lines():
            click.echo(line)
        return
    from .engine import PRESETS

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


@main.command(
    help=N_(
        "Serve the game in a browser through textual-serve.\n\n"
        "The address printed carries a token that the page and the game require; "
        "the game accepts connections only from its own page."
    ),
)
@click.option(
    "--host", default="127.0.0.1", show_default=True, help=N_("Address to bind (this computer only by default).")
)
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option(
    "--max-sessions",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help=N_("How many games may be played at once (each is a process)."),
)
def serve(host: str, port: int, max_sessions: int) -> None:
    try:
        from . import serving
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


def run(args: Sequence[str] | None = None) -> None:
    """The ``guinote`` console script: :func:`main`, with an unexpected error as one line and a crash log.

    Usage errors exit 2 and errors the command explains exit 1 (click); an
    error nothing expected, in a command or in the game, exits
    :data:`EXIT_CRASH` (70) after writing its traceback to
    ``crash-<timestamp>.log`` in the state directory (:func:`storage.state_dir`).
    """
    import traceback

    try:
        main.main(args=list(args) if args is not None else None, prog_name="guinote")
    except Exception:
        _crashed(traceback.format_exc())


if __name__ == "__main__":  # pragma: no cover
    run()
