"""The rules' flags are described in three places; the engine's :class:`Rules` is the one source.

``Rules.FLAG_HELP`` (``guinote rules --flags``), the start screen's rows
(``RULE_ROWS``, translated help) and the table of docs/rules.md, section 10,
must name the same flags, offer only values the engine accepts, and (the
table) state each preset's value as the engine has it.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from guinote_tui.engine import Rules
from guinote_tui.ui.screens.start import RULE_ROWS

FLAGS = [f.name for f in fields(Rules) if f.name != "preset_name"]
RULES_MD = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def doc_table() -> dict[str, tuple[str, str]]:
    """docs/rules.md section 10's table: flag -> (aragones, libre-100) as written."""
    text = RULES_MD.read_text(encoding="utf-8")
    section = text[text.index("## 10.") : text.index("## 11.")]
    rows = {}
    for line in section.splitlines():
        match = re.match(r"\| `(\w+)` \| [^|]+ \| `([^`]+)` \| `([^`]+)` \| \d+ \|$", line)
        if match:
            rows[match.group(1)] = (match.group(2), match.group(3))
    return rows


def as_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def test_every_flag_has_one_line_of_help_and_nothing_else_does() -> None:
    assert sorted(Rules.FLAG_HELP) == sorted(FLAGS)
    assert all(line.strip() and "\n" not in line for line in Rules.FLAG_HELP.values())


def test_the_rulebook_table_lists_every_flag_with_each_preset_s_value() -> None:
    table = doc_table()
    assert sorted(table) == sorted(FLAGS)
    for flag, (aragones, libre) in table.items():
        assert aragones == as_text(getattr(Rules.preset("aragones"), flag)), flag
        assert libre == as_text(getattr(Rules.preset("libre-100"), flag)), flag


@pytest.mark.parametrize(("flag", "options"), [(row[0], row[2]) for row in RULE_ROWS])
def test_the_start_screen_offers_only_values_the_engine_accepts(flag: str, options: list[tuple[Any, str]]) -> None:
    assert flag in FLAGS
    for value, _label in options:
        assert getattr(Rules(**{flag: value}), flag) == value
    if flag in Rules.CHOICES:
        # A flag with a fixed set of values offers all of them, each once.
        assert sorted(map(str, (v for v, _ in options))) == sorted(map(str, Rules.CHOICES[flag]))
    elif flag not in Rules.RANGES:
        assert {v for v, _ in options} == {True, False}


def test_the_start_screen_has_a_row_for_every_flag_once() -> None:
    rows = [row[0] for row in RULE_ROWS]
    assert sorted(rows) == sorted(FLAGS)
