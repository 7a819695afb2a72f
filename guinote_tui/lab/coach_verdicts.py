"""How far the coach's graded verdicts can be trusted: ``python -m guinote_tui.lab.coach_verdicts``.

The review (:func:`guinote_tui.coach.review_match`, ``guinote review``) grades
each decision in tiers: ``same``, ``close`` (a close call), ``inaccuracy``,
``mistake``, ``blunder``; a decision is *graded* when its grade is an
inaccuracy or worse. This command reviews seat 0 of every hand of a corpus
(:mod:`.coach_corpus`: history files, by default those under
``docs/lab/data/coach-corpus/``; ``--deal`` deals one by self-play into an
empty folder and prints what it holds) under the coach seeds 1..N at the review's budget and, with
``--reference``, prices each decision again against the coach's card under
its default seed with ``--reference-scale`` times the budget
(:mod:`.coach_reference`). Over the decisions with a choice (more than one
legal action), overall, per table size, per phase and for the decisions
taken with a side at 90 points or more, it prints:

* **flip rate**: the share of decisions graded under one seed and ``same``
  under another (goal at most 2 %);
* **precision**: of the decisions graded under at least one seed, the share
  whose reference cost is at least 1 point (goal at least 95 %);
* **recall**: of the decisions the reference prices at 5 points or more
  with its 95 % interval clear of 2, the share graded, per seed: the worst
  seed and the mean (goal at least 85 %);
* **close calls**: the share of the verdicts (one per decision and seed) that
  are ``close``; **grades agree**: the share of decisions with the same grade
  under every seed;
* the seconds a review of one hand took (median, largest) and per decision.

``--out FILE`` keeps every review and reference as JSON, written after each
one: the same command continues a run cut short. Every figure is a pure
function of those records (:func:`summarize`). Records of a coach without
grades are read by :func:`grade_of`.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import click

from .coach_corpus import NEAR_POINTS, TABLES, corpus_counts, corpus_files, deal_corpus, digest, hand_kinds

#: The grades, mildest first; the last three are verdicts against the played action.
GRADES = ("same", "close", "inaccuracy", "mistake", "blunder")
GRADED = frozenset(GRADES[2:])
#: A graded decision is confirmed when the reference prices it at least this much (points of the side).
CONFIRM_POINTS = 1.0
#: Recall counts the decisions the reference prices at least this much ...
RECALL_POINTS = 5.0
#: ... with its 95 % interval above this line.
RECALL_CLEAR = 2.0
#: The goals the figures are read against.
GOALS = {"flip": 0.02, "precision": 0.95, "recall": 0.85}
#: The default corpus folder (relative to the repository root, where the lab's commands are run).
CORPUS = Path("docs/lab/data/coach-corpus")

Record = Mapping[str, Any]  # one decision under one seed (or its reference), as stored in --out
HandResult = Mapping[str, Any]  # {"name", "players", "digest", "kinds", "seeds": {"1": {...}}, "reference": {...}}


# --- reviewing (runs the coach) -----------------------------------------------------------------


def scaled_budget(budget: Any, playouts: int | None) -> Any:
    """``budget`` with its work scaled to ``playouts`` playouts a decision (its deals and arrastre solves alike)."""
    if playouts is None:
        return budget
    factor = playouts / budget.max_playouts
    floor = max(2, getattr(budget, "arrastre_min_deals", 2))
    return replace(
        budget,
        max_playouts=playouts,
        max_deals=max(2, round(budget.max_deals * factor)),
        arrastre_deals=max(floor, round(budget.arrastre_deals * factor)),
        arrastre_nodes=max(1000, round(budget.arrastre_nodes * factor)),
    )


def skim_budget(budget: Any) -> Any:
    """A budget that passes over a decision at almost no cost (the hands before the reviewed one)."""
    small = {"min_deals": 2, "batch": 2, "max_playouts": 4, "max_deals": 2, "arrastre_deals": 1, "arrastre_nodes": 1}
    names = {f.name for f in fields(budget)}
    try:
        return replace(budget, **{k: v for k, v in small.items() if k in names})
    except (TypeError, ValueError):
        return budget


@contextmanager
def _reviewing_hand(deck: Sequence[Any], budget: Any) -> Iterator[None]:
    """Within: the review spends its budget on the hand dealt from ``deck`` only, and skims the others.

    The review itself runs unchanged; its ``decision_rng`` (which is given
    each decision's deck) and ``advise`` are wrapped. Should a later review
    no longer call them, every hand is reviewed in full: slower, the same records.
    """
    from contextlib import ExitStack
    from unittest import mock

    from ..coach import advise, decision_rng
    from ..coach import review as review_module

    skim = skim_budget(budget)
    current: list[tuple[Any, ...]] = []

    def watched_rng(*args: Any, **options: Any) -> random.Random:
        hand_deck = options.get("deck", args[1] if len(args) > 1 else ())
        current[:] = [tuple(hand_deck)]
        return decision_rng(*args, **options)

    def watched_advise(view: Any, rng: random.Random, *rest: Any, **options: Any) -> Any:
        if current and current[0] != tuple(deck):
            return advise(view, rng, skim)
        return advise(view, rng, *rest, **options)

    with ExitStack() as stack:
        if hasattr(review_module, "decision_rng") and hasattr(review_module, "advise"):
            stack.enter_context(mock.patch.object(review_module, "decision_rng", watched_rng))
            stack.enter_context(mock.patch.object(review_module, "advise", watched_advise))
        yield


def review_records(history: Mapping[str, Any], seed: int, budget: Any) -> tuple[list[dict[str, Any]], float]:
    """Seat 0's decisions in the last hand of ``history`` as ``guinote review --seed SEED`` prices them, and the
    seconds the review took.

    Each record adds to the review's own fields the action's ``index`` in
    the hand, the ``phase``, the number of legal actions (``choices``) and
    ``near_juego`` (a side's running total at 90 or more).
    """
    from ..coach import review_match
    from ..engine import load_history
    from .coach_corpus import seat_decisions

    match = load_history(dict(history))
    points, _ = seat_decisions(match, 0)
    last = len(match.records())
    started = time.perf_counter()
    with _reviewing_hand(match.records()[-1].deck, budget):
        decisions = [d for d in review_match(match, 0, seed, budget) if d.hand == last]
    seconds = time.perf_counter() - started
    if [str(d.played) for d in decisions] != [str(p.played) for p in points]:
        raise click.ClickException("the review's decisions are not the seat's actions in the hand")
    records = [
        d.to_dict() | {"index": p.index, "phase": p.phase, "choices": p.choices, "near_juego": p.near_juego}
        for d, p in zip(decisions, points, strict=True)
    ]
    return records, seconds


def reference_records(history: Mapping[str, Any], budget: Any, scale: int) -> tuple[list[dict[str, Any] | None], float]:
    """Per decision of seat 0 in the last hand (None when forced): the played action's cost against the coach's
    action under :data:`~guinote_tui.coach.COACH_SEED`, with ``scale`` times ``budget``; and the seconds taken."""
    from ..coach import COACH_SEED, advise, decision_rng
    from ..engine import Card, Play, load_history
    from .coach_corpus import seat_decisions
    from .coach_reference import Reference, two_card_estimate

    points, _ = seat_decisions(load_history(dict(history)), 0)
    started = time.perf_counter()
    out: list[dict[str, Any] | None] = []
    for point in points:
        if point.choices < 2:
            out.append(None)
            continue
        advice = advise(point.view, decision_rng(COACH_SEED, point.deck, point.index), budget)
        coach, played = advice.action, point.played
        if isinstance(played, Play) and isinstance(coach, Play):
            deck = ".".join(str(int(c)) for c in point.deck)
            rng = random.Random(f"reference:{deck}:{point.index}")
            found = two_card_estimate(
                point.view, Card(played.card), Card(coach.card), rng, budget, scale, advice.evaluation
            )
        elif played == coach:
            found = Reference(0.0, 0.0, "same")
        else:
            found = Reference(float(advice.cost(played)), 0.0, "declaration")
        out.append({"index": point.index, "played": str(played), "card": str(coach)} | found.to_dict())
    return out, time.perf_counter() - started


# --- the statistics (pure functions of the records) --------------------------------------------


def grade_of(record: Record) -> str:
    """The record's grade; for a coach without grades: a mistake is an inaccuracy, "about the same" is the same,
    anything else a close call."""
    grade = record.get("grade")
    if grade is not None:
        return str(grade)
    if record.get("mistake"):
        return "inaccuracy"
    return "same" if record.get("about_same", True) else "close"


def is_graded(record: Record) -> bool:
    """Inaccuracy or worse."""
    return grade_of(record) in GRADED


@dataclass(frozen=True)
class Row:
    """One decision with a choice: its record under each seed (in seed order) and its reference (None: not priced)."""

    players: int
    records: tuple[Record, ...]
    reference: Record | None = None

    @property
    def phase(self) -> str:
        return str(self.records[0].get("phase", "phase 1"))

    @property
    def near_juego(self) -> bool:
        return bool(self.records[0].get("near_juego"))


def decision_rows(hand: HandResult, seeds: Sequence[int] | None = None) -> list[Row]:
    """The decisions with a choice of ``hand``, each with its records under ``seeds`` (default: all stored)."""
    keys = sorted(hand["seeds"], key=int) if seeds is None else [str(s) for s in seeds]
    runs = [hand["seeds"][key]["decisions"] for key in keys]
    if not runs:
        return []
    if len({len(r) for r in runs}) != 1:
        raise ValueError("the seeds' reviews of one hand differ in their number of decisions")
    reference = hand.get("reference")
    priced: list[Record | None] = list(reference["decisions"]) if reference else [None] * len(runs[0])
    if len(priced) != len(runs[0]):
        raise ValueError("the reference of a hand does not have one entry per decision")
    rows = []
    for row, ref in zip(zip(*runs, strict=True), priced, strict=True):
        if row[0].get("choices", 2) > 1:
            if ref is not None and ref.get("index", row[0].get("index")) != row[0].get("index"):
                raise ValueError("a reference is not aligned with its decision")
            rows.append(Row(int(hand["players"]), tuple(row), ref))
    return rows


def flips(rows: Sequence[Row]) -> tuple[int, int]:
    """(flipped, decisions): decisions graded under one seed and ``same`` under another."""
    flipped = sum(
        1 for row in rows if any(is_graded(r) for r in row.records) and any(grade_of(r) == "same" for r in row.records)
    )
    return flipped, len(rows)


def precision(rows: Sequence[Row]) -> dict[str, int]:
    """Of the decisions graded under at least one seed: ``graded`` (those with a reference), ``confirmed`` (its
    cost at least :data:`CONFIRM_POINTS`), ``juego_only`` (not confirmed, but the played action clearly loses the
    juego more often than the coach's) and ``unpriced`` (graded, no reference)."""
    out = {"confirmed": 0, "graded": 0, "juego_only": 0, "unpriced": 0}
    for row in rows:
        if not any(is_graded(r) for r in row.records):
            continue
        ref = row.reference
        if ref is None:
            out["unpriced"] += 1
            continue
        out["graded"] += 1
        if ref["cost"] >= CONFIRM_POINTS:
            out["confirmed"] += 1
        elif ref.get("juego_cost") is not None and ref["juego_cost"] - 1.96 * (ref.get("juego_se") or 0.0) > 0:
            out["juego_only"] += 1
    return out


def clearly_costly(reference: Record | None) -> bool:
    """The reference prices the decision at :data:`RECALL_POINTS` or more, its 95 % interval above
    :data:`RECALL_CLEAR`."""
    if reference is None:
        return False
    cost, se = float(reference["cost"]), float(reference.get("se") or 0.0)
    return cost >= RECALL_POINTS and cost - 1.96 * se > RECALL_CLEAR


def recall(rows: Sequence[Row]) -> list[tuple[int, int]]:
    """Per seed (in the rows' order): (graded, costly) over the decisions :func:`clearly_costly`."""
    costly = [row for row in rows if clearly_costly(row.reference)]
    seeds = len(rows[0].records) if rows else 0
    return [(sum(1 for row in costly if is_graded(row.records[i])), len(costly)) for i in range(seeds)]


def close_calls(rows: Sequence[Row]) -> tuple[int, int]:
    """(close, verdicts): the verdicts (one per decision and seed) that are close calls."""
    grades = [grade_of(r) for row in rows for r in row.records]
    return sum(1 for g in grades if g == "close"), len(grades)


def agreement(rows: Sequence[Row]) -> tuple[int, int]:
    """(agreeing, decisions): decisions with the same grade under every seed."""
    return sum(1 for row in rows if len({grade_of(r) for r in row.records}) == 1), len(rows)


def timing(hands: Sequence[HandResult], seeds: Sequence[int]) -> dict[str, float]:
    """Seconds per review of one hand (median, largest), per decision reviewed, and per hand's reference."""
    runs = [hand["seeds"][str(s)] for hand in hands for s in seeds if str(s) in hand["seeds"]]
    seconds = [float(run["seconds"]) for run in runs]
    decisions = sum(len(run["decisions"]) for run in runs)
    references = [float(hand["reference"]["seconds"]) for hand in hands if hand.get("reference")]
    return {
        "review_median": statistics.median(seconds) if seconds else math.nan,
        "review_max": max(seconds) if seconds else math.nan,
        "per_decision": sum(seconds) / decisions if decisions else math.nan,
        "reference_median": statistics.median(references) if references else math.nan,
        "reference_max": max(references) if references else math.nan,
    }


def _groups(rows: Sequence[Row]) -> dict[str, list[Row]]:
    groups: dict[str, list[Row]] = {}
    for label, size in (("all", None), *((name, players) for players, name in TABLES.items())):
        mine = [row for row in rows if size is None or row.players == size]
        if size is not None and not mine:
            continue
        groups[label] = mine
        for phase in ("phase 1", "arrastre"):
            groups[f"{label}, {phase}"] = [row for row in mine if row.phase == phase]
        groups[f"{label}, a side at {NEAR_POINTS}+"] = [row for row in mine if row.near_juego]
    return groups


def summarize(hands: Sequence[HandResult], seeds: Sequence[int]) -> dict[str, dict[str, Any]]:
    """Every figure per group (overall, per table, phase, and with a side near the juego)."""
    rows = [row for hand in hands for row in decision_rows(hand, seeds)]
    out: dict[str, dict[str, Any]] = {}
    for label, mine in _groups(rows).items():
        out[label] = {
            "decisions": len(mine),
            "flips": flips(mine),
            "precision": precision(mine),
            "recall": recall(mine),
            "close": close_calls(mine),
            "agree": agreement(mine),
            "priced": sum(1 for row in mine if row.reference is not None),
        }
    return out


def _share(k: int, n: int) -> str:
    return f"{k}/{n} ({k / n:.1%})" if n else "n/a"


def recall_text(per_seed: Sequence[tuple[int, int]]) -> str:
    """The worst seed's recall and the mean over seeds, with the number of decisions counted."""
    if not per_seed or not per_seed[0][1]:
        return "n/a"
    shares = [k / n for k, n in per_seed]
    return f"{min(shares):.1%} / {statistics.fmean(shares):.1%} (of {per_seed[0][1]})"


def corpus_lines(counts: Mapping[str, Mapping[str, int]]) -> list[str]:
    """What the corpus holds, per table (:func:`~.coach_corpus.corpus_counts`)."""
    return [
        f"corpus, {label}: {c['hands']} hands, {c['vueltas']} de vueltas, {c['near_juego']} with a side "
        f"reaching {NEAR_POINTS}, {c['decides']} deciding the juego"
        for label, c in counts.items()
    ]


def report_lines(
    summary: Mapping[str, Mapping[str, Any]], counts: Mapping[str, Mapping[str, int]], times: Mapping[str, float]
) -> list[str]:
    """The figures as text: the corpus, a table of the groups, the goals, the timings."""
    lines = corpus_lines(counts)
    lines += [
        "",
        "| group | decisions | flip rate | precision | recall worst / mean | close calls | grades agree |",
        "|---|---|---|---|---|---|---|",
    ]
    for label, f in summary.items():
        if not f["decisions"]:
            continue
        p = f["precision"]
        lines.append(
            f"| {label} | {f['decisions']} | {_share(*f['flips'])} | {_share(p['confirmed'], p['graded'])} | "
            f"{recall_text(f['recall'])} | {_share(*f['close'])} | {_share(*f['agree'])} |"
        )
    p = summary["all"]["precision"]
    lines += [
        "",
        f"goals: flip rate <= {GOALS['flip']:.0%}, precision >= {GOALS['precision']:.0%}, "
        f"recall >= {GOALS['recall']:.0%} (worst seed)",
        f"precision: reference cost >= {CONFIRM_POINTS:g} point; {p['juego_only']} more lose the juego more often, "
        f"clearly; {p['unpriced']} graded decisions without a reference",
        f"recall: decisions the reference prices at >= {RECALL_POINTS:g} points, 95 % interval above "
        f"{RECALL_CLEAR:g}; {summary['all']['priced']} of {summary['all']['decisions']} decisions priced",
        f"review of one hand: {times['review_median']:.1f} s median, {times['review_max']:.1f} s at most, "
        f"{times['per_decision']:.2f} s per decision",
    ]
    if not math.isnan(times["reference_median"]):
        lines.append(
            f"reference of one hand: {times['reference_median']:.1f} s median, {times['reference_max']:.1f} s at most"
        )
    return lines


# --- the command --------------------------------------------------------------------------------


def _load(out: Path | None, config: dict[str, Any]) -> dict[str, Any]:
    if out is None or not out.exists():
        return {"config": config, "hands": {}}
    try:
        data = json.loads(out.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise click.ClickException(f"{out}: cannot read it as this command's JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("config") != config or not isinstance(data.get("hands"), dict):
        raise click.ClickException(f"{out} holds another run (another budget): choose another --out")
    return data


def _save(out: Path | None, data: Mapping[str, Any]) -> None:
    if out is None:
        return
    partial = out.with_name(out.name + ".partial")
    partial.write_text(json.dumps(data), encoding="utf-8")
    partial.replace(out)


Task = tuple[Any, Callable[..., Any], tuple[Any, ...]]  # (key, function, arguments)


def _run(tasks: Sequence[Task], jobs: int, done: Callable[..., None]) -> None:
    """Run ``fn(*args)`` for each task, in ``jobs`` processes; ``done(key, result)`` in this one as each ends."""
    if jobs == 1 or len(tasks) < 2:
        for key, fn, args in tasks:
            done(key, fn(*args))
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: dict[Future[Any], Any] = {pool.submit(fn, *args): key for key, fn, args in tasks}
        try:
            for future in as_completed(pending):
                done(pending[future], future.result())
        except BaseException:
            for future in pending:
                future.cancel()
            raise


def _check_bots(player: str, others: str) -> None:
    from ..ai import spec_list

    for option, spec in (("--player", player), ("--others", others)):
        try:
            if len(spec_list(spec, players_only=True)) != 1:
                raise ValueError("one bot spec only")
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint=option) from None


def _corpus(folder: Path, hands: int, sizes: Sequence[int], deal: tuple[int, str, str] | None) -> list[Path]:
    """The corpus files to review: the first ``hands`` of each table size; ``deal``: (seed, player, others) to deal
    them into ``folder`` first, which must hold none."""
    from ..engine import HistoryError, read_history

    files = corpus_files(folder)
    if deal is not None:
        if files:
            raise click.ClickException(f"{folder} holds a corpus already: deal into an empty folder")
        seed, player, others = deal
        _check_bots(player, others)
        click.echo(f"dealing {hands} hands per table into {folder} ...", err=True)
        deal_corpus(folder, hands, seed, player, others, sizes)
        files = corpus_files(folder)
    elif not files:
        raise click.ClickException(f"{folder} holds no hands: deal a corpus there with --deal")
    chosen = []
    for players in sizes:
        mine = [p for p in files if p.name.startswith(TABLES[players] + "-")][:hands]
        for path in mine:
            try:
                match = read_history(path)
            except HistoryError as exc:
                raise click.ClickException(str(exc)) from None
            if match.players != players:
                raise click.ClickException(f"{path}: a table of {match.players}, named as one of {players}")
        chosen += mine
    if not chosen:
        raise click.ClickException(f"{folder} holds no hands of the tables asked for")
    return chosen


@click.command()
@click.option(
    "--corpus",
    type=click.Path(file_okay=False, path_type=Path),
    default=CORPUS,
    show_default=True,
    help="Folder of history files; the last hand of each is reviewed.",
)
@click.option("--deal", is_flag=True, help="Deal a corpus into --corpus (an empty folder) by self-play, and print it.")
@click.option("--hands", type=click.IntRange(1, 1000), default=20, show_default=True, help="Hands per table size.")
@click.option(
    "--players", type=click.Choice(["2", "4", "both"]), default="both", show_default=True, help="Table sizes."
)
@click.option("--seeds", type=click.IntRange(2, 100), default=5, show_default=True, help="Coach seeds 1..N.")
@click.option("--seed", type=int, default=1, show_default=True, help="With --deal: the seed of the deals.")
@click.option("--player", default="easy", show_default=True, help="With --deal: the bot playing seat 0.")
@click.option("--others", default="hard", show_default=True, help="With --deal: the bot playing every other seat.")
@click.option(
    "--playouts",
    type=click.IntRange(10, 100_000),
    default=None,
    help="The coach's playouts per decision, its deals and arrastre solves scaled alike (default: the review's).",
)
@click.option("--reference", is_flag=True, help="Price every decision again with --reference-scale times the budget.")
@click.option(
    "--reference-scale", type=click.IntRange(1, 1000), default=16, show_default=True, help="The reference's budget."
)
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help="Processes.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Keep (and resume from) every record.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
def main(
    corpus: Path,
    deal: bool,
    hands: int,
    players: str,
    seeds: int,
    seed: int,
    player: str,
    others: str,
    playouts: int | None,
    reference: bool,
    reference_scale: int,
    jobs: int,
    out: Path | None,
    as_json: bool,
) -> None:
    """Print how far the review's graded verdicts hold across coach seeds and against a deeper estimate."""
    from ..coach import DEEP_BUDGET
    from ..engine import load_history
    from .coach_corpus import load_corpus

    sizes = [2, 4] if players == "both" else [int(players)]
    files = _corpus(corpus, hands, sizes, (seed, player, others) if deal else None)
    histories = load_corpus(corpus)
    if deal:
        kinds = {
            p.name: hand_kinds(load_history(histories[p.name])) | {"players": histories[p.name]["players"]}
            for p in files
        }
        for line in corpus_lines(corpus_counts(kinds)):
            click.echo(line)
        return
    budget = scaled_budget(DEEP_BUDGET, playouts)
    config = {"budget": asdict(budget)}
    data = _load(out, config)
    stored: dict[str, Any] = data["hands"]
    for path in files:
        history = histories[path.name]
        entry = stored.setdefault(path.name, {"name": path.name, "players": history["players"], "seeds": {}})
        if entry.setdefault("digest", digest(history)) != digest(history):
            raise click.ClickException(f"{out} reviewed another {path.name}: choose another --out")
        entry["kinds"] = hand_kinds(load_history(history))

    def reviewed(key: tuple[str, int], result: tuple[list[dict[str, Any]], float]) -> None:
        name, coach_seed = key
        stored[name]["seeds"][str(coach_seed)] = {"seconds": round(result[1], 3), "decisions": result[0]}
        _save(out, data)
        if not as_json:
            click.echo(f"  reviewed {name} under seed {coach_seed} ({result[1]:.1f} s)", err=True)

    def priced(name: str, result: tuple[list[dict[str, Any] | None], float]) -> None:
        stored[name]["reference"] = {"seconds": round(result[1], 3), "scale": reference_scale, "decisions": result[0]}
        _save(out, data)
        if not as_json:
            click.echo(f"  priced {name} ({result[1]:.1f} s)", err=True)

    tasks = [
        ((path.name, s), review_records, (histories[path.name], s, budget))
        for path in files
        for s in range(1, seeds + 1)
        if str(s) not in stored[path.name]["seeds"]
    ]
    _run(tasks, jobs, reviewed)
    if reference:
        for path in files:
            scale = stored[path.name].get("reference", {}).get("scale", reference_scale)
            if scale != reference_scale:
                raise click.ClickException(f"{out} priced {path.name} with --reference-scale {scale}")
        todo = [
            (path.name, reference_records, (histories[path.name], budget, reference_scale))
            for path in files
            if "reference" not in stored[path.name]
        ]
        _run(todo, jobs, priced)
    _save(out, data)
    wanted = [stored[path.name] for path in files]
    coach_seeds = list(range(1, seeds + 1))
    summary = summarize(wanted, coach_seeds)
    counts = corpus_counts({h["name"]: h["kinds"] | {"players": h["players"]} for h in wanted})
    times = timing(wanted, coach_seeds)
    if as_json:
        settings = config | {"hands": len(files), "seeds": seeds, "players": sizes, "corpus": str(corpus)}
        settings["reference_scales"] = sorted({h["reference"]["scale"] for h in wanted if h.get("reference")})
        click.echo(json.dumps({"config": settings, "corpus": counts, "figures": summary, "timing": times}))
        return
    spent = ", ".join(f"{k}={v}" for k, v in asdict(budget).items())
    click.echo(f"coach seeds 1..{seeds} on {len(files)} hands of {corpus}; budget {spent}")
    priced_hands = [h["reference"]["scale"] for h in wanted if h.get("reference")]
    if priced_hands:
        scales = " and ".join(f"{s}" for s in sorted(set(priced_hands)))
        click.echo(f"reference: {scales} times the budget, on {len(priced_hands)} of {len(wanted)} hands")
    for line in report_lines(summary, counts, times):
        click.echo(line)


if __name__ == "__main__":
    main()
