"""Property tests over many random matches (deterministic seeds).

* the 40 cards are conserved at every step;
* a hand played to the end has 120 card points and one last-trick ten;
* the same seed gives the same match;
* a history round-trip (``history_dict`` -> ``load_history``, and through JSON
  text) replays the identical match;
* no exception across 2,000 random full matches (20,000 with ``--runslow``).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from guinote_tui.engine import (
    Card,
    DeclareTute,
    HandResult,
    HandState,
    IllegalAction,
    Match,
    Play,
    Rules,
    Sing,
    Swap,
    Termination,
    dumps,
    history_dict,
    load_history,
)

SETUPS: list[tuple[int, Rules]] = [
    (4, Rules()),
    (2, Rules()),
    (4, Rules.preset("libre-100")),
    (2, Rules.preset("libre-100")),
    (4, Rules(cante_limit="per_player", tute="points40", next_dealer="last_trick_winner")),
    (4, Rules(juegos_per_coto=1, cotos_to_win=2, treinta_malas=False, deal_packet=1)),
]


def random_match(seed: int, players: int, rules: Rules, on_step=None) -> Match:  # type: ignore[no-untyped-def]
    """A whole match with uniformly random legal actions (seeded)."""
    rng = random.Random(seed * 7919 + 1)
    match = Match(players=players, rules=rules, seed=seed)
    while True:
        hand = match.hand
        while not hand.is_over:
            legal = hand.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
            if on_step is not None:
                on_step(hand)
        if match.is_over:
            return match
        match.next_hand()


def check_result(result: HandResult) -> None:
    """The score of a finished hand adds up (docs/rules.md, section 1 and 7)."""
    if not result.stopped_early:
        assert sum(result.card_points) == 120
        assert result.last_trick_side in (0, 1)
        for side in (0, 1):
            ten = 10 if side == result.last_trick_side else 0
            capote = result.capote_bonus if result.capote_side == side else 0
            assert result.points[side] == result.card_points[side] + result.cante_points[side] + ten + capote
    else:
        assert result.juego_winner is not None
    assert result.totals == (result.carried[0] + result.points[0], result.carried[1] + result.points[1])


def check_hand(hand: HandState) -> None:
    """What must hold for every finished hand, with the full state at hand."""
    result = hand.result
    assert result is not None
    check_result(result)
    assert sorted(hand.all_cards()) == list(range(40))
    if not result.stopped_early:
        assert len(hand.tricks) == (10 if hand.players == 4 else 20)
        assert result.last_trick_side == hand.tricks[-1].winner % 2


def check_match(match: Match) -> None:
    assert match.is_over and match.winner is not None
    previous_undecided = False
    for record in match.finished:
        assert record.result is not None
        decided = record.result.juego_winner is not None
        if match.rules.vueltas and match.rules.target == 101 and previous_undecided:
            # docs/rules.md, section 7: two hands always decide a juego.
            assert decided, "a juego went to a third hand"
        previous_undecided = not decided


def test_forty_cards_conserved_at_every_step() -> None:
    """At every step the 40 cards are all somewhere (hands, trick, tricks, stock, muestra), once each."""

    def conserved(hand: HandState) -> None:
        assert sorted(hand.all_cards()) == list(range(40))
        sizes = {len(h) for h in hand.hands}
        if not hand.trick and not hand.is_over:
            assert len(sizes) == 1, "hands of different sizes between tricks"

    for index in range(150):
        players, rules = SETUPS[index % len(SETUPS)]
        random_match(index, players, rules, on_step=conserved)


def test_random_matches_raise_nothing_and_every_hand_adds_up() -> None:
    """2,000 random full matches: no exception; 120 card points and one last ten per completed hand."""
    hands = 0
    for index in range(2000):
        players, rules = SETUPS[index % len(SETUPS)]
        match = random_match(10_000 + index, players, rules)
        check_match(match)
        for record in match.finished:
            assert record.result is not None
            check_result(record.result)
        hands += len(match.finished)
        check_hand(match.hand)
    assert hands >= 2000


@pytest.mark.slow
def test_many_more_random_matches() -> None:
    """Opt-in (--runslow): 20,000 random matches with every hand checked."""
    for index in range(20_000):
        players, rules = SETUPS[index % len(SETUPS)]
        match = random_match(500_000 + index, players, rules)
        check_match(match)
        for record in match.finished:
            assert record.result is not None
            check_result(record.result)


def test_every_finished_hand_adds_up() -> None:
    """Every hand of a sample of matches (not only the last) satisfies the hand checks."""
    for index in range(120):
        players, rules = SETUPS[index % len(SETUPS)]
        finished: list[HandState] = []
        rng = random.Random(index)
        match = Match(players=players, rules=rules, seed=index)
        while True:
            while not match.hand.is_over:
                legal = match.legal_actions()
                match.apply(legal[rng.randrange(len(legal))])
            finished.append(match.hand)
            if match.is_over:
                break
            match.next_hand()
        for hand in finished:
            check_hand(hand)


def _summary(match: Match) -> list[object]:
    return [
        [(r.dealer, tuple(r.deck), tuple((s, str(a)) for s, a in r.actions), r.result) for r in match.finished],
        match.juegos,
        match.cotos,
        match.winner,
    ]


def test_same_seed_same_match() -> None:
    """The same seed (and the same choices) gives the same match, hand by hand."""
    for index in range(12):
        players, rules = SETUPS[index % len(SETUPS)]
        first = random_match(index, players, rules)
        second = random_match(index, players, rules)
        assert _summary(first) == _summary(second)
    assert _summary(random_match(1, 4, Rules())) != _summary(random_match(2, 4, Rules()))


def test_history_round_trip_replays_the_identical_match() -> None:
    """history_dict -> load_history (and JSON text -> load_history) gives the same actions, results, juegos, cotos."""
    for index in range(60):
        players, rules = SETUPS[index % len(SETUPS)]
        match = random_match(index, players, rules)
        again = load_history(history_dict(match))
        assert _summary(again) == _summary(match)
        from_text = load_history(json.loads(json.dumps(history_dict(match))))
        assert _summary(from_text) == _summary(match)
        assert dumps(again) == dumps(match)


def test_history_round_trip_of_a_match_in_progress() -> None:
    """A history saved mid-hand replays to the same position."""
    rng = random.Random(3)
    match = Match(players=4, seed=3)
    for _ in range(70):
        if match.hand.is_over:
            match.next_hand()
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    again = load_history(dumps(match))
    assert again.hand.describe() == match.hand.describe()
    assert again.hand.log == match.hand.log
    assert again.scores == match.scores and again.juegos == match.juegos


def test_loaded_history_deals_the_same_next_hands() -> None:
    """A seeded match loaded from its first hands goes on dealing the same decks as the original."""
    checked = 0
    for index in range(40):
        players, rules = SETUPS[index % len(SETUPS)]
        match = random_match(index, players, rules)
        if len(match.finished) < 3:
            continue
        data = history_dict(match)
        data["hands"] = data["hands"][:2]
        resumed = load_history(data)
        assert resumed.hand.is_over and not resumed.is_over
        nxt = resumed.next_hand()
        original = match.finished[2]
        assert (nxt.dealer, nxt.deck) == (original.dealer, original.deck)
        checked += 1
    assert checked >= 10


def expected_juego_winner(result: HandResult, rules: Rules) -> int | None:
    """docs/rules.md, section 7 and 10, for a hand played to the end, written out plainly."""
    qualified = []
    for side in (0, 1):
        if result.totals[side] < rules.target:
            continue
        if rules.treinta_malas and result.first_of_juego and result.cards_and_ten(side) < 30:
            continue  # treinta malas: cantes alone do not make the 101 of a first hand
        qualified.append(side)
    if len(qualified) == 1:
        return qualified[0]
    if len(qualified) == 2:
        if rules.both_reach == "last_trick":
            return result.last_trick_side
        if result.totals[0] == result.totals[1]:
            return None
        return 0 if result.totals[0] > result.totals[1] else 1
    return None


def test_juego_decisions_follow_the_rules() -> None:
    """Every hand's juego decision matches docs/rules.md; de vueltas hands stop the moment a side reaches the target."""
    seen: Counter[str] = Counter()
    for index in range(600):
        players, rules = SETUPS[index % len(SETUPS)]

        def no_missed_instant_win(hand: HandState, rules: Rules = rules) -> None:
            if hand.instant_win and not hand.is_over:
                assert max(hand.total(0), hand.total(1)) < rules.target, "de vueltas hand went on past the target"

        match = random_match(20_000 + index, players, rules, on_step=no_missed_instant_win)
        for record in match.finished:
            result = record.result
            assert result is not None
            if result.stopped_early:
                side = result.juego_winner
                assert side is not None
                if result.reason is Termination.TUTE:
                    seen["tute"] += 1
                else:
                    assert rules.vueltas and not result.first_of_juego
                    assert result.totals[side] >= rules.target > result.totals[1 - side]
                    seen["instant"] += 1
            else:
                assert result.juego_winner == expected_juego_winner(result, rules), result
                seen["both" if min(result.totals) >= rules.target else "end"] += 1
    assert seen["instant"] >= 20 and seen["end"] >= 100 and seen["both"] >= 1, seen


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Play(99), "99 is not a card"),
        (lambda: Play("x"), "'x' is not a card"),
        (lambda: Sing(7), "7 is not a suit"),
        (lambda: Swap(50), "50 is not a card"),
        (lambda: DeclareTute(13), "13 is not a rank"),
        (lambda: "junk", "'junk' is not an action"),
    ],
)
def test_malformed_actions_are_refused_naming_what_is_wrong(make, words: str) -> None:  # type: ignore[no-untyped-def]
    state = HandState(list(range(40)), 0)
    before = state.describe()
    with pytest.raises(IllegalAction) as info:
        state.apply(make())
    assert info.value.rule == words
    assert state.describe() == before


