"""The coach's advice: honest (the view alone), exact in the heads-up arrastre, explained."""

from __future__ import annotations

import random

import pytest
from hidden_cards import reshuffled

from guinote_lab.bench import random_positions
from guinote_tui.ai.bitmasks import mask_of, tables_for
from guinote_tui.ai.search import loses_at_once
from guinote_tui.ai.solver import juego_solver
from guinote_tui.coach import Advice, CoachBudget, Reason, ReasonCode, advise, reason_text
from guinote_tui.coach.evaluate import JUEGO_POINTS
from guinote_tui.engine import JUEGO, PASS, PLAY, HandState, Play, Sing, Stage, seat_view

SMALL = CoachBudget(
    min_deals=3, batch=2, max_playouts=40, max_deals=6, arrastre_deals=2, arrastre_nodes=3000, arrastre_min_deals=1
)


@pytest.mark.parametrize(("players", "preset"), [(2, "aragones"), (4, "aragones"), (4, "libre-100")])
def test_the_advice_depends_only_on_the_view(players: int, preset: str) -> None:
    rng = random.Random(11)
    states = [s for s in random_positions(players, preset, seed=500 + players, hands=3) if len(s.legal_actions()) > 1]
    states = states[::5]
    assert len(states) >= 6
    changed = 0
    for number, state in enumerate(states):
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat)
        expected = advise(view, random.Random(number), SMALL)
        for swaps in (2, 20):
            world = reshuffled(state, seat, rng, swaps)
            assert seat_view(world, seat) == view
            changed += [world.hands, world.stock] != [state.hands, state.stock]
            got = advise(seat_view(world, seat), random.Random(number), SMALL)
            assert got == expected, state.describe()
    assert changed > len(states)


def arrastre_positions(count: int) -> list[HandState]:
    out = []
    for state in random_positions(2, "aragones", seed=900, hands=120, wildness=0.3):
        if state.muestra is None and state.stage is Stage.PLAY:
            legal = state.legal_actions()
            if len(legal) > 1 and all(type(a) is Play for a in legal):
                out.append(state)
        if len(out) == count:
            break
    return out


def exact_values(state: HandState) -> dict[int, float]:
    """The coach's exact values, recomputed: the juego solver's line, half its point difference and
    :data:`~guinote_tui.coach.evaluate.JUEGO_POINTS` for a juego decided."""
    seat = state.to_move
    assert seat is not None
    solver = juego_solver(state)
    values = solver.action_values([mask_of(h) for h in state.hands], state.leader, list(state.trick), state.sung)
    out = {}
    for card, value in values.items():
        juego = 1 if value >= JUEGO / 2 else -1 if value <= -JUEGO / 2 else 0
        out[card] = (value - JUEGO * juego) / 2 + JUEGO_POINTS * juego
    return out


def test_in_the_heads_up_arrastre_the_best_card_is_an_optimal_move_of_the_exact_solver() -> None:
    states = arrastre_positions(400)
    assert len(states) == 400
    differing = 0
    for number, state in enumerate(states):
        seat = state.to_move
        assert seat is not None
        advice = advise(seat_view(state, seat, events=False), random.Random(number))
        exact = exact_values(state)
        assert isinstance(advice.action, Play)
        # Optimal for the exact solver among the cards that do not lose the juego at once (a loss that needs
        # the other side's best play is kept over one that needs nothing), when there are such cards.
        view = seat_view(state, seat, events=False)
        lost = set(loses_at_once(view, list(exact), tables_for(view.rules, view.trump)))
        fighting = {c: v for c, v in exact.items() if c not in lost} or exact
        assert exact[advice.action.card] == max(fighting.values()), state.describe()
        exact = fighting if len(fighting) == len(exact) else exact
        # The coach's values are the exact ones (the open position is known heads-up), in the side's
        # points (the solver counts the difference between the sides, which a card point moves by two)
        # and the juego.
        assert {int(c): v for c, v in advice.values.items()} == exact
        differing += len(set(exact.values())) > 1
        assert advice.cost(advice.action) == 0
        if not lost:
            worst = min(exact, key=lambda c: exact[c])
            assert advice.cost(PLAY[worst]) == max(exact.values()) - exact[worst]
        assert advice.cost_se(PLAY[worst]) == 0
        assert advice.mistake(PLAY[worst]) == (advice.cost(PLAY[worst]) >= 2)
    assert differing > 80


