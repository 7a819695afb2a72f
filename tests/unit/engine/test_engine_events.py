"""The events a hand records, and what each seat may know of them (docs/rules.md, sections 3, 4 and 8)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_setup import act, deal

from guinote_tui.engine import (
    ArrastreBegun,
    CanteSung,
    Card,
    CardDrawn,
    CardPlayed,
    Dealt,
    Event,
    HandEnded,
    HandState,
    LastTrickTen,
    Match,
    MuestraTaken,
    Passed,
    Rules,
    SevenChanged,
    Stage,
    Suit,
    Termination,
    TrickWon,
    TuteDeclared,
    WinReason,
    beats,
    card_tables,
    parse_cards,
    seat_view,
    trick_winner,
    visible_to,
    win_reason,
)

SETUPS = [(2, "aragones"), (4, "aragones"), (2, "libre-100"), (4, "libre-100")]


def random_hand(players: int, preset: str, seed: int) -> HandState:
    """A whole hand of random legal moves (not always the first hand of a juego)."""
    match = Match(players, Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(3)):
        while not match.hand.is_over:
            match.apply(rng.choice(match.legal_actions()))
        if match.is_over:
            break
        match.next_hand()
    hand = match.hand
    while not hand.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return hand


def test_the_trick_rule_and_its_reasons() -> None:
    rules = Rules()  # sota above caballo
    three_c, four_o, rey_o, caballo_o, sota_o = parse_cards("3C 4O 12O 11O 10O")
    assert beats(four_o, three_c, 0, rules) and not beats(three_c, four_o, 0, rules)
    assert beats(sota_o, caballo_o, 0, rules) and not beats(caballo_o, sota_o, 0, rules)
    # A card of another suit that is not a trump never wins.
    assert not beats(Card.parse("1E"), three_c, 0, rules)
    assert trick_winner([three_c], 0, rules) == 0
    assert win_reason([three_c, Card.parse("1E")], 0, rules) is WinReason.HIGHEST
    assert win_reason([three_c, four_o], 0, rules) is WinReason.TRUMPED
    # A lower trump after the first one does not make it an over-trump.
    assert win_reason([three_c, rey_o, four_o], 0, rules) is WinReason.TRUMPED
    assert trick_winner([three_c, four_o, rey_o], 0, rules) == 2
    assert win_reason([three_c, four_o, rey_o], 0, rules) is WinReason.OVERTRUMPED
    # Trumps led: the highest trump wins as the highest of the suit led.
    assert win_reason([four_o, rey_o], 0, rules) is WinReason.HIGHEST
    # libre-100 ranks the caballo above the sota.
    assert beats(caballo_o, sota_o, 0, Rules.preset("libre-100"))


def test_events_tell_the_whole_hand_in_order() -> None:
    for seed in range(60):
        players, preset = SETUPS[seed % 4]
        hand = random_hand(players, preset, seed)
        events = hand.events
        assert events is not None
        assert isinstance(events[0], Dealt) and events[0].dealer == hand.dealer
        assert isinstance(events[-1], HandEnded) and events[-1].result is hand.result
        kinds = Counter(type(e) for e in events)
        played = [e for e in events if isinstance(e, CardPlayed)]
        # Every card played is an event, in the order the log took them.
        assert [e.card for e in played] == [a.card for _, a in hand.log if type(a).__name__ == "Play"]
        won = [e for e in events if isinstance(e, TrickWon)]
        assert len(won) == len(hand.tricks), seed
        for event, trick in zip(won, hand.tricks, strict=True):
            assert (event.leader, event.winner) == (trick.leader, trick.winner)
            assert [c for _, c in event.cards] == list(trick.cards)
            assert [s for s, _ in event.cards] == [trick.seat_of(i, players) for i in range(players)]
            assert event.card == trick.cards[trick_winner(trick.cards, hand.trump, hand.rules)]
            assert event.why is win_reason(trick.cards, hand.trump, hand.rules)
        points = card_tables(hand.rules).points
        assert [e.points for e in won] == [sum(points[c] for c in t.cards) for t in hand.tricks]
        by_side = [sum(e.points for e in won if e.winner % 2 == side) for side in (0, 1)]
        assert by_side == hand.card_points, seed
        assert kinds[CanteSung] == len(hand.cantes)
        assert kinds[SevenChanged] == (hand.swap is not None)
        assert kinds[MuestraTaken] == kinds[ArrastreBegun] == (hand.muestra is None)
        assert kinds[LastTrickTen] == (hand.last_trick_side is not None)
        if hand.muestra is None:
            taken = next(i for i, e in enumerate(events) if isinstance(e, MuestraTaken))
            assert isinstance(events[taken + 1], ArrastreBegun)
            assert events[taken].card == hand.muestra_card and events[taken].seat == hand.muestra_taker
        # The draws hand out the stock in its order (the muestra last).
        drawn = [e.card for e in events if isinstance(e, CardDrawn)]
        stock_cards = list(hand.deck[players * 6 + 1 :])
        assert drawn == stock_cards[: len(drawn)]


def test_a_seat_can_rebuild_its_hand_from_its_own_events_alone() -> None:
    for seed in range(60):
        players, preset = SETUPS[seed % 4]
        match = Match(players, Rules.preset(preset), seed=seed)
        hand = match.hand
        rng = random.Random(seed)
        stop = rng.randrange(1, 40)
        for _ in range(stop):
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))
        for seat in range(players):
            mine: list[Card] = []
            for event in hand.visible_events(seat):
                if isinstance(event, Dealt):
                    mine.extend(event.hands[seat])
                elif isinstance(event, (CardDrawn, MuestraTaken)) and event.seat == seat:
                    assert event.card is not None
                    mine.append(event.card)
                elif isinstance(event, CardPlayed) and event.seat == seat:
                    mine.remove(event.card)
                elif isinstance(event, SevenChanged) and event.seat == seat:
                    mine.remove(event.given)
                    mine.append(event.taken)
            assert sorted(mine) == sorted(hand.hands[seat]), (seed, seat)


def test_a_seat_never_sees_another_seats_hidden_cards() -> None:
    for seed in range(60):
        players, preset = SETUPS[seed % 4]
        hand = random_hand(players, preset, seed)
        for seat in range(players):
            seen = visible_to(hand.events or (), seat)
            assert seat_view(hand, seat).events == tuple(seen)
            public: set[int] = {hand.muestra_card}
            own: set[int] = set()
            for event in seen:
                if isinstance(event, Dealt):
                    assert all(not cards for s, cards in enumerate(event.hands) if s != seat)
                    own.update(event.hands[seat])
                elif isinstance(event, CardDrawn):
                    assert (event.card is None) == (event.seat != seat)
                    if event.card is not None:
                        own.add(event.card)
                elif isinstance(event, Passed):
                    assert event.seat == seat
                elif isinstance(event, (CardPlayed, MuestraTaken)):
                    public.add(event.card)
                elif isinstance(event, SevenChanged):
                    public.update((event.given, event.taken))
            # The only cards named are the seat's own and those everybody saw.
            named = _cards_named(seen)
            assert named <= own | public, (seed, seat, named - own - public)


def _cards_named(events: list[Event]) -> set[int]:
    named: set[int] = set()
    for event in events:
        if isinstance(event, Dealt):
            named.update(c for cards in event.hands for c in cards)
            named.add(event.muestra)
        elif isinstance(event, (CardDrawn, CardPlayed, MuestraTaken)):
            if event.card is not None:
                named.add(event.card)
        elif isinstance(event, SevenChanged):
            named.update((event.given, event.taken))
        elif isinstance(event, TrickWon):
            named.update(c for _, c in event.cards)
    return named


def test_the_cante_the_change_and_the_pass_are_recorded() -> None:
    # Seat 1 wins the first trick and may sing and change the seven (Oros are trumps).
    state = deal(
        hands={0: "2B 4B 5B 6B 4E 5E", 1: "1B 12C 10C 7O 5C 6C", 2: "2E 6E 7E 2C 4C 7C", 3: "3E 11E 2O 4O 5O 6O"},
        muestra="3O",
        dealer=3,
    )
    act(state, "0 2B", "1 1B", "2 2E", "3 3E")
    act(state, "1 sing:C", "1 swap:7O")
    events = state.events
    assert events is not None
    assert events[-2] == CanteSung(1, Suit.COPAS, 20)
    assert events[-1] == SevenChanged(1, Card.parse("7O"), Card.parse("3O"))
    assert state.stage is Stage.PLAY


def test_a_window_let_go_is_known_only_to_the_seat_that_let_it_go() -> None:
    # Seat 1 wins the first trick; its partner (seat 3) holds Rey and Sota of Copas and is asked first.
    state = deal(
        hands={0: "2B 4B 5B 6B 4E 5E", 1: "1B 2C 4C 7O 5C 6C", 2: "2E 6E 7E 7B 3B 7C", 3: "3E 12C 10C 4O 5O 6O"},
        muestra="3O",
        dealer=3,
    )
    act(state, "0 2B", "1 1B", "2 2E", "3 3E")
    assert (state.stage, state.to_move) == (Stage.WINDOW, 3)
    act(state, "3 pass")
    assert isinstance((state.events or [])[-1], Passed)
    assert any(isinstance(e, Passed) for e in state.visible_events(3))
    for seat in (0, 1, 2):
        assert not any(isinstance(e, Passed) for e in state.visible_events(seat))


def test_tute_and_the_last_ten_end_the_hand_with_their_termination() -> None:
    state = deal(
        hands={0: "2B 4B 5B 6B 4E 5E", 1: "1B 2C 4C 7O 5C 6C", 2: "6E 7E 7B 3B 7C 11C", 3: "12O 12C 12E 12B 2E 3E"},
        muestra="3O",
        dealer=3,
    )
    act(state, "0 2B", "1 1B", "2 6E", "3 2E")
    assert state.tricks[-1].winner == 1 and state.to_move == 3
    act(state, "3 tute:12")
    events = state.events or []
    assert events[-2] == TuteDeclared(3, 12, 0)
    assert isinstance(events[-1], HandEnded)
    assert state.result is not None and state.result.reason is Termination.TUTE
    assert state.result.juego_winner is not None  # a tute decides the juego


@pytest.mark.parametrize("players", [2, 4])
def test_a_hand_without_events_plays_the_same(players: int) -> None:
    deck = list(range(40))
    random.Random(players).shuffle(deck)
    quiet = HandState(deck, 0, Rules(), players, events=False)
    loud = HandState(deck, 0, Rules(), players)
    rng = random.Random(1)
    while not loud.is_over:
        action = rng.choice(loud.legal_actions())
        loud.apply(action)
        quiet.apply(action)
        copy = loud.copy()
        assert copy.events is None and loud.copy(events=True).events == loud.events
    assert quiet.events is None and quiet.result == loud.result and quiet.tricks == loud.tricks


def test_taking_back_replays_the_hand_from_its_deal() -> None:
    match = Match(4, Rules(), seed=9)
    rng = random.Random(9)
    snapshots = []
    while not match.hand.is_over:
        hand = match.hand
        snapshots.append((list(hand.log), [sorted(h) for h in hand.hands], list(hand.points), hand.stage))
        match.apply(rng.choice(match.legal_actions()))
        if len(snapshots) == 30:
            break
    for upto in (29, 12, 0):
        match.take_back(upto)
        hand = match.hand
        log, hands, points, stage = snapshots[upto]
        assert list(hand.log) == log and [sorted(h) for h in hand.hands] == hands
        assert list(hand.points) == points and hand.stage is stage
        assert hand.events is not None and isinstance(hand.events[0], Dealt)
    with pytest.raises(ValueError, match="not 99"):
        match.take_back(99)
    while not match.hand.is_over:
        match.apply(rng.choice(match.legal_actions()))
    with pytest.raises(ValueError, match="finished hand"):
        match.take_back(0)
