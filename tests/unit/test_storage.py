"""The files the game remembers: where they live, atomic writes, damaged files set aside."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from guinote_tui import storage


def test_directories_follow_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    assert storage.data_dir() == tmp_path / "d" / "guinote-tui"
    assert storage.config_dir() == tmp_path / "c" / "guinote-tui"


def test_tests_never_see_the_real_home() -> None:
    home = Path.home()
    assert home not in storage.data_dir().parents
    assert home not in storage.config_dir().parents


def test_atomic_write_replaces_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "f.json"
    storage.write_atomic(target, "one")
    storage.write_atomic(target, "two")
    assert target.read_text() == "two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["f.json"]


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.json"
    storage.write_atomic(target, "old")

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space"):
        storage.write_atomic(target, "new")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_damaged_json_is_set_aside_not_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    target.write_bytes(b"\xff\xfe garbage")
    with pytest.raises(storage.Damaged) as caught:
        storage.read_json(target)
    assert not target.exists()
    moved = caught.value.moved_to
    assert moved is not None and moved.read_bytes() == b"\xff\xfe garbage"
    assert moved.name.startswith("f.json.corrupt-")
    assert "\n" not in str(caught.value) and "moved to f.json.corrupt-" in str(caught.value)
    # A second damaged file in the same second gets its own name.
    target.write_text("[")
    with pytest.raises(storage.Damaged) as again:
        storage.read_json(target)
    assert again.value.moved_to != moved and moved.exists()


def test_missing_file_reads_as_none(tmp_path: Path) -> None:
    assert storage.read_json(tmp_path / "absent.json") is None
