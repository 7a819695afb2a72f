"""Determinism baseline for "the rules in one place" (docs/lab/2026-12-rules-in-one-place.md).

    python docs/lab/scripts/rules_refactor_baseline.py OUT.json
    python docs/lab/scripts/rules_refactor_baseline.py OUT.json --compare BEFORE.json

Records, at fixed seeds, what the engine, the bots, the arrastre solver, card
counting and the coach do, so that a checkout before a refactor and one after
it can be compared to the letter (the second form prints every section that
differs, with how many of its entries do):

* ``engine``: random play of seeded hands (both table sizes, three rule sets):
  every position's legal actions in order, the arrastre obligation, the
  refusal of each illegal card, and each hand's result;
* ``views``: at positions of those hands, each seat's card counting
  (``Knowledge.possible``) and the cards that win or lose the juego at once
  (``wins_at_once``, ``loses_at_once``);
* ``bots``: the decision of easy, normal, hard and expert (reduced budgets)
  at positions of play between normal bots;
* ``solver_points`` / ``solver_juego``: the exact value of every legal card
  (and the nodes searched) on arrastre positions, heads-up and pairs, for the
  points and for the juego; each entry says whether a capote or a tute could
  still happen from it (``hand_rules``);
* ``solver_points_hand``: the same for the points with the hand's facts (which
  sides took a trick, a tute declared: ``points_solver``, where the checkout
  has it, else the points solver as it was), on positions where a capote or a
  tute may still happen and as many where neither may (its figures change
  where the points objective came to count them);
* ``coach``: the coach's advice (reduced budget) and the reason of every legal
  card, heads-up and pairs;
* ``selfplay``, ``tournaments``, ``juego_suite``: whole matches of bots
  against themselves, duplicate tournaments (reduced budgets) and the
  juego-critical suite's scores.

Timings are not recorded (the seconds each section took go to stderr): the output of
one checkout is the same on every run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from guinote_lab import juego_suite
from guinote_lab.bench import random_positions
from guinote_tui.ai import decide, make_bot
from guinote_tui.ai.bitmasks import mask_of, tables_for
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.search import loses_at_once, wins_at_once
from guinote_tui.ai.solver import ArrastreSolver, juego_solver
from guinote_tui.coach import CoachBudget, advise
from guinote_tui.coach.why import card_reason
from guinote_tui.engine import PLAY, PRESETS, RANKS, Card, HandState, Play, Rules, Stage, seat_view
from guinote_tui.tournament.runner import TournamentConfig, play_deals
from guinote_tui.tournament.selfplay import simulate

RULE_SETS: dict[str, Rules] = {
    "aragones": Rules.preset("aragones"),
    "libre-100": Rules.preset("libre-100"),
    # Every other branch of the rules: tute for forty, cantes per player, a capote bonus, must under-trump,
    # no partner exemption, caballo high.
    "variant": Rules.preset(
        "aragones",
        tute="points40",
        cante_limit="per_player",
        capote_bonus=100,
        must_undertrump=True,
        partner_exemption=False,
        card_order="caballo_high",
    ),
}


def positions(players: int, rules: Rules, seed: int, hands: int) -> Iterator[HandState]:
    """Every decision point of ``hands`` hands dealt from ``seed`` under ``rules`` (lab.bench.random_positions)."""
    name = next(key for key, value in RULE_SETS.items() if value == rules)
    # random_positions takes a preset's name: the variant is lent one for the run.
    PRESETS.setdefault(name, rules)
    return random_positions(players, name, seed, hands)


def engine_section() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, rules in RULE_SETS.items():
        for players in (2, 4):
            rng = random.Random(f"engine:{name}:{players}")
            lines = []
            for number in range(120):
                deck = list(range(40))
                rng.shuffle(deck)
                vueltas = number % 2 == 1
                carried = (rng.randrange(60, 100), rng.randrange(60, 100)) if vueltas else (0, 0)
                state = HandState(deck, number % players, rules, players, carried, not vueltas, events=False)
                while not state.is_over:
                    legal = state.legal_actions()
                    line = [str(a) for a in legal]
                    seat = state.to_move
                    assert seat is not None
                    if state.trick and state.muestra is None and state.stage is Stage.PLAY:
                        allowed, obligation = state.obligation(seat)
                        line.append(f"ob={int(obligation)}")
                        for card in state.hands[seat]:
                            if card not in allowed:
                                refusal = state.refusal(PLAY[card])
                                assert refusal is not None
                                line.append(f"{card}:{refusal.template}:{sorted(refusal.params.items())}")
                    lines.append(" ".join(line))
                    state.apply(rng.choice(legal))
                result = state.result
                assert result is not None
                lines.append(repr(result))
            out[f"{name}/{players}"] = lines
    return out


def views_section() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, rules in RULE_SETS.items():
        for players in (2, 4):
            entries = []
            for number, state in enumerate(positions(players, rules, seed=31 + players, hands=25)):
                if number % 3:
                    continue
                for seat in range(players):
                    view = seat_view(state, seat, events=False)
                    know = Knowledge.from_view(view)
                    entry: list[Any] = [number, seat, sorted(know.possible.items()), know.unseen]
                    if seat == state.to_move and state.stage is Stage.PLAY:
                        cards = [a.card for a in view.legal if isinstance(a, Play)]
                        tables = tables_for(view.rules, view.trump)
                        entry += [wins_at_once(view, cards, tables), loses_at_once(view, cards, tables)]
                    entries.append(entry)
            out[f"{name}/{players}"] = entries
    return out


BOTS = [
    "easy",
    "normal",
    "hard:samples=6,arrastre_samples=3,arrastre_nodes=20000",
    "expert:samples=6,arrastre_samples=4,arrastre_nodes=20000,race_min=3,race_batch=2",
]


def bots_section(quick: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("aragones", "libre-100"):
        rules = RULE_SETS[name]
        for players in (2, 4):
            chosen = [
                (number, state)
                for number, state in enumerate(positions(players, rules, seed=7 + players, hands=40 if quick else 90))
                if len(state.legal_actions()) > 1
            ]
            chosen = chosen[:: max(1, len(chosen) // (40 if quick else 110))]
            for spec in BOTS:
                bot = make_bot(spec)
                decisions = []
                for number, state in chosen:
                    seat = state.to_move
                    assert seat is not None
                    decisions.append(f"{number}:{decide(bot, state, seat, random.Random(number))}")
                out[f"{name}/{players}/{spec}"] = decisions
    return out


def hand_rules(state: HandState) -> list[str]:
    """Which of the capote and the tute can still happen from ``state`` (the arrastre draws no card)."""
    live = []
    rules = state.rules
    if rules.capote_bonus and 0 in state.tricks_won:
        live.append("capote")
    if rules.tute != "off" and not state.tute_declared:
        for hand in state.hands:
            for rank in rules.tute_ranks:
                if sum(1 for c in hand if RANKS[c % 10] == rank) == 4:
                    live.append("tute")
    return live


def hand_solver(state: HandState) -> ArrastreSolver:
    """The points solver that knows the hand's capote and tute (before it counted neither)."""
    try:
        from guinote_tui.ai.solver import points_solver  # type: ignore[attr-defined]
    except ImportError:
        return ArrastreSolver(state.rules, state.trump, state.players)
    return points_solver(state)  # type: ignore[no-any-return]


