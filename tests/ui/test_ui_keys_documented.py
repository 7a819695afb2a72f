"""docs/ui.md lists every key each screen binds, and the plain mode's answers: a key added to a screen without its
line in the docs fails here."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest
from textual.binding import Binding

from guinote_tui.plain import dialogue, practice_dialogue
from guinote_tui.ui import screens
from guinote_tui.ui.screens import (
    dialogs,
    duplicate,
    hint,
    history,
    joined,
    lessons,
    practice,
    review,
    rules,
    scoresheet,
    start,
    statistics,
    summary,
    table,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "ui.md"

#: Each screen (and widget) with keys of its own, whose section of "Every key, screen by screen" names it.
SCREENS = [
    start.StartScreen,
    table.TableScreen,
    dialogs.CanteChooser,
    dialogs.LastTrickScreen,
    dialogs.InvitationsScreen,
    hint.HintScreen,
    history.HistoryScreen,
    scoresheet.ScoreSheetScreen,
    rules.RulesScreen,
    statistics.StatisticsScreen,
    practice.TricksScreen,
    summary.SummaryScreen,
    summary.SeatSummaryScreen,
    review.ReviewScreen,
    review.DecisionRow,
    review.StepScreen,
    practice.PracticeScreen,
    practice.ProblemScreen,
    practice.TryScreen,
    duplicate.DuplicateScreen,
    lessons.LessonsMenu,
    lessons.LessonScreen,
    joined.JoinedTableScreen,
    dialogs.YesNoDialog,
    dialogs.SaveDialog,
    dialogs.JoinDialog,
]
#: How the docs write a key Textual names.
WRITTEN = {
    "question_mark": "?",
    "f1": "F1",
    "escape": "Escape",
    "enter": "Enter",
    "space": "Space",
    "tab": "Tab",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "home": "Home",
    "end": "End",
    **{str(n): "1–6" for n in range(1, 7)},
}


def sections() -> dict[str, str]:
    """The key column of each section of "Every key, screen by screen", by the class names its title gives."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split("## Every key, screen by screen", 1)[1].split("\n## ", 1)[0]
    found: dict[str, str] = {}
    for block in part.split("\n### ")[1:]:
        title, _newline, body = block.partition("\n")
        keys = " ".join(
            line.split("|")[1] for line in body.splitlines() if line.startswith("|") and not line.startswith("|---")
        )
        for name in re.findall(r"`(\w+)`", title):
            found[name] = keys
    return found


def bound_keys(cls: type) -> set[str]:
    """The keys ``cls`` binds itself, as the docs write them (the hint's card keys of other layouts left out)."""
    keys: set[str] = set()
    for binding in cls.__dict__.get("BINDINGS", []):
        if not isinstance(binding, Binding):
            continue
        for key in binding.key.split(","):
            if key in hint.ESCAPED_CARD_KEYS:
                continue  # the same card keys where a keyboard layout sends another character
            keys.add(WRITTEN.get(key, key))
    return keys


def test_every_class_with_keys_of_its_own_is_listed() -> None:
    """A screen added with keys of its own joins ``SCREENS`` (and so needs its section of the docs)."""
    with_keys: set[str] = set()
    for module_info in pkgutil.iter_modules(screens.__path__):
        module = importlib.import_module(f"{screens.__name__}.{module_info.name}")
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and any(
                isinstance(binding, Binding) for binding in cls.__dict__.get("BINDINGS", [])
            ):
                with_keys.add(name)
    assert sorted(with_keys - {cls.__name__ for cls in SCREENS}) == []


def test_every_screen_has_its_section() -> None:
    written = sections()
    assert [cls.__name__ for cls in SCREENS if cls.__name__ not in written] == []


@pytest.mark.parametrize("cls", SCREENS, ids=[cls.__name__ for cls in SCREENS])
def test_every_key_a_screen_binds_is_written(cls: type) -> None:
    written = sections()[cls.__name__]
    tokens = set(re.split(r"[\s,]+|\bor\b", written.replace("`", "")))
    if tokens & {str(n) for n in range(1, 7)}:
        tokens.add("1–6")  # (digits written one by one where they are not the hand's cards)
    assert sorted(bound_keys(cls) - tokens) == []


def _plain_table(after: str) -> str:
    """The answer column of the first table after ``after`` in the plain mode's section."""
    text = DOC.read_text(encoding="utf-8").split("## Plain mode", 1)[1]
    table_text = text.split(after, 1)[1].split("\n\n|", 1)[1].split("\n\n", 1)[0]
    return " ".join(line.split("|")[1] for line in ("|" + table_text).splitlines() if line.startswith("|"))


def test_the_plain_answers_are_written() -> None:
    written = _plain_table("you\nanswer with a number or a letter")
    answers = {
        dialogue.HINT, dialogue.HISTORY, dialogue.UNDO, dialogue.HELP, dialogue.QUIT, dialogue.REVIEW,
        dialogue.TABLE, dialogue.SHEET, dialogue.TRACKER, dialogue.SAVE, *dialogue.DECLARING,
    }  # fmt: skip
    assert sorted(a for a in answers if f"`{a}`" not in written) == []
    words = DOC.read_text(encoding="utf-8")
    assert sorted(word for word in dialogue.WORDS if f"`{word}`" not in words) == []


def test_the_plain_practice_answers_are_written() -> None:
    written = _plain_table("`guinote practice --plain` asks one problem at a time")
    p = practice_dialogue
    answers = {p.QUIT, p.SKIP, p.TRICKS, p.LINE, p.HELP, p.TABLE, p.OTHER_RULES, p.THEME, *p.TABS, "e"}
    assert sorted(a for a in answers if f"`{a}`" not in written) == []
