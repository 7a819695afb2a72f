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


#: Words of English sentences (lower case) that a player of another language must not meet in the command's
#: help or its errors: what is left once the card and game terms, the values typed (quoted, or written with
#: ``-``, ``_``, ``=``, ``:``, ``/``, ``|`` or digits), the commands' names and the language codes are set aside.
ENGLISH_SENTENCE_WORDS = frozenset(
    re.findall(
        r"\w+",
        """
        about after all an and any are argument arguments as at be bot by cannot choose command commands default
        did does error every file float for from game games give given hand hands has have help how if in integer
        into invalid is it its match matches mean missing must name no not number of on one only option options
        or path play player players range required seat seed show such text than that the then this to try usage
        value version was what when where which with you your yes
        """,
    )
)
#: Words of that list that are also words of a language (as the help writes them, lower-cased).
OWN_WORDS = {
    "es": {"no", "error", "bot"},
    "de": {"in", "bot", "was", "an", "name", "hand", "option", "argument", "version", "match", "matches", "text"},
    "it": {"no", "bot", "file", "in"},
    "nl": {"is", "of", "in", "bot", "hand", "was", "an", "argument"},
    "ru": set(),
}
#: Written as they are in every language: quoted values, JSON fields, metavars' brackets, placeholders.
_QUOTED = re.compile(r"""(?<![\w])'[^'\n]*'|"[^"\n]*"|«[^»\n]*»|„[^“\n]*“|\{[^}\n]*\}|\[[^\]\n]*\]""")
#: A token that is a value or code, not a word: options, flags, paths, choices, figures.
_CODE = re.compile(r"[-_=:/|0-9<>.@']")


def english_left(code: str, text: str) -> list[str]:
    """The English words of :data:`ENGLISH_SENTENCE_WORDS` in ``text``, once values and code are set aside."""
    names = set(main.commands) | set(i18n.LANGUAGES) if isinstance(main, click.Group) else set()
    own = OWN_WORDS.get(code, set()) | names
    found = set()
    for token in _QUOTED.sub(" ", text).split():
        word = token.strip(".,;:!?¿¡()…")
        if word and not _CODE.search(word) and word.lower() in ENGLISH_SENTENCE_WORDS - own:
            found.add(word.lower())
    return sorted(found)


def usage_runs() -> list[list[str]]:
    """Each command's help, and the errors a player meets on its command line (nothing that opens the game)."""
    runs = [["--help"], ["--version"], ["plya"], ["--bogus"], ["--lang"], ["stats", "--yes"]]
    for path, command in _commands()[1:]:
        runs += [[*path, "--help"], [*path, "--bogus"], [*path, "a", "b", "c"]]
        longs = [o for p in command.params if isinstance(p, click.Option) for o in p.opts if len(o) > 5]
        if longs:
            runs.append([*path, longs[0][:-1]])  # close to an option: "Did you mean …?"
        for param in command.params:
            if isinstance(param, click.Option) and not param.is_flag:
                runs.append([*path, param.opts[0]])  # no value
                if not isinstance(param.type, click.types.StringParamType) or param.opts[0] in ("--rule", "--load"):
                    runs.append([*path, param.opts[0], "zzz"])  # a bad one
            if isinstance(param, click.Argument) and param.required:
                runs.append(path)
    runs += [
        ["play", "--rule", "tute=zzz"],
        ["play", "--rule", "zzz=1"],
        ["play", "--rules", "aragones", "--rule", "target=0"],
    ]
    runs += [["play", "--delay", "nan"], ["play", "--delay", "11"], ["replay", "/nonexistent/m.json"]]
    return runs


def test_the_english_detector_finds_english() -> None:
    found = english_left("es", "Error: Invalid value for '--seed': 'x' is not a valid integer.")
    assert found == ["for", "integer", "invalid", "is", "not", "value"]
    assert english_left("de", "Fehler: Ungültiger Wert für '--seed': 'x' ist keine gültige Zahl (Ganzzahl).") == []
    assert english_left("de", "--rule NAME=WERT  Ändert ein Regel-Flag (die Flags: guinote rules --flags).") == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_english_sentence_in_any_help_or_usage_error(code: str, catalogs: None) -> None:
    """Every command's help, --version, and its usage errors (a bad value, no value, an unknown option)."""
    runner = CliRunner()
    problems = []
    for args in usage_runs():
        result = runner.invoke(main, ["--lang", code, *args], prog_name="guinote")
        assert result.exit_code in (0, 1, 2), (args, result.output)
        english = english_left(code, result.output)
        if english:
            problems.append(f"guinote {' '.join(args)}: {english}\n{result.output}")
    assert problems == [], "\n".join(problems[:5])


