"""The engine's refusals reach the player in the player's language: every code, every catalog, and the commands.

The catalogs are compiled from the repository's ``.po`` files for the test
(as in ``test_cli_help``), so a stale installed ``.mo`` cannot hide a missing
translation.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from guinote_tui import i18n
from guinote_tui.cli import main
from guinote_tui.engine import EngineError, ErrorCode, HistoryError, Match, Refusal, RulesError, history_dict
from guinote_tui.present.refusals import refusal_text

babel_mofile = pytest.importorskip("babel.messages.mofile")
babel_pofile = pytest.importorskip("babel.messages.pofile")

LOCALE = Path(__file__).resolve().parents[2] / "guinote_tui" / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
#: English words of the engine's refusals that no translation keeps (whole words).
ENGLISH = re.compile(r"\b(must|not|no such|cannot|history|hand|action|unknown|illegal|whole number|seat)\b")
#: What a translation may keep of the English: the JSON fields and flag names it echoes.
KEPT = re.compile(r'"[a-z_]+"|preset_name|\{[a-z_]+\}')


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


def _sample(code: ErrorCode) -> EngineError:
    """An error of ``code`` with a made-up fact for each placeholder."""
    names = sorted({name for _text, name, _spec, _conv in string.Formatter().parse(code.value) if name})
    return EngineError(code, **{name: f"<{number}>" for number, name in enumerate(names)})


def _english_left(text: str) -> list[str]:
    return ENGLISH.findall(KEPT.sub("", text))


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_refusal_code_is_worded_in_the_language(language: str, catalogs: None) -> None:
    i18n.set_language(language)
    problems = []
    for code in ErrorCode:
        error = _sample(code)
        worded = refusal_text(error)
        if re.search(r"[^\W\d_]", KEPT.sub("", code.value)) and worded == str(error):
            problems.append(f"{code.name}: not translated: {worded!r}")
        elif _english_left(worded):
            problems.append(f"{code.name}: English {_english_left(worded)} in {worded!r}")
    assert problems == []


def test_a_refusal_inside_another_is_worded_too(catalogs: None) -> None:
    rules = RulesError(ErrorCode.RULES_NOT_BOOLEAN, flag="vueltas", value="'maybe'")
    illegal = Refusal("it is not your turn: seat {seat} is to move", {"seat": "1"})
    i18n.set_language("es")
    assert refusal_text(HistoryError(ErrorCode.HISTORY_IN_FILE, path="m.json", reason=rules)) == (
        "m.json: la opción vueltas debe ser true o false, no 'maybe'"
    )
    where = {"hand": 1, "index": 2, "action": "'1 12E'"}
    assert refusal_text(HistoryError(ErrorCode.HISTORY_ILLEGAL, **where, reason=illegal)) == (
        "mano 1, acción 2 ('1 12E'): no permitida: no es tu turno: le toca al asiento 1"
    )
    i18n.set_language(i18n.SOURCE)
    assert refusal_text(rules) == str(rules)


@pytest.mark.parametrize(
    ("language", "args", "words"),
    [
        ("de", ["play", "--rule", "tute=sometimes"], "das Flag tute muss"),
        ("es", ["play", "--rule", "tute"], "una opción de reglas se escribe nombre=valor"),
        ("it", ["play", "--rule", "nonsense=1"], "flag delle regole sconosciuto"),
        ("ru", ["play", "--rules", "aragones", "--rule", "target=5000"], "флаг target должен быть целым числом"),
        ("nl", ["replay", "/nonexistent/m.json"], "/nonexistent/m.json: dat bestand bestaat niet"),
        ("es", ["review", "/nonexistent/m.json"], "no existe ese archivo"),
    ],
)
def test_the_commands_word_the_engine_s_refusals(language: str, args: list[str], words: str, catalogs: None) -> None:
    result = CliRunner().invoke(main, ["--lang", language, *args])
    assert result.exit_code in (1, 2), result.output
    assert words in result.output
    assert _english_left(result.output.split(":", 1)[1]) == [], result.output


def test_a_bad_history_file_is_worded_whole(tmp_path: Path, catalogs: None) -> None:
    """The file, the hand, the action and the rule it breaks: every level in the language."""
    match = Match(players=2, seed=3)
    data = history_dict(match)
    seat = match.hand.to_move
    assert seat is not None
    data["hands"][0]["actions"] = [f"{1 - seat} 1O"]  # the other seat plays first
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["--lang", "de", "replay", str(path)])
    assert result.exit_code == 1
    assert (
        f"{path}: Runde 1, Aktion 1 ('{1 - seat} 1O'): nicht erlaubt: du bist nicht dran: Platz {seat} ist am Zug"
        in (result.output)
    )
