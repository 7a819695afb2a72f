"""Match histories: a JSON document that replays to the identical match.

The format (``"format": "guinote-history", "version": 1``)::

    {
      "format": "guinote-history",
      "version": 1,
      "players": 4,
      "names": ["You", "Bot 1", "Partner", "Bot 3"],
      "rules": {"preset_name": "aragones", "tute": "juego", ...},
      "seed": 42,
      "table": {"seats": {"1": "hard", "2": "normal", "3": "hard"}, "pace": "wait"},
      "hands": [
        {"dealer": 3,
         "deck": "12E 3O ... (40 cards, top first)",
         "actions": ["0 5C", "1 12C", "2 1C", "3 7C", "2 sing:O", ...]}
      ]
    }

Each action is ``"<seat> <action>"`` in the notation of
:mod:`guinote_tui.engine.actions`. ``seed`` is informational (null when the
decks were given); the decks decide the replay. ``names`` is optional, and
so is ``table``: what the program that played the match recorded about its
table (each bot seat's spec, the pace…). The engine keeps it as it is in
:attr:`Match.table <guinote_tui.engine.Match.table>` without reading it.

:func:`load_history` either returns a fully replayed :class:`Match` or raises
:class:`HistoryError` with one message naming the hand, the action and the
rule it breaks; it never returns a half-loaded match.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from .actions import ActionError, parse_action
from .cards import CARD_TEXT, CardError, parse_deck
from .errors import HistoryError, IllegalAction
from .errors import shown as _shown
from .match import Match
from .rules import Rules, RulesError

FORMAT = "guinote-history"
VERSION = 1
#: The largest history read: a long real match is a few hundred kilobytes.
MAX_BYTES = 10 * 1024 * 1024
#: Seeds are stored as SQLite integers: signed 64-bit.
SEED_RANGE = range(-(2**63), 2**63)


def history_dict(match: Match, names: list[str] | None = None, table: dict[str, Any] | None = None) -> dict[str, Any]:
    """The history of ``match`` so far as a JSON-ready dictionary (``table``: see the module's docstring)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": match.players,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "hands": [
            {
                "dealer": record.dealer,
                "deck": " ".join(CARD_TEXT[c] for c in record.deck),
                "actions": [f"{seat} {action}" for seat, action in record.actions],
            }
            for record in match.records()
        ],
    }
    if names is not None:
        data["names"] = list(names)
    table = match.table if table is None else table
    if table:
        data["table"] = dict(table)
    return data


def dumps(match: Match, names: list[str] | None = None, table: dict[str, Any] | None = None) -> str:
    return json.dumps(history_dict(match, names, table), indent=1)


