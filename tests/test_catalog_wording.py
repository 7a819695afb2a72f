"""Wording that reads right to a native player: plural forms for one, words with two uses kept apart."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest

from guinote_tui import i18n

babel_mofile = pytest.importorskip("babel.messages.mofile")
babel_pofile = pytest.importorskip("babel.messages.pofile")

LOCALE = Path(__file__).resolve().parents[1] / "guinote_tui" / "locale"
#: "the last", as the plural messages write it in each language.
LAST = {
    "en": r"last",
    "es": r"últim\w*",
    "de": r"letzt\w*",
    "it": r"ultim\w*",
    "nl": r"laatste",
    "ru": r"последн\w*",
}


def translations(code: str) -> gettext.NullTranslations:
    """The repository's catalog for ``code``, compiled for the test (English: the source texts)."""
    if code == i18n.SOURCE:
        return gettext.NullTranslations()
    with (LOCALE / code / "LC_MESSAGES" / "guinote.po").open("rb") as source:
        catalog = babel_pofile.read_po(source, locale=code, domain="guinote")
    stream = io.BytesIO()
    babel_mofile.write_mo(stream, catalog, use_fuzzy=False)
    stream.seek(0)
    return gettext.GNUTranslations(stream)


def plural_messages() -> list[tuple[str, str]]:
    with (LOCALE / "guinote.pot").open("rb") as source:
        template = babel_pofile.read_po(source, domain="guinote")
    return [(m.id[0], m.id[1]) for m in template if isinstance(m.id, tuple)]


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_no_plural_form_counts_one_after_the_last(code: str) -> None:
    """For one hand a message says "the last hand", not "the last 1 hand"."""
    found = []
    translator = translations(code)
    for singular, plural in plural_messages():
        for n in (1, 21):  # 21: Russian uses the form of 1 for it too
            text = translator.ngettext(singular, plural, n).replace("{n}", str(n)).replace("{count}", str(n))
            if n == 1 and re.search(rf"\b{LAST[code]} 1\b", text):
                found.append(text)
    assert found == []


def test_the_plural_messages_are_checked() -> None:
    assert any("last" in singular for singular, _plural in plural_messages())


@pytest.mark.parametrize("code", ["es", "de", "it", "nl", "ru"])
def test_normal_is_translated_for_its_use(code: str) -> None:
    """A bot speed and a practice mode are both "normal" in English: each has its own message."""
    translator = translations(code)
    speed = translator.pgettext("bot speed", "normal")
    practice = translator.pgettext("practice mode", "normal")
    assert "normal" not in {speed, practice} or code in ("es", "de")  # (normal is also Spanish and German)
    if code == "ru":
        assert (speed, practice) == ("средне", "скрыты")  # the bots' cards: hidden (not the adverb "обычно" for both)


def catalog_messages(code: str) -> list[tuple[str | None, str, tuple[str, ...]]]:
    """(context, English, its translations) for each message of ``code``'s catalog."""
    with (LOCALE / code / "LC_MESSAGES" / "guinote.po").open("rb") as source:
        catalog = babel_pofile.read_po(source, locale=code, domain="guinote")
    found = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found.append((message.context, english, tuple(s for s in strings if s)))
    return found


