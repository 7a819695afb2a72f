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
rule it breaks; it never returns a half-loaded match. A history of more than
:data:`~.limits.MAX_HANDS` hands is refused before any hand is replayed.
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
from .errors import ErrorCode, HistoryError, IllegalAction
from .errors import shown as _shown
from .limits import MAX_HANDS, SEED_RANGE
from .match import Match
from .rules import Rules, RulesError

FORMAT = "guinote-history"
VERSION = 1
#: The largest history read: a real match is a few kilobytes, the longest a match may be (:data:`MAX_HANDS`) about 1 MB.
MAX_BYTES = 10 * 1024 * 1024


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
        raise HistoryError(ErrorCode.HISTORY_NO_FILE, path=str(path)) from None
    except OSError as exc:
        detail = exc.strerror or type(exc).__name__
        raise HistoryError(ErrorCode.HISTORY_UNREADABLE, path=str(path), detail=detail) from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            os.close(handle)
            kind = ErrorCode.HISTORY_FOLDER if stat.S_ISDIR(mode) else ErrorCode.HISTORY_NOT_REGULAR
            raise HistoryError(kind, path=str(path))
        with os.fdopen(handle, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise HistoryError(ErrorCode.HISTORY_TOO_LARGE, path=str(path), megabytes=MAX_BYTES // 2**20)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise HistoryError(ErrorCode.HISTORY_UNREADABLE, path=str(path), detail=type(exc).__name__) from None
    try:
        return load_history(text)
    except HistoryError as exc:
        raise HistoryError(ErrorCode.HISTORY_IN_FILE, path=str(path), reason=exc) from None


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
        raise HistoryError(ErrorCode.HISTORY_TOO_DEEP) from None
    except Exception as exc:  # a reader has one rule: a one-line message, never a traceback
        raise HistoryError(ErrorCode.HISTORY_UNUSABLE, detail=_shown(str(exc))) from None


def _load_history(source: str | dict[str, Any]) -> Match:
    data = _decoded(source)
    players, rules, seed, table = _header(data)
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise HistoryError(ErrorCode.HISTORY_HANDS)
    if len(hands) > MAX_HANDS:  # before any hand is read: a longer match is refused at once
        raise HistoryError(ErrorCode.HISTORY_TOO_MANY_HANDS, hands=len(hands), most=MAX_HANDS)
    parsed = [_parse_hand(i + 1, entry, players) for i, entry in enumerate(hands)]
    dealer0, deck0, _ = parsed[0]
    match = Match(players, rules, seed=seed, dealer=dealer0, deck=deck0)
    match.table = table
    for number, (dealer, deck, actions) in enumerate(parsed, start=1):
        if number > 1:
            _next_hand(match, number, dealer, deck)
        _replay(match, number, actions)
    return match


def _decoded(source: str | dict[str, Any]) -> dict[str, Any]:
    """The file's JSON object (``source`` already decoded, or its text)."""
    if isinstance(source, str):
        try:
            data = json.loads(source)
        except json.JSONDecodeError as exc:
            raise HistoryError(ErrorCode.HISTORY_NOT_JSON, line=exc.lineno, column=exc.colno, detail=exc.msg) from None
        except (RecursionError, ValueError) as exc:
            # Nesting too deep for the parser, or a number too long to convert.
            reason = _shown(str(exc) or type(exc).__name__)
            raise HistoryError(ErrorCode.HISTORY_UNUSABLE, detail=reason) from None
    else:
        data = source
    if not isinstance(data, dict):
        raise HistoryError(ErrorCode.HISTORY_NOT_OBJECT)
    return data


def _header(data: dict[str, Any]) -> tuple[int, Rules, int | None, dict[str, Any]]:
    """The match's players, rules, seed and table, each checked: the format and version first."""
    if data.get("format") != FORMAT:
        raise HistoryError(ErrorCode.HISTORY_FORMAT, format=repr(FORMAT))
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise HistoryError(ErrorCode.HISTORY_VERSION, value=_shown(version), version=VERSION)
    players = data.get("players")
    if type(players) is not int or players not in (2, 4):
        raise HistoryError(ErrorCode.HISTORY_PLAYERS, value=_shown(players))
    try:
        rules = Rules.from_dict(data.get("rules", {}))
    except RulesError as exc:
        raise HistoryError(ErrorCode.HISTORY_RULES, reason=exc) from None
    except TypeError as exc:
        raise HistoryError(ErrorCode.HISTORY_RULES, reason=str(exc)) from None
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed not in SEED_RANGE):
        raise HistoryError(ErrorCode.HISTORY_SEED, value=_shown(seed))
    table = data.get("table", {})
    if not isinstance(table, dict):
        raise HistoryError(ErrorCode.HISTORY_TABLE)
    return players, rules, seed, table


def _next_hand(match: Match, number: int, dealer: int, deck: list[Any]) -> None:
    """Deal hand ``number`` from ``deck``: the hand before must be over, the match not, the dealer the next."""
    if not match.hand.is_over:
        raise HistoryError(ErrorCode.HISTORY_UNFINISHED, hand=number - 1)
    if match.is_over:
        raise HistoryError(ErrorCode.HISTORY_MATCH_OVER, hand=number)
    match.next_hand(deck)
    if match.hand.dealer != dealer:
        raise HistoryError(ErrorCode.HISTORY_WRONG_DEALER, hand=number, dealer=dealer, expected=match.hand.dealer)


def _replay(match: Match, number: int, actions: list[Any]) -> None:
    """Apply hand ``number``'s actions in order; the first one the rules refuse is named in the error."""
    for index, (seat, action, text) in enumerate(actions, start=1):
        where = {"hand": number, "index": index, "action": _shown(text)}
        if match.hand.is_over:
            raise HistoryError(ErrorCode.HISTORY_HAND_OVER, **where)
        try:
            match.apply(action, seat)
        except IllegalAction as exc:
            raise HistoryError(ErrorCode.HISTORY_ILLEGAL, **where, reason=exc.refusal) from None


def _parse_hand(number: int, entry: Any, players: int) -> tuple[int, list[Any], list[Any]]:
    if not isinstance(entry, dict):
        raise HistoryError(ErrorCode.HISTORY_HAND_NOT_OBJECT, hand=number)
    dealer = entry.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise HistoryError(ErrorCode.HISTORY_DEALER, hand=number, last=players - 1, value=_shown(dealer))
    deck_text = entry.get("deck")
    if not isinstance(deck_text, (str, list)):
        raise HistoryError(ErrorCode.HISTORY_DECK_MISSING, hand=number)
    try:
        deck = parse_deck(deck_text)
    except CardError as exc:
        raise HistoryError(ErrorCode.HISTORY_BAD_DECK, hand=number, reason=exc) from None
    raw_actions = entry.get("actions", [])
    if not isinstance(raw_actions, list):
        raise HistoryError(ErrorCode.HISTORY_ACTIONS, hand=number)
    actions = []
    for index, item in enumerate(raw_actions, start=1):
        where = {"hand": number, "index": index, "action": _shown(item)}
        if not isinstance(item, str) or len(item.split()) != 2:
            raise HistoryError(ErrorCode.HISTORY_ACTION_FORM, **where)
        seat_text, action_text = item.split()
        if not (seat_text.isascii() and seat_text.isdigit() and len(seat_text) <= 2) or int(seat_text) >= players:
            raise HistoryError(ErrorCode.HISTORY_NO_SEAT, **where, seat=_shown(seat_text), players=players)
        try:
            action = parse_action(action_text)
        except ActionError as exc:
            raise HistoryError(ErrorCode.HISTORY_BAD_ACTION, **where, reason=exc) from None
        actions.append((int(seat_text), action, item))
    return dealer, deck, actions
