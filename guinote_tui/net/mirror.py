"""A seat's table as its player sees it: the host's messages read back into the engine's types, turned to the player.

The host words everything in the table's seats (0 to 3, in playing order).
The game's table screen, its narration and its coach are written for a
player at seat 0 on side 0. So everything a client receives is read here
into the engine's own types (:class:`~guinote_tui.engine.SeatView`, the
events) and **turned** so that the client's seat is seat 0: seat ``s`` of
the table is seat ``(s - seat) % players`` of the picture, and a client at
an odd seat sees the two sides' figures swapped. Actions name cards, not
seats, so they travel unturned.

A host is trusted less than the engine: every field is checked (types,
ranges, cards, actions), and anything else raises
:class:`~.protocol.ProtocolError` with one line.

    >>> table = MirroredTable.read({"type": "welcome", "version": 2, "seat": 1, "players": 2, "rules": {},
    ...     "names": ["Seat 1", "Seat 2"], "people": [0, 1], "level": "normal", "hints": False})
    >>> table.turned(0), table.turned(1), table.side(0)
    (1, 0, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import (
    ArrastreBegun,
    CanteSung,
    Card,
    CardDrawn,
    CardPlayed,
    Dealt,
    Event,
    HandEnded,
    HandResult,
    LastTrickTen,
    MuestraTaken,
    Rules,
    RulesError,
    SeatView,
    SevenChanged,
    Stage,
    Suit,
    Termination,
    TrickWon,
    TuteDeclared,
    WinReason,
    parse_action,
)
from ..engine.ledger import Cante, SwapMade, Trick
from ..storage import printable
from .protocol import MAX_FIELD, PROTOCOL_VERSION, ProtocolError
from .protocol import person_name as checked_name


def _bad(detail: str) -> ProtocolError:
    return ProtocolError("bad_message", detail=detail[:120])


def _int(data: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(f'"{name}" must be a whole number from {low} to {high}')
    return value


def _opt_int(data: Mapping[str, Any], name: str, low: int, high: int) -> int | None:
    return None if data.get(name) is None else _int(data, name, low, high)


def _bool(data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name)
    if not isinstance(value, bool):
        raise _bad(f'"{name}" must be true or false')
    return value


def _list(data: Mapping[str, Any], name: str, most: int = 64) -> list[Any]:
    value = data.get(name)
    if not isinstance(value, list) or len(value) > most:
        raise _bad(f'"{name}" must be a list')
    return value


def _object(value: Any, name: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _bad(f'"{name}" must be an object')
    return value


def _card(value: Any) -> Card:
    if not isinstance(value, str) or len(value) > 3:
        raise _bad("a card is written like 12E")
    try:
        return Card.parse(value)
    except ValueError:
        raise _bad(f"{value!r} is not a card") from None


def _suit(value: Any) -> Suit:
    if not isinstance(value, str) or len(value) != 1:
        raise _bad("a suit is one of the letters O C E B")
    try:
        return Suit.parse(value)
    except ValueError:
        raise _bad(f"{value!r} is not a suit") from None


@dataclass(frozen=True)
class Score:
    """The match's public score, turned to the player (side 0 is the player's)."""

    hand: int
    ply: int
    scores: tuple[int, int]
    juegos: tuple[int, int]
    cotos: tuple[int, int]
    #: The side that won the match (0: the player's), or None while it goes on.
    winner: int | None


@dataclass(frozen=True)
class Seen:
    """One ``state`` message read: its serial, the seat's view and the score, turned to the player."""

    serial: int
    view: SeatView
    score: Score


