"""The match in progress kept in the data directory: written atomically, damaged files set aside."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from guinote_tui import storage
from guinote_tui.engine import Match
from guinote_tui.game import resume


def played(match: Match, actions: int, seed: int = 1) -> Match:
    rng = random.Random(seed)
    for _ in range(actions):
        hand = match.hand
        if hand.is_over:
            match.next_hand()
            hand = match.hand
        seat = hand.to_move
        assert seat is not None
        match.apply(rng.choice(hand.legal_actions()), seat)
    return match


def test_the_file_lives_in_the_data_directory() -> None:
    assert resume.path() == storage.data_dir() / "current-match.json"
    assert not resume.exists()


def test_saved_and_loaded_match_is_the_same_match() -> None:
    match = played(Match(4, seed=3), 30)
    keeper = resume.Keeper()
    assert keeper.save(match, ["You", "Right", "Partner", "Left"], {"seats": {"1": "easy"}, "assisted": True})
    assert resume.exists()
    again = resume.load()
    assert again is not None
    assert again.hand.log == match.hand.log and again.table["assisted"] is True
    assert sorted(os.listdir(resume.path().parent)) == ["current-match.json", "current-match.lock"]  # no temporary file


def test_a_finished_match_removes_the_file() -> None:
    keeper = resume.Keeper()
    match = Match(2, seed=4)
    keeper.save(match, ["You", "Rival"], {})
    rng = random.Random(0)
    while not match.is_over:
        hand = match.hand
        if hand.is_over:
            match.next_hand()
            continue
        seat = hand.to_move
        assert seat is not None
        match.apply(rng.choice(hand.legal_actions()), seat)
    keeper.save(match, ["You", "Rival"], {})
    assert not resume.exists() and resume.load() is None


@pytest.mark.parametrize(
    "content",
    [b"{broken", b"\xff\xfe", json.dumps({"format": "guinote-history", "version": 1}).encode(), b"[1, 2]"],
)
def test_a_damaged_file_is_set_aside_with_one_line(content: bytes) -> None:
    target = resume.path()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(content)
    with pytest.raises(storage.Damaged) as caught:
        resume.load()
    message = str(caught.value)
    assert "\n" not in message and "current-match.json" in message
    assert not target.exists()
    moved = caught.value.moved_to
    assert moved is not None and moved.read_bytes() == content


def test_an_unwritable_directory_is_told_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data directory should be")
    keeper = resume.Keeper(blocker / "current-match.json")
    match = Match(2, seed=5)
    assert not keeper.save(match, ["You", "Rival"], {})
    first = keeper.problem_to_tell()
    assert first is not None and "cannot be saved" in first and "\n" not in first
    assert not keeper.save(match, ["You", "Rival"], {})
    assert keeper.problem_to_tell() is None  # said once


@pytest.mark.parametrize("content", ["null", "[]", "42", '"a match"', "true"])
def test_a_kept_file_holding_json_that_is_no_match_is_set_aside(content: str) -> None:
    """``null`` was read as "no file": Continue was offered, then said there was no match."""
    target = resume.path()
    target.parent.mkdir(parents=True)
    target.write_text(content)
    with pytest.raises(storage.Damaged) as caught:
        resume.load()
    line = str(caught.value)
    assert line.startswith("current-match.json could not be read (") and "\n" not in line, line
    assert not target.exists() and list(target.parent.glob("current-match.json.corrupt-*"))
    assert resume.load() is None  # set aside once: the next run finds nothing