def test_every_legal_card_gets_a_value_and_the_same_seed_the_same_advice() -> None:
    seen_codes: set[ReasonCode] = set()
    for players in (2, 4):
        for number, state in enumerate(random_positions(players, "aragones", seed=77, hands=2)):
            if number % 3:
                continue
            seat = state.to_move
            assert seat is not None
            view = seat_view(state, seat, events=False)
            advice = advise(view, random.Random(number), SMALL)
            assert advice.action in view.legal
            cards = {a.card for a in view.legal if isinstance(a, Play)}
            assert set(advice.values) == (cards if len(cards) > 1 else set())
            assert advice.forced == (len(view.legal) == 1)
            assert advise(view, random.Random(number), SMALL) == advice
            assert advice.reason.text  # every reason has its sentence
            seen_codes.add(advice.reason.code)
    assert len(seen_codes) >= 5


def test_every_code_has_a_sentence() -> None:
    params = {
        "card": "1O",
        "points": 11,
        "suit": "Oros",
        "ranks": "Reyes",
        "margin": 2,
        "rank": "Sota",
        "big": "3C",
        "muestra": "1B",
        "best": "2C",
        "m": 3,
        "n": 5,
        "k": 6,
    }
    for code in ReasonCode:
        text = reason_text(code, **params)
        assert text.endswith(".") and "{" not in text
    assert Reason(ReasonCode.WIN_POINTS, {"card": "1O", "points": 21}).text == (
        "Take the trick with the As de Oros: there are already 21 points on it."
    )
    found = Reason(ReasonCode.BEST_BY_SEARCH, {"card": "1O", "margin": 3}).text
    assert (
        found
        == "On the deals that fit what you know, the As de Oros keeps about 3 points more than the next best card."
    )
    same = Reason(ReasonCode.BEST_BY_SEARCH, {"card": "1O", "margin": 0}).text
    assert same.endswith("did as well as any card: they are about the same.")


def test_declarations_follow_the_policy_with_a_reason() -> None:
    found: dict[ReasonCode, Advice] = {}
    for players in (2, 4):
        for number, state in enumerate(random_positions(players, "aragones", seed=123, hands=12, wildness=0.0)):
            legal = state.legal_actions()
            if len(legal) < 2 or all(type(a) is Play for a in legal):
                continue
            seat = state.to_move
            assert seat is not None
            advice = advise(seat_view(state, seat, events=False), random.Random(number), SMALL)
            if isinstance(advice.action, Play):
                continue
            found.setdefault(advice.reason.code, advice)
    assert ReasonCode.SING_NOW in found
    sing = found[ReasonCode.SING_NOW]
    assert isinstance(sing.action, Sing)
    assert sing.reason.params["points"] in (20, 40)
    # A card played instead leaves the cante for a later window: its cost is measured against singing first where
    # one may come, else the cante is lost for good and costs half its points (it adds to one side's score only).
    for card in sing.values:
        delay = sing.delayed(PLAY[card])
        if delay is None:
            assert (sing.cost(PLAY[card]), sing.cost_se(PLAY[card])) == (sing.reason.params["points"] / 2, 0.0)
        else:
            assert (sing.cost(PLAY[card]), sing.cost_se(PLAY[card])) == (delay.cost, delay.se)
    if ReasonCode.LET_GO in found:
        assert found[ReasonCode.LET_GO].action == PASS


def test_a_continued_hand_is_analysed_ahead_from_its_log() -> None:
    from guinote_tui.coach.ahead import HandSpec, ReviewAhead, review_hand
    from guinote_tui.engine import Match

    match = Match(2, seed=6)
    hand = match.hand
    rng = random.Random(1)
    while len(hand.tricks) < 3:
        seat = hand.to_move
        assert seat is not None
        match.apply(rng.choice(hand.legal_actions()), seat)
    ahead = ReviewAhead(0, 4, SMALL)
    ahead.catch_up(hand)
    expected = review_hand(HandSpec.of(hand), hand.log, 0, 4, SMALL)
    assert len(ahead._pending) == len(expected) > 0
    assert ahead.review(hand) == expected
