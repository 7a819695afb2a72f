"""The language: remembered in the settings, applied at start, switched on the start screen without a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from uihelpers import make_app, wait_until

from guinote_tui import i18n
from guinote_tui.game import preferences
from guinote_tui.game.services import StackedDeal
from guinote_tui.game.session import GameSettings
from guinote_tui.ui.screens.start import StartScreen


@pytest.fixture
def spanish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A small Spanish catalog installed for the test."""
    catalog = Catalog(locale="es", domain="guinote")
    for english, spanish_text in (("Deal", "Repartir"), ("Language", "Idioma"), ("Quit", "Salir")):
        catalog.add(english, spanish_text)
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "guinote.mo").open("wb") as stream:
        write_mo(stream, catalog)
    monkeypatch.setattr(i18n, "_locale_dir", lambda: str(tmp_path))
    monkeypatch.delenv("GUINOTE_LANG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n._translations.cache_clear()
    yield
    i18n._translations.cache_clear()
    i18n._current = i18n.SOURCE


def test_the_language_is_remembered_in_the_settings() -> None:
    preferences.save(GameSettings(language="es"))
    assert preferences.load()[0].language == "es"
    target = preferences.path()
    target.write_text('language = "tlh"\n')
    settings, problems = preferences.load()
    assert settings.language is None and len(problems) == 1 and '"language"' in problems[0]


def test_with_one_language_installed_there_is_no_picker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_locale_dir", lambda: str(tmp_path))  # no catalog: English alone
    i18n._translations.cache_clear()

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and not app.screen.query("#language")

    asyncio.run(run())


def test_the_saved_language_is_spoken_and_the_command_line_wins(spanish: None) -> None:
    preferences.save(GameSettings(language="es"))
    make_app()
    assert i18n.current() == "es"
    make_app(lang="en")
    assert i18n.current() == "en"


def test_the_picker_switches_the_language_at_once_and_it_is_remembered(spanish: None) -> None:
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            start = app.screen
            assert isinstance(start, StartScreen)
            row = start.query_one("#language")
            assert str(start.query_one("#start").label) == "Deal ⏎"
            row.value = "es"  # as ← → would

            def footer() -> str:
                return " ".join(str(key.description) for key in start.query("FooterKey"))

            def rebuilt() -> bool:
                # The screen is built again in Spanish: its buttons, then its footer (a moment later).
                return i18n.current() == "es" and bool(start.query("#start")) and "Salir" in footer()

            await wait_until(pilot, rebuilt)
            assert i18n.current() == "es"
            assert str(start.query_one("#start").label) == "Repartir ⏎"
            assert "Salir" in footer()
            app.start_game(start.chosen_settings())
            await pilot.pause()

    asyncio.run(run())
    assert preferences.load()[0].language == "es"


def test_the_engines_refusal_is_said_in_the_players_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from guinote_tui.engine import Play
    from guinote_tui.game.session import GameSession

    catalog = Catalog(locale="es", domain="guinote")
    catalog.add("you don't hold the {name} ({card})", "no tienes el {name} ({card})")
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "guinote.mo").open("wb") as stream:
        write_mo(stream, catalog)
    monkeypatch.setattr(i18n, "_locale_dir", lambda: str(tmp_path))
    i18n._translations.cache_clear()
    try:
        session = GameSession(GameSettings(players=2, level="random", seed=3), stacked=StackedDeal(dealer=1))
        hand = session.match.hand
        missing = next(c for c in range(40) if c not in hand.hands[0] and c != hand.muestra)
        english = session.why_illegal(Play(missing))
        assert english.startswith("you don't hold the ")
        i18n.set_language("es")
        assert session.why_illegal(Play(missing)) == english.replace("you don't hold the", "no tienes el")
    finally:
        i18n._translations.cache_clear()
        i18n._current = i18n.SOURCE
