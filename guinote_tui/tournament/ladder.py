"""The levels' ladder: measured steps between neighbouring bot levels, written to ``ai/strength.json``.

``python -m guinote_tui.tournament.ladder`` reads tournament results (the JSON
that ``guinote tournament --json`` prints), one or more per pairing, plays
the pairings it has no result for when asked (``--run``), and writes the
strength table the game reads (:mod:`guinote_tui.ai.strength`): each
level's Elo over ``normal`` per table size, each measured step with its
juego share and 95 % interval, and the levels the game **offers**.

A level is offered at a table size when the step from the level below it is
measured on at least :data:`WANTED_DEALS` duplicate deals, at least +50 Elo, with the juego share's 95 % interval above
50 %, and the level below is offered too, at that table size (``random`` is
the floor, never offered). Each table size offers its own levels
(``offered_by_table``: the start screen's level rows follow the table
chosen); ``offered``, the levels offered at both, is kept for older readers.
A pairing measured on fewer than :data:`WANTED_DEALS` deals is marked
``short`` in the table and in the printed report, and never offers a level,
however large its gain.

Several results for one pairing (several seeds) are pooled: the juego share
weighted by deals, and the interval a Wilson interval over the summed
effective number of games (each result's own estimate of the duplicate
deals' correlation). Each step records that summed number, so that
``--add`` can pool later results (on fresh seeds) with a step already in the
table without its result files; for tables written before steps recorded
it, the number is recovered from the step's interval.

Steps with no new result are carried from the table being replaced, with
their source, so that the rating keeps every level's strength; a carried
step without an interval never qualifies a level.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .stats import elo_from_share, wilson_ci95

#: The ladder, weakest first: each level is measured against the one below it.
LADDER: tuple[str, ...] = ("random", "easy", "normal", "hard", "expert")
#: The level at 0 Elo.
REFERENCE = "normal"
#: What a step must show for the upper level to be offered.
MIN_ELO = 50.0
WANTED_DEALS = 1000
#: Deals played by ``--run``: the rule-based pairings are cheap, the search ones cost seconds a deal.
CHEAP = {("easy", "random"), ("normal", "easy")}
TABLE = Path(__file__).resolve().parents[1] / "ai" / "strength.json"


class LadderError(Exception):
    """A result file that cannot be used; ``str()`` is one line."""


@dataclass(frozen=True)
class Step:
    """``stronger`` over ``weaker`` at a table of ``players``, pooled over its results."""

    players: int
    stronger: str
    weaker: str
    deals: int
    share: float | None
    share_ci: tuple[float, float] | None
    elo: float
    elo_ci: tuple[float | None, float | None] | None
    sources: tuple[str, ...]
    #: Games' worth of information behind the share (duplicate deals' games are correlated).
    effective: float | None = None

    @property
    def short(self) -> bool:
        return self.deals < WANTED_DEALS

    def verdict(self) -> str:
        """``offered`` or why not, in a few words."""
        if self.share_ci is None:
            return "not offered: no interval (carried figure)"
        if self.elo < MIN_ELO:
            return f"not offered: {self.elo:+.0f} Elo is under +{MIN_ELO:.0f}"
        if self.share_ci[0] <= 0.5:
            return f"not offered: the share's interval reaches 50 % ({self.share_ci[0] * 100:.1f} %)"
        if self.short:
            return f"not offered: {self.deals} deals, under the {WANTED_DEALS} a level needs"
        return "offered"

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "stronger": self.stronger,
            "weaker": self.weaker,
            "deals": self.deals,
            "share": None if self.share is None else round(self.share, 4),
            "share_ci95": None if self.share_ci is None else [round(v, 4) for v in self.share_ci],
            "elo": round(self.elo, 1),
            "elo_ci95": None if self.elo_ci is None else [None if v is None else round(v, 1) for v in self.elo_ci],
            "effective_games": None if self.effective is None else round(self.effective, 1),
            "short": self.short,
            "verdict": self.verdict(),
            "commands": list(self.sources),
        }


def command_of(result: dict[str, Any]) -> str:
    """The ``guinote tournament`` command line that reproduces ``result``."""
    parts = [
        "guinote tournament",
        f"--a {result['a']}",
        f"--b {result['b']}",
        "--duplicate" if result.get("duplicate", True) else "",
        f"--deals {result['deals']}",
        f"--players {result['players']}",
        f"--seed {result['seed']}",
        "--json",
    ]
    return " ".join(part for part in parts if part)


def pooled(results: Sequence[dict[str, Any]], earlier: Step | None = None) -> Step:
    """One step from the results of one pairing (same bots, same table size).

    With ``earlier`` (a step of the table being replaced, for the same
    pairing) the results are added to it: its deals, share and effective
    games are pooled with theirs, and its commands kept before theirs.
    """
    first = results[0]
    deals = sum(int(r["deals"]) for r in results)
    wins = sum(float(r["juego_share_a"]) * int(r["deals"]) for r in results)
    effective = sum(float(r["effective_games"]) for r in results)
    sources = tuple(command_of(r) for r in results)
    seeds = [int(r["seed"]) for r in results]
    twice = sorted({seed for seed in seeds if seeds.count(seed) > 1})
    if twice:
        raise LadderError(
            f"{first['a']} against {first['b']}, {first['players']} players: seed {twice[0]} is given twice "
            "(the same deals would count twice)"
        )
    if earlier is not None:
        if earlier.share is None or earlier.effective is None:
            raise LadderError(
                f"{first['a']} against {first['b']}, {first['players']} players: the table's step has no "
                "share and interval to add to"
            )
        seen = {_seed_of(command) for command in earlier.sources}
        again = sorted(set(seeds) & seen)
        if again:
            raise LadderError(
                f"{first['a']} against {first['b']}, {first['players']} players: seed {again[0]} is already "
                "in the table's step (the same deals would count twice)"
            )
        deals += earlier.deals
        wins += earlier.share * earlier.deals
        effective += earlier.effective
        sources = earlier.sources + sources
    share = wins / deals
    low, high = wilson_ci95(share, effective)
    elo = elo_from_share(share)
    if elo is None:
        raise LadderError(f"{first['a']} against {first['b']}: a share of {share} gives no Elo difference")
    return Step(
        players=int(first["players"]),
        stronger=str(first["a"]),
        weaker=str(first["b"]),
        deals=deals,
        share=share,
        share_ci=(low, high),
        elo=elo,
        elo_ci=(elo_from_share(low), elo_from_share(high)),
        sources=sources,
        effective=effective,
    )


def _seed_of(command: str) -> int | None:
    """The ``--seed`` of a tournament command line, if it has one."""
    found = re.search(r"--seed (-?\d+)", command)
    return None if found is None else int(found.group(1))


def effective_from_interval(share: float, low: float, high: float) -> float:
    """The effective number of games whose Wilson interval around ``share`` is ``low``–``high``.

    The inverse of :func:`~guinote_tui.tournament.stats.wilson_ci95` for the width
    of the interval, which shrinks as the number grows. Tables written before
    they recorded the effective games keep only the (rounded) interval; this
    recovers the number from it, to well under 1 % at four decimals.

    >>> low, high = wilson_ci95(0.64, 1234.5)
    >>> round(effective_from_interval(0.64, low, high), 1)
    1234.5
    """
    width = high - low
    lo, hi = 1e-6, 1e9
    for _ in range(200):
        mid = math.sqrt(lo * hi)
        a, b = wilson_ci95(share, mid)
        if b - a > width:
            lo = mid
        else:
            hi = mid
    return math.sqrt(lo * hi)


def read_result(path: Path) -> dict[str, Any]:
    """A ``guinote tournament --json`` result, checked (LadderError: one line)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LadderError(f"{path}: not a tournament result ({type(exc).__name__})") from None
    needed = {"a", "b", "players", "deals", "seed", "juego_share_a", "effective_games", "rules"}
    if not isinstance(data, dict) or not needed <= set(data):
        raise LadderError(f"{path}: not a tournament result (it lacks {sorted(needed - set(data or {}))})")
    if data["rules"] != "aragones":
        raise LadderError(f"{path}: played under {data['rules']!r}; the ladder is measured under aragones")
    pair = (data["a"], data["b"])
    if pair not in neighbours():
        raise LadderError(f"{path}: {data['a']} against {data['b']} is not a step of the ladder {' < '.join(LADDER)}")
    return data


