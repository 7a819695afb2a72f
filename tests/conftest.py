"""Shared pytest set-up: ``-n auto`` starts two workers a core; the ``slow`` marker is skipped unless
``--runslow`` is given."""

from __future__ import annotations

import os

import pytest


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``pytest -n auto``: two workers for each core this process may use, eight at most. Many of the interface
    and socket tests spend their time waiting (a timer, the other end of a socket, a screen's refresh), so one
    worker a core left the cores idle a third of the time; two a core keep them busy."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(2 * cores, 8))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--runslow",
        action="store_true",
        default=False,
        help="also run the tests marked slow (long property runs)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip_slow = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)


@pytest.fixture(autouse=True)
def private_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own data and config directories: no test reads or writes the real home."""
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(base / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(base / "cache"))


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Every test starts in an English environment, whatever the machine's locale, and ends in English.

    Tests of other languages choose them themselves (``--lang``, ``GUINOTE_LANG``, the settings).
    """
    from guinote_tui import i18n

    for name in ("GUINOTE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.set_language(i18n.SOURCE)
    yield
    i18n.set_language(i18n.SOURCE)
