"""A seat learns nothing of another seat's declaration window it passed (docs/rules.md, section 8).

The same seeded hand is played twice by the table's host, every seat a person taking the first legal card
(and passing every window): once under rules where a rival or a partner holds a cante or the seven of trumps
and is asked, once under rules where nobody has anything to declare (the cante's pair is the other card, and
the seven is changed on one's own turn only). Each seat that was never asked must receive the very same
messages in both, counters and serials included: the messages are compared whole (but for the declarations
the two rules offer the seat itself, and the passes in the hand's whole deal, sent once it is over).
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from guinote_tui.engine import Match, Pass, Play, Rules, Stage, parse_action, seat_view
from guinote_tui.net.host import Host, TableConfig


class Recorder:
    """A seat's connection that keeps what the host sends it."""

    def __init__(self, seat: int) -> None:
        self.seat, self.sent = seat, []  # type: ignore[var-annotated]

    def send(self, message: dict[str, Any]) -> bool:
        self.sent.append(message)
        return True


def first_card_or_pass(legal: list[str]) -> str:
    """The first card the seat may play, or a pass: no seat ever declares (so both rules play the same cards)."""
    for text in legal:
        if isinstance(parse_action(text), (Play, Pass)):
            return text
    raise AssertionError(f"no card and no pass in {legal}")


def play_hand(players: int, seed: int, rules: Rules) -> tuple[dict[int, list[dict[str, Any]]], set[int]]:
    """Every seat's messages for one hand of ``seed`` under ``rules``, and the seats that passed a window."""

    async def scenario() -> tuple[dict[int, list[dict[str, Any]]], set[int]]:
        host = Host(TableConfig(players=players, rules=rules, people=tuple(range(players)), seed=seed))
        recorders = {seat: Recorder(seat) for seat in range(players)}
        host.connections = recorders  # type: ignore[assignment]
        host.all_joined.set()
        host.publish()
        asked: set[int] = set()
        hand = host.match.hand
        while not hand.is_over:
            seat = hand.to_move
            assert seat is not None
            if hand.stage in (Stage.WINDOW, Stage.PREDRAW):
                asked.add(seat)
            state = [m for m in recorders[seat].sent if m["type"] == "state"][-1]
            action = first_card_or_pass(state["view"]["legal"])
            assert host.act(recorders[seat], action, state["serial"]), recorders[seat].sent[-1]  # type: ignore[arg-type]
        return {seat: r.sent for seat, r in recorders.items()}, asked

    return asyncio.run(scenario())


def shape(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages whole, but for the seat's own declarations in ``legal`` (the two rules offer different ones)
    and the passes in the whole deal sent once the hand is over (nothing of it is secret then)."""
    out = []
    for message in messages:
        if message["type"] == "state":
            legal = [text for text in message["view"]["legal"] if isinstance(parse_action(text), (Play, Pass))]
            message = {**message, "view": {**message["view"], "legal": legal}}
        elif message["type"] == "deal":
            message = {**message, "actions": [a for a in message["actions"] if a[1] != "pass"]}
        out.append(message)
    return out


#: Rules under which nobody is ever asked: no pair of the table's cards sings, the seven changes only on one's turn.
NOTHING_TO_DECLARE = {"cante_pair": "rey_caballo", "swap_window": "own_turn"}


def hands_with_a_window(players: int, wanted: Stage, rules: Rules) -> list[int]:
    """Seeds whose hand (first card or pass) asks a seat in ``wanted`` and nobody under :data:`NOTHING_TO_DECLARE`."""
    found = []
    for seed in range(200):
        match = Match(players, rules, seed=seed)
        hand = match.hand
        stages = set()
        while not hand.is_over:
            seat = hand.to_move
            stages.add(hand.stage)
            legal = [str(a) for a in seat_view(hand, seat, events=False).legal]  # type: ignore[arg-type]
            hand.apply(parse_action(first_card_or_pass(legal)), seat)  # type: ignore[arg-type]
        if wanted in stages:
            found.append(seed)
        if len(found) == 3:
            break
    return found


@pytest.mark.parametrize(("players", "stage"), [(2, Stage.PREDRAW), (4, Stage.WINDOW), (4, Stage.PREDRAW)])
def test_a_seat_gets_the_same_messages_whether_or_not_another_seat_passed_a_window(players: int, stage: Stage) -> None:
    rules = Rules.preset("aragones", cante_pair="rey_sota")
    plain = dataclasses.replace(rules, **NOTHING_TO_DECLARE)  # type: ignore[arg-type]
    seeds = hands_with_a_window(players, stage, rules)
    assert seeds, f"no seeded hand asks a seat in the {stage} stage"
    compared = 0
    for seed in seeds:
        asked_streams, asked = play_hand(players, seed, rules)
        plain_streams, nobody = play_hand(players, seed, plain)
        assert asked and not nobody
        for seat in range(players):
            if seat in asked:
                continue
            assert shape(asked_streams[seat]) == shape(plain_streams[seat]), (seed, seat)
            compared += 1
    assert compared


@pytest.mark.parametrize(("players", "stage"), [(2, Stage.PREDRAW), (4, Stage.WINDOW)])
def test_a_seat_that_joins_while_another_decides_a_window_sees_the_trick_winner_to_lead_in_play(
    players: int, stage: Stage
) -> None:
    rules = Rules.preset("aragones", cante_pair="rey_sota")
    seed = hands_with_a_window(players, stage, rules)[0]
    host = Host(TableConfig(players=players, rules=rules, people=tuple(range(players)), seed=seed))
    host.all_joined.set()
    hand = host.match.hand
    while hand.stage is not stage:
        seat = hand.to_move
        legal = [str(a) for a in seat_view(hand, seat, events=False).legal]  # type: ignore[arg-type]
        hand.apply(parse_action(first_card_or_pass(legal)), seat)  # type: ignore[arg-type]
    asked = hand.to_move
    for seat in range(players):
        if seat == asked:
            continue
        shown = host.state_for(seat)["view"]
        assert shown["stage"] == "play" and shown["to_move"] == hand.leader, (seat, shown["stage"], shown["to_move"])
        assert host.withheld_from(seat)
    assert host.state_for(asked)["view"]["stage"] == stage.value and not host.withheld_from(asked)  # type: ignore[arg-type]
    if stage is Stage.WINDOW:
        assert hand.leader != asked  # (the partner is asked: who is shown deciding tells)
