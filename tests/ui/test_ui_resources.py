"""Runtime files ship inside the package and load through importlib.resources."""

from __future__ import annotations

from importlib import resources

from guinote_tui.ui.app import STYLESHEETS, load_css
from guinote_tui.ui.screens.rules import rules_text


def test_every_stylesheet_is_package_data_and_loaded() -> None:
    package = resources.files("guinote_tui.ui")
    css = load_css()
    for name in STYLESHEETS:
        text = package.joinpath(name).read_text(encoding="utf-8")
        assert text.strip() and text in css


def test_the_rules_text_covers_every_part_of_the_game() -> None:
    text = rules_text()
    for heading in ("The cards", "arrastre", "Cantes", "Changing the seven", "Tute", "juegos and cotos", "libre-100"):
        assert heading in text
    # Every key the table binds is explained.
    for key in ("1 – 6", "| s ", "| c ", "| t ", "| p ", "| l ", "ctrl+s", "| ? ", "| q "):
        assert key in text
