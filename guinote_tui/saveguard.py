"""Where the match history may be saved (ctrl+s): anywhere, except in a game served to a browser.

``guinote serve`` starts every game with :data:`SERVED_ENV` set to ``1`` in its
environment. Such a game is driven by whoever holds the page, so its save
dialog writes only inside the data directory (:func:`guinote_tui.storage.data_dir`):
a relative name is taken inside it, a path containing ``..`` is refused, and
so is any path that, once ``~`` and symbolic links are resolved, lies outside it;
only ``.json`` files, and never over the game's own (:data:`GAME_FILES`).
A game started in a terminal saves wherever the player says, as before.

    >>> served = {SERVED_ENV: "1"}
    >>> save_target("match.json", served) == data_dir().resolve() / "match.json"
    True
    >>> save_target("/etc/passwd", served)
    Traceback (most recent call last):
    ...
    guinote_tui.saveguard.SaveRefused: /etc/passwd was not saved: a game in the browser saves only inside ...
    >>> save_target("../x.json", served)
    Traceback (most recent call last):
    ...
    guinote_tui.saveguard.SaveRefused: ../x.json was not saved: a game in the browser may not use '..' in a path
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path, PurePath

from .i18n import _
from .storage import data_dir, printable

SERVED_ENV = "GUINOTE_SERVED"
"""Set to ``1`` by ``guinote serve`` in the environment of every game it starts."""

GAME_FILES = frozenset({"current-match.json", "lessons.json"})
"""The game's own ``.json`` files in the data directory (the match to resume, the lessons done), never written over
by a served save (its statistics are not ``.json``: a served save is)."""


class SaveRefused(ValueError):
    """A path a served game may not write; ``str()`` is the one line to show (in the current language)."""


def served(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether this game was started by ``guinote serve``."""
    return environ.get(SERVED_ENV, "") == "1"


def save_target(text: str, environ: Mapping[str, str] = os.environ) -> Path:
    """The absolute path where the history typed as ``text`` is written, or :class:`SaveRefused`."""
    if not served(environ):
        return Path(text).expanduser().resolve()
    if ".." in PurePath(text).parts:
        raise SaveRefused(
            _("{path} was not saved: a game in the browser may not use '..' in a path").format(path=printable(text))
        )
    root = data_dir().resolve()
    target = (root / Path(text).expanduser()).resolve()  # an absolute path replaces root
    if target == root or not target.is_relative_to(root):
        raise SaveRefused(
            _("{path} was not saved: a game in the browser saves only inside {folder}").format(
                path=printable(text), folder=printable(str(root))
            )
        )
    if target.suffix.lower() != ".json" or target.name.lower() in GAME_FILES:
        raise SaveRefused(
            _("{path} was not saved: a game in the browser saves only .json files, never over the game's own").format(
                path=printable(text)
            )
        )
    return target
