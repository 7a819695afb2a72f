"""The whole deal of a finished hand (``deal``), read as hostile and checked against what the seat saw.

Once a hand is over nothing of it is secret: the host sends every seat its deck, its dealer and every action
(:func:`~.protocol.deal_message`), so that each player can have the coach review their own decisions and keep
their mistakes for practice, as after a hand against the bots. A client trusts it no more than any other
message: :func:`read_deal` takes it only when its fields are what a deal holds (40 cards, each once; at most
:data:`MAX_DEAL_ACTIONS` actions, each by a seat), it replays legally through the engine to the hand's end from
what the seat knows of the hand (its carried points, whether it was a juego's first), and the seat's own share of
it (its cards, what it drew, every card played, the cantes, the result) is exactly what the seat was told while
it was played. Anything else is :class:`~.protocol.ProtocolError` with one line, and the seat plays on.

The hand is then kept turned to the player, as the table's screen shows it: the player at seat 0
(:meth:`Deal.turned_hand`), which is how the coach's review and practice read a hand against the bots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import (
    Action,
    ActionError,
    Card,
    CardError,
    Dealt,
    Event,
    HandState,
    IllegalAction,
    Match,
    Rules,
    SeatView,
    Stage,
    parse_action,
    parse_deck,
    visible_to,
)
from . import protocol
from .mirror import MirroredTable
from .protocol import MAX_FIELD, ProtocolError

__all__ = ["MAX_DEAL_ACTIONS", "Deal", "extended", "read_deal"]

#: The most actions a deal may list: a hand of four has 40 cards, a few declarations and passes (about 60 at most).
MAX_DEAL_ACTIONS = 200


def _bad(detail: str) -> ProtocolError:
    return ProtocolError("bad_message", detail=f"deal: {detail}"[:160])


@dataclass(frozen=True)
class Deal:
    """A finished hand's whole deal, checked, in the table's seats: ``seat`` is the player's."""

    number: int
    players: int
    rules: Rules
    seat: int
    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[tuple[int, Action], ...]
    #: The points each side carried into the hand, by the table's sides, and whether it was a juego's first.
    carried: tuple[int, int]
    first_of_juego: bool
    #: The places in :attr:`actions` of the player's decisions a bot took while they were away (not theirs to review).
    stand_in: frozenset[int] = frozenset()

    def turned(self, seat: int) -> int:
        """The player's picture's seat (0: the player) for the table's ``seat``."""
        return (seat - self.seat) % self.players

    def turned_match(self) -> Match:
        """The hand on its own as a match, replayed with the player at seat 0 (every seat turned as the table's
        screen turns it, the sides swapped for a player on side 1): a hand as the coach reviews it."""
        odd = self.seat % 2 == 1
        carried = (self.carried[1], self.carried[0]) if odd else self.carried
        match = Match(
            self.players,
            self.rules,
            dealer=self.turned(self.dealer),
            deck=self.deck,
            carried=carried,
            first_of_juego=self.first_of_juego,
        )
        for actor, action in self.actions:
            match.apply(action, self.turned(actor))
        return match


