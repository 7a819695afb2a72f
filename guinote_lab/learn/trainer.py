"""Deep Monte-Carlo self-play for the learned player, in chunks that resume from a checkpoint.

See :mod:`guinote_lab.learn` for what a run does. The checkpoint
directory holds ``state.npz`` (weights and Adam's moments per table size),
``state.json`` (counters, generators, the commands run), ``weights.npz``
(the latest networks in the shipped format) and ``curve.jsonl`` (the
learning curve). ``export`` copies a checkpoint's networks into the package
with a JSON sidecar naming how they were made.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import subprocess
import sys
import time
import zipfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from guinote_lab.learn.mlp import Trainable
from guinote_lab.learned import FEATURES, WEIGHTS, ValueNet, best_index, encode, save_weights
from guinote_tui.ai import NormalBot, decide
from guinote_tui.engine import HandState, Match, Rules, SeatView, seat_view
from guinote_tui.tournament.report import TournamentReport
from guinote_tui.tournament.runner import MAX_HANDS_PER_JUEGO, TournamentConfig, play_deals

DEFAULT_CKPT = Path("/work/learn-ckpt")
RULES = Rules()


@dataclass(frozen=True)
class Settings:
    """How a run trains (given again on every resumed chunk; the network's shape must not change)."""

    ckpt: Path = DEFAULT_CKPT
    minutes: float = 0.0  # stop after this many minutes of this chunk (0: no limit)
    games: int = 0  # stop when this many games were played in all, at all table sizes (0: no limit)
    tables: tuple[int, ...] = (2, 4)
    hidden: tuple[int, ...] = (256, 128)
    lr: float = 5e-4
    batch: int = 256
    reuse: float = 2.0  # minibatch rows drawn per new row
    buffer: int = 100_000  # recent rows kept per table size
    block: int = 8  # games per table size between updates
    eps: float = 0.05
    warm_games: int = 20_000  # per table size, played by normal with exploration
    warm_eps: float = 0.1
    vs_normal: float = 0.5  # share of self-play games with normal on one side
    point_weight: float = 0.25
    # Chance that a decision with a choice is branched: every legal action is played from it and the hand played
    # out by normal, on the same deal (common random numbers); those rows replace the game's own (0: plain DMC).
    branch: float = 0.0
    # Branched rows learn each action's advantage: its target minus the mean of the branch's targets, which takes
    # the deal's own worth (the same for every action of the branch) out of the targets.
    advantage: bool = False
    eval_every: int = 5_000  # games in all
    eval_deals: int = 100
    eval_seed: int = 424_242
    seed: int = 1

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["ckpt"] = str(self.ckpt)
        out["tables"] = list(self.tables)
        out["hidden"] = list(self.hidden)
        return out


def target_of(winner: int | None, side: int, points: tuple[int, int], point_weight: float) -> float:
    """A row's target: the juego won (+1), lost (−1) or never decided (0) by ``side``, plus a small margin term.

    The margin is the side's point difference in the hand the row was played
    in, over 100 and clipped to [−1, 1], times ``point_weight``: the juego
    dominates as in :func:`~guinote_tui.engine.juego_value`, the margin
    separates lines with the same outcome.

    >>> target_of(0, 0, (80, 50), 0.25)
    1.075
    >>> target_of(0, 1, (80, 50), 0.25)
    -1.075
    >>> target_of(None, 0, (40, 90), 0.25)
    -0.125
    """
    value = 0.0 if winner is None else (1.0 if winner == side else -1.0)
    margin = max(-1.0, min(1.0, (points[side] - points[1 - side]) / 100.0))
    return round(value + point_weight * margin, 6)


@dataclass
class Buffer:
    """The most recent rows and targets of one table size (a ring)."""

    capacity: int
    x: np.ndarray = field(init=False)
    y: np.ndarray = field(init=False)
    size: int = 0
    pos: int = 0

    def __post_init__(self) -> None:
        self.x = np.zeros((self.capacity, FEATURES), dtype=np.float16)
        self.y = np.zeros(self.capacity, dtype=np.float32)

    def add(self, x: np.ndarray, y: np.ndarray) -> None:
        for start in range(0, len(y), self.capacity):
            xs, ys = x[start : start + self.capacity], y[start : start + self.capacity]
            n = len(ys)
            end = self.pos + n
            if end <= self.capacity:
                self.x[self.pos : end], self.y[self.pos : end] = xs, ys
            else:
                first = self.capacity - self.pos
                self.x[self.pos :], self.y[self.pos :] = xs[:first], ys[:first]
                self.x[: n - first], self.y[: n - first] = xs[first:], ys[first:]
            self.pos = end % self.capacity
            self.size = min(self.capacity, self.size + n)

    def sample(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
        index = rng.integers(0, self.size, n)
        return self.x[index].astype(np.float32), self.y[index]


@dataclass
class TrainingTable:
    """One table size's network, buffer and counters."""

    players: int
    net: Trainable
    buffer: Buffer
    games: int = 0
    hands: int = 0
    rows: int = 0
    steps: int = 0
    loss: float = 0.0  # running mean of the minibatch loss


class Trainer:
    """One run of :class:`Settings`: play, fit, evaluate, checkpoint."""

    def __init__(self, settings: Settings, command: str = "") -> None:
        self.settings = settings
        self.ckpt = settings.ckpt
        self.rng = random.Random(f"guinote-learn:{settings.seed}")
        self.nprng = np.random.default_rng(settings.seed)
        sizes = (FEATURES, *settings.hidden, 1)
        self.tables = {
            p: TrainingTable(p, Trainable(sizes, self.nprng), Buffer(settings.buffer)) for p in settings.tables
        }
        self.cpu = 0.0  # CPU seconds over all chunks
        self.next_eval = settings.eval_every
        self.commands: list[dict[str, Any]] = []
        self.normal = NormalBot()
        self.resume()
        self.commands.append({"command": command, "commit": _commit(), "games": self.games, "at": _now()})

    @property
    def games(self) -> int:
        return sum(t.games for t in self.tables.values())

    # -- checkpoint -----------------------------------------------------------------------------------------

    def resume(self) -> None:
        state_json = self.ckpt / "state.json"
        if not state_json.exists():
            return
        try:
            self._resume(json.loads(state_json.read_text()))
        except (KeyError, TypeError, ValueError, OSError, zipfile.BadZipFile) as exc:
            reason = f"{type(exc).__name__}: {exc}"
            raise ValueError(f"{self.ckpt} is not a checkpoint this run can resume ({reason})") from None

    def _resume(self, state: dict[str, Any]) -> None:
        with np.load(self.ckpt / "state.npz", allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
        for players, table in self.tables.items():
            counters = state["tables"].get(str(players))
            if counters is None:
                continue
            table.net.load(arrays, f"net{players}_")
            for key in ("games", "hands", "rows", "steps", "loss"):
                setattr(table, key, counters[key])
        version, internal, gauss = state["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.nprng.bit_generator.state = state["nprng"]
        self.cpu = state["cpu"]
        self.next_eval = state["next_eval"]
        self.commands = state["commands"]

    def save(self) -> None:
        self.ckpt.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, np.ndarray] = {}
        for players, table in self.tables.items():
            arrays.update(table.net.state(f"net{players}_"))
        tmp = self.ckpt / "state.tmp.npz"
        np.savez(tmp, **arrays)  # type: ignore[arg-type]
        tmp.replace(self.ckpt / "state.npz")
        state = {
            "settings": self.settings.to_dict(),
            "tables": {
                str(p): {"games": t.games, "hands": t.hands, "rows": t.rows, "steps": t.steps, "loss": t.loss}
                for p, t in self.tables.items()
            },
            "rng": self.rng.getstate(),
            "nprng": self.nprng.bit_generator.state,
            "cpu": self.cpu,
            "next_eval": self.next_eval,
            "commands": self.commands,
        }
        tmp_json = self.ckpt / "state.json.tmp"
        tmp_json.write_text(json.dumps(state))
        tmp_json.replace(self.ckpt / "state.json")
        self.write_weights(self.ckpt / "weights.npz")

    def write_weights(self, path: Path) -> None:
        save_weights(
            path,
            {p: t.net.layers for p, t in self.tables.items()},
            games=json.dumps({p: t.games for p, t in self.tables.items()}),
        )

    # -- playing --------------------------------------------------------------------------------------------

    def play_game(self, table: TrainingTable, net: ValueNet) -> tuple[list[np.ndarray], list[float], int]:
        """One game (a juego) at ``table``'s size: the rows of the choices made and their targets, and its hands."""
        settings = self.settings
        rng = self.rng
        players = table.players
        deck = list(range(40))
        rng.shuffle(deck)
        warm = table.games < settings.warm_games
        normal_side = -1
        if warm:
            eps = settings.warm_eps
        else:
            eps = settings.eps
            if rng.random() < settings.vs_normal:
                normal_side = rng.randrange(2)
        match = Match(players, RULES, seed=0, dealer=rng.randrange(players), deck=deck, events=False)
        rows: list[np.ndarray] = []
        where: list[tuple[int, int]] = []  # (side, hand number) per row of the game's own decisions
        fixed: list[float] = []  # targets of branched rows (they come first in ``rows``, as branches are played)
        results: list[tuple[int, int]] = []
        winner: int | None = None
        while True:
            hand = match.hand
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                view = seat_view(hand, seat, events=False)
                legal = view.legal
                if len(legal) == 1:
                    match.apply(legal[0])
                    continue
                if warm or seat & 1 == normal_side:
                    action = self.normal.choose(view, rng)
                    if rng.random() < eps:
                        action = legal[int(rng.random() * len(legal))]
                    row = encode(view, (action,))[0]
                else:
                    options = encode(view)
                    index = int(rng.random() * len(legal)) if rng.random() < eps else best_index(net.values(options))
                    action = legal[index]
                    row = options[index]
                if settings.branch:
                    if rng.random() < settings.branch:
                        branch_rows, branch_targets = self.branch(hand, view)
                        rows.extend(branch_rows)
                        fixed.extend(branch_targets)
                else:
                    rows.append(row)
                    where.append((seat & 1, len(results)))
                match.apply(action)
            result = hand.result
            assert result is not None
            results.append(result.points)
            if result.juego_winner is not None:
                winner = result.juego_winner
                break
            if len(results) >= MAX_HANDS_PER_JUEGO:
                break
            deck = list(range(40))
            rng.shuffle(deck)
            match.next_hand(deck=deck)
        if settings.branch:
            return rows, fixed, len(results)
        targets = [target_of(winner, side, results[number], settings.point_weight) for side, number in where]
        return rows, targets, len(results)

    def branch(self, hand: HandState, view: SeatView) -> tuple[list[np.ndarray], list[float]]:
        """Every legal action of ``view`` played from ``hand``, the hand then played out by normal at every seat.

        Each action's row gets the target of its own line on the same deal (:func:`target_of` with the hand's
        juego outcome and points): the lines differ only by the action, so their differences are far less noisy
        than the outcomes of whole games. The targets use the real deal, which the rows never show.
        """
        side = view.seat & 1
        options = encode(view)
        targets: list[float] = []
        rng = random.Random(0)  # normal draws nothing; decide wants a generator
        for action in view.legal:
            line = hand.copy()
            line.apply(action)
            while not line.is_over:
                legal = line.legal_actions()
                seat = line.to_move
                assert seat is not None
                line.apply(legal[0] if len(legal) == 1 else decide(self.normal, line, seat, rng))
            result = line.result
            assert result is not None
            targets.append(target_of(result.juego_winner, side, result.points, self.settings.point_weight))
        if self.settings.advantage:
            mean = sum(targets) / len(targets)
            targets = [round(t - mean, 6) for t in targets]
        return list(options), targets

    def block(self, table: TrainingTable) -> None:
        """Play a block of games at one table size, then fit its network to their rows."""
        settings = self.settings
        net = table.net.net()
        rows: list[np.ndarray] = []
        targets: list[float] = []
        for _ in range(settings.block):
            game_rows, game_targets, hands = self.play_game(table, net)
            rows.extend(game_rows)
            targets.extend(game_targets)
            table.games += 1
            table.hands += hands
        if not rows:
            return
        table.buffer.add(np.stack(rows), np.asarray(targets, dtype=np.float32))
        table.rows += len(rows)
        steps = max(1, round(len(rows) * settings.reuse / settings.batch))
        for _ in range(steps):
            x, y = table.buffer.sample(self.nprng, settings.batch)
            loss = table.net.step(x, y, settings.lr)
            table.loss = loss if table.steps == 0 else 0.99 * table.loss + 0.01 * loss
            table.steps += 1

    # -- measuring ------------------------------------------------------------------------------------------

    def evaluate(self) -> dict[str, Any]:
        """The current networks against normal, duplicate, on the same deals every time."""
        path = self.ckpt / "weights.npz"
        self.ckpt.mkdir(parents=True, exist_ok=True)
        self.write_weights(path)
        out: dict[str, Any] = {}
        for players in self.tables:
            config = TournamentConfig(
                a=f"learned:weights={path}",
                b="normal",
                players=players,
                deals=self.settings.eval_deals,
                seed=self.settings.eval_seed,
            )
            started = time.perf_counter()
            chunk = play_deals(config, range(config.deals))
            report = TournamentReport(config, [games for _, games in chunk.deals], {}, time.perf_counter() - started)
            figures = report.figures()
            out[str(players)] = {
                key: figures[key]
                for key in ("deals", "juego_share_a", "juego_share_a_ci95", "elo_a_minus_b", "mean_point_diff")
            }
            out[str(players)]["seconds"] = round(report.seconds, 1)
        return out

    def curve_line(self, evaluation: dict[str, Any] | None) -> dict[str, Any]:
        return {
            "at": _now(),
            "games": self.games,
            "cpu_seconds": round(self.cpu, 1),
            "tables": {
                str(p): {"games": t.games, "hands": t.hands, "rows": t.rows, "steps": t.steps, "loss": round(t.loss, 5)}
                for p, t in self.tables.items()
            },
            "vs_normal": evaluation,
        }

    # -- the loop -------------------------------------------------------------------------------------------

    def run(self, log: Any = None) -> None:
        settings = self.settings
        started = time.monotonic()
        cpu_mark = time.process_time()
        last_save = started
        while True:
            for table in self.tables.values():
                self.block(table)
            now = time.monotonic()
            self.cpu += time.process_time() - cpu_mark
            cpu_mark = time.process_time()
            finished = (settings.games and self.games >= settings.games) or (
                settings.minutes and now - started >= settings.minutes * 60
            )
            if self.games >= self.next_eval:
                self.next_eval += settings.eval_every
                line = self.curve_line(self.evaluate())
                self.cpu += time.process_time() - cpu_mark
                cpu_mark = time.process_time()
                with (self.ckpt / "curve.jsonl").open("a") as curve:
                    curve.write(json.dumps(line) + "\n")
                if log is not None:
                    print(json.dumps(line), file=log, flush=True)
                self.save()
                last_save = time.monotonic()
            elif finished or now - last_save > 300:
                self.save()
                last_save = now
                if log is not None:
                    print(json.dumps(self.curve_line(None)), file=log, flush=True)
            if finished:
                return


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.stdout.strip() or "unknown"


def export(ckpt: Path, out: Path) -> dict[str, Any]:
    """Copy a checkpoint's latest networks to ``out`` with a JSON sidecar of how they were trained."""
    state = json.loads((ckpt / "state.json").read_text())
    with np.load(ckpt / "state.npz", allow_pickle=False) as data:
        arrays = {name: data[name] for name in data.files}
    nets: dict[int, Sequence[tuple[np.ndarray, np.ndarray]]] = {}
    for key in state["tables"]:
        players = int(key)
        layers: list[tuple[np.ndarray, np.ndarray]] = []
        while f"net{players}_p{2 * len(layers)}" in arrays:
            index = 2 * len(layers)
            layers.append((arrays[f"net{players}_p{index}"], arrays[f"net{players}_p{index + 1}"]))
        nets[players] = layers
    meta = {
        "trained_by": "python -m guinote_lab.learn (Deep Monte-Carlo self-play)",
        "notes": "docs/lab/2026-12-learned-player.md",
        "settings": state["settings"],
        "tables": state["tables"],
        "cpu_seconds": round(state["cpu"], 1),
        "commands": state["commands"],
    }
    save_weights(out, nets, games=json.dumps({k: v["games"] for k, v in state["tables"].items()}))
    out.with_suffix(".json").write_text(json.dumps(meta, indent=2) + "\n")
    return meta


def _yes_no(text: str) -> bool:
    if text.lower() in ("true", "yes", "1", "on"):
        return True
    if text.lower() in ("false", "no", "0", "off"):
        return False
    raise argparse.ArgumentTypeError(f"write true or false, not {text!r}")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    defaults = Settings()
    parser = argparse.ArgumentParser(prog="python -m guinote_lab.learn", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="action")
    train = sub.add_parser("train", help="play and fit (the default)")
    for name, value in defaults.to_dict().items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, list):
            train.add_argument(flag, type=lambda text: tuple(int(v) for v in text.split(",")), default=tuple(value))
        elif name == "ckpt":
            train.add_argument(flag, type=Path, default=Path(value))
        elif isinstance(value, bool):
            train.add_argument(flag, type=_yes_no, default=value, metavar="true|false")
        else:
            train.add_argument(flag, type=type(value), default=value)
    exporting = sub.add_parser("export", help="copy a checkpoint's networks into the package")
    exporting.add_argument("--ckpt", type=Path, default=DEFAULT_CKPT)
    exporting.add_argument("--out", type=Path, default=WEIGHTS)
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("train", "export", "-h", "--help"):
        args.insert(0, "train")
    return parser.parse_args(args)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        if args.action == "export":
            meta = export(args.ckpt, args.out)
            print(f"wrote {args.out} ({meta['tables']})")
            return 0
        values = {k: v for k, v in vars(args).items() if k != "action"}
        settings = Settings(**values)
        command = shlex.join(["python", "-m", "guinote_lab.learn", *(sys.argv[1:] if argv is None else argv)])
        trainer = Trainer(settings, command)
        trainer.run(log=sys.stdout)
    except (OSError, ValueError, KeyError) as exc:
        print(f"learn: {exc}", file=sys.stderr)
        return 1
    return 0
