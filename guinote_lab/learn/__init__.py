"""Training the learned player (:mod:`guinote_lab.learned`) by Deep Monte-Carlo self-play.

``python -m guinote_lab.learn --ckpt DIR --minutes M`` plays games and
fits one value network per table size (:mod:`.trainer`, the networks'
gradient steps in :mod:`.mlp`). Every decision with a choice is recorded as
the row of features of the action taken; when the game's juego is decided,
each row gets as its target the outcome from its seat's side (see
:func:`.trainer.target_of`), and the network is fitted to those targets by
mean squared error with Adam.

The first games (``--warm-games``) are played by ``normal`` with
exploration (a random legal action with chance ``--warm-eps``): the network
learns the value of normal's actions, a policy-improvement step over it.
Then the networks play every seat themselves, greedy with chance
1 - ``--eps``, with ``normal`` on one side of a share of the games
(``--vs-normal``).

A run stops after ``--minutes`` (or ``--games``) and resumes from the
checkpoint directory: weights, Adam's moments, the generators and the
counters (not the buffer of recent rows, which refills). Every
``--eval-every`` games the networks play ``normal`` in a small duplicate
match at each table size (the same deals every time) and a line goes to
``curve.jsonl``: games, hands, rows, CPU seconds, the loss and the match's
share and Elo. ``weights.npz`` in the checkpoint is always the latest
networks in the shipped format (``learned:weights=DIR/weights.npz``).
"""

import os
import sys

# One thread for BLAS, set before anything here imports NumPy (the trainer imports it before the bots do, and
# ai/learned.py can set it only when it imports NumPy first): a training run is meant to use one core.
if "numpy" not in sys.modules:  # pragma: no branch - depends on what was imported first
    for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_variable, "1")
