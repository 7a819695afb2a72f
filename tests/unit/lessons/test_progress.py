"""Lesson progress: saved and read back; a damaged file set aside; an unwritable directory never stops a lesson."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from guinote_tui import storage
from guinote_tui.lessons import Progress
from guinote_tui.lessons.progress import default_path


def test_progress_is_saved_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "data" / "lessons.json"
    progress = Progress.load(path)
    assert progress.done == set() and progress.problem is None
    assert progress.finish("cards") is None
    assert progress.finish("arrastre") is None
    again = Progress.load(path)
    assert again.done == {"cards", "arrastre"} and again.problem is None
    assert json.loads(path.read_text(encoding="utf-8")) == {"version": 1, "done": ["arrastre", "cards"]}


def test_the_default_file_is_in_the_data_directory() -> None:
    assert default_path() == storage.data_dir() / "lessons.json"
    Progress.load().finish("seven")
    assert Progress.load().done == {"seven"}
    assert default_path().exists()


@pytest.mark.parametrize("content", [b"{not json", b'{"done": "cards"}', b"[1, 2]", b"\xff\xfe"])
def test_a_damaged_file_is_set_aside_and_progress_starts_empty(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "lessons.json"
    path.write_bytes(content)
    progress = Progress.load(path)
    assert progress.done == set()
    assert progress.problem is not None and "\n" not in progress.problem
    assert (
        progress.problem.startswith("lessons.json could not be read")
        and "moved to lessons.json.corrupt-" in progress.problem
    )
    (aside,) = tmp_path.glob("lessons.json.corrupt-*")
    assert aside.read_bytes() == content
    assert not path.exists()
    assert progress.finish("cards") is None  # a fresh file is written
    assert Progress.load(path).done == {"cards"}


def test_an_unwritable_directory_does_not_raise_and_is_told_once(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the directory should be")
    progress = Progress.load(blocker / "lessons.json")
    assert progress.done == set()  # nothing could be read either: told in one line
    assert progress.problem is not None and "\n" not in progress.problem
    first = progress.finish("cards")
    assert first is not None and first.startswith("Your progress could not be saved") and "\n" not in first
    assert progress.finish("tricks") is None  # told once
    assert progress.done == {"cards", "tricks"}  # the lessons are done all the same


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write to read-only folders")
def test_a_read_only_directory_does_not_raise(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        progress = Progress.load(folder / "lessons.json")
        assert progress.finish("cards") is not None
        assert progress.done == {"cards"}
    finally:
        folder.chmod(0o700)


def test_a_full_disk_does_not_raise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "write_atomic", full)
    progress = Progress.load(tmp_path / "lessons.json")
    message = progress.finish("cards")
    assert message is not None and "No space left on device" in message