def neighbours() -> list[tuple[str, str]]:
    """(stronger, weaker) for each step of the ladder."""
    return [(LADDER[i + 1], LADDER[i]) for i in range(len(LADDER) - 1)]


def carried_steps(table: dict[str, Any]) -> dict[tuple[int, str, str], Step]:
    """The steps of the table being replaced (those without an interval stay without one)."""
    steps = {}
    for s in table.get("steps", []):
        share_ci = s.get("share_ci95")
        elo_ci = s.get("elo_ci95")
        share = s.get("share")
        effective = s.get("effective_games")
        if effective is None and share is not None and share_ci is not None:
            # Written before tables kept the number: recovered from the interval.
            effective = effective_from_interval(float(share), float(share_ci[0]), float(share_ci[1]))
        step = Step(
            players=int(s["players"]),
            stronger=str(s["stronger"]),
            weaker=str(s["weaker"]),
            deals=int(s["deals"]),
            share=share,
            share_ci=None if share_ci is None else (float(share_ci[0]), float(share_ci[1])),
            elo=float(s["elo"]),
            elo_ci=None if elo_ci is None else (elo_ci[0], elo_ci[1]),
            sources=tuple(str(c) for c in s.get("commands", [])),
            effective=None if effective is None else float(effective),
        )
        steps[(step.players, step.stronger, step.weaker)] = step
    return steps


