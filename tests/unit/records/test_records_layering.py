"""The statistics store imports no interface and no translator: only the engine, storage and the strength table."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import guinote_tui

ROOT = Path(guinote_tui.__file__).parent
ALLOWED = (
    "guinote_tui.engine",
    "guinote_tui.storage",
    "guinote_tui.ai.strength",
    "guinote_tui.records",
)


def imported(path: Path, package: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
                if node.module:
                    names.add(module)
                else:  # ``from .. import storage`` names the module storage
                    names |= {f"{module}.{alias.name}" for alias in node.names}
            else:
                names.add(node.module or "")
    return names


def test_records_imports_only_what_it_may() -> None:
    offenders = []
    for path in sorted((ROOT / "records").glob("*.py")):
        for name in imported(path, "guinote_tui.records"):
            top = name.split(".")[0]
            if top in ("textual", "rich", "click"):
                offenders.append(f"{path.name}: {name}")
            if top == "guinote_tui" and not any(name == a or name.startswith(a + ".") for a in ALLOWED):
                offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_the_strength_table_reads_only_its_file() -> None:
    names = imported(ROOT / "ai" / "strength.py", "guinote_tui.ai")
    assert not {n for n in names if n.startswith("guinote_tui")}


def test_records_loads_without_an_interface_library() -> None:
    code = (
        "import sys, guinote_tui.records; from guinote_tui.records import *;"  # (every module, not only the package)
        " print(sorted({'textual', 'rich', 'click'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
