"""The figures of the coach-verdicts benchmark (:mod:`.coach_verdicts`): pure functions of its records.

A hand's result, as the command stores it in ``--out``::

    {"name": "heads-up-01.json", "players": 2, "digest": "...", "kinds": {...},
     "seeds": {"1": {"seconds": 41.2, "decisions": [RECORD, ...]}, "2": ...},
     "reference": {"seconds": 310.5, "scale": 16, "seeds": [1, 2, 3, 4, 5], "decisions": [PRICE or null, ...]}}

A RECORD is the review's ``Decision.to_dict()`` (``grade``, ``cost``,
``cost_se``, ``best``...) with the action's ``index`` in the hand, its
``phase``, ``choices`` (legal actions) and ``near_juego``; a PRICE is the
reference's (:func:`~.coach_reference.reference`), one per decision, null when
the decision was forced. Every field is read with a default where a coach
might not write it.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from guinote_lab.coach_corpus import NEAR_POINTS, TABLES
from guinote_lab.coach_reference import clear_of

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

Record = Mapping[str, Any]  # one decision under one seed (or its reference), as stored in --out
HandResult = Mapping[str, Any]  # {"name", "players", "digest", "kinds", "seeds": {"1": {...}}, "reference": {...}}


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


def reference_cost(reference: Record, against: str = "best") -> tuple[float, float]:
    """The reference's cost of the played action and its standard error: against the best of the coach's cards
    (``against="best"``) or against its default seed's card (``"default"``)."""
    if against == "default" and "default_cost" in reference:
        return float(reference["default_cost"]), float(reference.get("default_se") or 0.0)
    return float(reference["cost"]), float(reference.get("se") or 0.0)


def precision(rows: Sequence[Row], against: str = "best") -> dict[str, int]:
    """Of the decisions graded under at least one seed: ``graded`` (those with a reference), ``confirmed`` (its
    cost at least :data:`CONFIRM_POINTS`), ``juego_only`` (not confirmed, but the played action clearly loses the
    juego more often than the coach's card) and ``unpriced`` (graded, no reference)."""
    out = {"confirmed": 0, "graded": 0, "juego_only": 0, "unpriced": 0}
    for row in rows:
        if not any(is_graded(r) for r in row.records):
            continue
        ref = row.reference
        if ref is None:
            out["unpriced"] += 1
            continue
        out["graded"] += 1
        if reference_cost(ref, against)[0] >= CONFIRM_POINTS:
            out["confirmed"] += 1
        elif ref.get("juego_cost") is not None and clear_of(ref["juego_cost"], ref.get("juego_se") or 0.0, 0.0):
            out["juego_only"] += 1
    return out


def clearly_costly(reference: Record | None, against: str = "best") -> bool:
    """The reference prices the decision at :data:`RECALL_POINTS` or more, its 95 % interval above
    :data:`RECALL_CLEAR`."""
    if reference is None:
        return False
    cost, se = reference_cost(reference, against)
    return cost >= RECALL_POINTS and clear_of(cost, se, RECALL_CLEAR)


def recall(rows: Sequence[Row], against: str = "best") -> list[tuple[int, int]]:
    """Per seed (in the rows' order): (graded, costly) over the decisions :func:`clearly_costly`."""
    costly = [row for row in rows if clearly_costly(row.reference, against)]
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


def summarize(hands: Sequence[HandResult], seeds: Sequence[int], against: str = "best") -> dict[str, dict[str, Any]]:
    """Every figure per group (overall, per table, phase, and with a side near the juego); ``against``: which
    reference cost precision and recall read (:func:`reference_cost`)."""
    rows = [row for hand in hands for row in decision_rows(hand, seeds)]
    out: dict[str, dict[str, Any]] = {}
    for label, mine in _groups(rows).items():
        out[label] = {
            "decisions": len(mine),
            "flips": flips(mine),
            "precision": precision(mine, against),
            "recall": recall(mine, against),
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
