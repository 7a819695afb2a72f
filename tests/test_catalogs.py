"""Every message catalog is complete and keeps the code's placeholders and markup.

The messages are extracted from the code at test time (Babel's own
extractor, the keywords of CONTRIBUTING.md), so a template that was not
regenerated cannot hide a message that no catalog translates.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

babel_messages = pytest.importorskip("babel.messages")

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from guinote_tui import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "guinote_tui"
#: pybabel's default keywords (gettext, ngettext, ...) plus the project's own.
KEYWORDS = {**DEFAULT_KEYWORDS, "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]

#: {name}, {name!r}, {count:d}: the name is what must survive.
BRACE = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)?(?:[!:][^{}]*)?\}(?!\})")
#: Rich markup tags, [b], [/b], [dim], [/], [@click=...]: kept as they are.
MARKUP = re.compile(r"\[/?[a-z@][^\[\]]*\]")


def _key(message_id: str | tuple[str, ...], context: str | None) -> tuple[str | None, str]:
    singular = message_id[0] if isinstance(message_id, tuple) else message_id
    return context, singular


@cache
def code_messages() -> dict[tuple[str | None, str], bool]:
    """(context, msgid) -> whether it has a plural, for every message marked in the code."""
    found: dict[tuple[str | None, str], bool] = {}
    method_map = [("**.py", "python")]
    for _file, _line, message, _comments, context in extract_from_dir(
        str(PACKAGE), method_map=method_map, keywords=KEYWORDS
    ):
        if isinstance(message, tuple):
            if not message[0]:
                continue
            found[_key(message, context)] = len(message) > 1
        else:
            found[_key(message, context)] = False
    return found


@cache
def catalog(code: str):  # type: ignore[no-untyped-def]
    path = PACKAGE / "locale" / code / "LC_MESSAGES" / "guinote.po"
    assert path.is_file(), f"no catalog for {code}: {path}"
    with path.open("rb") as handle:
        return read_po(handle, locale=code, domain="guinote")


def names(text: str) -> list[str]:
    return sorted(match.group(1) or "" for match in BRACE.finditer(text))


def tags(text: str) -> list[str]:
    return sorted(MARKUP.findall(text))


def test_the_code_has_messages_to_translate() -> None:
    messages = code_messages()
    assert len(messages) > 500
    assert any(plural for plural in messages.values())
    assert (None, "Quit") in messages


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_has_every_message_and_nothing_fuzzy_or_empty(code: str) -> None:
    po = catalog(code)
    nplurals = po.num_plurals
    entries = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in po if m.id}
    missing = [key for key in code_messages() if key not in entries]
    assert not missing, f"{code}: {len(missing)} messages not in the catalog, first {missing[:3]}"
    problems = []
    for key, has_plural in code_messages().items():
        message = entries[key]
        if message.fuzzy:
            problems.append(f"fuzzy: {key[1]!r}")
            continue
        if has_plural:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if len(forms) != nplurals or not all(forms):
                problems.append(f"plural forms ({len(forms)} of {nplurals}): {key[1]!r}")
        elif not message.string or isinstance(message.string, tuple):
            problems.append(f"empty: {key[1]!r}")
    assert not problems, f"{code}: {len(problems)} problems, first {problems[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_keeps_every_placeholder_and_markup_tag(code: str) -> None:
    problems = []
    for message in catalog(code):
        if not message.id or not message.string:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        targets = message.string if isinstance(message.string, tuple) else (message.string,)
        # Every form must name the placeholders of the plural source (a singular
        # form may drop the count: "one trick" for "{n} tricks" is fine).
        expected = set(names(sources[-1])) | set(names(sources[0]))
        for target in targets:
            if not target:
                continue
            unknown = set(names(target)) - expected
            if unknown:
                problems.append(f"unknown placeholder {sorted(unknown)} in {target!r}")
        if len(sources) == 1:
            if names(targets[0]) != names(sources[0]):
                problems.append(f"placeholders {names(sources[0])} -> {names(targets[0])}: {sources[0]!r}")
        else:
            # (What the two English forms share; where they differ, format_problems below says which form needs which.)
            needed = set(names(sources[0])) & set(names(sources[-1])) - {"count", "n"}
            for target in targets:
                if target and not needed <= set(names(target)):
                    problems.append(f"plural form loses {sorted(needed - set(names(target)))}: {target!r}")
        for target in targets:
            if target and tags(target) != tags(sources[0]):
                problems.append(f"markup {tags(sources[0])} -> {tags(target)}: {sources[0]!r}")
            if target and target.count("%") != sources[0].count("%"):
                problems.append(f"percent signs changed: {sources[0]!r} -> {target!r}")
    assert not problems, f"{code}: {len(problems)} problems, first {problems[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_has_no_message_the_code_no_longer_uses(code: str) -> None:
    stale = [
        m.id
        for m in catalog(code)
        if m.id and (m.context, m.id[0] if isinstance(m.id, tuple) else m.id) not in code_messages()
    ]
    assert not stale, f"{code}: {len(stale)} messages the code no longer has (run pybabel update), first {stale[:3]}"
    assert not catalog(code).obsolete, f"{code}: obsolete (#~) entries left; run pybabel update --ignore-obsolete"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_is_for_its_language(code: str) -> None:
    po = catalog(code)
    assert str(po.locale) == code
    assert po.plural_forms.startswith(f"nplurals={po.num_plurals};")


def test_no_message_reads_as_an_old_style_format() -> None:
    """The code formats with named braces only: a text Babel reads as ``%``-formatting (``95 % c…``) cannot compile."""
    from babel.messages.catalog import PYTHON_FORMAT

    flagged = [key[1] for key in code_messages() if PYTHON_FORMAT.search(key[1])]
    assert not flagged, f"these texts read as %-format placeholders to Babel: {flagged}"


def plural_uses(po) -> dict[int, list[int]]:  # type: ignore[no-untyped-def]
    """Which counts from 0 to 1000 each plural form of ``po`` is used for (by its Plural-Forms expression)."""
    import gettext

    choose = gettext.c2py(po.plural_expr)
    uses: dict[int, list[int]] = {}
    for n in range(1001):
        uses.setdefault(choose(n), []).append(n)
    return uses


def format_problems(po) -> list[str]:  # type: ignore[no-untyped-def]
    """What ``msgfmt -c`` reports about the brace placeholders of ``po``, found without it.

    As GNU gettext checks ``python-brace-format``: a translation has exactly
    the placeholders of its message; a plural form used for several counts
    has exactly those of the plural message (``msgid_plural``); a form used
    for one count only (the "one" of English or German) may leave any out,
    but names none that neither message has.
    """
    uses = plural_uses(po)
    problems = []
    for message in po:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple):
            singular, plural = (set(names(text)) for text in message.id[:2])
            for form, target in enumerate(message.string):
                found = set(names(target))
                if len(uses.get(form, [])) > 1:
                    if found != plural:
                        problems.append(f"msgstr[{form}] has {sorted(found)}, the plural {sorted(plural)}: {target!r}")
                elif not found <= singular | plural:
                    problems.append(f"msgstr[{form}] names {sorted(found - singular - plural)}: {target!r}")
        elif set(names(message.string)) != set(names(message.id)):
            problems.append(f"{sorted(names(message.id))} -> {sorted(names(message.string))}: {message.id!r}")
    return problems


def test_the_format_check_finds_a_plural_form_naming_the_singular_s_placeholder() -> None:
    """The mistake ``msgfmt -c`` found: a plural form that uses the singular's placeholder."""
    from io import BytesIO

    text = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Did you mean {possibility}?"\nmsgid_plural "(Did you mean one of: {possibilities}?)"\n'
        'msgstr[0] "Meintest du {possibility}?"\nmsgstr[1] "(Meintest du eine davon: {possibility}?)"\n'
    )
    po = read_po(BytesIO(text.encode()), locale="de")
    assert format_problems(po) == [
        "msgstr[1] has ['possibility'], the plural ['possibilities']: '(Meintest du eine davon: {possibility}?)'"
    ]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_passes_babel_s_checks_and_gettext_s_format_check(code: str) -> None:
    """Babel's checkers (``catalog.check()``: plural counts, %-formats) and msgfmt's brace check, always run."""
    po = catalog(code)
    babel_errors = [f"{message.id!r}: {[str(e) for e in errors]}" for message, errors in po.check()]
    assert not babel_errors, f"{code}: {babel_errors[:3]}"
    problems = format_problems(po)
    assert not problems, f"{code}: {len(problems)} problems, first {problems[:3]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_msgfmt_accepts_the_catalog(code: str, tmp_path: Path) -> None:
    """GNU gettext's own check (``msgfmt -c``: the header, the plural forms, every format string)."""
    import shutil
    import subprocess

    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt is not installed (GNU gettext: apt-get install gettext); the Babel check above still ran")
    path = PACKAGE / "locale" / code / "LC_MESSAGES" / "guinote.po"
    result = subprocess.run(
        [msgfmt, "-c", "-o", str(tmp_path / "guinote.mo"), str(path)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, f"{code}: msgfmt -c failed:\n{result.stderr}"
