"""Runtime files ship inside the package and load through importlib.resources."""

from __future__ import annotations

from importlib import resources

import pytest
from uihelpers import make_app

from guinote_tui import i18n
from guinote_tui.ui.app import STYLESHEETS, GuinoteApp
from guinote_tui.ui.screens.rules import rules_text


def test_every_stylesheet_is_package_data_and_the_app_loads_each_from_its_file() -> None:
    package = resources.files("guinote_tui.ui")
    assert list(STYLESHEETS) == GuinoteApp.CSS_PATH
    shipped = {entry.name for entry in package.iterdir() if entry.name.endswith(".tcss")}
    assert shipped == set(STYLESHEETS)
    for name in STYLESHEETS:
        assert package.joinpath(name).read_text(encoding="utf-8").strip()
    # Textual resolves them next to the app's module and reads them when the app starts.
    app = make_app()
    paths = [path.name for path in app.css_path]
    assert paths == list(STYLESHEETS) and all(path.is_file() for path in app.css_path)


def test_the_rules_text_covers_every_part_of_the_game() -> None:
    text = rules_text()
    for heading in ("The cards", "arrastre", "Cantes", "Changing the seven", "Tute", "juegos and cotos", "libre-100"):
        assert heading in text
    # Every key the table binds is explained.
    for key in ("1 – 6", "| s ", "| c ", "| t ", "| p ", "| l ", "ctrl+s", "| ? ", "| q "):
        assert key in text


def _sections(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


def _key_column(text: str) -> list[str]:
    """The first cell of every row of the keys table (the one whose rows start with ``| 1 – 6``)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| 1 – 6"))
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append(line.split("|")[1].strip())
    return rows


def _glossary_words(text: str) -> list[str]:
    glossary = text.split("\n## ")[-1]
    return [line.split("**")[1] for line in glossary.splitlines() if line.startswith("| **")]


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.SOURCE])
def test_the_rules_text_exists_in_every_language_with_the_same_parts(code: str) -> None:
    english, text = rules_text("en"), rules_text(code)
    assert text != english, f"no rules text of its own for {code}"
    assert len(_sections(text)) == len(_sections(english))
    assert _key_column(text) == _key_column(english)
    # The glossary explains the same Spanish words, in the same order.
    assert _glossary_words(text) == _glossary_words(english)
    assert len(_glossary_words(english)) >= 30


def test_the_rules_text_follows_the_language_in_use() -> None:
    i18n.set_language("es")
    try:
        assert rules_text() == rules_text("es")
    finally:
        i18n.set_language(i18n.SOURCE)
    assert rules_text("tlh") == rules_text("en")  # a language with no text of its own reads English