def test_a_card_given_as_a_plain_number_is_played_as_its_card() -> None:
    state = HandState(list(range(40)), 0)
    seat = state.to_move
    card = int(state.legal_actions()[0].card)  # type: ignore[union-attr]
    state.apply(Play(card))  # type: ignore[arg-type]
    assert type(state.trick[0]) is Card and state.log[-1] == (seat, Play(Card(card)))
    assert type(state.log[-1][1].card) is Card  # type: ignore[union-attr]


def test_every_refusal_is_a_template_with_its_parameters() -> None:
    """What the engine says of a refused action is a template (for translating) and named parameters."""
    import random as _random

    from guinote_tui.engine import Match, Play

    rng = _random.Random(4)
    seen = set()
    for seed in range(12):
        match = Match(4 if seed % 2 else 2, seed=seed)
        hand = match.hand
        while not hand.is_over:
            seat = hand.to_move
            assert seat is not None
            for card in range(40):
                found = hand.refusal(Play(card))
                if found is None:
                    continue
                assert found.text == hand.why_illegal(Play(card))
                assert "{" not in found.text and set(found.params) <= {"led", "trumps", "winning", "name", "card"}
                seen.add(found.template)
            hand.apply(rng.choice(hand.legal_actions()), seat)
    assert any("follow suit" in t for t in seen) and any("don't hold" in t for t in seen)
