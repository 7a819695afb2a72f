"""One observer's view: while a seat decides a window or the swap before the last draw, the others see nothing of it."""

from __future__ import annotations

import pytest

from guinote_tui.engine import Action, HandState, Match, Pass, Play, Rules, Stage, seat_view
from guinote_tui.engine.views import known_actions, observed, told_nothing


def first_card_or_pass(state: HandState, seat: int | None) -> Action:
    assert seat is not None
    legal = seat_view(state, seat, events=False).legal
    return next(a for a in legal if isinstance(a, (Play, Pass)))


def hand_at(players: int, stage: Stage) -> HandState:
    """A seeded hand stopped where a seat is asked in ``stage`` (first card or pass for everyone)."""
    rules = Rules.preset("aragones", cante_pair="rey_sota")
    for seed in range(300):
        hand = Match(players, rules, seed=seed).hand
        while not hand.is_over and hand.stage is not stage:
            hand.apply(first_card_or_pass(hand, hand.to_move), hand.to_move)  # type: ignore[arg-type]
        if hand.stage is stage and (stage is not Stage.WINDOW or hand.to_move != hand.leader):
            return hand
    raise AssertionError(f"no seeded hand reaches {stage}")


@pytest.mark.parametrize(("players", "stage"), [(2, Stage.PREDRAW), (4, Stage.WINDOW), (4, Stage.PREDRAW)])
def test_the_others_see_play_with_the_leader_to_move_and_hear_nothing_while_a_seat_is_asked(
    players: int, stage: Stage
) -> None:
    hand = hand_at(players, stage)
    asked = hand.to_move
    assert asked is not None
    for seat in range(players):
        view = seat_view(hand, seat, events=False)
        shown = observed(view)
        if seat == asked:
            assert shown == view and not told_nothing(hand, seat)
        else:
            assert (shown.stage, shown.to_move) == (Stage.PLAY, hand.leader)
            assert told_nothing(hand, seat)
    before = {seat: known_actions(hand, seat) for seat in range(players)}
    hand.apply(Pass(), asked)
    for seat in range(players):
        assert known_actions(hand, seat) == before[seat] + (seat == asked)  # a pass is known to its seat only
