"""Which part of the package may import which: the layering, checked.

Every module under ``guinote_tui`` is parsed (nothing is imported to do
it): each ``import``, ``from ... import`` (relative ones resolved) and
``__import__``/``import_module`` call with a literal name, at any depth, is
an edge. Modules are grouped into *parts*: a subpackage (``engine``, ``ai``,
``tournament``, ``ui``, ``cli``, ``present``) or a top-level module (``storage``, ``serving``...). The
laboratory (``guinote_lab``, beside the package and not shipped) is scanned the same way. The rules:

* every part is named, with the parts it may import (:data:`MAY_IMPORT`);
* the parts form no cycle;
* the engine imports nothing of the project outside itself;
* nothing in the package imports the laboratory (``guinote_lab``): the game a
  player installs runs without it;
* the bots (``ai``) import neither the tournaments (``tournament``) nor the
  interface (``ui``); the tournaments do not import the interface;
* the coach (``coach``) imports only the engine and the bots: neither
  ``tournament``, ``ui`` nor ``cli``; nothing in the engine or the bots
  imports the coach;
* the engine, the bots, the coach and the tournaments import no textual,
  rich or click; the laboratory may use click for its commands, and textual
  or rich only in its benchmarks that drive the real app;
* what the game remembers (``records``: statistics and rating), the lessons
  (``lessons``) and the file helpers (``storage``) use no interface library;
  ``storage`` imports only the translator (``i18n``, for its one-line
  messages), ``records`` only the engine, ``storage`` and the bots' strength table (not even the translator: it
  reports problems as codes, worded where they are shown), ``lessons`` only
  the engine, the coach, the game's narrator and ``storage``;
* the practice core (``practice``: spaced repetition, the exact puzzles and
  their file) uses no interface library and imports only the engine, the
  bots (the exact solver) and ``i18n``: the statistics file and the screens
  build on it, not it on them;
* the presentation shared by the interface and the command line
  (``present``: the words for actions, levels and estimates, the statistics
  report) uses no interface library and imports only the engine, the bots'
  strength table, the statistics store's types (``records``), the puzzles'
  theme names (``practice``) and ``i18n``;
* ``cli`` (the click group in ``cli/__init__``; the commands by audience in
  ``cli/play``, ``cli/records`` and ``cli/tournament``) imports the interface only
  inside the command that opens it and the tournaments only inside the
  command that runs them, never at module level (``guinote simulate`` and
  ``guinote tournament`` run without textual, and starting ``guinote`` loads
  no tournament module); the same for ``serving`` (``guinote serve``: textual-serve
  and aiohttp), which never imports the interface: it starts the game as a
  process;
* the game without a screen (``game``: the session, its settings and their
  one schema, the narrator shared by the table and the lessons, pacing,
  tracking, keeping the match, the services a session runs, practice's
  queue and judge on the practice core) uses no interface library; the
  lessons may use it, the tournaments may not;
* the plain mode (``plain``: ``guinote play --plain``, the match as a text
  dialogue) uses no interface library and imports the game, the coach, the
  statistics, the presentation's words, the engine and ``i18n``, never the
  interface;
* the laboratory's benchmarks that drive the real app in a pilot
  (``guinote_lab.ui_bench``, ``review_bench``, ``stats_bench``: :data:`UI_BENCHES`)
  import the interface only inside their measurement;
* ``saveguard`` (where a served game may save) uses no interface library and
  imports only ``storage`` and ``i18n``;
* ``clicktypes`` (click parameter types shared by the command line and the
  laboratory's commands) imports nothing of the project and neither textual
  nor rich.

A fresh interpreter then confirms the same at run time for the headless parts.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import guinote_tui

ROOT = Path(guinote_tui.__file__).parent
PACKAGE = "guinote_tui"
UI_LIBRARIES = frozenset({"textual", "rich", "click"})


@dataclass(frozen=True)
class Import:
    module: str  # the importing module, e.g. guinote_tui.ai.search
    target: str  # the imported module (project modules resolved), e.g. guinote_tui.engine
    line: int
    top_level: bool  # executed when the module is imported (not inside a function or class)
    typing_only: bool = False  # under ``if TYPE_CHECKING:``: never executed


def module_name(path: Path) -> str:
    parts = [PACKAGE, *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _walk(node: ast.AST, top_level: bool = True, typing: bool = False) -> Iterator[tuple[ast.AST, bool, bool]]:
    for child in ast.iter_child_nodes(node):
        yield child, top_level, typing
        inner = top_level and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
        guarded = isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test)
        yield from _walk(child, inner, typing or guarded)


def imports_of(source: str, module: str, is_package: bool, known: frozenset[str] = frozenset()) -> list[Import]:
    """Every import in ``source`` (the text of ``module``), relative ones resolved against it."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    found: list[Import] = []
    for node, top_level, typing in _walk(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            targets = [base]
            # ``from . import search`` names a module, not only an attribute of the package.
            targets += [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
            "__import__",
            "import_module",
        ):
            targets = [a.value for a in node.args[:1] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        found += [Import(module, target, node.lineno, top_level, typing) for target in targets]
    return found


def project_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


#: The laboratory: research, benchmarks and training, beside the package (not in the wheel).
LAB = "guinote_lab"
LAB_ROOT = ROOT.parent / LAB


def lab_modules() -> dict[str, Path]:
    def name(path: Path) -> str:
        parts = [LAB, *path.relative_to(LAB_ROOT).with_suffix("").parts]
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    return {name(path): path for path in sorted(LAB_ROOT.rglob("*.py"))}


def lab_imports() -> list[Import]:
    known = frozenset(project_modules()) | frozenset(lab_modules())
    out: list[Import] = []
    for name, path in lab_modules().items():
        out += imports_of(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known)
    return out


def all_imports() -> list[Import]:
    modules = project_modules()
    known = frozenset(modules)
    out: list[Import] = []
    for name, path in modules.items():
        out += imports_of(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known)
    return out


#: The laboratory's benchmarks that drive the interface (a headless pilot of the real app); the rest of the
#: laboratory stays below the interface.
UI_BENCHES = frozenset(f"{LAB}.{name}" for name in ("ui_bench", "review_bench", "stats_bench"))


def part(module: str) -> str | None:
    """The part of the project a module belongs to (None outside the project)."""
    pieces = module.split(".")
    if pieces[0] != PACKAGE:
        return None
    if len(pieces) == 1:
        return "__init__"
    return pieces[1]


def part_graph(imports: list[Import]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for imp in imports:
        source, target = part(imp.module), part(imp.target)
        assert source is not None
        graph.setdefault(source, set())
        if target is not None and target != source:
            graph[source].add(target)
            graph.setdefault(target, set())
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that returns to its start, or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


IMPORTS = all_imports()
LAB_IMPORTS = lab_imports()


def offenders(source_part: str, forbidden: str, *, within: tuple[str, ...] = ()) -> list[str]:
    """Imports from ``source_part`` (or only its modules ``within``) of ``forbidden``'s modules."""
    out = []
    for imp in IMPORTS:
        if part(imp.module) != source_part:
            continue
        if within and imp.module not in within:
            continue
        if imp.target == forbidden or imp.target.startswith(forbidden + "."):
            out.append(f"{imp.module}:{imp.line} imports {imp.target}")
    return out


# -- the scan itself ------------------------------------------------------------------------


def test_the_scan_resolves_relative_imports_and_sees_every_form() -> None:
    source = (
        "import os\n"
        "from ..engine import Rules\n"
        "from . import search\n"
        "from .tables import mask_of\n"
        "def later():\n"
        "    from ..ui.app import make_app\n"
        "    importlib.import_module('textual.app')\n"
    )
    known = frozenset({"guinote_tui.ai.search"})
    found = [(i.target, i.top_level) for i in imports_of(source, "guinote_tui.ai.bench", False, known)]
    assert found == [
        ("os", True),
        ("guinote_tui.engine", True),
        ("guinote_tui.ai", True),
        ("guinote_tui.ai.search", True),
        ("guinote_tui.ai.tables", True),
        ("guinote_tui.ui.app", False),
        ("textual.app", False),
    ]
    # In a package's __init__, "." is the package itself.
    assert [i.target for i in imports_of("from .base import Bot\n", "guinote_tui.ai", True)] == ["guinote_tui.ai.base"]
    typed = imports_of("if TYPE_CHECKING:\n    from .session import GameSession\n", "guinote_tui.ui.app", False)
    assert [(i.target, i.typing_only) for i in typed] == [("guinote_tui.ui.session", True)]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_scan_sees_the_project() -> None:
    graph = part_graph(IMPORTS)
    assert {"engine", "ai", "tournament", "ui", "cli", "present"} <= set(graph)
    assert {"engine"} <= graph["ai"] and {"ai", "engine"} <= graph["tournament"] and {"ai", "engine"} <= graph["ui"]
    assert {"tournament", "ai", "present", "ui"} <= graph["cli"]
    assert len(lab_modules()) > 10 and any(i.target.startswith(f"{PACKAGE}.ai") for i in LAB_IMPORTS)


# -- the rules ---------------------------------------------------------------------------------


def test_the_parts_of_the_package_form_no_cycle() -> None:
    assert find_cycle(part_graph(IMPORTS)) is None


#: Every part of the package, with the parts it may import (besides itself and the package's ``__init__``, which
#: holds only the version). A new part is named here.
MAY_IMPORT: dict[str, set[str]] = {
    "__init__": set(),
    "__main__": {"cli"},  # python -m guinote_tui
    "engine": set(),
    "i18n": set(),
    "storage": {"i18n"},
    "saveguard": {"storage", "i18n"},
    "clicktypes": set(),  # click parameter types for cli and the laboratory's commands
    "addresses": set(),  # whether an address is this machine's only (guinote host, guinote serve)
    "ai": {"engine"},
    "coach": {"engine", "ai", "i18n"},
    "records": {"engine", "storage", "ai"},
    "present": {"engine", "ai", "records", "practice", "i18n"},  # words and the statistics report, for ui and cli
    # The game without a screen: the session, settings, narration, pacing, keeping the match.
    "game": {"engine", "ai", "coach", "records", "present", "practice", "storage", "i18n"},
    "lessons": {"engine", "coach", "game", "storage", "i18n"},
    # Practice for learners without a screen or the statistics file: spaced repetition, the exact puzzles.
    "practice": {"engine", "ai", "i18n"},
    # The plain mode (guinote play --plain): the game as a text dialogue, beside the interface.
    "plain": {"engine", "coach", "records", "game", "present", "i18n"},
    # Tournaments between bots and self-play (guinote tournament, simulate), the ladder of the levels offered.
    "tournament": {"engine", "ai"},
    "serving": {"saveguard", "i18n", "addresses"},
    # A table for people in their own terminals: the protocol, the host (aiohttp), the headless client.
    # (storage for its printable filter: every text from the other end of a socket goes through it.)
    "net": {"engine", "ai", "coach", "game", "i18n", "storage"},
    # The backstop that ends the game when its terminal hangs up or a signal asks, whatever the app is doing.
    "hangup": set(),
    "ui": {
        *("engine", "ai", "coach", "records", "game", "lessons", "present", "storage", "saveguard", "i18n", "net"),
        "hangup",
    },
    "cli": {
        *("engine", "ai", "coach", "records", "game", "lessons", "present", "tournament", "ui", "serving", "storage"),
        *("plain", "i18n", "clicktypes", "net", "hangup", "addresses"),
    },
}


def test_every_part_is_named_with_what_it_may_import() -> None:
    graph = part_graph(IMPORTS)
    assert set(graph) == set(MAY_IMPORT)
    beyond = {name: sorted(graph[name] - MAY_IMPORT[name] - {"__init__"}) for name in graph}
    assert {name: extra for name, extra in beyond.items() if extra} == {}
    # Nothing allowed that is not used: the table is the graph, so the map in docs/dev/architecture.md can be exact.
    unused = {name: sorted(MAY_IMPORT[name] - graph[name]) for name in graph}
    assert {name: edges for name, edges in unused.items() if edges} == {}


#: The developers' map of the code: its section "The import map" is checked against :data:`MAY_IMPORT`.
ARCHITECTURE_DOC = Path(__file__).resolve().parents[1] / "docs" / "dev" / "architecture.md"


def map_rows(doc: str) -> dict[str, set[str]]:
    """The parts named by the table of the doc's section "The import map", each with the parts it imports."""
    section = doc[doc.index("## The import map") :]
    end = section.find("\n## ")
    section = section if end < 0 else section[:end]
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \|", section, re.MULTILINE)
    return {name: set() if edges.strip() == "—" else {e.strip() for e in edges.split(",")} for name, edges in rows}


def test_the_map_is_read_from_its_section_alone() -> None:
    doc = (
        "## The layout\n| `ghost` | engine | before |\n"
        "## The import map\n| part | imports | what |\n|---|---|---|\n"
        "| `engine` | — | the rules |\n| `ai` | engine | the bots |\n"
        "## Later\n| `ghost` | ai | after |\n"
    )
    assert map_rows(doc) == {"engine": set(), "ai": {"engine"}}


def test_the_architecture_map_is_the_import_graph() -> None:
    """The table of parts in docs/dev/architecture.md ("The import map") names each part with exactly what it
    imports; the README, for players, links to it."""
    shown = map_rows(ARCHITECTURE_DOC.read_text(encoding="utf-8"))
    assert shown == {name: edges for name, edges in MAY_IMPORT.items() if name not in ("__init__", "__main__")}
    assert not any(part(i.module) == "ui" and part(i.target) == "tournament" for i in IMPORTS)  # the interface never


def module_graph(imports: list[Import]) -> dict[str, set[str]]:
    """Module to module (project modules only), without the imports made for type checking alone."""
    modules = project_modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for imp in imports:
        if not imp.typing_only and imp.target in modules and imp.target != imp.module:
            graph[imp.module].add(imp.target)
    return graph


def test_no_two_modules_import_each_other_even_through_others() -> None:
    """No cycle between files either (an import under ``if TYPE_CHECKING:`` is never run, so it counts as none).

    The screens ask the app for navigation through :mod:`guinote_tui.ui.navigation`, never by importing it.
    """
    assert find_cycle(module_graph(IMPORTS)) is None


def test_the_engine_imports_nothing_of_the_project_outside_itself() -> None:
    outside = [
        f"{i.module}:{i.line} imports {i.target}"
        for i in IMPORTS
        if part(i.module) == "engine" and part(i.target) not in (None, "engine")
    ]
    assert outside == []


@pytest.mark.parametrize(
    ("source", "forbidden"),
    [
        ("ai", f"{PACKAGE}.tournament"),
        ("ai", f"{PACKAGE}.ui"),
        ("tournament", f"{PACKAGE}.ui"),
        ("serving", f"{PACKAGE}.ui"),
        ("serving", f"{PACKAGE}.tournament"),
        ("engine", f"{PACKAGE}.coach"),
        ("ai", f"{PACKAGE}.coach"),
    ],
)
def test_lower_layers_do_not_import_higher_ones(source: str, forbidden: str) -> None:
    assert offenders(source, forbidden) == []


def test_nothing_in_the_package_imports_the_laboratory() -> None:
    assert [f"{i.module}:{i.line} imports {i.target}" for i in IMPORTS if i.target.split(".")[0] == LAB] == []


@pytest.mark.parametrize(
    ("source", "library", "within"),
    [
        *(
            (p, lib, ())
            for p in (
                *("engine", "ai", "coach", "records", "present", "game", "lessons", "plain", "storage", "i18n"),
                *("saveguard", "practice", "net", "tournament"),
            )
            for lib in sorted(UI_LIBRARIES)
        ),
        ("serving", "textual", ()),
        ("clicktypes", "textual", ()),
        ("clicktypes", "rich", ()),
    ],
)
def test_headless_parts_import_no_interface_library(source: str, library: str, within: tuple[str, ...]) -> None:
    assert offenders(source, library, within=within) == []


def test_the_coach_imports_only_the_engine_and_the_bots() -> None:
    outside = [
        f"{i.module}:{i.line} imports {i.target}"
        for i in IMPORTS
        if part(i.module) == "coach" and part(i.target) not in (None, "coach", "engine", "ai", "i18n")
    ]
    assert outside == []
    assert {"engine", "ai"} <= part_graph(IMPORTS)["coach"]


def test_the_laboratory_uses_the_interface_only_in_its_benchmarks_that_drive_it() -> None:
    """Only :data:`UI_BENCHES` import the interface (or textual, rich) from the laboratory; each does inside its
    measurement only."""
    interface = [i for i in LAB_IMPORTS if part(i.target) == "ui" or i.target.split(".")[0] in ("textual", "rich")]
    assert {i.module for i in interface if part(i.target) == "ui"} == UI_BENCHES
    assert [f"{i.module}:{i.line}" for i in interface if i.module not in UI_BENCHES or i.top_level] == []


@pytest.mark.parametrize(
    ("source", "allowed"),
    [
        ("storage", {"i18n"}),
        ("saveguard", {"storage", "i18n"}),
        ("i18n", set()),
        ("clicktypes", set()),
        ("records", {"engine", "storage", "ai"}),
        ("lessons", {"engine", "coach", "storage", "i18n", "game"}),
        ("practice", {"engine", "ai", "i18n"}),
    ],
)
def test_the_remembering_parts_import_only_what_they_need(source: str, allowed: set[str]) -> None:
    outside = [
        f"{i.module}:{i.line} imports {i.target}"
        for i in IMPORTS
        # (``from .. import storage`` is seen as an import of the package itself, which holds only the version.)
        if part(i.module) == source and part(i.target) not in (None, source, *allowed) and i.target != PACKAGE
    ]
    assert outside == []
    # From the bots, records and the presentation read only their measured strength.
    if source in ("records", "present"):
        bots = {i.target for i in IMPORTS if part(i.module) == source and part(i.target) == "ai"}
        assert bots <= {f"{PACKAGE}.ai.strength"}


def test_cli_opens_the_interface_and_the_lab_only_inside_the_commands() -> None:
    at_load = [
        f"{i.module}:{i.line}: {i.target}"
        for i in IMPORTS
        if part(i.module) == "cli"
        and i.top_level
        and not i.typing_only  # (an import for the type checker is never run)
        and (
            part(i.target) in ("ui", "serving", "tournament", "net")
            or i.target.startswith(("textual", "aiohttp", "rich"))
        )
    ]
    assert at_load == []
    # (the package is a package: the rule covers its every module)
    assert {f"{PACKAGE}.cli.play", f"{PACKAGE}.cli.records", f"{PACKAGE}.cli.tournament"} <= set(project_modules())


# -- the same at run time --------------------------------------------------------------------------


def loaded_after_import(module: str) -> set[str]:
    """Interface libraries and project parts loaded by a fresh ``import module`` and every name it exports (the
    engine, the bots and the records import a name's module when the name is first used)."""
    code = (
        f"import sys, {module}\nfrom {module} import *\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} | set(sys.modules))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    loaded = set(out.stdout.split())
    return {name for name in loaded if name in UI_LIBRARIES or name in (f"{PACKAGE}.ui", f"{PACKAGE}.tournament", LAB)}


@pytest.mark.parametrize(
    ("module", "allowed"),
    [
        (f"{PACKAGE}.engine", set()),
        (f"{PACKAGE}.ai", set()),
        (f"{PACKAGE}.coach", set()),
        (f"{PACKAGE}.records", set()),
        (f"{PACKAGE}.present.statsreport", set()),
        (f"{PACKAGE}.present.vocabulary", set()),
        (f"{PACKAGE}.lessons", set()),
        (f"{PACKAGE}.practice", set()),
        *((f"{PACKAGE}.game.{name}", set()) for name in ("session", "preferences", "resume", "tracking", "sentences")),
        (f"{PACKAGE}.storage", set()),
        (f"{PACKAGE}.saveguard", set()),
        (f"{PACKAGE}.tournament.report", {f"{PACKAGE}.tournament"}),
        (f"{PACKAGE}.tournament.selfplay", {f"{PACKAGE}.tournament"}),
        (f"{PACKAGE}.cli", {"click"}),
    ],
)
def test_importing_a_headless_part_loads_no_interface(module: str, allowed: set[str]) -> None:
    assert loaded_after_import(module) <= allowed


def test_no_relative_import_of_the_laboratory_reaches_above_it() -> None:
    """The laboratory imports the game by its name (``from guinote_tui.ai import ...``): a relative import that
    climbs out of ``guinote_lab`` fails only when run."""
    beyond = []
    for name, path in lab_modules().items():
        depth = name.count(".") + (1 if path.name == "__init__.py" else 0)  # dots a relative import may climb
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level > depth:
                beyond.append(f"{name}:{node.lineno} from {'.' * node.level}{node.module or ''}")
    assert beyond == []


def test_every_import_of_the_project_names_a_module_that_exists() -> None:
    """Imports inside functions too (a module moved leaves none behind that fail only when run)."""
    modules = project_modules() | lab_modules()
    missing = [
        f"{i.module}:{i.line} imports {i.target}"
        for i in (*IMPORTS, *LAB_IMPORTS)
        if i.target.split(".")[0] in (PACKAGE, LAB) and i.target not in modules and not i.typing_only
    ]
    assert missing == []


#: Libraries a command loads only when it uses them: the help and the statistics in words need none of them.
HEAVY_LIBRARIES = {"numpy", "textual", "rich", "aiohttp"}


@pytest.mark.parametrize("args", [["--help"], ["stats", "--json"], ["rules", "--flags"]])
def test_commands_that_draw_no_table_load_nothing_heavy(args: list[str], tmp_path: Path) -> None:
    """``guinote --help`` and ``guinote stats --json`` start without NumPy or the interface (their start-up time
    is measured by ``python -m guinote_lab.startup_bench``)."""
    report = tmp_path / "modules.txt"
    code = (
        "import sys\nfrom guinote_tui.cli import run\n"
        f"sys.argv = ['guinote', *{args!r}]\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        f"open({str(report)!r}, 'w').write(' '.join({{m.split('.')[0] for m in sys.modules}}))\n"
    )
    env = {
        **os.environ,
        **{name: str(tmp_path / name) for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")},
    }
    subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, check=True, timeout=120)
    assert set(report.read_text().split()) & HEAVY_LIBRARIES == set()
