"""What the game remembers, read back: ``stats`` (the statistics), ``replay`` and ``review`` (a saved history)."""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any

import click

from .. import storage
from ..engine import MAX_HANDS
from ..i18n import N_, _, ngettext
from ..storage import printable
from .common import ProgressLine, history_refused
from .common import on_terminal as _terminal
from .help import INTEGER, IntegerRange, NumberRange, command, confirm

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..coach import Advice, Decision
    from ..engine import Match

#: The hands ``guinote review`` takes by default, the last ones: more than any real match holds (3 to 15), and
#: some 200 to 500 decisions of one seat, minutes of the coach's work (a second or two each, side by side in --jobs).
REVIEW_HANDS = 20


@command(
    help=N_(
        "Your statistics: results by level, rating, points, cantes, endings (docs/statistics.md).\n\n"
        "--export writes one row per hand; --reset empties the file after asking."
    ),
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object."))
@click.option("--players", type=click.Choice(["2", "4"]), default=None, help=N_("Only heads-up (2) or pairs (4)."))
@click.option("--export", "export", metavar=N_("FILE.csv"), default=None, help=N_("Write every hand to a CSV file."))
@click.option("--force", is_flag=True, help=N_("Let --export replace an existing file."))
@click.option("--reset", is_flag=True, help=N_("Forget everything recorded (asks first)."))
@click.option("--yes", is_flag=True, help=N_("Do not ask before --reset."))
def stats(as_json: bool, players: str | None, export: str | None, force: bool, reset: bool, yes: bool) -> None:
    import logging

    from ..present import learningreport, statsreport
    from ..records import ExportRefused, Statistics

    # The problem lines are printed below, once; the module's warnings would print them again.
    logging.getLogger("guinote_tui.records").addHandler(logging.NullHandler())
    if as_json and (export or reset):
        raise click.UsageError(_("--json prints the statistics: give it without --export and --reset"))
    if yes and not reset:
        raise click.UsageError(_("--yes only answers the question --reset asks"))
    if export == "":
        raise click.UsageError(_("--export needs a file name"))
    if force and export is None:
        raise click.UsageError(_("--force only lets --export replace a file"))
    with Statistics() as source:
        problem = statsreport.problem_line(source.take_problem())
        if not source.readable:  # (a file refused, or one that cannot be opened: nothing to show)
            raise click.ClickException(problem or _("{path} cannot be read").format(path=printable(str(source.path))))
        if problem:
            click.echo(problem, err=True)
        if export is not None or reset:
            if export is not None:
                shown_path = printable(export)
                try:
                    rows = source.export_csv(export, force=force)
                except storage.Refused as exc:
                    raise click.ClickException(str(exc)) from None
                except ExportRefused as exc:
                    raise click.ClickException(statsreport.problem_line(exc.problem)) from None
                except OSError as exc:
                    reason = printable(exc.strerror or str(exc))
                    raise click.ClickException(
                        _("cannot write {path}: {problem}").format(path=shown_path, problem=reason)
                    ) from None
                click.echo(
                    ngettext("{n} hand written to {path}", "{n} hands written to {path}", rows).format(
                        n=rows, path=shown_path
                    )
                )
            if reset:
                _reset_statistics(source, yes)
            return
        summary = source.summary(int(players) if players else None)
        learning = learningreport.read_learning(source, int(players) if players else None)
        problem = statsreport.problem_line(source.take_problem())  # a file that could not be read
        if problem:
            click.echo(problem, err=True)
    if as_json:
        import json

        figures = {"path": str(source.path), **statsreport.summary_dict(summary)}
        click.echo(json.dumps({**figures, "learning": learningreport.learning_dict(learning)}))
        return
    click.echo(_("statistics file: {path}").format(path=printable(str(source.path))))
    for line in [*statsreport.text_lines(summary), *learningreport.learning_lines(learning)]:
        click.echo(printable(line))  # (the figures hold nothing but checked values: this is the last guard)


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
    question = _("Forget the {hands} and {juegos} recorded in {path}?").format(
        path=printable(str(source.path)), **counts
    )
    if not yes:
        if sys.stdin is None or sys.stdin.closed or not _readable(sys.stdin):
            raise click.ClickException(_("--reset asks first and there is no one to answer: add --yes"))
        try:
            confirmed = confirm(question)
        except (RuntimeError, OSError, EOFError, click.Abort):  # the input went away while asking
            confirmed = False
            click.echo()
        if not confirmed:
            click.echo(_("Nothing was forgotten."))
            return
    if not source.reset():
        from ..present.statsreport import problem_line

        problem = problem_line(source.take_problem())
        raise click.ClickException(problem or _("{path} could not be emptied").format(path=printable(str(source.path))))
    click.echo(
        _("Statistics emptied: {hands} and {juegos} forgotten; the rating starts again at 1500.").format(**counts)
    )


@command(
    help=N_("Check a saved history and print how its match went."),
)
@click.argument("path", metavar=N_("PATH"))
def replay(path: str) -> None:
    from ..engine import HistoryError, read_history

    try:
        match = read_history(path)
    except HistoryError as exc:
        raise history_refused(exc) from None
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


@command(
    help=N_(
        "Replay a saved history and judge every decision of one seat with the coach.\n\n"
        "A decision's cost is what the action played loses against the coach's, in the points of the seat's"
        " side (a card point the other side takes instead counts one, a juego won or lost in the hand 65),"
        " with its standard error; 0 for the coach's action or a forced one. A decision is graded only when its"
        " cost clearly clears a line (its 95-in-100 interval lies above it): an inaccuracy from 2 points, a"
        " mistake from 5, a blunder from 10 or a juego given up. A cost the coach cannot settle is a close call:"
        " counted, never listed. A declaration the seat still makes later in the same window costs nothing."
        " The decisions are analysed in --jobs processes (as many as the machine has cores, at most 2, unless"
        " told), with the same result as one by one; on a terminal a progress line is shown."
        " The text lists the graded decisions of each hand; --json gives every decision, with the fields below."
    ),
    epilog=N_(
        '--json prints one object: "decisions", each {"hand", "trick", "seat", "played", "best", "cost", "cost_se",'
        ' "grade", "mistake", "about_same", "juego", "played_win", "played_loss", "best_win", "best_loss", "reason",'
        ' "loss", "tier", "verdict", "margin", "reason_text", "loss_text"} with "grade" "same", "close",'
        ' "inaccuracy", "mistake" or "blunder", "mistake" true when graded, "juego" "lost", "missed" or null,'
        " the shares of the deals in which the card played and the coach's card win and lose the juego (null"
        ' where not measured), the reasons as codes (e.g. WIN_POINTS; "loss" what the card played loses, or null),'
        ' and the same in the words of the screens: "tier" (the grade\'s name), "verdict" (as the hint\'s table'
        ' says it, e.g. "mistake: 7 ± 2"), "margin" (1.96 standard errors), "reason_text" and "loss_text";'
        ' then "total_cost" (every decision), "mistakes_cost" (the graded ones), "close_calls", "legend" (the'
        ' hint\'s legend of the tiers) and "tiers" (each grade\'s "name", "meaning" and "line" in points, null'
        " for a tier without a line of its own)."
    ),
)
@click.argument("path", metavar=N_("PATH"))
@click.option("--seat", type=INTEGER, default=0, show_default=True, help=N_("The seat whose decisions are reviewed."))
@click.option(
    "--seed", type=INTEGER, default=0, show_default=True, help=N_("Seed for the coach's sampling (repeatable).")
)
@click.option(
    "--playouts",
    type=IntegerRange(100, 100_000),
    default=None,
    help=N_("The coach's playouts per decision, at most (default: 3000)."),
)
@click.option(
    "--jobs",
    type=IntegerRange(1, 64),
    default=None,
    help=N_("Processes analysing the decisions side by side (default: the machine's cores, at most 2)."),
)
@click.option(
    "--hands",
    "last_hands",
    type=IntegerRange(1, MAX_HANDS),
    default=REVIEW_HANDS,
    show_default=True,
    help=N_("Review the match's last N hands (the coach takes a second or two a decision); a file with more says so."),
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object with every decision."))
def review(
    path: str, seat: int, seed: int, playouts: int | None, jobs: int | None, last_hands: int, as_json: bool
) -> None:
    from dataclasses import replace

    from ..coach import DEEP_BUDGET, review_match

    match = _reviewed_match(path, seat)
    budget = DEEP_BUDGET if playouts is None else replace(DEEP_BUDGET, max_playouts=playouts)
    if jobs is None:
        jobs = max(1, min(os.cpu_count() or 1, 2))
    held = len(match.records())
    first_hand = max(1, held - last_hands + 1)
    if first_hand > 1:  # the work is bounded: the last hands only, said in one line (never on the JSON's stdout)
        click.echo(
            _("reviewing the last {count} of the {total} hands (--hands {total} reviews them all)").format(
                count=last_hands, total=held
            ),
            err=True,
        )
    progress = _review_progress() if _terminal(sys.stderr) else None
    try:
        decisions = review_match(match, seat, seed, budget, progress, jobs, first_hand)
    finally:
        if progress is not None:
            progress.clear()
    if as_json:
        import json

        from ..game.verdicts import tiers_record

        listed = [_decision_record(d) for d in decisions]
        click.echo(json.dumps({"decisions": listed, **_review_totals(decisions), **tiers_record()}))
        return
    for number in sorted({d.hand for d in decisions} | set(range(first_hand, held + 1))):
        _echo_reviewed_hand(number, [d for d in decisions if d.hand == number])
    totals = _review_totals(decisions)
    cost, count = _graded_cost([d for d in decisions if d.mistake])
    line = ngettext(
        "seat {seat}: decisions {decisions} · graded {graded}, costing about {cost} point · close calls {close}",
        "seat {seat}: decisions {decisions} · graded {graded}, costing about {cost} points · close calls {close}",
        count,
    )
    click.echo(
        line.format(
            seat=seat,
            decisions=len(decisions),
            graded=sum(1 for d in decisions if d.mistake),
            cost=cost,
            close=totals["close_calls"],
        )
    )


def _graded_cost(graded: Sequence[Decision]) -> tuple[str, int]:
    """What the graded decisions cost together, with its 95 % margin, as the review screen says it."""
    from ..coach import Z
    from ..present.vocabulary import graded_cost

    return graded_cost(graded, Z)


def _reviewed_match(path: str, seat: int) -> Match:
    """The saved match ``guinote review`` reads, its seat checked: a file or seat that will not do in one line."""
    from ..engine import HistoryError, read_history

    try:
        match = read_history(path)
    except HistoryError as exc:
        raise history_refused(exc) from None
    if not 0 <= seat < match.players:
        raise click.ClickException(
            _("--seat {seat}: no such seat at a table of {players} (choose 0 to {last})").format(
                seat=seat, players=match.players, last=match.players - 1
            )
        )
    return match


def _review_totals(decisions: Sequence[Decision]) -> dict[str, float]:
    """The review's totals: every decision's cost, the graded ones' cost, and the close calls."""
    return {
        "total_cost": round(sum(d.cost for d in decisions), 2),
        "mistakes_cost": round(sum(d.cost for d in decisions if d.mistake), 2),
        "close_calls": sum(1 for d in decisions if d.grade == "close"),
    }


def _echo_reviewed_hand(number: int, mine: list[Decision]) -> None:
    """One hand of ``guinote review``'s text: its line of figures, then each graded decision and why."""
    from rich.text import Text

    from ..coach import JUEGO_POINTS, Z
    from ..present.vocabulary import decision_sentence, why_text

    graded = [d for d in mine if d.mistake]
    cost, count = _graded_cost(graded)
    line = ngettext(
        "hand {number}: decisions {decisions} · graded {graded}, costing about {cost} point · close calls {close}",
        "hand {number}: decisions {decisions} · graded {graded}, costing about {cost} points · close calls {close}",
        count,
    )
    click.echo(
        line.format(
            number=number,
            decisions=len(mine),
            graded=len(graded),
            cost=cost,
            close=sum(1 for d in mine if d.grade == "close"),
        )
    )
    for d in graded:
        said = decision_sentence(d, d.trick, Z, JUEGO_POINTS)
        click.echo(f"  {Text.from_markup(said).plain}\n    {why_text(d)}")


def _review_progress() -> ProgressLine:
    """The review's progress line: decisions analysed, with the time left."""
    return ProgressLine(
        N_("reviewing: {bar} {done} of {total} decisions analysed, about {time} left"),
        N_("reviewing: {bar} {done} of {total} decisions analysed"),
    )


@command(
    name="hint",
    help=N_(
        "Print the coach's hint at one decision of a saved history: the analysis the hint shows there.\n\n"
        "--hand is the hand's number (from 1) and --ply the action's place in that hand (from 0, every seat's actions"
        " counted, declarations included). The coach analyses the decision from that seat's view alone, with the"
        " deals the review draws (one analysis per decision). A hint asked at once shows the quick analysis; once"
        " the player has thought long enough for the review's deeper analysis to be done, the hint shows that one:"
        " --think gives those seconds, and the command prints the analysis done within them on this machine."
    ),
    epilog=N_(
        '--json prints the fields of a decision of guinote review --json, with "legend" and "tiers", plus "ply",'
        ' "good" (the cards the coach cannot tell apart from its own, its own first), "cards" (each card\'s "cost",'
        ' "cost_se", "margin", "grade", "tier", "verdict", "win" and "loss" (the shares of its deals in which it'
        ' wins and loses the juego, or null) and "deals"), "juego_column" (null when the juego column is not'
        ' shown, else the "deals" it rests on and its "legend"), "juego_notes" (the lines under the hint\'s table),'
        ' "analysis" ("quick" or "review") and "seconds".'
    ),
)
@click.argument("path", metavar=N_("PATH"))
@click.option("--hand", "hand_number", type=IntegerRange(1, MAX_HANDS), required=True, help=N_("The hand, from 1."))
@click.option("--ply", type=IntegerRange(0, 200), required=True, help=N_("The action's place in the hand, from 0."))
@click.option(
    "--think",
    type=NumberRange(0, 600),
    default=2.0,
    show_default=True,
    help=N_("Seconds the player thought before asking (0: the hint asked at once)."),
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object."))
def hint(path: str, hand_number: int, ply: int, think: float, as_json: bool) -> None:
    from ..coach import COACH_BUDGET, DEEP_BUDGET
    from ..coach.review import decision_at
    from ..engine import HistoryError, read_history

    try:
        match = read_history(path)
    except HistoryError as exc:
        raise history_refused(exc) from None
    records = match.records()
    if hand_number > len(records):
        raise click.ClickException(
            ngettext(
                "--hand {hand}: the history holds {count} hand",
                "--hand {hand}: the history holds {count} hands",
                len(records),
            ).format(hand=hand_number, count=len(records))
        )
    actions = len(records[hand_number - 1].actions)
    if ply >= actions:
        raise click.ClickException(
            _("--ply {ply}: hand {hand} holds {count} actions (0 to {last})").format(
                ply=ply, hand=hand_number, count=actions, last=actions - 1
            )
        )
    started = time.perf_counter()
    try:
        decision, advice = decision_at(match, hand_number, ply, budget=COACH_BUDGET)
        analysis = "quick"
        if think > 0:
            deep = decision_at(match, hand_number, ply, budget=DEEP_BUDGET)
            if time.perf_counter() - started <= think:
                (decision, advice), analysis = deep, "review"
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    seconds = round(time.perf_counter() - started, 3)
    if as_json:
        import json

        click.echo(json.dumps(_hint_record(decision, advice, ply) | {"analysis": analysis, "seconds": seconds}))
        return
    from rich.text import Text

    from ..coach import JUEGO_POINTS, Z
    from ..plain.words import hint_lines
    from ..present.vocabulary import decision_sentence

    for line in hint_lines(advice, sorted(advice.values)):
        click.echo(line)
    click.echo(Text.from_markup(decision_sentence(decision, decision.trick, Z, JUEGO_POINTS)).plain)


def _decision_record(decision: Decision) -> dict[str, Any]:
    """One decision of ``guinote review --json``: its fields as codes and figures, and the same in the words every
    screen uses: the tier's name, the verdict with its figure ("mistake: 7 ± 2", as the hint's table says it), the
    margin (1.96 standard errors), the coach's reason and what the card played loses."""
    from ..coach import Z
    from ..game.verdicts import verdict_of
    from ..present.vocabulary import grade_word

    verdict = (
        _("best") if decision.played == decision.best else verdict_of(decision.grade, decision.cost, decision.cost_se)
    )
    return decision.to_dict() | {
        "tier": grade_word(decision.grade),
        "verdict": verdict,
        "margin": round(Z * decision.cost_se, 2),
        "reason_text": decision.reason.text,
        "loss_text": None if decision.loss is None else decision.loss.text,
    }


def _hint_record(decision: Decision, advice: Advice, ply: int) -> dict[str, Any]:
    """The JSON object of ``guinote hint``: the review's decision, the good cards and every card's verdict, in the
    hint's own words (its table's verdicts, its legend, its juego column and what it rests on)."""
    from ..coach import Z
    from ..engine import PLAY
    from ..game.verdicts import card_verdict, juego_column, juego_notes, tiers_record
    from ..present.vocabulary import grade_word, juego_legend

    evaluation = advice.evaluation
    cards: dict[str, dict[str, Any]] = {}
    good = [str(advice.action)]
    column = None
    if evaluation is not None:
        cards = {
            str(card): {
                "cost": round(evaluation.cost(card), 2),
                "cost_se": round(evaluation.se(card), 2),
                "margin": round(Z * evaluation.se(card), 2),
                "grade": evaluation.grade(card).value,
                "tier": grade_word(evaluation.grade(card).value),
                "verdict": card_verdict(advice, card),
                "win": evaluation.cards[card].win,
                "loss": evaluation.cards[card].loss,
                "deals": evaluation.cards[card].deals,
            }
            for card in sorted(evaluation.cards)
        }
        good += [str(card) for card in evaluation.good() if str(card) != good[0] and PLAY[int(card)] in advice.good]
        deals = juego_column(advice)
        column = None if deals is None else {"deals": deals, "legend": juego_legend(deals, evaluation.exact)}
    record: dict[str, Any] = _decision_record(decision)
    notes = juego_notes(advice)
    extra = {"ply": ply, "good": good, "cards": cards, "juego_column": column, "juego_notes": notes}
    return record | extra | tiers_record()
