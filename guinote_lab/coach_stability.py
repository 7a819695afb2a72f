"""How much the coach's review depends on its seed: ``python -m guinote_lab.coach_stability``.

The review of a played hand (:func:`guinote_tui.coach.review_match`, what
``guinote review`` runs) samples deals, so the same decision may get another
best card or another cost under another ``--seed``. This command deals hands
by self-play (seat 0 played by one bot, every other seat by another:
``normal`` against ``hard`` by default), reviews seat 0's decisions under the
coach seeds 1..N with the coach's default budget, and prints, over the
decisions with a choice (more than one legal action), overall, per table
size and per phase (phase 1, arrastre):

* **best agrees**: the share of decisions whose best action is the same
  under every seed; the same over the decisions whose *reported* gap is at
  least 3 under at least one seed, and under every seed. The reported gap is
  the cost of the second-best card (points of the seat's side) when the
  coach tells it apart from the best, and 0 when it calls them about the
  same (as the hint shows them);
* **flag kept**: a decision is *flagged* under a seed when the review lists
  it as a mistake there (at least 2 points, clearly above its standard
  error; records of an older coach without that field: a cost of at least
  2); of the decisions flagged under at least one seed, the share flagged
  under at least ``seeds - 1`` of them (4 of 5);
* **cost SD**: the standard deviation (``n - 1``) of a decision's cost
  across the seeds, its mean and median over decisions, and the largest
  swing (highest cost minus lowest) of one decision;
* **no simple rule**: the share of the coach's reasons that are "no simple
  rule" (``BEST_BY_SEARCH``) over the decisions with a choice, all seeds;
* per table: the spread of a hand's total cost across seeds (highest minus
  lowest, averaged over hands), the same for the total of the mistakes, and
  the wall-clock seconds per review.

``--out FILE`` keeps every hand's history and per-seed decisions as JSON,
written after each review: a run stopped midway continues where it was with
the same command. The statistics are pure functions of those records.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import click

from guinote_lab.checkpoint import load_run, save_run

#: A decision costing at least this much (points of the hand) is flagged, as the review's text lists it.
FLAG_COST = 2.0
#: A gap between the best and the second card at least this large is a clear choice.
CLEAR_GAP = 3.0
#: The goals the figures are read against.
GOALS = {"clear_agree": 0.90, "flag_kept": 0.90, "cost_sd": 1.5}

Record = Mapping[str, Any]  # one decision under one seed, as stored in --out
HandResult = Mapping[str, Any]  # {"players", "number", "history", "seeds": {"1": {"seconds", "decisions"}}}


# --- dealing and reviewing (runs the bots and the coach) ---------------------------------------


def deal_hand(players: int, seed: int, number: int, player: str, others: str) -> dict[str, Any]:
    """One hand played out by the bots (seat 0 ``player``, the rest ``others``), as a history dict."""
    from guinote_tui.ai import decide, make_bot
    from guinote_tui.engine import Match, Rules, history_dict

    match_seed = seed * 1_000_003 + number
    match = Match(players, Rules(), seed=match_seed)
    bots = [make_bot(player if seat == 0 else others) for seat in range(players)]
    rngs = [random.Random(f"deal:{match_seed}:{seat}") for seat in range(players)]
    hand = match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        match.apply(decide(bots[seat], hand, seat, rngs[seat]), seat)
    return history_dict(match)


@contextmanager
def _watching_advice(sink: list[tuple[bool, int, Any]]) -> Iterator[None]:
    """Record, for each advice the review asks, the phase, the number of legal actions and the advice.

    The review itself runs unchanged: the coach's ``advise`` is wrapped, not replaced.
    """
    from unittest import mock

    from guinote_tui.coach import DEEP_BUDGET, advise
    from guinote_tui.coach import review as review_module

    def watched(view: Any, rng: random.Random, budget: Any = DEEP_BUDGET) -> Any:
        advice = advise(view, rng, budget)
        sink.append((view.in_arrastre, len(view.legal), advice))
        return advice

    with mock.patch.object(review_module, "advise", watched):
        yield


def review_records(history: Mapping[str, Any], seed: int, budget: Any = None) -> tuple[list[dict[str, Any]], float]:
    """Seat 0's decisions in ``history`` as ``guinote review --seed SEED`` prices them, and the seconds taken.

    ``budget``: the review's (:data:`~guinote_tui.coach.DEEP_BUDGET`) unless given, as ``--playouts`` sets it.

    Each record adds to the review's own fields the phase, the number of legal
    actions and the reported gap between the best and the second card (None without two cards).
    """
    from guinote_tui.coach import DEEP_BUDGET, review_match
    from guinote_tui.engine import load_history

    match = load_history(dict(history))
    seen: list[tuple[bool, int, Any]] = []
    started = time.perf_counter()
    with _watching_advice(seen):
        decisions = review_match(match, 0, seed, DEEP_BUDGET if budget is None else budget)
    seconds = time.perf_counter() - started
    if len(seen) != len(decisions):
        raise click.ClickException("the review asked the coach a different number of times than it has decisions")
    out = []
    for decision, (arrastre, choices, advice) in zip(decisions, seen, strict=True):
        gap = reported_gap(advice.evaluation)
        spent = advice.evaluation.work if advice.evaluation is not None else 0
        out.append(
            decision.to_dict()
            | {"phase": "arrastre" if arrastre else "phase 1", "choices": choices, "gap": gap, "work": spent}
        )
    return out, seconds


def reported_gap(evaluation: Any) -> float | None:
    """The second-best card's cost when the coach tells it from the best, else 0 (None: fewer than two cards)."""
    if evaluation is None or len(evaluation.cards) < 2:
        return None
    second = sorted(evaluation.cards, key=lambda c: evaluation.cards[c].cost)[1]
    return 0.0 if evaluation.about_same(second) else round(evaluation.cards[second].cost, 2)