def build_table(steps: dict[tuple[int, str, str], Step], command: str) -> dict[str, Any]:
    """The strength table (format 2) from one step per pairing and table size."""
    levels: dict[str, dict[str, float]] = {}
    offered: dict[str, list[str]] = {}
    for players in (2, 4):
        elo = {REFERENCE: 0.0}
        ref = LADDER.index(REFERENCE)
        for i in range(ref + 1, len(LADDER)):  # upwards from normal
            step = steps.get((players, LADDER[i], LADDER[i - 1]))
            if step is None or LADDER[i - 1] not in elo:
                break
            elo[LADDER[i]] = elo[LADDER[i - 1]] + step.elo
        for i in range(ref - 1, -1, -1):  # downwards
            step = steps.get((players, LADDER[i + 1], LADDER[i]))
            if step is None or LADDER[i + 1] not in elo:
                break
            elo[LADDER[i]] = elo[LADDER[i + 1]] - step.elo
        levels[str(players)] = {level: round(elo[level], 1) for level in LADDER if level in elo}
        chain = []
        for stronger, weaker in neighbours():
            step = steps.get((players, stronger, weaker))
            if step is None or step.verdict() != "offered" or (weaker != LADDER[0] and weaker not in chain):
                break
            chain.append(stronger)
        offered[str(players)] = chain
    both = [level for level in offered["2"] if level in offered["4"]]
    return {
        "format": 2,
        "reference": REFERENCE,
        "rules": "aragones",
        "written_by": command,
        "rule": f"offered: at least +{MIN_ELO:.0f} Elo over the level below on at least {WANTED_DEALS} duplicate "
        "deals with the juego share's 95 % interval above 50 %, the level below offered too, at that table size",
        "levels": levels,
        "offered": both,
        "offered_by_table": offered,
        "steps": [steps[key].to_dict() for key in sorted(steps, key=lambda k: (k[0], LADDER.index(k[1])))],
    }


def _step_figures(s: dict[str, Any]) -> tuple[str, str, str]:
    """A written step's table size, juego share and Elo, each with its interval, as text."""
    size = "heads-up" if s["players"] == 2 else "pairs"
    share = "—" if s["share"] is None else f"{s['share'] * 100:.1f} %"
    if s["share_ci95"] is not None:
        share += f" [{s['share_ci95'][0] * 100:.1f}, {s['share_ci95'][1] * 100:.1f}]"
    elo = f"{s['elo']:+.0f}"
    if s["elo_ci95"] is not None and None not in s["elo_ci95"]:
        elo += f" [{s['elo_ci95'][0]:+.0f}, {s['elo_ci95'][1]:+.0f}]"
    return size, share, elo


