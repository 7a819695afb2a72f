"""The player's language: which one is used, and the translator, looked up at call time.

Messages are marked in the code with :func:`_` (and :func:`ngettext` for
plurals, :func:`pgettext` where one English word needs two translations) and
translated from gettext catalogs: ``guinote_tui/locale/<code>/LC_MESSAGES/
guinote.po`` in the repository, compiled to ``guinote.mo`` when the package
is built (``hatch_build.py``). The functions read the current language each
time they are called, so switching the language takes effect at once, with
no restart.

Which language (:func:`choose`), first match wins:

1. ``--lang`` on the command line, or ``GUINOTE_LANG`` in the environment;
2. the language saved in the settings;
3. the environment: ``LANGUAGE`` (a colon-separated list), ``LC_ALL``,
   ``LC_MESSAGES``, ``LANG``; ``C`` and ``POSIX`` mean English;
4. English.

A code named on the command line or in ``GUINOTE_LANG`` that the game does
not have is an error (:class:`UnknownLanguage`, one line naming the
languages); one found in the environment or the settings is skipped.

    >>> normalize("es_ES.UTF-8"), normalize("C"), normalize("pt_BR")
    ('es', 'en', None)
    >>> choose(environ={"LANG": "C.UTF-8"})
    'en'
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Mapping
from functools import cache

#: The languages the game is made for, in the order a picker lists them, with their own names.
LANGUAGES: dict[str, str] = {
    "es": "Español",
    "en": "English",
    "de": "Deutsch",
    "it": "Italiano",
    "nl": "Nederlands",
    "ru": "Русский",
}
#: The language of the code's own messages (no catalog needed).
SOURCE = "en"
DOMAIN = "guinote"

_current = SOURCE


class UnknownLanguage(ValueError):
    """A language the game does not have; ``str()`` is the line in English, :meth:`line` in the current language."""

    def __init__(self, where: str, code: str, names: str) -> None:
        self.where, self.code, self.names = where, code, names
        super().__init__(f"{where}: no language {code!r}; choose one of {names}")

    def line(self) -> str:
        """The one line to show, in the current language."""
        text = _("{where}: no language {code}; choose one of {names}")
        return text.format(where=self.where, code=repr(self.code), names=self.names)


def _locale_dir() -> str:
    # The catalogs are files beside the package (gettext reads them from disk): the folder is found from this module
    # without ``importlib.resources``, which would load pathlib, tempfile and zipfile for every command.
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")


def has_catalog(code: str) -> bool:
    """Whether the compiled catalog for ``code`` is installed (English needs none)."""
    if code == SOURCE:
        return True
    return _gettext.find(DOMAIN, _locale_dir(), [code]) is not None


def available() -> list[str]:
    """The languages that can be chosen now: those of :data:`LANGUAGES` whose catalog is installed."""
    return [code for code in LANGUAGES if has_catalog(code)]


def normalize(code: str) -> str | None:
    """A locale name (``es_ES.UTF-8``, ``de``, ``C``) as one of :data:`LANGUAGES`, or None.

    ``C`` and ``POSIX`` are English.
    """
    text = code.strip()
    if not text:
        return None
    base = text.split(".")[0].split("@")[0]
    if base in ("C", "POSIX"):
        return SOURCE
    language = base.replace("-", "_").split("_")[0].lower()
    return language if language in LANGUAGES else None


def _named(code: str, where: str) -> str:
    chosen = normalize(code)
    if chosen is None or not has_catalog(chosen):
        names = ", ".join(f"{c} ({LANGUAGES[c]})" for c in available())
        raise UnknownLanguage(where, code, names)
    return chosen


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The language the locale variables ask for, if the game has it."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        for part in value.split(":") if variable == "LANGUAGE" else [value]:
            chosen = normalize(part)
            if chosen is not None and has_catalog(chosen):
                return chosen
    return None


def choose(option: str | None = None, saved: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use (see the module's docstring for the order).

    Raises :class:`UnknownLanguage` for ``option`` or ``GUINOTE_LANG`` naming a language the game does not have.
    """
    env = os.environ if environ is None else environ
    if option:
        return _named(option, "--lang")
    if env.get("GUINOTE_LANG"):
        return _named(env["GUINOTE_LANG"], "GUINOTE_LANG")
    if saved:
        chosen = normalize(saved)
        if chosen is not None and has_catalog(chosen):
            return chosen
    return from_environment(env) or SOURCE


def set_language(code: str) -> None:
    """Use ``code`` from now on (raises :class:`UnknownLanguage` when its catalog is missing)."""
    global _current
    _current = _named(code, "language")


