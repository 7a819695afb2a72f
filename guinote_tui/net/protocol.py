"""The table's messages: JSON objects, one per WebSocket text message (``docs/dev/protocol.md``).

What a client sends is read by :func:`decode_client`, strictly: a message
that is not JSON, too large, of an unknown type, with a field missing, of the
wrong type, too long or unknown is refused with one line
(:class:`ProtocolError`), never a traceback. What the host sends is built
here and nowhere else: :func:`state_message` turns a seat's
:class:`~guinote_tui.engine.SeatView` into the seat's state, and
:func:`event_message` one event the seat may know of (already filtered by
:func:`~guinote_tui.engine.visible_to`) into its message. Everything a client
learns of the game comes from these two functions.

    >>> decode_client('{"type": "act", "action": "12E", "serial": 3}')
    {'type': 'act', 'action': '12E', 'serial': 3}
    >>> decode_client('{"type": "act", "action": "12E"}')
    Traceback (most recent call last):
    ...
    guinote_tui.net.protocol.ProtocolError: the table did not understand a message: act: field "serial" is missing
"""

from __future__ import annotations

import dataclasses
import json
import re
import string
import unicodedata
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

from ..engine import Card, Event, Match, SeatView, Suit
from ..engine.errors import N_
from ..engine.views import known_actions, observed
from ..i18n import _, in_catalog
from ..storage import printable

#: The version of the protocol; a client that says another is refused.
PROTOCOL_VERSION = 2
#: The most bytes a client's message may hold (a hello or an action is under 200).
MAX_CLIENT_MESSAGE = 2048
#: The most bytes a host's message may hold (a whole state is about 2 kB).
MAX_HOST_MESSAGE = 65536
#: The longest text a client's field may hold.
MAX_FIELD = 64
#: The longest line of a host's (a reason, a template) or parameter the client takes.
MAX_HOST_TEXT = 400
#: The most parameters a host's error or refusal may carry.
MAX_PARAMS = 8
#: The path of the table's WebSocket on the host.
PATH = "/guinote"
#: The most columns a person's name takes (a wide character counts two): it fits the table's panels at 80 columns.
MAX_NAME = 16
#: The most finished hands a seat that comes back is told of (the latest), and events of the hand under way.
MAX_MISSED_HANDS = 12
MAX_CATCH_UP = 200