# --- the statistics (pure functions of the records) --------------------------------------------


def decision_rows(hand: HandResult) -> list[list[Record]]:
    """Per decision with a choice, its record under each seed of ``hand`` (seeds in numeric order)."""
    runs = [hand["seeds"][key]["decisions"] for key in sorted(hand["seeds"], key=int)]
    if not runs:
        return []
    if len({len(r) for r in runs}) != 1:
        raise ValueError("the seeds' reviews of one hand differ in their number of decisions")
    rows = [list(row) for row in zip(*runs, strict=True)]
    return [row for row in rows if row[0]["choices"] > 1]


def best_agreement(rows: Sequence[Sequence[Record]], clear: str | None = None) -> tuple[int, int]:
    """(agreeing, decisions): decisions whose best action is the same under every seed.

    ``clear="any"`` keeps the decisions whose gap is at least :data:`CLEAR_GAP`
    under at least one seed, ``clear="every"`` under every seed; None keeps all.
    """
    agree = total = 0
    for row in rows:
        gaps = [r["gap"] for r in row]
        if clear is not None:
            wide = [g is not None and g >= CLEAR_GAP for g in gaps]
            if not (any(wide) if clear == "any" else all(wide)):
                continue
        total += 1
        agree += len({r["best"] for r in row}) == 1
    return agree, total


def flagged(record: Record) -> bool:
    """Listed as a mistake: the review's own verdict, or a cost of at least :data:`FLAG_COST` in older records."""
    if "mistake" in record:
        return bool(record["mistake"])
    return bool(record["cost"] >= FLAG_COST)


def flag_kept(rows: Sequence[Sequence[Record]], min_flags: int | None = None) -> tuple[int, int]:
    """(kept, flagged): of the decisions flagged (:func:`flagged`) under at least one seed,
    those flagged under at least ``min_flags`` seeds (default: all seeds but one)."""
    kept = flagged_rows = 0
    for row in rows:
        flags = sum(1 for r in row if flagged(r))
        if flags == 0:
            continue
        flagged_rows += 1
        kept += flags >= (max(1, len(row) - 1) if min_flags is None else min_flags)
    return kept, flagged_rows


def no_simple_rule(rows: Sequence[Sequence[Record]]) -> tuple[int, int]:
    """(no simple rule, reasons): the coach's "no simple rule" reasons over every seed's record of ``rows``."""
    reasons = [r.get("reason") for row in rows for r in row]
    return sum(1 for r in reasons if r == "BEST_BY_SEARCH"), len(reasons)


