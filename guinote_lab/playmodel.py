"""Fit the play model (:mod:`guinote_lab.playmodel_core`) by imitation of the search bots.

``generate`` plays duplicate games between two bot specs and keeps, for every
card decision with a choice, the numbers of each legal card (from the
deciding seat's own view) and the card chosen; one JSON-lines file per
chunk, so a stopped run loses at most one chunk. ``fit`` reads the chunks,
holds out every fifth game, fits a multinomial logit per table size with an
L2 penalty (full-batch gradient descent with Adam; the problem is convex)
and prints the held-out log-loss and top-1 share against two references: a
uniform choice and the rule policy's card (as the inference has used it,
``1 - eps`` on its card).

    python -m guinote_lab.playmodel generate --players 2 --games 200 --seed 1 --out /work/playdata
    python -m guinote_lab.playmodel fit /work/playdata/*.jsonl --write
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from guinote_lab.playmodel_core import FEATURES, MODEL_PATH, PlayModel, card_features
from guinote_tui.ai import make_bot
from guinote_tui.ai.base import Bot
from guinote_tui.ai.bitmasks import mask_of, tables_for
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.policy import choose_card
from guinote_tui.ai.rulebots import situation_from_view, sung_mask
from guinote_tui.engine import Action, Play, SeatView
from guinote_tui.tournament.runner import TournamentConfig, play_game


class Recorder(Bot):
    """Plays as ``inner`` and keeps each card decision with a choice."""

    def __init__(self, inner: Bot, sink: list[dict[str, Any]], game: str) -> None:
        self.inner = inner
        self.sink = sink
        self.game = game
        self.name = inner.name

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        action = self.inner.choose(view, rng)
        cards: list[int] = [a.card for a in view.legal if isinstance(a, Play)]
        if len(cards) >= 2 and isinstance(action, Play):
            self.sink.append(decision_record(view, cards, action.card, self.game))
        return action


def decision_record(view: SeatView, cards: list[int], chosen: int, game: str) -> dict[str, Any]:
    """The numbers of each legal card, the chosen card's index and the rule policy's card's index."""
    rows = view_rows(view, cards)
    know = Knowledge.from_view(view)
    situation = situation_from_view(view, know, counting=False)
    policy = choose_card(situation)
    return {
        "game": game,
        "players": view.players,
        "rows": [[round(x, 5) for x in row] for row in rows],
        "chosen": cards.index(chosen),
        "policy": cards.index(policy) if policy in cards else -1,
    }


def view_rows(view: SeatView, cards: list[int]) -> list[list[float]]:
    """The play model's numbers of each card of ``cards``, from the deciding seat's own view."""
    tables = tables_for(view.rules, view.trump)
    fallen = mask_of(view.played_cards())
    seen = 1 << view.muestra if view.muestra is not None else 0
    return card_features(
        tables,
        view.seat,
        view.players,
        mask_of(view.hand),
        cards,
        list(view.trick),
        fallen,
        sung_mask(view),
        view.stock_count,
        view.in_arrastre,
        seen,
    )


def _recording(sink: list[dict[str, Any]], game: str) -> Callable[[str], Bot]:
    def make(spec: str) -> Bot:
        return Recorder(make_bot(spec), sink, game)

    return make