#: Why the host refuses a message or a connection: the code (stable, for programs) and its English line, marked
#: for the catalogs (the player's screen words it in the player's language).
ERRORS: dict[str, str] = {
    "bad_message": N_("the table did not understand a message: {detail}"),
    "too_large": N_("a message was larger than the table accepts"),
    "flooding": N_("too many messages: the table closed the connection"),
    "version": N_("this table speaks protocol version {version}: update guinote to join it"),
    "wrong_code": N_("this code opens no seat at this table: check the invitation"),
    "hello_first": N_("the first message must be a hello with the seat's code"),
    "replaced": N_("this seat was joined again from another connection"),
    "slow": N_("the connection could not keep up with the table"),
    "table_closed": N_("the table was closed by its host"),
    "back_soon": N_("the host stopped the table for now; its match is kept for when it is back"),
    "too_many_tries": N_("too many wrong codes from this address: try again in {seconds} seconds"),
    "not_your_turn": N_("it is not your turn"),
    "stale": N_("the table has moved on since that decision: decide again"),
    "match_over": N_("the match is over"),
    "no_answer": N_("the table did not answer in {seconds} seconds: is it a guinote table?"),
    "bad_name": N_("a name is one line of at most {most} characters, not only spaces"),
}


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` is one of :data:`ERRORS`, ``str()`` the English line."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = {key: str(value) for key, value in params.items()}
        super().__init__(ERRORS[code].format(**self.params))

    def worded(self) -> str:
        """The line in the player's language (what it echoes made printable)."""
        return worded(ERRORS[self.code], self.params) or printable(str(self))


def columns(text: str) -> int:
    """The columns ``text`` takes in a terminal: a wide character two, a combining mark none.

    >>> columns("Ana"), columns("José"), columns("花子")
    (3, 4, 4)
    """
    width = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def person_name(text: str) -> str:
    """A person's name as the table shows it (spaces tidied), or :class:`ProtocolError` ``bad_name``.

    One line of at most :data:`MAX_NAME` columns, not only spaces, with nothing a terminal would act on nor
    any invisible character: a name comes from the command line or from the other end of a socket.

    >>> person_name("  Ana   María ")
    'Ana María'
    >>> person_name("Ana\x1b[2J")
    Traceback (most recent call last):
    ...
    guinote_tui.net.protocol.ProtocolError: a name is one line of at most 16 characters, not only spaces
    """
    tidy = " ".join(text.split())
    if (
        not tidy
        or printable(text) != text
        or any(unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp") for ch in text)
        or columns(tidy) > MAX_NAME
    ):
        raise ProtocolError("bad_name", most=MAX_NAME)
    return tidy


#: The fields of each message a client may send: name -> (type, required).
CLIENT_FIELDS: dict[str, dict[str, tuple[type, bool]]] = {
    "hello": {"version": (int, True), "code": (str, True), "language": (str, False), "name": (str, False)},
    "act": {"action": (str, True), "serial": (int, True)},
    "bye": {},
}

#: The fields of each message the host sends (checked by the client: a host is trusted less than the engine).
HOST_FIELDS: dict[str, frozenset[str]] = {
    "welcome": frozenset({"version", "seat", "players", "rules", "names", "people", "level", "hints"}),
    "state": frozenset({"serial", "match", "view"}),
    "event": frozenset({"hand", "ply", "event"}),
    "refused": frozenset({"action", "code", "reason", "template", "params"}),
    "error": frozenset({"code", "reason", "params"}),
    "seat_away": frozenset({"seat", "seconds"}),
    "seat_back": frozenset({"seat", "name"}),
    "seat_bot": frozenset({"seat"}),
    "seat_joined": frozenset({"seat", "name"}),
    "catch_up": frozenset({"hand", "missed", "stand_in", "events"}),
    "missed_hand": frozenset({"hand", "view", "events", "before", "after", "stand_in"}),
    "bye": frozenset({"code", "reason"}),
    "deal": frozenset({"hand", "dealer", "deck", "actions", "stand_in"}),
}


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _parse(text: str | bytes, limit: int) -> dict[str, Any]:
    if len(text) > limit:
        raise ProtocolError("too_large")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("bad_message", detail=f"not JSON ({type(error).__name__})") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", detail="a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", detail='"type" is missing')
    return data


def decode_client(text: str | bytes) -> dict[str, Any]:
    """A client's message, checked field by field; raises :class:`ProtocolError`."""
    data = _parse(text, MAX_CLIENT_MESSAGE)
    kind = data["type"]
    fields = CLIENT_FIELDS.get(kind)
    if fields is None:
        raise ProtocolError("bad_message", detail=f"unknown type {kind[:MAX_FIELD]!r}")
    for name in data:
        if name != "type" and name not in fields:
            raise ProtocolError("bad_message", detail=f"{kind}: unknown field {name[:MAX_FIELD]!r}")
    for name, (kind_of, required) in fields.items():
        if name not in data:
            if required:
                raise ProtocolError("bad_message", detail=f'{kind}: field "{name}" is missing')
            continue
        value = data[name]
        if not isinstance(value, kind_of) or isinstance(value, bool):
            raise ProtocolError("bad_message", detail=f'{kind}: field "{name}" must be {kind_of.__name__}')
        if isinstance(value, str) and len(value) > MAX_FIELD:
            raise ProtocolError("bad_message", detail=f'{kind}: field "{name}" is too long')
        if isinstance(value, str) and printable(value) != value:
            raise ProtocolError("bad_message", detail=f'{kind}: field "{name}" holds characters that are not text')
        if isinstance(value, int) and not -(2**53) <= value <= 2**53:
            raise ProtocolError("bad_message", detail=f'{kind}: field "{name}" is out of range')
    return data


def decode_host(text: str | bytes) -> dict[str, Any]:
    """A host's message: a known type with its known fields; raises :class:`ProtocolError`."""
    data = _parse(text, MAX_HOST_MESSAGE)
    fields = HOST_FIELDS.get(data["type"])
    if fields is None or set(data) - {"type"} != fields:
        raise ProtocolError("bad_message", detail=f"unexpected host message {str(data['type'])[:MAX_FIELD]!r}")
    check = _HOST_CHECKS.get(data["type"])
    if check is not None:
        check(data)
    return data


def _text(data: Mapping[str, Any], name: str, most: int = MAX_HOST_TEXT) -> None:
    value = data.get(name)
    if not isinstance(value, str) or len(value) > most:
        raise ProtocolError("bad_message", detail=f'{data["type"]}: "{name}" must be text of at most {most} characters')


def _check_words(data: Mapping[str, Any]) -> None:
    """An error, refusal or bye: short texts, and parameters that are a few short texts by name."""
    _text(data, "code", MAX_FIELD)
    _text(data, "reason")
    for name in ("action", "template"):
        if name in data:
            _text(data, name)
    params = data.get("params", {})
    if (
        not isinstance(params, dict)
        or len(params) > MAX_PARAMS
        or not all(isinstance(k, str) and len(k) <= MAX_FIELD for k in params)
        or not all(isinstance(v, str) and len(v) <= MAX_HOST_TEXT for v in params.values())
    ):
        raise ProtocolError("bad_message", detail=f'{data["type"]}: "params" must name a few short texts')


def _check_seat(data: Mapping[str, Any]) -> None:
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise ProtocolError("bad_message", detail=f'{data["type"]}: "seat" must be a seat')


def _check_count(data: Mapping[str, Any], name: str, most: int) -> None:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise ProtocolError("bad_message", detail=f'{data["type"]}: "{name}" must be a whole number to {most}')


def _check_away(data: Mapping[str, Any]) -> None:
    _check_seat(data)
    _check_count(data, "seconds", 86_400)


def _check_named(data: Mapping[str, Any]) -> None:
    _check_seat(data)
    _text(data, "name", MAX_FIELD)


def _check_catch_up(data: Mapping[str, Any]) -> None:
    _check_count(data, "hand", 100_000)
    _check_count(data, "missed", MAX_MISSED_HANDS)
    _check_count(data, "events", MAX_CATCH_UP)
    actions = data.get("stand_in")
    if not isinstance(actions, list) or len(actions) > 40 or not all(
        isinstance(a, str) and len(a) <= MAX_FIELD for a in actions
    ):
        raise ProtocolError("bad_message", detail='catch_up: "stand_in" must list a few actions')


def _check_missed(data: Mapping[str, Any]) -> None:
    _check_count(data, "hand", 100_000)
    for name in ("view", "before", "after"):
        if not isinstance(data.get(name), dict):
            raise ProtocolError("bad_message", detail=f'missed_hand: "{name}" must be an object')
    if not isinstance(data.get("stand_in"), bool):
        raise ProtocolError("bad_message", detail='missed_hand: "stand_in" must be true or false')
    events = data.get("events")
    if not isinstance(events, list) or len(events) > MAX_CATCH_UP or not all(isinstance(e, dict) for e in events):
        raise ProtocolError("bad_message", detail=f'missed_hand: "events" must be at most {MAX_CATCH_UP} objects')


_HOST_CHECKS = {
    "error": _check_words,
    "refused": _check_words,
    "bye": _check_words,
    "seat_away": _check_away,
    "seat_back": _check_named,
    "seat_bot": _check_seat,
    "seat_joined": _check_named,
    "catch_up": _check_catch_up,
    "missed_hand": _check_missed,
}


def _plain_fields(template: str) -> list[str] | None:
    """The names a template fills in, or None when it asks for more than plain names (a format spec, ``!r``, ``.x``)."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError:
        return None
    names = []
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if spec or conversion or not name.isidentifier():
            return None
        names.append(name)
    return names


def worded(template: object, params: object) -> str | None:
    """``template`` in the player's language filled with ``params`` made printable, or None.

    None unless ``template`` is one of the game's own messages (its catalog, :func:`~guinote_tui.i18n.in_catalog`),
    asking only for plain names that ``params`` (short texts) all give: a line from the other end of a socket
    never chooses what is formatted, nor how wide.

    >>> worded("it is not your turn", {}), worded("{x:>30000000}", {"x": "1"}), worded("not ours {x}", {"x": "1"})
    ('it is not your turn', None, None)
    """
    if not isinstance(template, str) or not isinstance(params, dict) or not in_catalog(template):
        return None
    if not all(isinstance(v, str) and len(v) <= MAX_HOST_TEXT for v in params.values()):
        return None
    texts = {str(key): printable(value) for key, value in params.items()}
    translated = _(template)
    for text in (template, translated):
        names = _plain_fields(text)
        if names is None or any(name not in texts for name in names):
            return None
    return translated.format(**texts)


def host_line(message: Mapping[str, Any]) -> str:
    """The one line to show for a host's ``error``, ``refused`` or ``bye`` (checked by :func:`decode_host`).

    Worded from the game's own catalog when its code (or, for a rule the engine gave, its template) is one of
    the game's messages; else the host's reason, made printable and cut: never the host's text as it came.
    """
    code = message.get("code")
    template = ERRORS.get(code) if isinstance(code, str) else None
    if template is None and code in ("illegal", "not_an_action"):
        template = message.get("template")
    line = worded(template, message.get("params", {})) if template is not None else None
    if line is None:
        reason = message.get("reason")
        line = printable(reason[:MAX_HOST_TEXT]) if isinstance(reason, str) and reason else ""
    return line or _("the table sent a line the game does not know")


def encode(message: Mapping[str, Any]) -> str:
    """A message as one line of compact JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


# -- what a client sends ---------------------------------------------------------------------------


def hello(code: str, language: str = "en", name: str | None = None) -> dict[str, Any]:
    """The first message; ``name``: the person's name for the others (sent only when given)."""
    message: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "code": code, "language": language}
    if name is not None:
        message["name"] = name
    return message


def act(action: str, serial: int) -> dict[str, Any]:
    return {"type": "act", "action": action, "serial": serial}


# -- what the host sends ---------------------------------------------------------------------------


def error(code: str, **params: object) -> dict[str, Any]:
    problem = ProtocolError(code, **params)
    return {"type": "error", "code": code, "reason": str(problem), "params": problem.params}


def refused(action: str, code: str, template: str, params: Mapping[str, object]) -> dict[str, Any]:
    """An action refused: ``code`` is ``illegal`` (the engine's rule in ``template``), or one of :data:`ERRORS`."""
    texts = {key: str(value) for key, value in params.items()}
    return {
        "type": "refused",
        "action": action,
        "code": code,
        "reason": template.format(**texts),
        "template": template,
        "params": texts,
    }


def welcome(
    seat: int, match: Match, names: list[str], people: list[int], level: str = "normal", hints: bool = False
) -> dict[str, Any]:
    """The seat's welcome: the table's rules, names and people's seats, the bots' level, whether hints are allowed."""
    return {
        "type": "welcome",
        "version": PROTOCOL_VERSION,
        "seat": seat,
        "players": match.players,
        "rules": match.rules.to_dict(),
        "names": names,
        "people": people,
        "level": level,
        "hints": hints,
    }


def _card(card: Card | int | None) -> str | None:
    return None if card is None else str(Card(card) if not isinstance(card, Card) else card)


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def match_summary(match: Match, seat: int) -> dict[str, Any]:
    """The match's public score as ``seat`` sees it: the hand's number, the actions it knows were taken, juegos,
    cotos, the winner."""
    return {
        "hand": match.hand_number if not match.hand.is_over else len(match.finished),
        "ply": known_actions(match.hand, seat),
        "scores": list(match.scores),
        "juegos": list(match.juegos),
        "cotos": list(match.cotos),
        "winner": match.winner,
    }


def view_dict(view: SeatView) -> dict[str, Any]:
    """What the seat may see, and nothing more: its :func:`~guinote_tui.engine.views.observed` view (while
    another seat decides privately, the stage of play with the trick's winner to move)."""
    shown = observed(view)
    return {
        "seat": view.seat,
        "players": view.players,
        "dealer": view.dealer,
        "hand": _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "trump": Suit(view.trump).letter,
        "muestra": _card(view.muestra),
        "muestra_card": _card(view.muestra_card),
        "muestra_taker": view.muestra_taker,
        "stock_count": view.stock_count,
        "stage": shown.stage.value,
        "to_move": shown.to_move,
        "leader": view.leader,
        "trick": [[seat, str(card)] for seat, card in view.trick],
        "tricks": [{"leader": t.leader, "cards": _cards(t.cards), "winner": t.winner} for t in view.tricks],
        "cantes": [
            {"seat": c.seat, "suit": Suit(c.suit).letter, "points": c.points, "trick": c.trick_number}
            for c in view.cantes
        ],
        "swap": None
        if view.swap is None
        else {"seat": view.swap.seat, "given": str(view.swap.given), "taken": str(view.swap.taken)},
        "points": list(view.points),
        "card_points": list(view.card_points),
        "carried": list(view.carried),
        "first_of_juego": view.first_of_juego,
        "window_open": view.window_open,
        "tute_declared": view.tute_declared,
        "legal": [str(action) for action in view.legal],
    }


def state_message(view: SeatView, match: Match, serial: int) -> dict[str, Any]:
    """The seat's state: its view and the match's score, numbered ``serial`` (an action answers a serial)."""
    return {"type": "state", "serial": serial, "match": match_summary(match, view.seat), "view": view_dict(view)}


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _plain(value: Any) -> Any:
    """An event's field as JSON: cards as text, suits as letters, records as objects."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: _plain(getattr(value, name)) for name in value._fields}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"no JSON form for {type(value).__name__}")


def event_dict(event: Event) -> dict[str, Any]:
    """One event as an object: ``kind`` (``card_played``, ``trick_won``...) and its fields."""
    return {"kind": _snake(type(event).__name__), **_plain(event)}


def event_message(event: Event, hand: int, ply: int) -> dict[str, Any]:
    """An event the seat may know of (pass it through :func:`~guinote_tui.engine.visible_to` first)."""
    return {"type": "event", "hand": hand, "ply": ply, "event": event_dict(event)}


def seat_message(kind: str, seat: int) -> dict[str, Any]:
    """``seat_bot``: a bot plays for the seat's person while they are away."""
    return {"type": kind, "seat": seat}


def seat_away(seat: int, seconds: int) -> dict[str, Any]:
    """A seat's person left; a bot plays for them in ``seconds`` (the time left then) unless they are back."""
    return {"type": "seat_away", "seat": seat, "seconds": seconds}


def seat_named(kind: str, seat: int, name: str) -> dict[str, Any]:
    """``seat_joined`` (a person sat down for the first time) or ``seat_back`` (they came back), with their name."""
    return {"type": kind, "seat": seat, "name": name}


def catch_up(hand: int, missed: int, stand_in: list[str], events: int) -> dict[str, Any]:
    """Before a returning seat's state: ``missed`` hands ended while it was away (each a ``missed_hand`` before
    this), the hand under way's number, the actions a bot took for the seat in it, and how many of its events
    follow (from its deal: a client that holds the first of them already may skip those)."""
    return {"type": "catch_up", "hand": hand, "missed": missed, "stand_in": stand_in, "events": events}


def missed_hand(
    hand: int,
    view: SeatView,
    events: Sequence[Event],
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    stand_in: bool,
) -> dict[str, Any]:
    """A hand that ended while the seat was away: its last view of it and the events it may know of (already
    filtered by :func:`~guinote_tui.engine.visible_to`), the score before and after, whether a bot played for the
    seat in it."""
    return {
        "type": "missed_hand",
        "hand": hand,
        "view": view_dict(view),
        "events": [event_dict(event) for event in events[-MAX_CATCH_UP:]],
        "before": dict(before),
        "after": dict(after),
        "stand_in": stand_in,
    }


def deal_message(
    hand: int, dealer: int, deck: Sequence[Card], actions: Sequence[tuple[int, Any]], stand_in: Sequence[int] = ()
) -> dict[str, Any]:
    """The whole deal of finished hand ``hand`` (nothing of it is secret once it is over): its dealer, its deck
    (top first) and every action with its seat, passes included, for each seat to review its own decisions;
    ``stand_in``: the places in ``actions`` of the seat's decisions a bot took while its person was away."""
    return {
        "type": "deal",
        "hand": hand,
        "dealer": dealer,
        "deck": _cards(deck),
        "actions": [[seat, str(action)] for seat, action in actions],
        "stand_in": list(stand_in),
    }


def bye(code: str) -> dict[str, Any]:
    return {"type": "bye", "code": code, "reason": ERRORS[code]}