def report_lines(table: dict[str, Any]) -> list[str]:
    lines = [f"{'table':<9} {'step':<18} {'deals':>6}  {'share [95 % CI]':<22} {'Elo [95 % CI]':<20} verdict"]
    for s in table["steps"]:
        size, share, elo = _step_figures(s)
        deals = f"{s['deals']}{'*' if s['short'] else ''}"
        step = f"{s['stronger']} > {s['weaker']}"
        lines.append(f"{size:<9} {step:<18} {deals:>6}  {share:<22} {elo:<20} {s['verdict']}")
    lines.append(f"* fewer than {WANTED_DEALS} deals")
    for players, size in (("2", "heads-up"), ("4", "pairs")):
        lines.append(f"offered {size}: {', '.join(table['offered_by_table'][players]) or 'none'}")
    lines.append(f"offered at both table sizes: {', '.join(table['offered']) or 'none'}")
    return lines


def markdown_lines(table: dict[str, Any]) -> list[str]:
    """The steps as the Markdown table of docs/dev/tournaments.md ("The levels the game offers")."""
    lines = [
        "| table | step | deals | stronger's juego share [95 % CI] | Elo [95 % CI] | verdict |",
        "|---|---|---:|---|---|---|",
    ]
    for s in table["steps"]:
        size, share, elo = _step_figures(s)
        deals = f"{s['deals']}{' (short)' if s['short'] else ''}"
        lines.append(
            f"| {size} | `{s['stronger']}` over `{s['weaker']}` | {deals} | {share} | {elo} | {s['verdict']} |"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m guinote_tui.tournament.ladder", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("results", nargs="*", type=Path, help="guinote tournament --json outputs")
    parser.add_argument("--run", action="store_true", help="play the cheap pairings that have no result")
    parser.add_argument("--deals", type=int, default=2000, help="deals per cheap pairing played by --run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true", help=f"write the table to {TABLE.name}")
    parser.add_argument("--table", type=Path, default=TABLE, help="the table to carry steps from and write")
    parser.add_argument("--markdown", action="store_true", help="print the steps as a Markdown table")
    parser.add_argument(
        "--add",
        action="store_true",
        help="add the results to the table's steps for the same pairings (fresh seeds only) instead of replacing them",
    )
    args = parser.parse_args(argv)
    try:
        previous = json.loads(args.table.read_text(encoding="utf-8")) if args.table.exists() else {}
        grouped: dict[tuple[int, str, str], list[dict[str, Any]]] = {}
        for path in args.results:
            data = read_result(path)
            grouped.setdefault((int(data["players"]), data["a"], data["b"]), []).append(data)
        if args.run:
            from ..engine import Rules
            from .report import run_tournament
            from .runner import TournamentConfig

            for players in (2, 4):
                for stronger, weaker in sorted(CHEAP):
                    if (players, stronger, weaker) not in grouped:
                        config = TournamentConfig(stronger, weaker, players, Rules(), args.deals, args.seed)
                        print(
                            f"playing {stronger} against {weaker}, {players} players, {args.deals} deals…",
                            file=sys.stderr,
                        )
                        grouped[(players, stronger, weaker)] = [run_tournament(config, args.jobs).figures()]
        steps = carried_steps(previous)
        for key, results in grouped.items():
            steps[key] = pooled(results, steps.get(key) if args.add else None)
    except (LadderError, KeyError, ValueError, TypeError) as exc:
        print(f"ladder: {exc}", file=sys.stderr)
        return 2
    # The result files by name only (each step keeps the tournament command that made it).
    names = [path.name for path in args.results] + [
        flag for flag, on in (("--run", args.run), ("--add", args.add)) if on
    ]
    table = build_table(steps, " ".join(["python -m guinote_tui.tournament.ladder", *names, "--write"]))
    for line in markdown_lines(table) if args.markdown else report_lines(table):
        print(line)
    if args.write:
        args.table.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written: {args.table}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
