"""A table's match kept on the host after every trick, with its seats' codes, to continue after a restart.

The file is ``table-match.json`` in the game's data folder (beside the match
in progress of :mod:`guinote_tui.game.resume`, written by the same
:class:`~guinote_tui.game.resume.Keeper`: a temporary file and a rename, one
host at a time under its lock). It is a match history
(``docs/dev/history-format.md``) whose ``table`` holds the table's part::

    "table": {"net": {"people": [0, 2], "codes": {"0": "…", "2": "…"}, "level": "normal",
                      "names": ["Ana", "Bot 2", "Seat 3", "Bot 4"], "bot_decisions": [[1, 14, 2]],
                      "told": {"0": 1, "2": 0}}}

The codes are kept as they are, so that the restarted host can print the
same invitations: the file is a secret and is written readable by its owner
only (``0600``). ``bot_decisions`` are ``[hand, actions before it, seat]`` of
every decision a bot took for an absent person; ``told`` the finished hands
each person's seat was told of (one coming back is told of the others). A
person's name (``guinote join --name``) is kept among the ``names``. A finished match removes the
file. A file the game did not write is hostile: anything but a table's match
as above is refused in one line (:class:`KeptTableError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..ai import make_bot
from ..engine import Match
from ..game import resume
from ..i18n import _
from .protocol import ProtocolError, person_name

if TYPE_CHECKING:
    from .host import Host

FILE_NAME = "table-match.json"
#: The kept file holds the seats' codes: its owner alone may read it.
MODE = 0o600
#: What a seat's code looks like (:func:`~.host.readable_code`, or an older ``secrets.token_urlsafe``).
CODE = re.compile(r"[A-Za-z0-9_-]{12,64}")


def path() -> Path:
    """Where a table's match is kept: the game's data folder, never elsewhere."""
    return resume.path(FILE_NAME)


class KeptTableError(Exception):
    """The kept table cannot be continued; ``str()`` is the one line to show."""


@dataclass
class Kept:
    """A table's match read back: the match, its people's seats and codes, the bots' level, the seats' names."""

    match: Match
    people: tuple[int, ...]
    codes: dict[int, str]
    level: str
    names: tuple[str, ...] = ()
    bot_decisions: list[tuple[int, int, int]] = field(default_factory=list)
    #: A practice table: hints allowed for everyone.
    hints: bool = False
    #: The finished hands each person's seat was told of.
    told: dict[int, int] = field(default_factory=dict)


def keeper() -> resume.Keeper:
    """The writer of the kept table (its lock taken); raises :class:`KeptTableError` when another host keeps it."""
    writer = resume.Keeper(path(), MODE)
    if writer.elsewhere:
        raise KeptTableError(_("Another table on this computer keeps its match: stop it first"))
    return writer


def release() -> None:
    resume.release(path())


def table_dict(host: Host) -> dict[str, Any]:
    return {
        "net": {
            "people": list(host.people),
            "codes": {str(seat): host.codes[seat] for seat in host.people},
            "level": host.config.level,
            "names": list(host.names),
            "bot_decisions": [list(decision) for decision in host.bot_decisions],
            "hints": host.config.hints,
            "told": {str(seat): count for seat, count in host.told.items()},
        }
    }


def save(host: Host, writer: resume.Keeper) -> str | None:
    """Write the host's match (or remove the file once it is over); the problem in one line, or None."""
    if writer.save(host.match, list(host.names), table_dict(host)):
        return None
    return writer.problem


def _ints(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def _table(match: Match) -> Kept:
    """The table's part of a kept match, checked; ``ValueError`` with the reason."""
    part = match.table.get("net") if isinstance(match.table, dict) else None
    if not isinstance(part, dict):
        raise ValueError(_("no table in it"))
    people, codes, level = part.get("people"), part.get("codes"), part.get("level")
    if not _ints(people) or not people or len(set(people)) != len(people):
        raise ValueError(_("its people's seats are not a list of seats"))
    if any(not 0 <= seat < match.players for seat in people):
        raise ValueError(_("its people's seats are not a list of seats"))
    if not isinstance(codes, dict) or set(codes) != {str(seat) for seat in people}:
        raise ValueError(_("its codes do not match its people's seats"))
    if not all(isinstance(code, str) and CODE.fullmatch(code) for code in codes.values()):
        raise ValueError(_("its codes do not match its people's seats"))
    if not isinstance(level, str) or len(level) > 64:
        raise ValueError(_("its bots' level is not one the game knows"))
    try:
        make_bot(level)
    except Exception:  # a spec the bots refuse, however they refuse it
        raise ValueError(_("its bots' level is not one the game knows")) from None
    decisions = part.get("bot_decisions", [])
    if not isinstance(decisions, list) or not all(_ints(d) and len(d) == 3 for d in decisions):
        decisions = []
    names = part.get("names")
    if not isinstance(names, list) or len(names) != match.players:
        names = []
    names = [n for n in names if isinstance(n, str) and _name(n)]
    told = part.get("told", {})
    if not isinstance(told, dict):
        told = {}
    return Kept(
        match,
        tuple(sorted(people)),
        {int(seat): code for seat, code in codes.items()},
        level,
        tuple(names) if len(names) == match.players else (),
        [(d[0], d[1], d[2]) for d in decisions],
        part.get("hints") is True,
        {
            int(seat): count
            for seat, count in told.items()
            if seat in codes and isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= 100_000
        },
    )


def _name(text: str) -> bool:
    """Whether a kept seat's name is one the table shows: a person's (:func:`~.protocol.person_name`) or a seat's."""
    try:
        return person_name(text) == text
    except ProtocolError:
        return False


def load() -> Kept | None:
    """The kept table's match; None when there is none (or it was over).

    Raises :class:`~guinote_tui.storage.Damaged` for a file that is not a match
    (set aside), :class:`KeptTableError` for a match that is not a table's.
    """
    match = resume.load(path())
    if match is None:
        return None
    try:
        return _table(match)
    except ValueError as exc:
        raise KeptTableError(
            _("The kept table cannot be continued ({problem}): guinote host --new starts another").format(problem=exc)
        ) from None
