"""The engine's primitives on bit masks against the deliberately simple reading of the rules (:mod:`simple_rules`).

The arrastre obligations (:func:`allowed_mask`, :func:`trick_obligation`),
what a card played reveals (:func:`revealed_absent`), the cantes and the tute
(:func:`open_cantes`, :func:`best_cante`, :func:`tutes_held`) and the capote
(:func:`capote`) are what the engine plays by and what the solver, the
search, card counting and the coach call: here they are checked on random
hands and tricks, every rule set's branches included, against the rule text
worked out card by card.
"""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st
from simple_rules import CABALLO, REY, SOTA, breaks_a_rule, rank_of, stronger, suit_of, winning_position

from guinote_tui.engine import (
    Obligation,
    Rules,
    allowed_mask,
    best_cante,
    capote,
    cards_of,
    mask_of,
    open_cantes,
    revealed_absent,
    rule_tables,
    trick_obligation,
    tutes_held,
    winner_index,
)

RULES = [
    Rules(),
    Rules.preset("libre-100"),
    Rules(partner_exemption=False),
    Rules(must_undertrump=True),
    Rules(card_order="caballo_high", cante_pair="rey_caballo", tute="points40"),
    Rules(tute="off", capote_bonus=100),
]

#: A trick in progress and the hand of the seat to play next: rules, table size, trump, the trick's cards, the
#: leader, the hand (cards not in the trick).
TRICKS = st.tuples(
    st.sampled_from(RULES),
    st.sampled_from([2, 4]),
    st.integers(0, 3),
    st.permutations(list(range(40))),
    st.integers(1, 3),
    st.integers(0, 3),
    st.integers(1, 6),
)


def _position(draw: tuple) -> tuple[Rules, int, int, list[int], int, int, list[int]]:  # type: ignore[type-arg]
    rules, players, trump, deck, count, leader, size = draw
    count = min(count, players - 1)
    leader %= players
    trick = deck[:count]
    hand = deck[count : count + size]
    return rules, players, trump, trick, leader, (leader + count) % players, hand


def _legal_by_the_text(rules: Rules, players: int, trump: int, trick: list[int], leader: int, hand: list[int]) -> set:  # type: ignore[type-arg]
    seat = (leader + len(trick)) % players
    state = SimpleNamespace(rules=rules, hands={seat: hand}, trick=trick, trump=trump, leader=leader, players=players)
    return {c for c in hand if breaks_a_rule(c, seat, state) is None}  # type: ignore[arg-type]


@settings(max_examples=400, derandomize=True, deadline=None)
@given(TRICKS)
def test_the_legal_set_is_the_rule_text(draw) -> None:  # type: ignore[no-untyped-def]
    rules, players, trump, trick, leader, seat, hand = _position(draw)
    tables = rule_tables(rules, trump)
    allowed, obligation = trick_obligation(mask_of(hand), trick, players, tables)
    assert set(cards_of(allowed)) == _legal_by_the_text(rules, players, trump, trick, leader, hand)
    # The same through allowed_mask, the trick's winner as the rule text finds it.
    win = winning_position(trick, trump, rules)
    assert win == winner_index(trick, tables.beaters)
    partner_holds = players == 4 and (leader + win) % players == (seat + 2) % 4
    assert allowed_mask(mask_of(hand), suit_of(trick[0]), trick[win], partner_holds, tables) == (allowed, obligation)
    # The code names the rule that limits the cards.
    led, winning = suit_of(trick[0]), trick[win]
    cards = set(cards_of(allowed))
    trumps = {c for c in hand if suit_of(c) == trump}
    if obligation is Obligation.FREE:
        assert cards == set(hand)
    elif obligation is Obligation.FOLLOW_SUIT:
        assert cards == {c for c in hand if suit_of(c) == led}
    elif obligation is Obligation.BEAT:
        assert suit_of(winning) == led
        assert cards == {c for c in hand if suit_of(c) == led and stronger(c, winning, rules)}
    elif obligation is Obligation.TRUMP:
        assert cards == trumps and suit_of(winning) != trump
    elif obligation is Obligation.OVERTRUMP:
        assert suit_of(winning) == trump
        assert cards == {c for c in trumps if stronger(c, winning, rules)}
    else:
        assert obligation is Obligation.UNDERTRUMP and rules.must_undertrump and cards == trumps


@settings(max_examples=300, derandomize=True, deadline=None)
@given(TRICKS)
def test_a_card_played_reveals_exactly_the_cards_that_would_have_forbidden_it(draw) -> None:  # type: ignore[no-untyped-def]
    rules, players, trump, trick, leader, seat, hand = _position(draw)
    tables = rule_tables(rules, trump)
    card = hand[0]
    win = winner_index(trick, tables.beaters)
    partner_holds = players == 4 and (leader + win) % players == (seat + 2) % 4
    absent = revealed_absent(card, suit_of(trick[0]), trick[win], partner_holds, tables)
    assert not absent >> card & 1
    for other in range(40):
        if other == card or other in trick:
            continue
        # Holding ``other`` besides the card played would have forbidden it, by the rule text: exactly the absent.
        forbidden = card not in _legal_by_the_text(rules, players, trump, trick, leader, [card, other])
        assert forbidden == bool(absent >> other & 1), (other, card, trick)
    # And no hand from which the card was legal holds an absent card.
    if card in _legal_by_the_text(rules, players, trump, trick, leader, hand):
        assert not mask_of(hand) & absent


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 3), st.sets(st.integers(0, 39), max_size=10), st.integers(0, 15))
def test_cantes_and_tutes_are_the_rule_text(rules: Rules, trump: int, hand: set[int], sung: int) -> None:
    tables = rule_tables(rules, trump)
    held = mask_of(hand)
    pair = SOTA if rules.cante_pair == "rey_sota" else CABALLO

    def holds(rank: int, suit: int) -> bool:
        return any(rank_of(c) == rank and suit_of(c) == suit for c in hand)

    expected = {s for s in range(4) if holds(REY, s) and holds(pair, s) and not sung >> s & 1}
    assert {s for s in range(4) if open_cantes(held, sung, tables) >> s & 1} == expected
    best = best_cante(held, sung, tables)
    if not expected:
        assert best == -1
    else:
        # The forty if it is open, else the lowest suit; a cante of trumps scores 40, any other 20.
        assert best == (trump if trump in expected else min(expected))
        assert tables.cante_points[best] == (40 if best == trump else 20)
    tutes = [] if rules.tute == "off" else [r for r in (REY, pair) if all(holds(r, s) for s in range(4))]
    assert tutes_held(held, tables) == tutes


def test_the_capote_goes_to_a_side_that_took_every_trick() -> None:
    with_bonus = Rules(capote_bonus=100)
    assert capote(with_bonus, 1) == (0, 100)
    assert capote(with_bonus, 2) == (1, 100)
    assert capote(with_bonus, 3) == (None, 0)
    assert capote(Rules(), 1) == (None, 0)
