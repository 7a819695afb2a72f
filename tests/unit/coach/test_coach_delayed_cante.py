"""A card played where the coach would sing: the cante left for a later window is measured, not lost for good.

The seat that leads after its side won a trick, holding a Rey and its cante card, may sing now or play a card
and sing at a later trick its side wins while it still holds both. Playing a card first costs what the delay
loses (coach/lines.py); only where no later window can come (the card breaks the pair) is the cante lost for
good, at half its points.
"""

from __future__ import annotations

import random
from dataclasses import replace

from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.coach import COACH_BUDGET, Advice, CoachBudget, Grade, advise
from guinote_tui.coach.evaluate import JUEGO_POINTS
from guinote_tui.coach.lines import CanteLines, Delay, later_window, sung_now
from guinote_tui.coach.reasons import ReasonCode
from guinote_tui.coach.verdict import judge
from guinote_tui.engine import (
    PLAY,
    Card,
    HandState,
    JuegoOutcome,
    Match,
    Rules,
    Sing,
    parse_action,
    parse_position,
    seat_view,
)
from guinote_tui.lessons.deals import arrastre, deal

SMALL = CoachBudget(min_deals=12, batch=6, max_playouts=240, max_deals=60, arrastre_deals=16, arrastre_min_deals=8)


def advice_at(state: HandState, budget: CoachBudget = COACH_BUDGET) -> Advice:
    seat = state.to_move
    assert seat is not None
    return advise(seat_view(state, seat, events=False), random.Random(1), budget)


def phase_one() -> HandState:
    """Heads-up, Oros trumps: you took the first trick and lead the second holding the Rey and the Sota de Bastos,
    the As and the Tres de Oros."""
    state = parse_position(deal(2, 1, {0: "1O 3O 12B 10B 7C 5E", 1: "6C 2E 4E 6E 2B 4B"}, "4O", stock="2C 5C"))
    state.apply(parse_action("7C"))
    state.apply(parse_action("6C"))
    assert parse_action("sing:B") in state.legal_actions() and state.to_move == 0
    return state


def test_a_cante_left_for_a_later_window_is_measured_not_lost_for_good() -> None:
    advice = advice_at(phase_one())
    assert advice.action == parse_action("sing:B")
    # The Cinco de Espadas keeps the pair: the side sings it later in most lines, and the cost is what the delay
    # measures, with its standard error: as good as singing, or a close call; never the cante's half lost.
    lead = PLAY[Card.parse("5E")]
    assert advice.grade(lead) in (Grade.SAME, Grade.CLOSE) and advice.cost_se(lead) > 0
    evaluation = advice.evaluation
    assert evaluation is not None and evaluation.delay is not None
    delay = advice.delayed(lead)
    assert delay is not None and delay.later is not None and delay.later > 0.5
    assert (advice.cost(lead), advice.cost_se(lead)) == (delay.cost, delay.se)
    assert not judge(advice, lead).mistake
    # The Rey de Bastos breaks the pair: no later window, the cante is lost for good, exactly.
    rey = PLAY[Card.parse("12B")]
    assert advice.delayed(rey) is None
    assert (advice.cost(rey), advice.cost_se(rey), advice.grade(rey)) == (10.0, 0.0, Grade.BLUNDER)
    view = seat_view(phase_one(), 0, events=False)
    verdict = judge(advice, rey, view=view)
    assert verdict.loss is not None and verdict.loss.code is ReasonCode.BREAKS_CANTE


def test_a_later_window_needs_the_pair_kept() -> None:
    view = seat_view(phase_one(), 0, events=False)
    tables = tables_for(view.rules, view.trump)
    bastos = 3
    assert later_window(view, Card.parse("5E"), bastos, tables)
    assert not later_window(view, Card.parse("12B"), bastos, tables)
    assert not later_window(view, Card.parse("10B"), bastos, tables)


def heads_up_arrastre(mine: str, theirs: str, *moves: str) -> HandState:
    """Heads-up arrastre (Oros trumps, the Rival drew the Cinco): you lead, then ``moves`` are played."""
    state = parse_position(arrastre(2, 0, {0: mine, 1: theirs}, "5O"))
    for move in moves:
        state.apply(parse_action(move))
    assert state.to_move == 0 and parse_action("sing:B") in state.legal_actions()
    return state


def test_with_every_card_known_a_safe_delay_costs_nothing() -> None:
    # The As de Oros takes the trick for sure, and the window after it is yours: singing then is as good.
    advice = advice_at(heads_up_arrastre("1O 3O 12B 10B 2E 4C", "5O 12O 1B 3B 5E 6C"))
    evaluation = advice.evaluation
    assert evaluation is not None and evaluation.exact
    ace = PLAY[Card.parse("1O")]
    assert (advice.cost(ace), advice.cost_se(ace), advice.grade(ace)) == (0.0, 0.0, Grade.SAME)
    # The Dos de Espadas gives the lead away: the Rival leads Bastos and the pair must break.
    two = PLAY[Card.parse("2E")]
    assert advice.cost(two) >= 10 and advice.cost_se(two) == 0 and advice.grade(two) is Grade.BLUNDER