def cost_spread(rows: Sequence[Sequence[Record]]) -> dict[str, float]:
    """Mean and median of each decision's cost SD across seeds (n - 1), and the largest swing."""
    sds = [statistics.stdev([r["cost"] for r in row]) for row in rows if len(row) >= 2]
    swings = [max(r["cost"] for r in row) - min(r["cost"] for r in row) for row in rows]
    return {
        "sd_mean": statistics.fmean(sds) if sds else math.nan,
        "sd_median": statistics.median(sds) if sds else math.nan,
        "swing_max": max(swings) if swings else math.nan,
    }


def hand_total_spread(hands: Sequence[HandResult], mistakes_only: bool = False) -> float:
    """The highest minus the lowest total cost of a hand across its seeds (or of its mistakes), averaged over hands."""
    spreads = []
    for hand in hands:
        totals = [
            sum(r["cost"] for r in run["decisions"] if not mistakes_only or flagged(r))
            for run in hand["seeds"].values()
        ]
        if totals:
            spreads.append(max(totals) - min(totals))
    return statistics.fmean(spreads) if spreads else math.nan


def review_seconds(hands: Sequence[HandResult]) -> list[float]:
    return [run["seconds"] for hand in hands for run in hand["seeds"].values()]


def summarize(hands: Sequence[HandResult]) -> dict[str, dict[str, Any]]:
    """Every figure, overall, per table size and per phase."""
    tables = {"all": list(hands)}
    for players, label in ((2, "heads-up"), (4, "pairs")):
        mine = [h for h in hands if h["players"] == players]
        if mine:
            tables[label] = mine
    groups: dict[str, tuple[list[HandResult], Callable[[Sequence[Record]], bool]]] = {}
    for label, mine in tables.items():
        groups[label] = (mine, lambda row: True)
        for phase in ("phase 1", "arrastre"):
            groups[f"{label}, {phase}"] = (mine, lambda row, phase=phase: row[0]["phase"] == phase)  # type: ignore[misc]
    out: dict[str, dict[str, Any]] = {}
    for label, (mine, keep) in groups.items():
        rows = [row for hand in mine for row in decision_rows(hand) if keep(row)]
        figures: dict[str, Any] = {
            "hands": len(mine),
            "decisions": len(rows),
            "best_agrees": best_agreement(rows),
            "clear_any_agrees": best_agreement(rows, "any"),
            "clear_every_agrees": best_agreement(rows, "every"),
            "flag_kept": flag_kept(rows),
            "no_simple_rule": no_simple_rule(rows),
        } | cost_spread(rows)
        if "," not in label:
            seconds = review_seconds(mine)
            figures["hand_total_spread"] = hand_total_spread(mine)
            figures["hand_mistakes_spread"] = hand_total_spread(mine, mistakes_only=True)
            figures["review_seconds_mean"] = statistics.fmean(seconds) if seconds else math.nan
            figures["review_seconds_median"] = statistics.median(seconds) if seconds else math.nan
        out[label] = figures
    return out


def _share(pair: Sequence[int]) -> str:
    k, n = pair
    return f"{k}/{n} ({k / n:.1%})" if n else "0/0"


def report_lines(summary: Mapping[str, Mapping[str, Any]], seeds: int) -> list[str]:
    lines = []
    single = sum(1 for label in ("heads-up", "pairs") if label in summary) == 1
    for label, f in summary.items():
        if not f["decisions"] or (single and label.startswith("all")):
            continue
        lines.append(f"{label}: {f['hands']} hands, {f['decisions']} decisions with a choice")
        lines.append(f"  best agrees under all {seeds} seeds: {_share(f['best_agrees'])}")
        lines.append(
            f"  ... gap >= {CLEAR_GAP:g} under one seed: {_share(f['clear_any_agrees'])}"
            f" (goal >= {GOALS['clear_agree']:.0%}); under every seed: {_share(f['clear_every_agrees'])}"
        )
        lines.append(
            f"  flagged as a mistake under one seed -> under >= {max(1, seeds - 1)} of {seeds}: "
            f"{_share(f['flag_kept'])} (goal >= {GOALS['flag_kept']:.0%})"
        )
        lines.append(f"  'no simple rule' reasons: {_share(f['no_simple_rule'])}")
        lines.append(
            f"  cost SD across seeds: mean {f['sd_mean']:.2f}, median {f['sd_median']:.2f} "
            f"(goal <= {GOALS['cost_sd']:g}); largest swing {f['swing_max']:.2f} points"
        )
        if "hand_total_spread" in f:
            lines.append(
                f"  hand total cost, highest minus lowest seed: {f['hand_total_spread']:.2f} points on average "
                f"(mistakes only: {f['hand_mistakes_spread']:.2f}); "
                f"review {f['review_seconds_mean']:.2f} s mean, {f['review_seconds_median']:.2f} s median"
            )
    return lines


