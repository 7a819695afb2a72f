"""Matches played with the engine and seen from one seat as a client of a hosted table sees them.

Each hand's end is sent through the table's protocol (:mod:`guinote_tui.net.protocol`: the seat's state and the
events it may know of, as JSON) and read back by the client's mirror (:mod:`guinote_tui.net.mirror`), which turns
it to the seat's player (seat 0, side 0): the view and the scores a person's table screen holds at each hand's end.
Bots that declare a tute and sing when they may, and deals that give a seat four reyes or caballos now and then,
so that tutes of every seat and the hands they end are among the hands played.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any

from deals import arranged_deck

from guinote_tui.engine import Card, DeclareTute, HandState, Match, Rules, SeatView, Sing, seat_view, visible_to
from guinote_tui.net import protocol
from guinote_tui.net.mirror import MirroredTable, Score


@dataclass(frozen=True)
class SeenHand:
    """One finished hand as one seat saw it: turned to its player (the mirror) and as the engine has it."""

    number: int
    view: SeatView  # turned: the seat's player is seat 0
    before: Score
    after: Score
    raw_view: SeatView  # the engine's own view of the seat, in the table's seats
    raw_before: dict[str, Any]  # the match summaries, as the host sends them
    raw_after: dict[str, Any]
    state: HandState  # the whole hand, as the host's engine has it


def choose(hand: HandState, rng: random.Random) -> Any:
    """A legal action: a tute when there is one (nine times in ten), a cante likewise (eight in ten), else any."""
    legal = hand.legal_actions()
    tutes = [a for a in legal if isinstance(a, DeclareTute)]
    if tutes and rng.random() < 0.9:
        return tutes[0]
    sings = [a for a in legal if isinstance(a, Sing)]
    if sings and rng.random() < 0.8:
        return rng.choice(sings)
    return rng.choice(legal)


def deck_for(rng: random.Random, players: int, dealer: int) -> list[Card] | None:
    """Half the time a deal giving a seat four reyes or four caballos (a tute in hand), else the match's shuffle."""
    if rng.random() < 0.5:
        return None
    seat = rng.randrange(players)
    rank = rng.choice(["12", "11"])
    others = ["1O", "3C", "5E", "7B", "2O", "4C", "6E", "10B"]
    rng.shuffle(others)
    cards = " ".join(f"{rank}{suit}" for suit in "OCEB") + " " + " ".join(others[:2])
    return arranged_deck(players, dealer, {seat: cards}, "4B" if rank == "12" else "4O")


def _wire(message: dict[str, Any]) -> dict[str, Any]:
    return protocol.decode_host(protocol.encode(message))


def seen_by(match: Match, seat: int, state: HandState, number: int, before: dict[str, Any]) -> SeenHand:
    """Hand ``number`` (``state``, just finished in ``match``) as ``seat``'s client reads it."""
    names = [f"Seat {s + 1}" for s in range(match.players)]
    table = MirroredTable.read(_wire(protocol.welcome(seat, match, names, [seat], "normal", False)))
    raw = seat_view(state, seat)
    seen = table.state(_wire(protocol.state_message(raw, match, number)))
    events = []
    for event in visible_to(state.events, seat):
        read = table.event(_wire(protocol.event_message(event, number, len(state.log))))
        if read is not None:
            events.append(read)
    after = json.loads(json.dumps(protocol.match_summary(match, seat)))
    return SeenHand(
        number, replace(seen.view, events=tuple(events)), table.score(before), seen.score, raw, before, after, state
    )


def play_seen(players: int, seed: int, rules: Rules | None = None) -> tuple[Match, list[list[SeenHand]]]:
    """A whole match, and each hand as every seat saw it (``seen[n - 1][seat]``)."""
    rules = rules or Rules()
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    match = Match(players, rules, seed=seed, dealer=dealer, deck=deck_for(rng, players, dealer))
    seen: list[list[SeenHand]] = []
    while True:
        hand = match.hand
        before: dict[int, dict[str, Any]] = {}
        while not hand.is_over:  # (each seat's summary: its count of the actions is its own)
            before = {s: json.loads(json.dumps(protocol.match_summary(match, s))) for s in range(players)}
            seat = hand.to_move
            assert seat is not None
            match.apply(choose(hand, rng), seat)
        number = len(match.finished)
        seen.append([seen_by(match, seat, hand, number, before[seat]) for seat in range(players)])
        if match.is_over:
            return match, seen
        if rules.next_dealer == "last_trick_winner" and hand.last_winner is not None:
            dealer = hand.last_winner
        else:
            dealer = (hand.dealer + 1) % players
        match.next_hand(deck=deck_for(rng, players, dealer))
