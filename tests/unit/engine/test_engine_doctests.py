"""The examples in the engine's docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import guinote_tui.engine

MODULES = sorted(f"guinote_tui.engine.{info.name}" for info in pkgutil.iter_modules(guinote_tui.engine.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_engine_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
