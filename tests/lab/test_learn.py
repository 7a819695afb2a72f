"""The learned player's trainer: one tiny chunk, then a second that resumes from the checkpoint."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from guinote_lab.learn.mlp import Trainable
from guinote_lab.learn.trainer import Settings, Trainer, export, main
from guinote_lab.learned import encode
from guinote_tui.ai import make_bot
from guinote_tui.engine import Match, Rules, seat_view

TINY = ["--block", "4", "--warm-games", "8", "--eval-every", "16", "--eval-deals", "2", "--hidden", "16,8"]


def test_a_chunk_trains_and_the_next_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    ckpt = tmp_path / "ckpt"
    assert main(["--ckpt", str(ckpt), "--games", "16", *TINY]) == 0
    first = json.loads((ckpt / "state.json").read_text())
    assert {p: t["games"] for p, t in first["tables"].items()} == {"2": 8, "4": 8}
    assert all(t["rows"] > 0 and t["steps"] > 0 for t in first["tables"].values())
    curve = [json.loads(line) for line in (ckpt / "curve.jsonl").read_text().splitlines()]
    assert len(curve) == 1 and set(curve[0]["vs_normal"]) == {"2", "4"}
    with np.load(ckpt / "state.npz") as data:
        before = {name: data[name] for name in data.files}

    assert main(["--ckpt", str(ckpt), "--games", "32", *TINY]) == 0
    second = json.loads((ckpt / "state.json").read_text())
    assert {p: t["games"] for p, t in second["tables"].items()} == {"2": 16, "4": 16}
    assert [c["games"] for c in second["commands"]] == [0, 16]  # where each chunk started
    assert second["rng"] != first["rng"] and second["cpu"] > first["cpu"]
    with np.load(ckpt / "state.npz") as data:
        # Adam's step count went on from the first chunk's, and the weights moved on from its weights.
        assert int(data["net2_t"]) == second["tables"]["2"]["steps"] > int(before["net2_t"])
        assert not np.array_equal(data["net2_p0"], before["net2_p0"])
    assert len((ckpt / "curve.jsonl").read_text().splitlines()) == 2

    out = tmp_path / "shipped.npz"
    meta = export(ckpt, out)
    assert meta["tables"]["2"]["games"] == 16 and len(meta["commands"]) == 2
    assert json.loads(out.with_suffix(".json").read_text())["settings"]["hidden"] == [16, 8]
    assert make_bot(f"learned:weights={out}").name == "learned"


def test_adam_fits_a_small_regression() -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((256, 6)).astype(np.float32)
    y = (x[:, 0] - 0.5 * x[:, 1] + np.maximum(x[:, 2], 0)).astype(np.float32)
    net = Trainable((6, 16, 1), rng)
    first = net.step(x, y, 1e-2)
    for _ in range(300):
        last = net.step(x, y, 1e-2)
    assert last < 0.1 * first
    assert np.mean((net.predict(x) - y) ** 2) < 0.1 * first


def test_bad_settings_give_one_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "state.json").write_text("{}")
    assert main(["--ckpt", str(tmp_path), "--games", "4", *TINY]) == 1
    err = capsys.readouterr().err
    assert err.startswith("learn: ") and err.count("\n") == 1


def test_branched_rows_value_every_legal_action_on_the_same_deal(tmp_path: Path) -> None:
    trainer = Trainer(Settings(ckpt=tmp_path, hidden=(8,), branch=0.5))
    match = Match(2, Rules(), seed=0, dealer=0, deck=list(range(40)), events=False)
    view = seat_view(match.hand, 1)
    rows, targets = trainer.branch(match.hand, view)
    assert len(rows) == len(targets) == len(view.legal) == 6
    assert np.array_equal(np.stack(rows), encode(view))
    assert all(-1.25 <= t <= 1.25 for t in targets)
    # Played out by normal, which draws nothing: the same branch gives the same targets.
    assert trainer.branch(match.hand, view)[1] == targets
    assert not match.hand.tricks and not match.hand.trick  # the hand itself was not played
    advantages = Trainer(Settings(ckpt=tmp_path, hidden=(8,), branch=0.5, advantage=True)).branch(match.hand, view)[1]
    mean = sum(targets) / len(targets)
    assert advantages == pytest.approx([t - mean for t in targets], abs=1e-6)

    assert main(["--ckpt", str(tmp_path / "b"), "--games", "8", "--branch", "0.5", *TINY]) == 0
    state = json.loads((tmp_path / "b" / "state.json").read_text())
    assert all(t["rows"] > 0 for t in state["tables"].values())
