"""The engine's legal actions against an independent, deliberately simple reading of docs/rules.md.

Random walks through whole hands, across both presets, both table sizes and
several flags, compare ``HandState.legal_actions()`` (cards *and*
declarations: sing, swap, tute, pass) with :mod:`simple_rules` at every
decision point, check the turn structure around windows and the pre-draw
swap, and try illegal actions (refused with a rule, state unchanged).
"""

from __future__ import annotations

import random
from collections import Counter

from engine_setup import snapshot
from simple_rules import (
    breaks_a_rule,
    expected_actions,
    predraw_expected,
    window_expected_at_opening,
)

from guinote_tui.engine import CARDS, PASS, PLAY, SING, SWAP, TUTE, HandState, IllegalAction, Rules, Stage

CONFIGS: list[tuple[str, Rules, int]] = [
    ("aragones pairs", Rules(), 4),
    ("aragones heads-up", Rules(), 2),
    ("libre-100 pairs", Rules.preset("libre-100"), 4),
    ("libre-100 heads-up", Rules.preset("libre-100"), 2),
    ("no partner exemption", Rules(partner_exemption=False), 4),
    ("must undertrump", Rules(must_undertrump=True), 4),
    ("cantes per player, tute points40", Rules(cante_limit="per_player", tute="points40"), 4),
    ("no two-for-seven, no low muestra", Rules(two_for_seven=False, swap_low_muestra=False), 4),
    ("own-turn swap, packets of one", Rules(swap_window="own_turn", deal_packet=1), 4),
    ("libre-100 with tute", Rules.preset("libre-100", tute="juego", vueltas=True), 4),
]

ALL_ACTIONS = [*PLAY, *SING, *SWAP, *TUTE.values(), PASS]


