"""The engine is free of UI: nothing under guinote_tui/engine imports textual, rich or click.

Checked twice: at run time (a fresh interpreter imports the engine and lists
the loaded modules) and statically (every import statement of every engine
file). ``guinote_tui.sim`` (the headless runner) must not import textual.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import guinote_tui.engine

UI_PACKAGES = ("textual", "rich", "click")
ENGINE_DIR = Path(guinote_tui.engine.__file__).parent


def loaded_after_import(module: str) -> list[str]:
    """Top-level packages among UI_PACKAGES loaded by a fresh ``import module``."""
    code = (
        f"import sys, {module}\n"
        f"print(' '.join(sorted({{m.split('.')[0] for m in sys.modules}} & set({UI_PACKAGES!r}))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_importing_the_engine_loads_no_ui_package() -> None:
    assert loaded_after_import("guinote_tui.engine") == []


def test_sim_does_not_import_textual() -> None:
    assert "textual" not in loaded_after_import("guinote_tui.sim")


def ui_imports(source: str) -> list[str]:
    """Modules of UI_PACKAGES that ``source`` imports (import, from-import, __import__/import_module)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
            "__import__",
            "import_module",
        ):
            names = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        found += [f"line {node.lineno}: {name}" for name in names if name.split(".")[0] in UI_PACKAGES]
    return found


def test_engine_source_has_no_ui_import() -> None:
    files = sorted(ENGINE_DIR.rglob("*.py"))
    assert len(files) >= 5
    offenders = {path.name: ui_imports(path.read_text(encoding="utf-8")) for path in files}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_the_static_check_sees_each_import_form() -> None:
    """The scan recognises the import forms (so an empty result above means something)."""
    source = "import os\nimport rich.console\nfrom textual.app import App\nimportlib.import_module('click')\n"
    assert ui_imports(source) == ["line 2: rich.console", "line 3: textual.app", "line 4: click"]
    assert ui_imports("from . import rules\nimport json\n") == []