def arrastre_found(players: int, rules: Rules, seed: int, hands: int, most_cards: int) -> list[HandState]:
    """The arrastre card choices with at most ``most_cards`` cards in hand, from :func:`positions`."""
    return [
        state
        for state in positions(players, rules, seed, hands)
        if state.muestra is None
        and state.stage is Stage.PLAY
        and sum(len(h) for h in state.hands) <= most_cards
        and all(isinstance(a, Play) for a in state.legal_actions())
    ]


def solver_hand_section(quick: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, rules in RULE_SETS.items():
        for players, most_cards in ((2, 12), (4, 16)):
            found = arrastre_found(players, rules, 71 + players, 60 if quick else 400, most_cards)
            live = [state for state in found if hand_rules(state)]
            rest = [state for state in found if not hand_rules(state)]
            chosen = live + rest[:: max(1, len(rest) // max(len(live), 10))]
            rows = []
            for state in chosen:
                hands = [mask_of(h) for h in state.hands]
                solver = hand_solver(state)
                values = solver.action_values(hands, state.leader, [int(c) for c in state.trick], state.sung)
                rows.append([state.describe()["hands"], hand_rules(state), sorted(values.items())])
            out[f"{name}/{players}"] = rows
    return out


def solver_sections(quick: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    points: dict[str, Any] = {}
    juego: dict[str, Any] = {}
    for name, rules in RULE_SETS.items():
        for players, most_cards in ((2, 12), (4, 16)):
            found = arrastre_found(players, rules, 51 + players, 30 if quick else 120, most_cards)
            found = found[:: max(1, len(found) // (30 if quick else 150))]
            plain_rows, juego_rows = [], []
            for state in found:
                hands = [mask_of(h) for h in state.hands]
                args = (hands, state.leader, [int(c) for c in state.trick], state.sung)
                solver = ArrastreSolver(state.rules, state.trump, players)
                values = solver.action_values(*args)
                plain_rows.append([state.describe()["hands"], hand_rules(state), sorted(values.items()), solver.nodes])
                solved = juego_solver(state)
                values = solved.action_values(*args)
                juego_rows.append([state.describe()["hands"], hand_rules(state), sorted(values.items()), solved.nodes])
            points[f"{name}/{players}"] = plain_rows
            juego[f"{name}/{players}"] = juego_rows
    return points, juego


SMALL_COACH = CoachBudget(
    min_deals=4, batch=2, max_playouts=40, max_deals=20, arrastre_deals=4, arrastre_nodes=20_000, arrastre_min_deals=2
)


def coach_section(quick: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("aragones", "libre-100"):
        rules = RULE_SETS[name]
        for players in (2, 4):
            rows = []
            candidates = [
                (number, state)
                for number, state in enumerate(positions(players, rules, seed=61 + players, hands=20 if quick else 45))
                if state.stage is Stage.PLAY and sum(isinstance(a, Play) for a in state.legal_actions()) > 1
            ]
            for number, state in candidates[:: max(1, len(candidates) // (15 if quick else 45))]:
                seat = state.to_move
                assert seat is not None
                view = seat_view(state, seat)
                advice = advise(view, random.Random(number), SMALL_COACH)
                values = {Card(c): v for c, v in advice.values.items()}
                tables = tables_for(view.rules, view.trump)
                reasons = {
                    str(a): repr(card_reason(view, a.card, values, tables, False, advice.evaluation))
                    for a in view.legal
                    if isinstance(a, Play)
                }
                rows.append(
                    [
                        number,
                        str(advice.action),
                        repr(advice.reason),
                        sorted((str(c), round(v, 6)) for c, v in advice.values.items()),
                        reasons,
                    ]
                )
            out[f"{name}/{players}"] = rows
    return out


def selfplay_section(quick: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("aragones", "libre-100"):
        for players, bot, games in ((2, "normal", 20), (4, "easy", 12), (4, "random", 60)):
            report = simulate(players, games if not quick else games // 4, 3, RULE_SETS[name], bot)
            data = report.to_dict()
            for key in ("seconds", "hands_per_second"):
                data.pop(key)
            out[f"{name}/{players}/{bot}"] = data
    return out


TOURNAMENTS = [
    ("hard:samples=6,arrastre_samples=3,arrastre_nodes=20000", "normal", 2, "aragones", 4),
    ("hard:samples=6,arrastre_samples=3,arrastre_nodes=20000", "normal", 4, "aragones", 3),
    ("expert:samples=6,arrastre_samples=4,arrastre_nodes=20000,race_min=3,race_batch=2", "normal", 2, "libre-100", 3),
    ("hard:samples=6,arrastre_samples=3,arrastre_nodes=20000", "normal", 4, "libre-100", 3),
]


def tournaments_section(quick: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for a, b, players, name, deals in TOURNAMENTS:
        config = TournamentConfig(a, b, players, RULE_SETS[name], deals if not quick else 1, seed=9, duplicate=True)
        chunk = play_deals(config, range(config.deals))
        out[f"{a} v {b}/{players}/{name}"] = [[deal, [repr(g) for g in games]] for deal, games in chunk.deals]
    return out


SUITE_SPECS = ["normal", "hard", "expert:samples=20,arrastre_samples=8", "coach"]


def suite_section(quick: bool) -> dict[str, Any]:
    every = juego_suite.load()
    chosen = every[:: 8 if quick else 1]
    out: dict[str, Any] = {"positions": len(chosen)}
    for spec in SUITE_SPECS:
        won = juego_suite.choices(spec, chosen)
        score = juego_suite.Score.of(chosen, won)
        out[spec] = [
            score.wins,
            score.total,
            score.hard_wins,
            score.hard_total,
            "".join("1" if w else "0" for w in won),
        ]
    return out


SECTIONS = {
    "engine": lambda quick: engine_section(),
    "views": lambda quick: views_section(),
    "bots": bots_section,
    "coach": coach_section,
    "selfplay": selfplay_section,
    "tournaments": tournaments_section,
    "juego_suite": suite_section,
    "solver_points_hand": solver_hand_section,
}


def build(quick: bool, only: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, make in SECTIONS.items():
        if only and name not in only:
            continue
        started = time.perf_counter()
        out[name] = make(quick)
        print(f"{name}: {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    if not only or "solver" in only:
        started = time.perf_counter()
        out["solver_points"], out["solver_juego"] = solver_sections(quick)
        print(f"solver: {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return out


def compare(before: dict[str, Any], after: dict[str, Any]) -> int:
    """Print each section and part that differs, with how many entries do; returns how many parts differ."""
    differing = 0
    for section in sorted(set(before) | set(after)):
        old, new = before.get(section), after.get(section)
        if old == new:
            print(f"{section}: same")
            continue
        if not isinstance(old, dict) or not isinstance(new, dict):
            print(f"{section}: only on one side")
            differing += 1
            continue
        for part in sorted(set(old) | set(new)):
            a, b = old.get(part), new.get(part)
            if a == b:
                continue
            differing += 1
            if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
                changed = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
                print(f"{section} / {part}: {len(changed)} of {len(a)} entries differ (first at {changed[:5]})")
            else:
                print(f"{section} / {part}: differs ({a!r:.120} -> {b!r:.120})")
    return differing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--compare", type=Path, help="a JSON written before: print what differs")
    parser.add_argument("--quick", action="store_true", help="fewer positions in every section (a smoke run)")
    parser.add_argument("--only", nargs="*", help="sections to build (engine views bots coach selfplay ...)")
    args = parser.parse_args()
    data = build(args.quick, args.only)
    # Through JSON and back, so that tuples and lists compare alike.
    data = json.loads(json.dumps(data, sort_keys=True))
    args.out.write_text(json.dumps(data, sort_keys=True) + "\n", encoding="utf-8")
    if args.compare is not None:
        before = json.loads(args.compare.read_text(encoding="utf-8"))
        sys.exit(1 if compare(before, data) else 0)


if __name__ == "__main__":
    main()