def generate(players: int, games: int, seed: int, out: Path, a: str, b: str, chunk: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for start in range(0, games, chunk):
        path = out / f"p{players}-s{seed}-{a}-{b}-{start}.jsonl".replace(":", "_").replace(",", "_")
        if path.exists():
            continue
        sink: list[dict[str, Any]] = []
        config = TournamentConfig(a=a, b=b, players=players, deals=games, seed=seed, duplicate=True)
        times: dict[str, array[float]] = {}
        for deal in range(start, min(games, start + chunk)):
            for run in range(2):
                game = f"{seed}:{deal}:{run}"
                play_game(config, deal, run, times, make=_recording(sink, game))
        part = path.with_suffix(".part")
        part.write_text("".join(json.dumps(r) + "\n" for r in sink), encoding="utf-8")
        part.replace(path)
        print(f"{path.name}: {len(sink)} decisions", flush=True)


def _load(paths: Sequence[Path]) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            records.extend(json.loads(line) for line in handle if line.strip())
    return records


def _held_out(record: dict[str, Any]) -> bool:
    """Every fifth deal (both of its games) is held out."""
    seed, deal, _run = record["game"].split(":")
    return hash_game(f"{seed}:{deal}") % 5 == 0


def hash_game(game: str) -> int:
    return sum((i + 1) * ord(ch) for i, ch in enumerate(game))


def fit_logit(records: Sequence[dict[str, Any]], l2: float, steps: int) -> list[float]:
    """Maximum-likelihood weights (with an L2 penalty) of a softmax over each decision's rows."""
    import numpy as np

    rows = np.array([row for r in records for row in r["rows"]], dtype=np.float64)
    sizes = np.array([len(r["rows"]) for r in records])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    group = np.repeat(np.arange(len(records)), sizes)
    chosen = starts + np.array([r["chosen"] for r in records])
    w = np.zeros(rows.shape[1])
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    n = len(records)
    rate = 0.05
    for step in range(1, steps + 1):
        scores = rows @ w
        top = np.maximum.reduceat(scores, starts)
        exps = np.exp(scores - top[group])
        totals = np.add.reduceat(exps, starts)
        probs = exps / totals[group]
        # Gradient of the mean negative log-likelihood plus the penalty.
        grad = (probs[:, None] * rows).sum(axis=0) - rows[chosen].sum(axis=0)
        grad = grad / n + l2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return [float(x) for x in w]


def evaluate(model: PlayModel, players: int, records: Sequence[dict[str, Any]], eps: float) -> dict[str, float]:
    """Held-out mean log-loss (nats) and top-1 share: the model, uniform, and the rule policy at ``eps``."""
    loss = loss_uniform = loss_policy = 0.0
    hits = hits_policy = 0
    for r in records:
        probs = model.probabilities(players, r["rows"])
        k = len(probs)
        loss -= math.log(max(1e-12, probs[r["chosen"]]))
        loss_uniform += math.log(k)
        p_policy = (1 - eps) + eps / k if r["policy"] == r["chosen"] else eps / k
        loss_policy -= math.log(p_policy)
        hits += max(range(k), key=lambda i: probs[i]) == r["chosen"]
        hits_policy += r["policy"] == r["chosen"]
    n = max(1, len(records))
    return {
        "decisions": len(records),
        "loss": loss / n,
        "loss_uniform": loss_uniform / n,
        f"loss_policy_eps{eps}": loss_policy / n,
        "top1": hits / n,
        "top1_policy": hits_policy / n,
    }


def fit(paths: Sequence[Path], l2: float, steps: int, write: bool) -> None:
    records = _load(paths)
    weights: dict[int, list[float]] = {}
    report: dict[str, Any] = {}
    for players in (2, 4):
        mine = [r for r in records if r["players"] == players]
        train = [r for r in mine if not _held_out(r)]
        test = [r for r in mine if _held_out(r)]
        if not train:
            print(f"{players} players: no decisions", file=sys.stderr)
            continue
        weights[players] = fit_logit(train, l2, steps)
        model = PlayModel({players: weights[players]})
        figures = {"train": evaluate(model, players, train, 0.5), "held_out": evaluate(model, players, test, 0.5)}
        report[str(players)] = figures
        print(f"{players} players: {json.dumps(figures, indent=1)}")
    if write:
        if set(weights) != {2, 4}:
            raise SystemExit("fit: both table sizes are needed to write the model")
        model = PlayModel(weights)
        MODEL_PATH.write_text(model.to_json(fitted={"l2": l2, "steps": steps, "report": report}), encoding="utf-8")
        print(f"wrote {MODEL_PATH}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m guinote_lab.playmodel", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="play games and keep the card decisions")
    gen.add_argument("--players", type=int, choices=(2, 4), default=2)
    gen.add_argument("--games", type=int, default=100, help="duplicate deals (two games each)")
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--a", default="hard")
    gen.add_argument("--b", default="hard")
    gen.add_argument("--chunk", type=int, default=5, help="deals per file")
    gen.add_argument("--out", type=Path, required=True)
    fitp = sub.add_parser("fit", help="fit the model on kept decisions")
    fitp.add_argument("paths", type=Path, nargs="+")
    fitp.add_argument("--l2", type=float, default=1e-3)
    fitp.add_argument("--steps", type=int, default=1500)
    fitp.add_argument("--write", action="store_true", help=f"write {MODEL_PATH.name}")
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args.players, args.games, args.seed, args.out, args.a, args.b, args.chunk)
    else:
        fit(args.paths, args.l2, args.steps, args.write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["FEATURES", "Recorder", "decision_record", "evaluate", "fit_logit", "generate", "main", "view_rows"]
