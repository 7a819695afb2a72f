"""The player's language: the order it is chosen in, and the translator looked up at call time."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from guinote_tui import i18n


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A locale folder with small Spanish and Russian catalogs (Russian: three plural forms)."""
    spanish = Catalog(locale="es", domain="guinote")
    spanish.add("Deal", "Repartir")
    # (Babel's CLDR data gives Spanish three forms: one, many — a round million —, and other.)
    spanish.add(("{n} trick", "{n} tricks"), ("{n} baza", "{n} de bazas", "{n} bazas"))
    spanish.add("Back", "Atrás", context="dialog")
    russian = Catalog(locale="ru", domain="guinote")
    russian.add(("{n} trick", "{n} tricks"), ("{n} взятка", "{n} взятки", "{n} взяток"))
    for catalog in (spanish, russian):
        folder = tmp_path / str(catalog.locale) / "LC_MESSAGES"
        folder.mkdir(parents=True)
        with (folder / "guinote.mo").open("wb") as stream:
            write_mo(stream, catalog)
    monkeypatch.setattr(i18n, "_locale_dir", lambda: str(tmp_path))
    i18n._translations.cache_clear()
    yield tmp_path
    i18n._translations.cache_clear()
    i18n._current = i18n.SOURCE


def test_locale_names_are_normalised() -> None:
    assert i18n.normalize("es_ES.UTF-8") == "es"
    assert i18n.normalize("de_AT@euro") == "de"
    assert i18n.normalize("pt-BR") is None
    assert i18n.normalize("C") == i18n.normalize("POSIX") == i18n.normalize("C.UTF-8") == "en"
    assert i18n.normalize("") is None


def test_only_languages_with_a_catalog_are_available(catalogs: Path) -> None:
    assert i18n.available() == ["es", "en", "ru"]


def test_the_order_of_choice(catalogs: Path) -> None:
    env = {"LANG": "ru_RU.UTF-8"}
    assert i18n.choose(environ=env) == "ru"
    assert i18n.choose(saved="es", environ=env) == "es"  # the saved setting beats the environment
    assert i18n.choose(saved="es", environ={**env, "GUINOTE_LANG": "en"}) == "en"
    assert i18n.choose(option="ru", saved="es", environ={"GUINOTE_LANG": "en"}) == "ru"  # --lang first
    assert i18n.choose(environ={"LANGUAGE": "pt:es", "LANG": "ru_RU"}) == "es"  # LANGUAGE is a list
    assert i18n.choose(environ={"LC_ALL": "C", "LANG": "es_ES"}) == "en"  # C means English
    assert i18n.choose(environ={"LANG": "de_DE.UTF-8"}) == "en"  # no German catalog here: skipped
    assert i18n.choose(saved="klingon", environ={}) == "en"


def test_an_unknown_language_asked_for_is_one_line_naming_the_choices(catalogs: Path) -> None:
    with pytest.raises(i18n.UnknownLanguage) as caught:
        i18n.choose(option="pt")
    message = str(caught.value)
    assert "\n" not in message and "'pt'" in message and "es (Español)" in message and "ru (Русский)" in message
    with pytest.raises(i18n.UnknownLanguage, match="GUINOTE_LANG"):
        i18n.choose(environ={"GUINOTE_LANG": "de"})


def test_the_translator_is_looked_up_at_call_time(catalogs: Path) -> None:
    assert i18n._("Deal") == "Deal"
    i18n.set_language("es")
    assert i18n._("Deal") == "Repartir"
    assert i18n.pgettext("dialog", "Back") == "Atrás"
    assert i18n._("Not in the catalog") == "Not in the catalog"
    i18n.set_language("en")
    assert i18n._("Deal") == "Deal"


def test_plurals_follow_each_language(catalogs: Path) -> None:
    i18n.set_language("ru")
    forms = [i18n.ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (1, 2, 5, 21)]
    assert forms == ["1 взятка", "2 взятки", "5 взяток", "21 взятка"]
    i18n.set_language("es")
    assert [i18n.ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (1, 3, 1_000_000)] == [
        "1 baza",
        "3 bazas",
        "1000000 de bazas",
    ]


def test_n_marks_without_translating(catalogs: Path) -> None:
    i18n.set_language("es")
    assert i18n.N_("Deal") == "Deal"


def test_the_build_hook_compiles_every_catalog(tmp_path: Path) -> None:
    hatch_build = Path(__file__).resolve().parents[2] / "hatch_build.py"
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip("hatchling is only in the build environment")
    spec = importlib.util.spec_from_file_location("hatch_build", hatch_build)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["hatch_build"] = module
    spec.loader.exec_module(module)
    folder = tmp_path / "guinote_tui" / "locale" / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "guinote.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Deal"\nmsgstr "Repartir"\n',
        encoding="utf-8",
    )
    (written,) = module.compile_catalogs(tmp_path)
    assert written == folder / "guinote.mo" and written.stat().st_size > 0


def test_extraction_finds_the_marked_messages() -> None:
    """babel.cfg covers the package: the engine's refusal templates are found (with N_)."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    root = Path(__file__).resolve().parents[2]
    with (root / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = {
        message
        for _, _, message, _, _ in extract_from_dir(
            str(root / "guinote_tui"), method_map, options_map, keywords={"_": None, "N_": None}
        )
    }
    assert "you must follow suit: you hold {led}" in found
    assert "the hand is over" in found
