"""How far the coach's graded verdicts can be trusted: ``python -m guinote_lab.coach_verdicts``.

The review (:func:`guinote_tui.coach.review_match`, ``guinote review``) grades
each decision in tiers: ``same``, ``close`` (a close call), ``inaccuracy``,
``mistake``, ``blunder``; a decision is *graded* when its grade is an
inaccuracy or worse. This command reviews seat 0 in the last hand of every
history of a corpus (:mod:`.coach_corpus`: by default the files under
``docs/lab/data/coach-corpus/``; ``--deal`` deals one by self-play into an
empty folder and prints what it holds) under the coach seeds 1..N at the
review's budget and, with ``--reference``, prices each decision again with ``--reference-scale`` times
the budget (:mod:`.coach_reference`): the played action against the best of
the coach's cards, its card under its default seed and each reviewed seed's
best card, valued on the same deals (``--against default``: against the
default seed's card only). Over the decisions with a choice (more than one
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
function of those records (:mod:`.coach_verdict_stats`), which also reads
the records of a coach without grades.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import asdict, fields, replace
from pathlib import Path
from typing import Any

import click

from guinote_lab.checkpoint import load_run, save_run
from guinote_lab.coach_corpus import TABLES, corpus_counts, corpus_files, deal_corpus, digest, hand_kinds
from guinote_lab.coach_verdict_stats import corpus_lines, report_lines, summarize, timing

#: The default corpus folder (relative to the repository root, where the lab's commands are run).
CORPUS = Path("docs/lab/data/coach-corpus")


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

    The review itself runs unchanged; its ``advice_at`` (which is given each
    decision's hand) is wrapped. Should a later review no longer call it,
    every hand is reviewed in full: slower, the same records.
    """
    from contextlib import ExitStack
    from unittest import mock

    from guinote_tui.coach import review as review_module

    skim = skim_budget(budget)
    advice_at = review_module.advice_at

    def watched(spec: Any, actions: Any, seat: int, seed: int, given: Any) -> Any:
        return advice_at(spec, actions, seat, seed, given if tuple(spec.deck) == tuple(deck) else skim)

    with ExitStack() as stack:
        if hasattr(review_module, "advice_at"):
            stack.enter_context(mock.patch.object(review_module, "advice_at", watched))
        yield


def review_records(history: Mapping[str, Any], seed: int, budget: Any) -> tuple[list[dict[str, Any]], float]:
    """Seat 0's decisions in the last hand of ``history`` as ``guinote review --seed SEED`` prices them, and the
    seconds the review took.

    Each record adds to the review's own fields the action's ``index`` in
    the hand, the ``phase``, the number of legal actions (``choices``) and
    ``near_juego`` (a side's running total at 90 or more).
    """
    from guinote_lab.coach_corpus import seat_decisions
    from guinote_tui.coach import review_match
    from guinote_tui.engine import load_history

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


def reference_records(
    history: Mapping[str, Any], budget: Any, scale: int, seeds_best: Mapping[int, Sequence[str]]
) -> tuple[list[dict[str, Any] | None], float]:
    """Per decision of seat 0 in the last hand (None when forced): the played action priced against the coach's
    cards with ``scale`` times ``budget`` (:func:`~.coach_reference.reference`), and the seconds taken.

    The coach's cards: its action under :data:`~guinote_tui.coach.COACH_SEED`
    and ``seeds_best[index]``, the best actions the reviewed seeds gave the
    decision at that action index. A declaration on either side (played, or
    the default seed's action) is priced by the coach's rule, without sampling.
    """
    from guinote_lab.coach_corpus import seat_decisions
    from guinote_lab.coach_reference import reference
    from guinote_tui.coach import COACH_SEED, advise, decision_rng
    from guinote_tui.engine import Card, Play, load_history, parse_action

    points, _ = seat_decisions(load_history(dict(history)), 0)
    started = time.perf_counter()
    out: list[dict[str, Any] | None] = []
    for point in points:
        if point.choices < 2:
            out.append(None)
            continue
        advice = advise(point.view, decision_rng(COACH_SEED, point.view), budget)
        coach, played = advice.action, point.played
        found: dict[str, Any]
        if isinstance(played, Play) and isinstance(coach, Play):
            best = [parse_action(text) for text in seeds_best.get(point.index, ())]
            others = [Card(a.card) for a in best if isinstance(a, Play)]
            deck = ".".join(str(int(c)) for c in point.deck)
            rng = random.Random(f"reference:{deck}:{point.index}")
            found = reference(
                point.view, Card(played.card), Card(coach.card), others, rng, budget, scale, advice.evaluation
            )
        else:
            cost = 0.0 if played == coach else float(advice.cost(played))
            found = {"method": "same" if played == coach else "declaration", "deals": 0, "card": str(coach)}
            found |= {"cost": cost, "se": 0.0}
        out.append({"index": point.index, "played": str(played), "default_card": str(coach)} | found)
    return out, time.perf_counter() - started


# --- the command --------------------------------------------------------------------------------


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
    from guinote_tui.ai import spec_list

    for option, spec in (("--player", player), ("--others", others)):
        try:
            if len(spec_list(spec, players_only=True)) != 1:
                raise ValueError("one bot spec only")
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint=option) from None