def save_history(
    match: Match, path: str | Path, names: list[str] | None = None, table: dict[str, Any] | None = None
) -> None:
    """Write the history to ``path`` whole or not at all: a temporary file beside it, then a rename.

    A file replaced keeps its permissions. Raises ``OSError``; the old file is then untouched.
    """
    target = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(dumps(match, names, table) + "\n")
            stream.flush()
            try:
                os.fchmod(stream.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            except FileNotFoundError:  # a new file: the permissions any new file of the user's gets
                umask = os.umask(0)
                os.umask(umask)
                os.fchmod(stream.fileno(), 0o666 & ~umask)
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def read_history(path: str | Path) -> Match:
    """Load a history file; every failure is a :class:`HistoryError` with one line.

    Only a regular file of at most :data:`MAX_BYTES` is read: a FIFO or a
    device is refused without blocking or reading from it.
    """
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise HistoryError(f"{path}: no such file") from None
    except OSError as exc:
        raise HistoryError(f"{path}: cannot be read ({exc.strerror or exc.__class__.__name__})") from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            os.close(handle)
            kind = "is a folder" if stat.S_ISDIR(mode) else "not a regular file"
            raise HistoryError(f"{path}: {kind}, not a history file")
        with os.fdopen(handle, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise HistoryError(f"{path}: larger than {MAX_BYTES // 2**20} MB, more than any match holds")
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise HistoryError(f"{path}: cannot be read ({exc.__class__.__name__})") from None
    try:
        return load_history(text)
    except HistoryError as exc:
        raise HistoryError(f"{path}: {exc}") from None


def load_history(source: str | dict[str, Any]) -> Match:
    """Replay a history (JSON text or an already parsed dictionary).

    Whatever the input, the result is a replayed :class:`Match` or a
    :class:`HistoryError` with one line: no other exception escapes.
    """
    try:
        return _load_history(source)
    except HistoryError:
        raise
    except (RecursionError, MemoryError):
        raise HistoryError("not a history this program can read: nested or repeated too deeply") from None
    except Exception as exc:  # a reader has one rule: a one-line message, never a traceback
        raise HistoryError(f"not a history this program can read: {_shown(str(exc))}") from None


def _load_history(source: str | dict[str, Any]) -> Match:
    if isinstance(source, str):
        try:
            data = json.loads(source)
        except json.JSONDecodeError as exc:
            raise HistoryError(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
        except (RecursionError, ValueError) as exc:
            # Nesting too deep for the parser, or a number too long to convert.
            reason = _shown(str(exc) or type(exc).__name__)
            raise HistoryError(f"not a history this program can read: {reason}") from None
    else:
        data = source
    if not isinstance(data, dict):
        raise HistoryError("a history must be a JSON object")
    if data.get("format") != FORMAT:
        raise HistoryError(f'not a guiñote history: "format" must be {FORMAT!r}')
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise HistoryError(f"unsupported history version {_shown(version)}: this program reads version {VERSION}")
    players = data.get("players")
    if type(players) is not int or players not in (2, 4):
        raise HistoryError(f'"players" must be 2 or 4, not {_shown(players)}')
    try:
        rules = Rules.from_dict(data.get("rules", {}))
    except (RulesError, TypeError) as exc:
        raise HistoryError(f"bad rules: {exc}") from None
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed not in SEED_RANGE):
        raise HistoryError(f'"seed" must be a whole number from -2**63 to 2**63 - 1, or null, not {_shown(seed)}')
    table = data.get("table", {})
    if not isinstance(table, dict):
        raise HistoryError('"table" must be a JSON object')
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise HistoryError('"hands" must be a non-empty list')
    parsed = [_parse_hand(i + 1, entry, players) for i, entry in enumerate(hands)]
    dealer0, deck0, _ = parsed[0]
    match = Match(players, rules, seed=seed, dealer=dealer0, deck=deck0)
    match.table = table
    for number, (dealer, deck, actions) in enumerate(parsed, start=1):
        if number > 1:
            if not match.hand.is_over:
                raise HistoryError(f"hand {number - 1} is not finished but another hand follows it")
            if match.is_over:
                raise HistoryError(f"hand {number}: the match was already over")
            match.next_hand(deck)
            if match.hand.dealer != dealer:
                raise HistoryError(
                    f"hand {number}: dealer is seat {dealer} but the rules make seat {match.hand.dealer} deal"
                )
        for index, (seat, action, text) in enumerate(actions, start=1):
            where = f"hand {number}, action {index} ({_shown(text)})"
            if match.hand.is_over:
                raise HistoryError(f"{where}: the hand is already over")
            try:
                match.apply(action, seat)
            except IllegalAction as exc:
                raise HistoryError(f"{where}: illegal: {exc.rule}") from None
    return match


def _parse_hand(number: int, entry: Any, players: int) -> tuple[int, list[Any], list[Any]]:
    if not isinstance(entry, dict):
        raise HistoryError(f"hand {number} must be a JSON object")
    dealer = entry.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise HistoryError(f'hand {number}: "dealer" must be a seat from 0 to {players - 1}, not {_shown(dealer)}')
    deck_text = entry.get("deck")
    if not isinstance(deck_text, (str, list)):
        raise HistoryError(f'hand {number}: "deck" must list the 40 cards')
    try:
        deck = parse_deck(deck_text)
    except CardError as exc:
        raise HistoryError(f"hand {number}: bad deck: {exc}") from None
    raw_actions = entry.get("actions", [])
    if not isinstance(raw_actions, list):
        raise HistoryError(f'hand {number}: "actions" must be a list')
    actions = []
    for index, item in enumerate(raw_actions, start=1):
        where = f"hand {number}, action {index} ({_shown(item)})"
        if not isinstance(item, str) or len(item.split()) != 2:
            raise HistoryError(f'{where}: an action is written "<seat> <action>", e.g. "0 12E"')
        seat_text, action_text = item.split()
        if not (seat_text.isascii() and seat_text.isdigit() and len(seat_text) <= 2) or int(seat_text) >= players:
            raise HistoryError(f"{where}: no seat {_shown(seat_text)} at a table of {players}")
        try:
            action = parse_action(action_text)
        except ActionError as exc:
            raise HistoryError(f"{where}: {exc}") from None
        actions.append((int(seat_text), action, item))
    return dealer, deck, actions