def seat_positions(seat: int, dealer: int, players: int, packet: int) -> list[int]:
    """Where in the deck order the cards dealt to ``seat`` lie (the documented convention)."""
    positions, index = [], 0
    for _ in range(6 // packet):
        for offset in range(1, players + 1):
            if (dealer + offset) % players == seat:
                positions.extend(range(index, index + packet))
            index += packet
    return positions


def stacked_deck(rng: random.Random, players: int, dealer: int, packet: int) -> list[int]:
    """A shuffled deck, sometimes rigged so that cantes, tutes and swaps come up often."""
    order = list(range(40))
    rng.shuffle(order)
    roll = rng.random()
    if roll < 0.3:
        # Four reyes (or sotas, or caballos) dealt to one seat.
        rank_index = rng.choice([7, 8, 9])
        group = [s * 10 + rank_index for s in range(4)]
        spots = rng.sample(seat_positions(rng.randrange(players), dealer, players, packet), 4)
        for card, spot in zip(group, spots, strict=True):
            where = order.index(card)
            order[spot], order[where] = order[where], order[spot]
    elif roll < 0.55:
        # Rey and sota/caballo pairs near the top, the 7 and 2 of some suit early too.
        suits = rng.sample(range(4), 3)
        group = [s * 10 + r for s in suits for r in (9, rng.choice([7, 8]))]
        group += [rng.randrange(4) * 10 + rng.choice([1, 6])]
        group = list(dict.fromkeys(group))
        rest = [c for c in order if c not in group]
        order = group + rest
        head = order[: 6 * players]
        rng.shuffle(head)
        order[: 6 * players] = head
    if rng.random() < 0.5:
        # The 7 of trumps (the 2 when the muestra is the 7) dealt to someone: swaps and pre-draw windows.
        muestra = order[6 * players]
        wanted = muestra // 10 * 10 + (1 if muestra % 10 == 6 else 6)
        where = order.index(wanted)
        if where > 6 * players:
            spot = rng.randrange(6 * players)
            order[spot], order[where] = order[where], order[spot]
    return order


def choose(legal: list, rng: random.Random):  # type: ignore[no-untyped-def]
    """Random action, favouring declarations so that they are exercised."""
    announce = [a for a in legal if type(a).__name__ in ("Sing", "DeclareTute")]
    if announce and rng.random() < 0.6:
        return rng.choice(announce)
    swaps = [a for a in legal if type(a).__name__ == "Swap"]
    if swaps and rng.random() < 0.15:
        return swaps[0]
    plays = [a for a in legal if type(a).__name__ == "Play"]
    if plays and rng.random() < 0.8:
        # Hold on to a rank held three or four times (a tute in the making), when there is a choice.
        ranks = Counter(a.card % 10 for a in plays)
        others = [a for a in plays if ranks[a.card % 10] < 3]
        if others:
            return rng.choice(others)
    return rng.choice([a for a in legal if type(a).__name__ != "Swap"] or legal)


def walk(config: tuple[str, Rules, int], hands: int, seed: int, coverage: Counter[str]) -> int:
    """Play ``hands`` random hands, checking every position; returns the positions checked."""
    name, rules, players = config
    rng = random.Random(seed)
    positions = 0
    for number in range(hands):
        carried = (rng.randrange(0, 100), rng.randrange(0, 100)) if number % 3 == 2 else (0, 0)
        dealer = rng.randrange(players)
        deck = stacked_deck(rng, players, dealer, rules.deal_packet)
        state = HandState(deck, dealer, rules, players, carried, carried == (0, 0))
        while not state.is_over:
            legal = state.legal_actions()
            engine_set = {str(a) for a in legal}
            expected = expected_actions(state)
            assert len(engine_set) == len(legal), f"{name}: duplicate legal actions {legal}"
            assert engine_set == expected, (
                f"{name}, hand {number}: engine {sorted(engine_set)} vs rules {sorted(expected)}\n{state.describe()}"
            )
            positions += 1
            _count(state, engine_set, coverage)
            if positions % 7 == 0:
                _try_illegal(state, engine_set, rng)
            action = choose(legal, rng)
            before = state.copy() if type(action).__name__ == "Play" and len(state.trick) == players - 1 else None
            stage_before = state.stage
            state.apply(action)
            _check_transition(state, before, action, stage_before)
    return positions


def _count(state: HandState, legal: set[str], coverage: Counter[str]) -> None:
    coverage[f"stage {state.stage}"] += 1
    coverage[f"players {state.players}"] += 1
    for prefix in ("sing:", "swap:", "tute:"):
        if any(t.startswith(prefix) for t in legal):
            coverage[prefix] += 1
    if state.stage is Stage.PLAY and state.trick and state.muestra is None:
        seat = state.to_move
        assert seat is not None
        reasons = {breaks_a_rule(c, seat, state) for c in state.hands[seat]}
        for reason in reasons - {None}:
            coverage[f"arrastre: {reason}"] += 1
        if reasons == {None}:
            coverage["arrastre: free"] += 1


def _try_illegal(state: HandState, legal: set[str], rng: random.Random) -> None:
    illegal = [a for a in ALL_ACTIONS if str(a) not in legal]
    action = rng.choice(illegal)
    before = snapshot(state)
    try:
        state.apply(action)
    except IllegalAction as exc:
        assert exc.rule and exc.rule.strip(), f"no rule named for {action}"
        assert exc.rule not in ("that is not an action", "that card cannot be played now"), (action, exc.rule)
    else:
        raise AssertionError(f"{action} was accepted but is not legal: {sorted(legal)}")
    assert snapshot(state) == before, f"refusing {action} changed the state"


def _check_transition(state: HandState, before: HandState | None, action: object, stage_before: str) -> None:
    """The turn structure after a trick: pre-draw swap, then the partner's window, then the winner."""
    if state.is_over:
        return
    if before is not None:
        winner = state.tricks[-1].winner
        expect_predraw = predraw_expected(before, action.card, winner)  # type: ignore[attr-defined]
        got = state.stage is Stage.PREDRAW
        assert got == expect_predraw, f"pre-draw: expected {expect_predraw}, got {state.stage}"
        if expect_predraw:
            return
    opening = before is not None or stage_before is Stage.PREDRAW
    if opening:
        winner = state.tricks[-1].winner
        if window_expected_at_opening(state):
            assert (state.stage, state.to_move) == (Stage.WINDOW, (winner + 2) % 4)
        else:
            assert (state.stage, state.to_move) == (Stage.PLAY, winner)


def test_engine_legal_actions_match_a_simple_reading_of_the_rules() -> None:
    """At least 10,000 positions over presets, table sizes and flags: the same legal actions."""
    coverage: Counter[str] = Counter()
    total = 0
    for index, config in enumerate(CONFIGS):
        hands = 45 if config[2] == 4 else 25
        total += walk(config, hands, seed=1000 + index, coverage=coverage)
    assert total >= 10_000, total
    # The comparison must have met every kind of decision, or it proves little.
    for key in ("stage play", "stage window", "stage predraw", "sing:", "swap:", "tute:", "players 2", "players 4"):
        assert coverage[key] >= 10, (key, coverage)
    for reason in ("follow suit", "beat (montar)", "trump", "over-trump", "trump even if it cannot win"):
        assert coverage[f"arrastre: {reason}"] >= 10, (reason, coverage)
    assert coverage["arrastre: free"] >= 20


def test_every_card_is_somewhere_exactly_once() -> None:
    """Sanity of the comparison set-up: the universe of actions covers every card."""
    assert len({str(a) for a in ALL_ACTIONS}) == len(ALL_ACTIONS)
    assert {a.card for a in PLAY} == set(CARDS)
