"""A command that draws no table starts without the hand, the bots or the records it does not use.

The packages :mod:`guinote_tui.engine`, :mod:`guinote_tui.ai` and
:mod:`guinote_tui.records` import each name's module the first time the name
is used (a module ``__getattr__``), so ``from guinote_tui.engine import Rules``
loads the rules and not the hand. Checked here: each package names every
export once for the type checker and once for the run (the same names, from
the same modules), every name resolves to its module's object, a fresh import
of a package loads none of its modules, and ``guinote --help``, ``guinote
stats --json`` and ``guinote rules --flags`` load only what they use (their
time is measured by ``python -m guinote_lab.startup_bench``).
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

LAZY_PACKAGES = ("guinote_tui.engine", "guinote_tui.ai", "guinote_tui.records")


def typing_imports(package: ModuleType) -> dict[str, set[str]]:
    """``{module: names}`` of the ``from .module import names`` under the package's ``if TYPE_CHECKING:``."""
    assert package.__file__ is not None
    tree = ast.parse(Path(package.__file__).read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom) and statement.level == 1 and statement.module
                found.setdefault(statement.module, set()).update(alias.name for alias in statement.names)
    return found


@pytest.mark.parametrize("name", LAZY_PACKAGES)
def test_each_package_names_its_exports_alike_for_the_type_checker_and_the_run(name: str) -> None:
    package = importlib.import_module(name)
    homes = {module: set(names.split()) for module, names in package._HOMES.items()}
    assert typing_imports(package) == homes
    assert set(package._HOME) <= set(package.__all__)


@pytest.mark.parametrize("name", LAZY_PACKAGES)
def test_every_exported_name_is_its_modules_object(name: str) -> None:
    package = importlib.import_module(name)
    for export in package.__all__:
        value = getattr(package, export)
        if export in package._HOME:
            assert value is getattr(importlib.import_module(f"{name}.{package._HOME[export]}"), export)
    assert set(package.__all__) <= set(dir(package))
    with pytest.raises(AttributeError, match="no attribute 'Nonesuch'"):
        package.Nonesuch  # noqa: B018


@pytest.mark.parametrize("name", LAZY_PACKAGES)
def test_a_fresh_import_of_a_package_loads_none_of_its_modules(name: str) -> None:
    code = f"import sys, {name}\nprint(' '.join(m for m in sys.modules if m.startswith('{name}.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    # (the bots' names need only the engine's refusals, for their one-line errors)
    assert set(out.stdout.split()) <= {"guinote_tui.engine.errors"}


def test_the_registry_names_each_bot_by_its_class_and_whether_it_is_offered() -> None:
    from guinote_tui.ai import REGISTRY

    for name, factory in REGISTRY.items():
        bot = factory.resolve()  # type: ignore[attr-defined]
        assert bot.__name__ == factory.name  # type: ignore[attr-defined]
        assert bot.offered == factory.offered, name  # type: ignore[attr-defined]


#: What a command that draws no table must not load: the hand (with its rules of play), any bot, the coach, the
#: words for actions; and, beyond the statistics, the records.
NO_TABLE = (
    "guinote_tui.engine.hand",
    "guinote_tui.engine.match",
    "guinote_tui.ai.base",
    "guinote_tui.coach",
    "guinote_tui.present.vocabulary",
    "guinote_tui.records.facts",
)
NO_RECORDS = (*NO_TABLE, "guinote_tui.records")


def loaded_by(args: list[str], home: Path) -> set[str]:
    """The project's modules that ``guinote ARGS`` loads, with ``home`` for its data, config and state."""
    report = home / "modules.txt"
    code = (
        "import sys\nfrom guinote_tui.cli import run\n"
        f"sys.argv = ['guinote', *{args!r}]\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        f"open({str(report)!r}, 'w').write(' '.join(m for m in sys.modules if m.startswith('guinote_tui')))\n"
    )
    env = {**os.environ, **{name: str(home / name) for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")}}
    subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, check=True, timeout=120)
    return set(report.read_text().split())


@pytest.mark.parametrize(
    ("args", "forbidden"),
    [(["--help"], NO_RECORDS), (["rules", "--flags"], NO_RECORDS), (["stats", "--json"], NO_TABLE)],
)
@pytest.mark.parametrize("saved", [False, True], ids=["no settings", "settings saved"])
def test_a_command_that_draws_no_table_loads_only_what_it_uses(
    args: list[str], forbidden: tuple[str, ...], saved: bool, tmp_path: Path
) -> None:
    if saved:  # a player's settings name a level and the rules: they are read, and no bot is made
        settings = tmp_path / "XDG_CONFIG_HOME" / "guinote-tui" / "settings.toml"
        settings.parent.mkdir(parents=True)
        settings.write_text('players = 2\nlevel = "hard"\nlanguage = "es"\n[rules]\npreset = "libre-100"\n')
    loaded = loaded_by(args, tmp_path)
    assert "guinote_tui.cli" in loaded
    assert sorted(m for m in loaded if m.startswith(forbidden)) == []