@pytest.mark.parametrize(
    ("code", "version"),
    [("es", "guinote, versión"), ("de", "guinote, Version"), ("it", "guinote, versione"), ("ru", "guinote, версия")],
)
def test_the_version_is_said_in_the_language(code: str, version: str, catalogs: None) -> None:
    from guinote_tui import __version__

    result = CliRunner().invoke(main, ["--lang", code, "--version"])
    assert result.exit_code == 0
    assert result.output == f"{version} {__version__}\n"
    assert CliRunner().invoke(main, ["--version"]).output == f"guinote, version {__version__}\n"


@pytest.mark.parametrize(
    ("code", "shown", "yes", "other"),
    [("de", "[j/N]", "j", "Antworte j oder n."), ("es", "[s/N]", "sí", "Responde s o n."), ("ru", "[д/Н]", "да", "")],
)
def test_the_reset_question_takes_the_language_s_letters(
    code: str, shown: str, yes: str, other: str, catalogs: None
) -> None:
    """``stats --reset`` asks with the language's letters, takes them (and English y), and asks again otherwise."""
    runner = CliRunner()
    kept = runner.invoke(main, ["--lang", code, "stats", "--reset"], input="\n")
    assert kept.exit_code == 0 and shown in kept.output
    assert "Error" not in kept.output and "invalid input" not in kept.output
    asked_again = runner.invoke(main, ["--lang", code, "stats", "--reset"], input=f"maybe\n{yes}\n")
    assert asked_again.exit_code == 0, asked_again.output
    assert asked_again.output.count(shown) == 2 and other in asked_again.output
    assert "1500" in asked_again.output  # emptied: the rating starts again at 1500
    english = runner.invoke(main, ["--lang", code, "stats", "--reset"], input="y\n")
    assert "1500" in english.output


@pytest.mark.parametrize(
    ("code", "words", "english"),
    [
        ("es", ("--rule NOMBRE=VALOR", "--seed NÚMERO ENTERO", "--load ARCHIVO"), ("NAME=VALUE", "INTEGER")),
        ("de", ("--rule NAME=WERT", "--seed GANZZAHL", "--delay ZAHL", "--load DATEI"), ("VALUE", "RANGE", "FILE")),
        ("ru", ("--rule ИМЯ=ЗНАЧЕНИЕ", "--load ФАЙЛ"), ("VALUE", "RANGE", "FILE")),
    ],
)
def test_the_metavars_and_type_names_are_translated(
    code: str, words: tuple[str, ...], english: tuple[str, ...], catalogs: None
) -> None:
    runner = CliRunner()
    shown = " ".join(runner.invoke(main, ["--lang", code, "play", "--help"]).output.split())
    for word in words:
        assert word in shown
    assert not [word for word in english if word in shown]
    error = runner.invoke(main, ["--lang", code, "review", "--seat", "x"]).output
    assert "integer" not in error
    missing = runner.invoke(main, ["--lang", code, "replay"]).output
    assert "PATH" not in missing
    # and back in English, as click writes them
    assert "--seed INTEGER RANGE" in runner.invoke(main, ["play", "--help"]).output


def test_an_unknown_lang_leaves_the_language_the_rest_chooses(catalogs: None) -> None:
    """``guinote --lang xx --help``: the help in the saved or the locale's language, and the one line in it."""
    runner = CliRunner()
    helped = runner.invoke(main, ["--lang", "xx", "--help"], env={"LANG": "de_DE.UTF-8"})
    assert helped.exit_code == 0 and helped.output.startswith("Aufruf:")
    refused = runner.invoke(main, ["--lang", "xx", "stats"], env={"LANG": "es_ES.UTF-8"})
    assert refused.exit_code == 2
    assert refused.output.startswith("guinote: --lang: no existe el idioma 'xx'; elige uno de estos: es (Español)")
    unknown_env = runner.invoke(main, ["stats"], env={"GUINOTE_LANG": "xx", "LANG": "it_IT.UTF-8"})
    assert unknown_env.exit_code == 2 and "GUINOTE_LANG: la lingua 'xx' non c'è" in unknown_env.output


@pytest.mark.parametrize("code", ["en", "es", "de", "it", "nl", "ru"])
def test_the_seed_range_is_never_broken_inside_a_number(code: str) -> None:
    result = CliRunner().invoke(main, ["--lang", code, "play", "--help"], terminal_width=78)
    assert result.exit_code == 0
    assert "-9223372036854775808" in result.output and "9223372036854775807]" in result.output, result.output


@pytest.mark.parametrize("args", [["--lang", "xx", "play", "--help"], ["--lang", "xx", "play"], ["--lang", "xx"]])
def test_an_unknown_language_is_an_error_for_a_command_s_help_too(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "--lang: no language 'xx'" in result.stderr and "Usage" not in result.output