def read_deal(
    table: MirroredTable,
    message: Mapping[str, Any],
    ended: SeatView,
    number: int,
    told: Sequence[Event],
    dealt: Sequence[Card],
) -> Deal:
    """A ``deal`` message checked against the seat's knowledge of hand ``number``: it saw the hand end as
    ``ended`` (its last view: the points carried into the hand, whether it was a juego's first), was dealt
    ``dealt`` and told ``told`` (the hand's events as the mirror read them, the deal's own or not).
    :class:`ProtocolError` with one line for a message that is not a deal, does not replay legally to the hand's
    end, or gives the seat other cards than it saw."""
    if message.get("hand") != number:
        raise _bad(f"not the hand that just ended ({number})")
    if ended.stage is not Stage.OVER:
        raise _bad("the hand is not over")
    players = table.players
    dealer = message.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise _bad('"dealer" must be a seat')
    deck = message.get("deck")
    if not isinstance(deck, list) or len(deck) != 40 or not all(isinstance(c, str) and len(c) <= 3 for c in deck):
        raise _bad('"deck" must list the 40 cards')
    try:
        cards = tuple(parse_deck(deck))
    except CardError:
        raise _bad('"deck" must hold each of the 40 cards once') from None
    actions = _actions(message.get("actions"), players)
    stand_in = message.get("stand_in")
    if (
        not isinstance(stand_in, list)
        or len(stand_in) > MAX_DEAL_ACTIONS
        or not all(
            isinstance(at, int) and not isinstance(at, bool) and 0 <= at < len(actions) and actions[at][0] == table.seat
            for at in stand_in
        )
    ):
        raise _bad('"stand_in" must list places of the seat\'s own actions')
    carried = table.pair(ended.carried)  # (the view's figures are the player's: the table's sides again)
    deal = Deal(
        number,
        players,
        table.rules,
        table.seat,
        dealer,
        cards,
        actions,
        carried,
        ended.first_of_juego,
        frozenset(stand_in),
    )
    hand = HandState(cards, dealer, table.rules, players, carried, ended.first_of_juego)
    for index, (actor, action) in enumerate(actions, start=1):
        if hand.is_over:
            raise _bad(f"action {index} comes after the hand's end")
        try:
            hand.apply(action, actor)
        except (IllegalAction, ValueError) as problem:  # (an action out of turn, by another seat, is refused too)
            raise _bad(f"action {index} ({action}) is not legal: {problem}") from None
    if not hand.is_over:
        raise _bad("the actions stop before the hand's end")
    replayed = _as_told(table, visible_to(hand.events or [], table.seat))
    opening = replayed[0] if replayed and isinstance(replayed[0], Dealt) else None
    if opening is None or tuple(opening.hands[0]) != tuple(dealt):
        raise _bad("it does not deal the seat the cards it was dealt")
    if [e for e in replayed if not isinstance(e, Dealt)] != [e for e in told if not isinstance(e, Dealt)]:
        raise _bad("it does not give the seat what it saw played")
    return deal


def _actions(value: object, players: int) -> tuple[tuple[int, Action], ...]:
    if not isinstance(value, list) or len(value) > MAX_DEAL_ACTIONS:
        raise _bad(f'"actions" must list at most {MAX_DEAL_ACTIONS} actions')
    actions = []
    for item in value:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], int)
            or isinstance(item[0], bool)
            or not 0 <= item[0] < players
            or not isinstance(item[1], str)
            or len(item[1]) > MAX_FIELD
        ):
            raise _bad("an action is [seat, action]")
        try:
            actions.append((item[0], parse_action(item[1])))
        except ActionError:
            raise _bad(f"{item[1][:12]!r} is not an action") from None
    return tuple(actions)


def _as_told(table: MirroredTable, events: Sequence[Event]) -> list[Event]:
    """``events`` (the table's seats) as the seat was told them: sent as the host sends them, read by the mirror."""
    read = (table.event({"event": protocol.event_dict(event)}) for event in events)
    return [event for event in read if event is not None]


def extended(history: Match | None, deal: Deal) -> Match | None:
    """The seat's match so far (its hands turned to the player, from the first) with ``deal``'s hand added, as a
    saved history replays it; None when ``deal`` does not follow it (a hand missing between, or the match's own
    count of points carried or dealer disagreeing): the match is then kept as it was, to the gap."""
    if history is None or deal.number == 1:
        return deal.turned_match() if deal.number == 1 else None
    if len(history.finished) != deal.number - 1 or not history.hand.is_over or history.is_over:
        return None
    turned = deal.turned_match()
    try:
        history.next_hand(deal.deck)
        hand = history.hand
        if (hand.dealer, hand.carried, hand.first_of_juego) != (
            turned.hand.dealer,
            turned.hand.carried,
            turned.hand.first_of_juego,
        ):
            raise ValueError("the deal does not follow the match")
        for actor, action in deal.actions:
            history.apply(action, deal.turned(actor))
    except (IllegalAction, ValueError):
        return None
    return history if history.hand.is_over else None