# --- the command --------------------------------------------------------------------------------


@click.command()
@click.option("--hands", type=click.IntRange(1, 10_000), default=20, show_default=True, help="Hands per table size.")
@click.option("--seeds", type=click.IntRange(2, 100), default=5, show_default=True, help="Coach seeds 1..N.")
@click.option(
    "--players", type=click.Choice(["2", "4", "both"]), default="both", show_default=True, help="Table sizes."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the deals and the bots' play.")
@click.option("--player", default="normal", show_default=True, help="The bot playing the reviewed seat 0.")
@click.option("--others", default="hard", show_default=True, help="The bot playing every other seat.")
@click.option(
    "--playouts",
    type=click.IntRange(100, 100_000),
    default=None,
    help="The coach's playouts per decision, at most (default: the review's).",
)
@click.option(
    "--first",
    type=click.IntRange(1, 10_000),
    default=1,
    show_default=True,
    help="The first hand (to share a run between processes, each with its own --out; merge them after).",
)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Keep (and resume from) per-hand results.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
def main(
    hands: int,
    seeds: int,
    players: str,
    seed: int,
    player: str,
    others: str,
    playouts: int | None,
    first: int,
    out: Path | None,
    as_json: bool,
) -> None:
    """Print how much the coach's review of the same decisions moves with its seed."""
    from guinote_tui.ai import spec_list
    from guinote_tui.coach import DEEP_BUDGET

    for option, spec in (("--player", player), ("--others", others)):
        try:
            if len(spec_list(spec, players_only=True)) != 1:
                raise ValueError("one bot spec only")
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint=option) from None
    sizes = [2, 4] if players == "both" else [int(players)]
    budget = DEEP_BUDGET if playouts is None else replace(DEEP_BUDGET, max_playouts=playouts)
    config = {"seed": seed, "player": player, "others": others, "budget": asdict(budget)}
    data = load_run(out, config)
    stored: dict[str, Any] = data["hands"]
    for size in sizes:
        for number in range(first, hands + 1):
            key = f"{size}:{number}"
            hand = stored.setdefault(key, {"players": size, "number": number, "history": None, "seeds": {}})
            if hand["history"] is None:
                hand["history"] = deal_hand(size, seed, number, player, others)
                save_run(out, data)
            for coach_seed in range(1, seeds + 1):
                if str(coach_seed) in hand["seeds"]:
                    continue
                decisions, seconds = review_records(hand["history"], coach_seed, budget)
                hand["seeds"][str(coach_seed)] = {"seconds": round(seconds, 3), "decisions": decisions}
                save_run(out, data)
            if not as_json:
                click.echo(f"  reviewed {key} ({len(hand['seeds'])} seeds)", err=True)
    wanted = [
        stored[f"{size}:{number}"]
        | {"seeds": {str(s): stored[f"{size}:{number}"]["seeds"][str(s)] for s in range(1, seeds + 1)}}
        for size in sizes
        for number in range(first, hands + 1)
    ]
    summary = summarize(wanted)
    if as_json:
        click.echo(
            json.dumps({"config": config | {"hands": hands, "seeds": seeds, "players": sizes}, "figures": summary})
        )
        return
    spent = ", ".join(f"{k}={v}" for k, v in asdict(budget).items())
    click.echo(f"coach seeds 1..{seeds}, seat 0 {player} against {others}, deals from --seed {seed}, budget {spent}")
    for line in report_lines(summary, seeds):
        click.echo(line)


if __name__ == "__main__":
    main()