def test_with_no_later_trick_to_win_the_delay_costs_the_cante() -> None:
    # Three cards left: the Dos de Copas loses the trick to the Rival's Copas, who then leads the As de Bastos,
    # and you must follow with the Rey or the Sota: no window can come while you hold both.
    state = heads_up_arrastre("12B 10B 2C 1O 3O 11O", "5O 2O 4O 1B 3C 4C", "1O", "2O", "3O", "4O", "11O", "5O")
    advice = advice_at(state)
    two = PLAY[Card.parse("2C")]
    assert advice.cost(two) >= 10 and advice.cost_se(two) == 0 and advice.grade(two) is Grade.BLUNDER


def test_the_pairs_arrastre_solves_the_cante_sung_first_on_the_same_deals() -> None:
    state = parse_position(
        arrastre(
            4,
            0,
            {0: "12B 10B 1O 3O 2C 4C", 1: "5O 2O 5C 6C 7C 2E", 2: "4O 6O 3E 4E 5E 6E", 3: "7O 10C 11C 7E 10E 11E"},
            "7O",
        )
    )
    for move in ("1O", "2O", "4O", "7O"):
        state.apply(parse_action(move))
    advice = advice_at(state, SMALL)
    evaluation = advice.evaluation
    assert evaluation is not None and evaluation.method in ("solved", "enumerated") and evaluation.delay is not None
    assert isinstance(advice.action, Sing)
    low = PLAY[Card.parse("2C")]
    delay = advice.delayed(low)
    assert delay is not None and delay.later is None  # solved lines: the share sung later is not counted
    assert (advice.cost(low), advice.cost_se(low)) == (delay.cost, delay.se)
    # The pair's own cards keep the exact rule.
    assert advice.delayed(PLAY[Card.parse("12B")]) is None and advice.cost(PLAY[Card.parse("12B")]) == 10


def finished_without_cantes(players: int = 2, rules: Rules | None = None) -> HandState:
    """A first hand of a juego played to its end without a cante (the seat-0 side short of the target)."""
    rng = random.Random(4)
    while True:
        match = Match(players, rules or Rules.preset("aragones"), seed=rng.randrange(10**6))
        hand = match.hand
        while not hand.is_over:
            legal = [a for a in hand.legal_actions() if not isinstance(a, Sing)] or list(hand.legal_actions())
            match.apply(rng.choice(legal))
        result = hand.result
        assert result is not None
        if not hand.cantes and 81 <= result.totals[0] < 101 and result.cards_and_ten(0) >= 30:
            if result.totals[1] < 101:
                return hand


def test_a_cante_sung_first_is_judged_again_for_the_juego() -> None:
    hand = finished_without_cantes()
    outcome = JuegoOutcome.of(hand)
    # Without the cante side 0 fell short; with its twenty from the start it reaches 101 with its malas.
    gained, juego, later = sung_now(hand, outcome, 0, 3, 20, 0)
    assert (gained, juego, later) == (10.0, 1, False)


def test_a_cante_that_reaches_the_target_de_vueltas_wins_the_juego_at_once_on_every_deal() -> None:
    state = parse_position(
        deal(
            2,
            1,
            {0: "1O 3O 12B 10B 7C 5E", 1: "6C 2E 4E 6E 2B 4B"},
            "4O",
            stock="2C 5C",
            carried=(85, 0),
            first_of_juego=False,
        )
    )
    state.apply(parse_action("7C"))
    state.apply(parse_action("6C"))
    view = seat_view(state, 0, events=False)
    lines = CanteLines(view, 3, 20, weigh=True, juego_points=JUEGO_POINTS)
    assert lines.at_once
    after = state.copy()
    after.apply(parse_action("5E"))
    while not after.is_over:
        after.apply(after.legal_actions()[0])
    lines.add(Card.parse("5E"), after, -30.0)
    assert lines.values[Card.parse("5E")] == [10 + JUEGO_POINTS]


def test_a_graded_delay_says_in_how_many_deals_the_cante_is_sung_later() -> None:
    state = phase_one()
    view = seat_view(state, 0, events=False)
    found = advice_at(state)
    assert found.evaluation is not None and found.evaluation.delay is not None
    lead = Card.parse("5E")
    # The same advice with the delay of the Cinco de Espadas measured dearer: sung later in 4 deals of 10.
    delay = replace(found.evaluation.delay, cards={lead: Delay(6.0, 0.4, 6.0, 0.4)})
    advice = replace(found, evaluation=replace(found.evaluation, delay=delay))
    verdict = judge(advice, PLAY[lead], view=view)
    assert (verdict.cost, verdict.cost_se, verdict.grade) == (6.0, 0.4, Grade.MISTAKE)
    assert verdict.loss is not None and verdict.loss.code is ReasonCode.CANTE_LATER
    assert verdict.loss.text == (
        "After the Cinco de Espadas your side sings the 20 in Bastos later in only about 4 of 10 deals: "
        "it must win another trick while you still hold both."
    )
