"""The examples in the measuring tools' docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import guinote_tui.lab

SUBMODULES = sorted(f"guinote_tui.lab.{m.name}" for m in pkgutil.iter_modules(guinote_tui.lab.__path__))
MODULES = ["guinote_tui.lab", *SUBMODULES]


@pytest.mark.parametrize("name", MODULES)
def test_lab_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
