"""The command line speaks the chosen language: every help text, click's own words and errors; and it completes.

The catalogs are compiled from the repository's ``.po`` files for the test, so
a stale installed ``.mo`` cannot hide a missing translation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from guinote_tui import i18n
from guinote_tui.cli import main

babel_mofile = pytest.importorskip("babel.messages.mofile")
babel_pofile = pytest.importorskip("babel.messages.pofile")

LOCALE = Path(__file__).resolve().parents[2] / "guinote_tui" / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
#: Click's English words that must not show in another language's help or errors.
CLICK_ENGLISH = ("Usage", "Options", "Commands", "Show this message", "Show the version", "default:", "Try '")


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/guinote.po")):
        code = po.parent.parent.name
        with po.open("rb") as source:
            catalog = babel_pofile.read_po(source, locale=code, domain="guinote")
        target = tmp_path / code / "LC_MESSAGES"
        target.mkdir(parents=True)
        with (target / "guinote.mo").open("wb") as stream:
            babel_mofile.write_mo(stream, catalog, use_fuzzy=False)
    monkeypatch.setattr(i18n, "_locale_dir", lambda: str(tmp_path))
    i18n._translations.cache_clear()
    yield
    i18n._translations.cache_clear()
    i18n.set_language(i18n.SOURCE)


def _squeezed(text: str) -> str:
    """``text`` without any white space (click wraps the help at spaces and hyphens)."""
    return "".join(text.split())


def _commands() -> list[tuple[list[str], click.Command]]:
    assert isinstance(main, click.Group)
    return [([], main)] + [([name], command) for name, command in sorted(main.commands.items())]


def _help_texts(command: click.Command) -> list[str]:
    """The help texts written for ``command`` and its shown options (English, as in the code)."""
    texts = [command.help] if command.help else []
    texts += [p.help for p in command.params if isinstance(p, click.Option) and p.help and not p.hidden]
    return [t for t in texts if t]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_help_text_is_shown_translated(code: str, catalogs: None) -> None:
    runner = CliRunner()
    for path, command in _commands():
        result = runner.invoke(main, ["--lang", code, *path, "--help"])
        assert result.exit_code == 0, result.output
        shown = _squeezed(result.output)
        i18n.set_language(code)
        for english in _help_texts(command):
            translated = i18n._(english)
            assert english in i18n._translations(code)._catalog, f"{code}: no translation for {english!r}"  # type: ignore[attr-defined]
            assert _squeezed(translated) in shown, f"{code} {path}: {translated!r} not shown"
        leftover = [w for w in CLICK_ENGLISH if w in result.output]
        assert leftover == [], f"{code} {path}: English {leftover} in\n{result.output}"


def test_the_help_follows_the_game_s_choice_of_language(catalogs: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """--lang (read before click parses it), GUINOTE_LANG, the saved settings, the locale; English otherwise."""
    from guinote_tui.game import preferences

    runner = CliRunner()
    assert runner.invoke(main, ["--help"]).output.startswith("Usage: main")
    assert runner.invoke(main, ["--lang", "es", "--help"]).output.startswith("Uso: main")
    assert runner.invoke(main, ["--lang=de", "--help"]).output.startswith("Aufruf: main")
    assert runner.invoke(main, ["--lang", "it", "play", "--help"]).output.startswith("Uso: main play")
    assert runner.invoke(main, ["--help"], env={"GUINOTE_LANG": "nl"}).output.startswith("Gebruik: main")
    assert runner.invoke(main, ["stats", "--help"], env={"LANG": "ru_RU.UTF-8"}).output.startswith("Использование")
    settings, _problems = preferences.load()
    assert preferences.save(replace(settings, language="de")) is None
    assert runner.invoke(main, ["--help"]).output.startswith("Aufruf: main")
    assert runner.invoke(main, ["--lang", "es", "--help"]).output.startswith("Uso: main")  # --lang comes first
    # The help option, kept by click from its first use, follows the language of each run.
    assert "Zeigt diese Hilfe" in runner.invoke(main, ["--help"]).output
    assert "Muestra esta ayuda" in runner.invoke(main, ["--lang", "es", "--help"]).output


def test_an_unknown_language_still_gets_its_one_line(catalogs: None) -> None:
    result = CliRunner().invoke(main, ["--lang", "xx", "stats"])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "--lang: no language 'xx'" in result.output


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("es", ("Uso:", "Error: Valor no válido para '--players'", "no es ninguno de estos")),
        ("de", ("Aufruf:", "Fehler: Ungültiger Wert für '--players'", "Hilfe mit „guinote play --help“")),
        (
            "ru",
            (
                "Использование:",
                "Ошибка: Недопустимое значение '--players'",
            ),
        ),
    ],
)
def test_click_s_errors_are_in_the_language(code: str, words: tuple[str, ...], catalogs: None) -> None:
    result = CliRunner().invoke(main, ["--lang", code, "play", "--players", "3"], prog_name="guinote")
    assert result.exit_code == 2
    for word in words:
        assert word in result.output
    english = (
        r"\b(Usage|Invalid value|is not one of)\b" if code == "es" else r"\b(Usage|Error|Invalid value|is not one of)\b"
    )
    assert not re.search(english, result.output)  # ("Error" is Spanish too)


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_completion_script_is_produced(shell: str) -> None:
    result = CliRunner().invoke(main, [], prog_name="guinote", env={"_GUINOTE_COMPLETE": f"{shell}_source"})
    assert result.exit_code == 0
    assert "_GUINOTE_COMPLETE" in result.output and f"{shell}_complete" in result.output


def test_completion_offers_the_commands_and_their_options() -> None:
    def complete(words: str) -> list[str]:
        env = {"_GUINOTE_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
        result = CliRunner().invoke(main, [], prog_name="guinote", env=env)
        assert result.exit_code == 0
        return [line.split(",", 1)[1] for line in result.output.splitlines()]

    assert {"play", "learn", "stats"} <= set(complete("guinote pl")) | set(complete("guinote l")) | {"stats"}
    assert "play" in complete("guinote pl")
    assert "--players" in complete("guinote play --pl")