def current() -> str:
    """The language in use."""
    return _current


@cache
def _translations(code: str) -> _gettext.NullTranslations:
    if code == SOURCE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, _locale_dir(), [code], fallback=True)


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translations(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n`` in the current language (``{n}`` is then formatted by the caller)."""
    return _translations(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells two uses of one English text apart."""
    return _translations(_current).pgettext(context, message)


#: The decimal mark of each language (the others' is the point).
DECIMAL_MARKS: dict[str, str] = {"es": ",", "de": ",", "it": ",", "nl": ",", "ru": ","}


def number(value: float, spec: str = "g", *, trim: bool = False) -> str:
    """``value`` formatted with ``spec`` (as ``format()`` takes it) and the current language's decimal mark.

    With ``trim``, a whole number loses its needless decimals (``2.0`` is ``2``), except 1, which keeps
    them (``1.0``) so that a following "points" reads right in every language.

    >>> number(2.5), number(-1.25, "+.1f"), number(3.0, ".1f", trim=True), number(1.0, ".1f", trim=True)
    ('2.5', '-1.2', '3', '1.0')
    """
    text = format(value, spec)
    if trim and "." in text and text.rstrip("0").endswith(".") and text.rstrip("0").rstrip(".").lstrip("+-") != "1":
        text = text.rstrip("0").rstrip(".")
    mark = DECIMAL_MARKS.get(_current)
    return text.replace(".", mark) if mark else text


def estimate(value: float, margin: float = 0.0) -> str:
    """A coach's figure with its margin of error, no more precise than it is.

    Exact (``margin`` 0): to a tenth. A margin under a point: to a tenth with it.
    Otherwise whole points. The callers pass the 95 % margin (1.96 standard errors).

    >>> estimate(7.25), estimate(7.25, 0.6), estimate(7.25, 2.4)
    ('7.2', '7.2 ± 0.6', '7 ± 2')
    """
    if margin <= 0:
        return number(value, ".1f", trim=True)
    if margin < 1:
        return f"{number(value, '.1f')} ± {number(margin, '.1f')}"
    return f"{number(round(value), 'd')} ± {number(round(margin), 'd')}"


def estimate_count(value: float, margin: float = 0.0) -> int:
    """The number a noun after :func:`estimate`'s figure agrees with, to choose the ``ngettext`` form.

    A whole figure: itself. A figure with a decimal: 2, whose form every catalog uses after a decimal
    ("2.5 points", Russian "2,5 очка"). With a margin the noun follows the last number said ("7 ± 4 очка"):
    the margin, and 21 for a margin of 1, whose form is the singular's in Russian ("7 ± 1 очко") and the
    plural in the other languages ("7 ± 1 points").

    >>> estimate_count(7.0), estimate_count(1.0), estimate_count(7.25), estimate_count(7.25, 0.6)
    (7, 2, 2, 2)
    >>> estimate_count(7.25, 2.4), estimate_count(7.25, 1.2), estimate_count(-3.0)
    (2, 21, 3)
    """
    if 0 < margin < 1:
        return 2
    if margin >= 1:
        spread = round(margin)
        return 21 if spread == 1 else spread
    shown = format(value, ".1f")
    if not shown.endswith(".0") or shown.lstrip("+-") == "1.0":
        return 2
    return abs(int(float(shown)))


def tenths(share: float, least: int = 0) -> int:
    """A share of deals as the deals of 10 it stands for, for "in about 7 deals of 10": from the share to three
    places (as a verdict keeps it), halves rounded up, 10 only for every deal (a share short of it is at most 9),
    and at least ``least`` for a share above nothing (nothing is 0).

    >>> tenths(0.68), tenths(0.02), tenths(0.02, least=1), tenths(0.97), tenths(1.0), tenths(0.0, least=1)
    (7, 0, 1, 9, 10, 0)
    """
    if share <= 0:
        return 0
    kept = round(share, 3)
    whole = int(kept * 10 + 0.5 + 1e-9)
    return whole if kept >= 1 else min(max(least, whole), 9)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (a table built at import time)."""
    return message


@cache
def _catalog_ids() -> frozenset[str]:
    """Every message of the game's catalogs (the first catalog installed holds them all)."""
    for code in LANGUAGES:
        if code != SOURCE and has_catalog(code):
            found = getattr(_translations(code), "_catalog", {})
            return frozenset(key for key in found if isinstance(key, str) and key)
    return frozenset()


def in_catalog(message: str) -> bool:
    """Whether ``message`` is one of the game's own messages (a text from outside is worded only if it is)."""
    return message in _catalog_ids()