@dataclass(frozen=True)
class MirroredTable:
    """A table as its ``welcome`` describes it, and the turning of its seats to the player's."""

    seat: int
    players: int
    rules: Rules
    names: tuple[str, ...]
    people: frozenset[int]
    level: str
    hints: bool

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> MirroredTable:
        if data.get("version") != PROTOCOL_VERSION:
            raise ProtocolError("version", version=PROTOCOL_VERSION)
        players = data.get("players")
        if players not in (2, 4) or isinstance(players, bool):
            raise _bad('"players" must be 2 or 4')
        seat = _int(data, "seat", 0, players - 1)
        try:
            rules = Rules.from_dict(_object(data.get("rules"), "rules"))
        except (RulesError, ValueError, TypeError):
            raise _bad("the table's rules are not rules the game knows") from None
        names = _list(data, "names", players)
        if len(names) != players or not all(isinstance(n, str) and 0 < len(n) <= MAX_FIELD for n in names):
            raise _bad('"names" must name every seat')
        people = _list(data, "people", players)
        if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < players for p in people):
            raise _bad('"people" must list seats')
        level = data.get("level")
        if not isinstance(level, str) or not 0 < len(level) <= MAX_FIELD:
            raise _bad('"level" must name a level')
        shown_names = tuple(printable(name) for name in names)
        return cls(seat, players, rules, shown_names, frozenset(people), printable(level), _bool(data, "hints"))

    # -- turning -----------------------------------------------------------------------------

    def turned(self, seat: int) -> int:
        """The picture's seat (0: the player) for the table's ``seat``."""
        return (seat - self.seat) % self.players

    @staticmethod
    def read_name(text: object, seat: int) -> str | None:
        """A name the host told for the table's ``seat`` (``seat_joined``, ``seat_back``) as the table shows it,
        or None: not a person's name (not text, refused by :func:`~.protocol.person_name`, or the host's default
        name for the seat)."""
        if not isinstance(text, str) or text in (f"Seat {seat + 1}", f"Bot {seat + 1}"):
            return None
        try:
            return printable(checked_name(text))
        except ProtocolError:
            return None

    def person_name(self, turned: int) -> str | None:
        """The name a person gave for the picture's seat ``turned`` (``--name``), or None: a bot's seat, or a
        person who gave none (the host's default names, "Seat 3" and "Bot 2", are not shown as names)."""
        seat = self.table_seat(turned)
        name = self.names[seat]
        if seat not in self.people or name in (f"Seat {seat + 1}", f"Bot {seat + 1}"):
            return None
        return name

    def table_seat(self, turned: int) -> int:
        """The table's seat for the picture's seat ``turned``."""
        return (turned + self.seat) % self.players

    def side(self, side: int) -> int:
        """The picture's side (0: the player's) for the table's ``side``."""
        return (side - self.seat) & 1

    def pair(self, values: Sequence[int]) -> tuple[int, int]:
        """A pair of figures by side, turned (swapped for a player on side 1)."""
        return (values[0], values[1]) if self.seat % 2 == 0 else (values[1], values[0])

    # -- reading -----------------------------------------------------------------------------

    def _seat(self, data: Mapping[str, Any], name: str) -> int:
        return self.turned(_int(data, name, 0, self.players - 1))

    def _opt_seat(self, data: Mapping[str, Any], name: str) -> int | None:
        seat = _opt_int(data, name, 0, self.players - 1)
        return None if seat is None else self.turned(seat)

    def _pair(self, data: Mapping[str, Any], name: str, most: int = 10_000) -> tuple[int, int]:
        values = _list(data, name, 2)
        if len(values) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise _bad(f'"{name}" must be two whole numbers')
        if not all(-most <= v <= most for v in values):
            raise _bad(f'"{name}" is out of range')
        return self.pair(values)

    def score(self, data: Mapping[str, Any]) -> Score:
        winner = _opt_int(data, "winner", 0, 1)
        return Score(
            hand=_int(data, "hand", 0, 100_000),
            ply=_int(data, "ply", 0, 10_000),
            scores=self._pair(data, "scores"),
            juegos=self._pair(data, "juegos"),
            cotos=self._pair(data, "cotos"),
            winner=None if winner is None else self.side(winner),
        )

    def state(self, message: Mapping[str, Any]) -> Seen:
        """A ``state`` message as the player's :class:`Seen` (events are added by the caller)."""
        serial = _int(message, "serial", 0, 2**53)
        return Seen(
            serial, self.view(_object(message.get("view"), "view")), self.score(_object(message.get("match"), "match"))
        )

    def view(self, data: Mapping[str, Any], events: Sequence[Event] = ()) -> SeatView:
        """The seat's view in the message, turned so that the player is seat 0."""
        n = self.players
        if _int(data, "seat", 0, n - 1) != self.seat or _int(data, "players", 2, 4) != n:
            raise _bad("a state for another seat")
        sizes = _list(data, "hand_sizes", n)
        if len(sizes) != n or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 10 for s in sizes):
            raise _bad('"hand_sizes" must give every seat\'s count')
        try:
            stage = Stage(str(data.get("stage")))
        except ValueError:
            raise _bad('"stage" is not a stage of the hand') from None
        tricks = []
        for item in _list(data, "tricks", 20):
            trick = _object(item, "trick")
            cards = tuple(_card(c) for c in _list(trick, "cards", n))
            if len(cards) != n:
                raise _bad("a finished trick holds a card of every seat")
            tricks.append(Trick(self._seat(trick, "leader"), cards, self._seat(trick, "winner")))
        cantes = []
        for item in _list(data, "cantes", 8):
            cante = _object(item, "cante")
            cantes.append(
                Cante(
                    self._seat(cante, "seat"),
                    _suit(cante.get("suit")),
                    _int(cante, "points", 0, 40),
                    _int(cante, "trick", 0, 20),
                )
            )
        swap_data = data.get("swap")
        swap = None
        if swap_data is not None:
            made = _object(swap_data, "swap")
            swap = SwapMade(self._seat(made, "seat"), _card(made.get("given")), _card(made.get("taken")))
        legal = []
        for text in _list(data, "legal", 20):
            if not isinstance(text, str) or len(text) > MAX_FIELD:
                raise _bad("a legal action is text")
            try:
                legal.append(parse_action(text))
            except ValueError:
                raise _bad(f"{text[:20]!r} is not an action") from None
        trick_now = []
        for item in _list(data, "trick", n):
            if not isinstance(item, list) or len(item) != 2:
                raise _bad("a card on the table is [seat, card]")
            trick_now.append((self.turned(_int({"seat": item[0]}, "seat", 0, n - 1)), _card(item[1])))
        muestra = data.get("muestra")
        return SeatView(
            seat=0,
            players=n,
            rules=self.rules,
            dealer=self._seat(data, "dealer"),
            hand=tuple(_card(c) for c in _list(data, "hand", 10)),
            hand_sizes=tuple(sizes[self.table_seat(s)] for s in range(n)),
            trump=_suit(data.get("trump")),
            muestra=None if muestra is None else _card(muestra),
            muestra_card=_card(data.get("muestra_card")),
            muestra_taker=self._opt_seat(data, "muestra_taker"),
            stock_count=_int(data, "stock_count", 0, 40),
            stage=stage,
            to_move=self._opt_seat(data, "to_move"),
            leader=self._seat(data, "leader"),
            trick=tuple(trick_now),
            tricks=tuple(tricks),
            cantes=tuple(cantes),
            swap=swap,
            points=self._pair(data, "points"),
            card_points=self._pair(data, "card_points"),
            carried=self._pair(data, "carried"),
            first_of_juego=_bool(data, "first_of_juego"),
            window_open=_bool(data, "window_open"),
            tute_declared=_bool(data, "tute_declared"),
            legal=tuple(legal),
            events=tuple(events),
        )

    def event(self, data: Mapping[str, Any]) -> Event | None:
        """An ``event`` message's event, turned; None for one the table's pictures do not need (the hand's end)."""
        event = _object(data.get("event"), "event")
        kind = event.get("kind")
        if kind == "card_played":
            return CardPlayed(
                self._seat(event, "seat"),
                _card(event.get("card")),
                _int(event, "trick", 1, 20),
                _int(event, "position", 0, 3),
            )
        if kind == "trick_won":
            cards = []
            for item in _list(event, "cards", self.players):
                if not isinstance(item, list) or len(item) != 2:
                    raise _bad("a card of a trick is [seat, card]")
                cards.append((self.turned(_int({"seat": item[0]}, "seat", 0, self.players - 1)), _card(item[1])))
            try:
                why = WinReason(event.get("why"))
            except ValueError:
                raise _bad('"why" is not a reason a trick is won') from None
            return TrickWon(
                _int(event, "number", 1, 20),
                self._seat(event, "leader"),
                self._seat(event, "winner"),
                _card(event.get("card")),
                tuple(cards),
                _int(event, "points", 0, 130),
                why,
            )
        if kind == "card_drawn":
            card = event.get("card")
            return CardDrawn(self._seat(event, "seat"), None if card is None else _card(card))
        if kind == "muestra_taken":
            return MuestraTaken(self._seat(event, "seat"), _card(event.get("card")))
        if kind == "seven_changed":
            return SevenChanged(self._seat(event, "seat"), _card(event.get("given")), _card(event.get("taken")))
        if kind == "cante_sung":
            return CanteSung(self._seat(event, "seat"), _suit(event.get("suit")), _int(event, "points", 0, 40))
        if kind == "tute_declared":
            return TuteDeclared(self._seat(event, "seat"), _int(event, "rank", 1, 12), _int(event, "points", 0, 40))
        if kind == "arrastre_begun":
            return ArrastreBegun(_int(event, "trick", 1, 20))
        if kind == "last_trick_ten":
            return LastTrickTen(self._seat(event, "seat"), self.side(_int(event, "side", 0, 1)))
        if kind == "dealt":
            hands = _list(event, "hands", self.players)
            own = hands[self.seat] if len(hands) == self.players else None
            if not isinstance(own, list):
                raise _bad("a deal shows the seat's own cards")
            mine = tuple(_card(c) for c in own)
            turned_hands = tuple(mine if s == 0 else () for s in range(self.players))
            return Dealt(self._seat(event, "dealer"), _card(event.get("muestra")), turned_hands)
        if kind == "hand_ended":
            return HandEnded(self.result(_object(event.get("result"), "result")))
        if kind == "passed":
            return None  # (a window the player let go is theirs to know)
        raise _bad(f"unknown event {str(kind)[:20]!r}")

    def _opt_side(self, data: Mapping[str, Any], name: str) -> int | None:
        side = _opt_int(data, name, 0, 1)
        return None if side is None else self.side(side)

    def result(self, data: Mapping[str, Any]) -> HandResult:
        """A hand's :class:`~guinote_tui.engine.HandResult` (the ``hand_ended`` event's), turned to the player."""
        try:
            reason = Termination(data.get("reason"))
        except ValueError:
            raise _bad('"reason" is not a way a hand ends') from None
        denied = _list(data, "treinta_malas_denied", 2)
        if not all(isinstance(side, int) and not isinstance(side, bool) and side in (0, 1) for side in denied):
            raise _bad('"treinta_malas_denied" must list sides')
        return HandResult(
            card_points=self._pair(data, "card_points", 130),
            last_trick_side=self._opt_side(data, "last_trick_side"),
            cante_points=self._pair(data, "cante_points", 400),
            capote_side=self._opt_side(data, "capote_side"),
            capote_bonus=_int(data, "capote_bonus", 0, 10_000),
            points=self._pair(data, "points"),
            carried=self._pair(data, "carried"),
            totals=self._pair(data, "totals"),
            juego_winner=self._opt_side(data, "juego_winner"),
            reason=reason,
            first_of_juego=_bool(data, "first_of_juego"),
            stopped_early=_bool(data, "stopped_early"),
            treinta_malas_denied=tuple(sorted(self.side(side) for side in denied)),
            last_trick_winner=self._opt_seat(data, "last_trick_winner"),
        )
