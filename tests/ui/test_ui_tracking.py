"""The card tracker and the trick history hold only what the player may know."""

from __future__ import annotations

import random

from guinote_tui.engine import (
    CardDrawn,
    CardPlayed,
    Dealt,
    LastTrickTen,
    Match,
    MuestraTaken,
    Rules,
    SevenChanged,
    TrickWon,
    WinReason,
    seat_view,
)
from guinote_tui.ui.tracking import card_tracker, trick_history

SETUPS = [(2, "aragones"), (4, "aragones"), (2, "libre-100"), (4, "libre-100")]


def _positions(seed: int):  # type: ignore[no-untyped-def]
    """Random hands of random length, each position's player view."""
    players, preset = SETUPS[seed % 4]
    match = Match(players, Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    hand = match.hand
    for _ in range(rng.randrange(0, 45)):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return hand, seat_view(hand, 0)


def test_the_tracker_agrees_with_a_recount_from_the_players_events() -> None:
    for seed in range(80):
        hand, view = _positions(seed)
        tracker = card_tracker(view)
        # Recount from the events alone: what fell, what the player holds.
        fell: set[int] = set()
        mine: list[int] = []
        points = [0, 0]
        for event in view.events:
            if isinstance(event, Dealt):
                mine.extend(event.hands[0])
            elif isinstance(event, CardPlayed):
                fell.add(event.card)
                if event.seat == 0:
                    mine.remove(event.card)
            elif isinstance(event, (CardDrawn, MuestraTaken)) and event.seat == 0:
                assert event.card is not None
                mine.append(event.card)
            elif isinstance(event, SevenChanged) and event.seat == 0:
                mine.remove(event.given)
                mine.append(event.taken)
            elif isinstance(event, TrickWon):
                points[event.winner % 2] += event.points
        assert set(tracker.gone) == fell, seed
        assert {c for s in tracker.suits for c in s.mine} == set(mine) == set(hand.hands[0])
        assert set(tracker.out) == set(range(40)) - fell - set(mine), seed
        assert tracker.card_points == tuple(points)
        assert tracker.stock == len(hand.stock)
        assert set(tracker.trumps_out) == {c for c in tracker.out if c // 10 == hand.trump}
        # Every card is in exactly one group.
        assert sorted(tracker.gone + tracker.out + tuple(c for s in tracker.suits for c in s.mine)) == list(range(40))


def test_the_tracker_does_not_change_when_hidden_cards_are_reshuffled() -> None:
    # Swap the other seats' hidden cards and the stock: the player's tracker is the same.
    for seed in range(20):
        hand, view = _positions(seed)
        if hand.is_over:
            continue
        before = card_tracker(view)
        other = hand.copy()
        hidden = [c for s in range(1, hand.players) for c in other.hands[s]] + list(other.stock)
        random.Random(seed).shuffle(hidden)
        for seat in range(1, hand.players):
            size = len(other.hands[seat])
            other.hands[seat], hidden = hidden[:size], hidden[size:]
        other.stock = hidden
        assert card_tracker(seat_view(other, 0)) == before


def test_the_trick_history_lists_each_trick_with_its_winner_and_what_the_player_drew() -> None:
    for seed in range(40):
        players, preset = SETUPS[seed % 4]
        match = Match(players, Rules.preset(preset), seed=seed)
        rng = random.Random(seed)
        hand = match.hand
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        history = trick_history(seat_view(hand, 0).events)
        assert len(history) == len(hand.tricks)
        for entry, trick in zip(history, hand.tricks, strict=True):
            assert [c for _, c in entry.cards] == list(trick.cards)
            assert entry.winner == trick.winner and entry.why in WinReason
            for note in entry.notes:
                if isinstance(note, CardDrawn):
                    assert note.seat == 0  # only the player's own draws are known
        assert history[-1].last_ten == (hand.last_trick_side is not None)
        assert any(isinstance(e, LastTrickTen) for e in hand.events or ()) == history[-1].last_ten
