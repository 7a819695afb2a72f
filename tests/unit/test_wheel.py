"""What a player installs: the wheel holds the game and nothing of the laboratory, and needs no NumPy.

The wheel is built here as ``pip install .`` builds it (hatchling, with the build hook that compiles the
catalogs), into a temporary folder.
"""

from __future__ import annotations

import re
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: What the game needs to run, by distribution name: nothing else may be required.
RUNTIME = {"textual", "rich", "click", "platformdirs", "aiohttp", "textual-plotext"}

#: A generous ceiling on the wheel's size (the compiled catalogs, the shipped puzzles and rules texts included);
#: the laboratory's data alone (learned weights, suites) would take it past this.
MAX_WHEEL_BYTES = 4_000_000


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    builders = pytest.importorskip("hatchling.builders.wheel")
    out = tmp_path_factory.mktemp("wheel")
    built = list(builders.WheelBuilder(str(ROOT)).build(directory=str(out), versions=["standard"]))
    assert len(built) == 1
    return Path(built[0])


def test_the_wheel_holds_the_game_and_nothing_of_the_laboratory(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"guinote_tui", next(t for t in tops if t.endswith(".dist-info"))}
    assert not [n for n in names if "guinote_lab" in n or n.endswith((".npz", ".pyc"))]
    # The game's own pieces are there: the catalogs compiled, the typed marker, the rules texts, the puzzles.
    assert {f"guinote_tui/locale/{code}/LC_MESSAGES/guinote.mo" for code in ("es", "de", "it", "nl", "ru")} <= set(
        names
    )
    assert "guinote_tui/py.typed" in names and "guinote_tui/ai/strength.json" in names
    assert any(n.startswith("guinote_tui/tournament/") for n in names)
    assert wheel.stat().st_size < MAX_WHEEL_BYTES


def test_installing_the_game_needs_only_what_it_runs_on(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        meta_name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_name).decode())
    required = {
        re.split(r"[ ;<>=!~\[]", line, maxsplit=1)[0].lower()
        for line in meta.get_all("Requires-Dist", [])
        if "extra ==" not in line
    }
    assert required == RUNTIME
    lab_extra = [line for line in meta.get_all("Requires-Dist", []) if "extra == 'lab'" in line.replace('"', "'")]
    assert [line.split(";")[0].split(">")[0].strip() for line in lab_extra] == ["numpy"]