#: Wording native players asked to change (docs/dev/translation.md fixes the terms): (language, what the English
#: says, a pattern no translation of it may hold, why). An empty English pattern means every message.
REFUSED_WORDING = [
    ("it", r"", r"\b[Pp]rend[ei] la presa\b", "a trick is won (vince la presa, la presa va a …), not 'taken'"),
    ("it", r"\bside\b", r"\bparte\b(?! da)", "the side is la squadra"),
    ("it", r"dimmed", r"attenuat", "cards that may not be played are in grigio"),
    ("it", r"Did you mean", r"una di queste", "commands are masculine: uno di questi"),
    ("nl", r"(?s)^(?!.*\bmatch).*\bside\b", r"\bpartij\b", "the side is the team; a partij is the match"),
    ("nl", r"^(Hint|Stats|The coach's hint)$", r"\b(Hint|Stats)\b", "Tip, Stat."),
    ("de", r"you chose to", r"für \{played\} entschieden", "a move in words is named as a choice: „{played}“"),
    ("de", r"deals that fit", r"^Auf den Verteilungen", "Bei den Kartenverteilungen, die …"),
    ("de", r"A's share", r"\bAs Anteil", "reads as the card As"),
    ("ru", r"^You draw", r"берёте", "drawing is добирать из колоды; брать is taking a trick"),
    ("ru", r"you chose to", r"выбрали \{played\}", "вы решили {played}"),
    ("ru", r"deals that fit", r"На раскладах, согласных", "При раскладах, совместимых …"),
    ("ru", r"requires an argument", r"аргументов: \{nargs\}", "a sentence, not a label"),
    ("es", r"(?s)^(?!.*\bjuego).*\bmatch", r"\bpartidas?\b", "the match is el encuentro; la partida is the juego"),
    ("es", r"", r"^\{card\} es\b|: \{card\} es\b", "no sentence opens with a bare card (a telegram)"),
    ("es", r"Invitations to pass", r"para pasar", "pasar is passing a turn: invitaciones para tus amigos"),
    ("it", r"Invitations to pass", r"da passare", "passare is passing a turn: inviti per i tuoi amici"),
    ("es", r"deals? of 10|of 10 deals|deals that fit", r"\bmanos?\b", "the coach's deals are repartos"),
    ("de", r"deals? of 10|of 10 deals|deals that fit", r"\bRunden?\b", "the coach's deals are Verteilungen"),
    ("it", r"deals? of 10|of 10 deals|deals that fit", r"\bman[oi]\b", "the coach's deals are distribuzioni"),
    ("ru", r"deals? of 10|of 10 deals|deals that fit", r"раздач", "the coach's deals are расклады"),
    ("ru", r"deals that fit", r"согласн", "при раскладах, совместимых с тем, что вам известно"),
    ("ru", r"\bdraws?\b|\bdrawn\b|\bdrew\b", r"\bбер(ёт|ут|ёте)\b|взят[аы]? из колоды|взяли карту", "добирать"),
    ("de", r"\b(review|graded)\b", r"\bBewertung\b|\bangemerkt", "the review is die Analyse; graded: bewertet"),
    ("de", r"\bside\b", r"\b[Dd]eine Seite\b", "the side is das Team"),
    ("de", r"\bsings?\b|\bsang\b", r"\bmelde(te)?n?\b", "singing is ansagen"),
    ("de", r"Trick \{number\} to", r"Stich \{number\} an\b", "no article: Gegner macht Stich 3"),
    ("it", r"\bseed", r"\bseme\b", "the seed is il codice; il seme is a suit"),
    ("nl", r"\bover the hand\b", r"\bover de hand\b", "a deal is a gift: in deze gift"),
    ("ru", r"play a card by its number", r"назвав", "the answer is typed: введите номер карты"),
    ("ru", r"\bwins, (nobody|highest)", r"\bберёт\b", "the line already says who takes the trick (берёт … берёт)"),
]


@pytest.mark.parametrize(("code", "english", "refused", "why"), REFUSED_WORDING)
def test_the_wording_native_players_refused_is_gone(code: str, english: str, refused: str, why: str) -> None:
    found = [
        f"{message!r}: {text!r}"
        for _context, message, texts in catalog_messages(code)
        if re.search(english, message)
        for text in texts
        if re.search(refused, text)
    ]
    assert found == [], f"{code} ({why}): {found[:3]}"


def test_nl_bot_levels_are_willekeurig_and_normaal() -> None:
    translator = translations("nl")
    assert translator.pgettext("bot level", "random") == "willekeurig"
    assert translator.pgettext("bot level", "normal") == "normaal"


def glossary_rows() -> list[tuple[str, str, str]]:
    """The checked rows of docs/dev/translation.md's "One term per thing": (language, term, never)."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "dev" / "translation.md").read_text(encoding="utf-8")
    section = doc.split("### 2.3 One term per thing (checked)", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if len(cells) == 4 and cells[0] in i18n.LANGUAGES and cells[2].startswith("`"):
            rows.append((cells[0], cells[1], cells[2].split("`")[1]))
    return rows


def test_the_glossary_of_one_term_per_thing_is_read() -> None:
    rows = glossary_rows()
    assert len(rows) >= 10 and {code for code, _term, _never in rows} >= {"de", "ru", "it", "es", "nl"}


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.SOURCE])
def test_one_term_per_thing(code: str) -> None:
    """No translation uses a word the glossary replaced by its one term (the msgid is named for each)."""
    with (LOCALE / code / "LC_MESSAGES" / "guinote.po").open("rb") as source:
        catalog = babel_pofile.read_po(source, locale=code, domain="guinote")
    found = []
    for _lang, term, never in (row for row in glossary_rows() if row[0] == code):
        pattern = re.compile(never, re.IGNORECASE | re.MULTILINE)
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.id and any(pattern.search(text or "") for text in strings):
                found.append(f"{never!r} (say {term!r}) in {message.id!r}")
    assert found == []


#: A word cut short, read aloud as it is written ("очк." is said "ochk"): allowed only in a table's column header.
ABBREVIATED = {"ru": r"\bочк\.", "es": r"\bpts?\.", "de": r"\bPkt\.", "it": r"\bpt\.", "nl": r"\bpt\."}


@pytest.mark.parametrize("code", sorted(ABBREVIATED))
def test_no_sentence_abbreviates_points(code: str) -> None:
    """A sentence says its points in words, in the plural form of its number (ngettext); a column header may not."""
    found = [
        f"{message!r}: {text!r}"
        for context, message, texts in catalog_messages(code)
        if context != "statistics column"
        for text in texts
        if re.search(ABBREVIATED[code], text)
    ]
    assert found == [], found[:3]
