"""The self-play runner behind ``guinote simulate``."""

from __future__ import annotations

import pytest

from guinote_tui.engine import Rules
from guinote_tui.tournament.selfplay import SEED_STRIDE, simulate


def test_self_play_runs_of_two_seeds_never_share_a_match() -> None:
    # Match i of seed s is seeded s * SEED_STRIDE + i: the cap keeps the ranges apart.
    for matches in (0, SEED_STRIDE + 1):
        with pytest.raises(ValueError, match="matches must be from 1 to 1,000,003"):
            simulate(2, matches, 0, Rules())
    assert simulate(2, 1, 0, Rules()).to_dict()["matches"] == 1


def test_the_same_seed_plays_the_same_matches() -> None:
    first, again, other = (simulate(2, 3, seed, Rules(), "easy").to_dict() for seed in (5, 5, 6))
    figures = ("hands", "wins", "juegos")
    assert [first[k] for k in figures] == [again[k] for k in figures]
    assert first["seed"] == 5 and other["seed"] == 6 and first["matches"] == other["matches"] == 3
