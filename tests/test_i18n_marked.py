"""Every text a player reads is marked for translation: an AST scan of the places text is shown.

A string literal (or an f-string's literal parts) with words in it, handed
straight to something that shows it — ``Static``, ``Label``, ``Button``,
``Text``, ``notify``, ``say``, ``update``, ``click.echo``, click's errors… —
instead of through ``_()``, ``ngettext``, ``pgettext`` or ``N_`` is reported
with its file and line. The engine and the bots never show text (their
refusals are templates marked with the engine's own ``N_``); the
measurement tools (``lab/``, the ``*bench`` commands, ``guinote tournament``
and ``simulate``) speak to developers, in English.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import guinote_tui

ROOT = Path(guinote_tui.__file__).parent
SINKS = {
    "Static",
    "Label",
    "Button",
    "Text",
    "from_markup",
    "notify",
    "say",
    "update",
    "echo",
    "ClickException",
    "UsageError",
    "BadParameter",
    "YesNoDialog",
}
#: Parts that show no text to a player.
NOT_SHOWN = ("engine/", "ai/", "lab/")
#: guinote's measurement commands (their output is for developers).
MEASURING = {"simulate", "tournament", "_run_tournament", "_tournament_options"}
#: Shown as they are in every language: the game's name, the tracker's key to the Spanish ranks.
ALLOWED = {"GUIÑOTE", "R=Rey C=Caballo S=Sota"}


def literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None


def has_words(text: str) -> bool:
    plain = re.sub(r"\[/?[^\]]*\]", "", text)  # Rich markup is not words
    return len(re.findall(r"[A-Za-z]{3,}", plain)) >= 2


def unmarked(source: str, name: str) -> list[str]:
    found = []
    tree = ast.parse(source)
    measuring_lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in MEASURING:
            measuring_lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or node.lineno in measuring_lines:
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        if called not in SINKS or not node.args:
            continue
        text = literal(node.args[0])
        if text is not None and has_words(text) and text not in ALLOWED:
            found.append(f"{name}:{node.lineno}: {called}({text[:60]!r})")
    return found


def test_the_scan_finds_an_unmarked_text() -> None:
    assert unmarked('self.notify("The match was saved")\n', "x.py") == ["x.py:1: notify('The match was saved')"]
    assert unmarked('self.notify(_("The match was saved"))\n', "x.py") == []
    assert unmarked('Static(f"[b]{n}[/b] tricks won so far")\n', "x.py") != []
    assert unmarked('Static("[b]{n}[/b]")\n', "x.py") == []


def test_every_text_a_player_reads_is_marked() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith(NOT_SHOWN):
            continue
        found.extend(unmarked(path.read_text(encoding="utf-8"), name))
    assert found == [], "texts shown without _():\n" + "\n".join(found)
