"""One lazy-import hook for a package's exports: each name's module is imported the first time the name is used.

A package lists its exports once, as the imports of its ``if TYPE_CHECKING:`` block written
``from .module import Name as Name`` (what a type checker reads, and an explicit re-export). At run time that
block is not executed: :func:`lazy_exports` reads it from the package's own source and returns the module's
``__getattr__`` (import the name's module on first use, then keep the name in the package), ``__dir__`` and
``__all__``. So ``guinote --help`` imports only what it uses, and nobody keeps a second list of the names.

    >>> getattr_, dir_, all_ = lazy_exports("guinote_tui.engine", __file__.replace("lazy.py", "__init__.py"), {})
    >>> "Card" in all_ and "HandState" in all_
    True
    >>> getattr_("Card").__name__
    'Card'
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable, Iterable, MutableMapping
from pathlib import Path
from typing import Any


def type_checking_imports(source: str) -> dict[str, str]:
    """Each name imported in ``source``'s top-level ``if TYPE_CHECKING:`` block -> its relative module (``.cards``)."""
    homes: dict[str, str] = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
            continue
        for statement in node.body:
            if isinstance(statement, ast.ImportFrom) and statement.level:
                module = "." * statement.level + (statement.module or "")
                for alias in statement.names:
                    homes[alias.asname or alias.name] = module
    return homes


def lazy_exports(
    package: str, init_file: str, namespace: MutableMapping[str, Any], own: Iterable[str] = ()
) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """``__getattr__``, ``__dir__`` and ``__all__`` for ``package``, whose ``__init__`` is ``init_file``.

    ``namespace`` is the package's ``globals()`` (a name, once imported, is kept there and found directly from
    then on); ``own`` are the public names the package defines itself.
    """
    homes = type_checking_imports(Path(init_file).read_text(encoding="utf-8"))
    exports = sorted({*homes, *own})

    def __getattr__(name: str) -> Any:
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *exports})

    return __getattr__, __dir__, exports
