"""The laboratory's learned player reads its weights file as any file the game reads: size limits, no blocking
read, one line.

The probe: ``learned:weights=FIFO`` hung in ``np.load``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import guinote_lab  # noqa: F401  (registers the laboratory's players)
from guinote_lab.learned import FEATURES, MAX_WEIGHTS_BYTES, WEIGHTS, save_weights
from guinote_tui.ai import make_bot

ROOT = Path(__file__).resolve().parents[2]


def refusal(spec: str) -> str:
    with pytest.raises(ValueError) as caught:
        make_bot(spec)
    text = str(caught.value)
    assert "\n" not in text and len(text) < 600, text[:800]
    return text


# -- the learned player's weights: read as any file the game reads ----------------------------------------------


def test_weights_from_a_fifo_are_refused_without_blocking(tmp_path: Path) -> None:
    """In a process of its own: before, it blocked in np.load for ever (nothing writes to the FIFO)."""
    fifo = tmp_path / "weights.npz"
    os.mkfifo(fifo)
    command = [sys.executable, "-m", "guinote_lab", "tournament", "--a", f"learned:weights={fifo}", "--b", "random"]
    done = subprocess.run([*command, "--deals", "1"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        f"Error: Invalid value for --a: the learned player's weights '{fifo}': not a regular file, not a weights file"
    )


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_weights_from_a_device_are_refused(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    assert "not a regular file" in refusal(f"learned:weights={device}")


def test_a_long_weights_path_is_cut(tmp_path: Path) -> None:
    text = refusal("learned:weights=" + "d/" * 2500)
    assert "…" in text and len(text) < 400


def test_weights_past_the_size_limit_or_in_a_folder_are_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.npz"
    with big.open("wb") as stream:
        stream.truncate(MAX_WEIGHTS_BYTES + 1)  # sparse
    assert "larger than 16 MB" in refusal(f"learned:weights={big}")
    assert "a folder" in refusal(f"learned:weights={tmp_path}")


def test_weights_that_unpack_past_the_limit_are_refused_before_unpacking(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.npz"
    save_weights(bomb, {2: [(np.zeros((FEATURES, 40_000), dtype=np.float32), np.zeros(40_000))]})  # 69 MB of zeros
    assert bomb.stat().st_size < 1_000_000
    assert "more than 64 MB unpacked" in refusal(f"learned:weights={bomb}")


def test_the_shipped_weights_are_within_the_limits() -> None:
    assert WEIGHTS.stat().st_size < MAX_WEIGHTS_BYTES // 8
    make_bot(f"learned:weights={WEIGHTS}")