def _corpus(folder: Path, hands: int, sizes: Sequence[int], deal: tuple[int, str, str] | None) -> list[Path]:
    """The corpus files to review: the first ``hands`` of each table size; ``deal``: (seed, player, others) to deal
    them into ``folder`` first, which must hold none."""
    from guinote_tui.engine import HistoryError, read_history

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
@click.option(
    "--against",
    type=click.Choice(["best", "default"]),
    default="best",
    show_default=True,
    help="Price the played action against the best of the coach's cards (its default seed's and each seed's best) "
    "or against its default seed's card only.",
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
    against: str,
    jobs: int,
    out: Path | None,
    as_json: bool,
) -> None:
    """Print how far the review's graded verdicts hold across coach seeds and against a deeper estimate."""
    from guinote_lab.coach_corpus import load_corpus
    from guinote_tui.coach import DEEP_BUDGET
    from guinote_tui.engine import load_history

    sizes = [2, 4] if players == "both" else [int(players)]
    files = _corpus(corpus, hands, sizes, (seed, player, others) if deal else None)
    everything = load_corpus(corpus)
    histories = {path.name: everything[path.name] for path in files}
    if deal:
        kinds = {name: hand_kinds(load_history(h)) | {"players": h["players"]} for name, h in histories.items()}
        for line in corpus_lines(corpus_counts(kinds)):
            click.echo(line)
        return
    budget = scaled_budget(DEEP_BUDGET, playouts)
    config = {"budget": asdict(budget)}
    data = load_run(out, config)
    stored: dict[str, Any] = data["hands"]
    for name, history in histories.items():
        entry = stored.setdefault(name, {"name": name, "players": history["players"], "seeds": {}})
        if entry.setdefault("digest", digest(history)) != digest(history):
            raise click.ClickException(f"{out} reviewed another {name}: choose another --out")
        entry["kinds"] = hand_kinds(load_history(history))
    coach_seeds = list(range(1, seeds + 1))
    _review_all(histories, stored, coach_seeds, budget, jobs, lambda: save_run(out, data), as_json)
    if reference:
        _price_all(histories, stored, coach_seeds, budget, reference_scale, jobs, lambda: save_run(out, data), as_json)
    save_run(out, data)
    wanted = [stored[name] for name in histories]
    summary = summarize(wanted, coach_seeds, against)
    counts = corpus_counts({h["name"]: h["kinds"] | {"players": h["players"]} for h in wanted})
    times = timing(wanted, coach_seeds)
    scales = sorted({h["reference"]["scale"] for h in wanted if h.get("reference")})
    if as_json:
        settings = config | {"hands": len(files), "seeds": seeds, "players": sizes, "corpus": str(corpus)}
        settings |= {"reference_scales": scales, "against": against}
        click.echo(json.dumps({"config": settings, "corpus": counts, "figures": summary, "timing": times}))
        return
    spent = ", ".join(f"{k}={v}" for k, v in asdict(budget).items())
    click.echo(f"coach seeds 1..{seeds} on {len(files)} hands of {corpus}; budget {spent}")
    priced = sum(1 for h in wanted if h.get("reference"))
    if priced:
        card = "the best of the coach's cards" if against == "best" else "the coach's card under its default seed"
        times_text = " and ".join(str(x) for x in scales)
        click.echo(f"reference: {times_text} times the budget, against {card}, on {priced} of {len(wanted)} hands")
    for line in report_lines(summary, counts, times):
        click.echo(line)


def _review_all(
    histories: Mapping[str, Mapping[str, Any]],
    stored: dict[str, Any],
    seeds: Sequence[int],
    budget: Any,
    jobs: int,
    save: Callable[[], None],
    quiet: bool,
) -> None:
    """Review every hand under every seed not stored yet, storing each review as it ends."""

    def reviewed(key: tuple[str, int], result: tuple[list[dict[str, Any]], float]) -> None:
        name, coach_seed = key
        stored[name]["seeds"][str(coach_seed)] = {"seconds": round(result[1], 3), "decisions": result[0]}
        save()
        if not quiet:
            click.echo(f"  reviewed {name} under seed {coach_seed} ({result[1]:.1f} s)", err=True)

    tasks = [
        ((name, s), review_records, (history, s, budget))
        for name, history in histories.items()
        for s in seeds
        if str(s) not in stored[name]["seeds"]
    ]
    _run(tasks, jobs, reviewed)


def _price_all(
    histories: Mapping[str, Mapping[str, Any]],
    stored: dict[str, Any],
    seeds: Sequence[int],
    budget: Any,
    scale: int,
    jobs: int,
    save: Callable[[], None],
    quiet: bool,
) -> None:
    """Price every hand's decisions with the reference, unless priced already at this scale with these seeds' cards."""
    for name in histories:
        done = stored[name].get("reference", {}).get("scale", scale)
        if done != scale:
            raise click.ClickException(f"the --out file priced {name} with --reference-scale {done}")

    def priced(name: str, result: tuple[list[dict[str, Any] | None], float]) -> None:
        entry = {"seconds": round(result[1], 3), "scale": scale, "seeds": list(seeds), "decisions": result[0]}
        stored[name]["reference"] = entry
        save()
        if not quiet:
            click.echo(f"  priced {name} ({result[1]:.1f} s)", err=True)

    todo = []
    for name, history in histories.items():
        ref = stored[name].get("reference")
        if ref is not None and set(seeds) <= set(ref.get("seeds", ())):
            continue
        best: dict[int, list[str]] = {}
        for s in seeds:
            for record in stored[name]["seeds"][str(s)]["decisions"]:
                best.setdefault(record["index"], []).append(record["best"])
        todo.append((name, reference_records, (history, budget, scale, best)))
    _run(todo, jobs, priced)


if __name__ == "__main__":
    main()
