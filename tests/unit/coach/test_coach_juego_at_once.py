"""Cards that hand the other side the juego at once: graded so at both table sizes, in every phase.

The suite is built from positions of bot play (heads-up and pairs, the first
phase and the arrastre) where the seat to move completes the trick, moved de
vueltas with the scores carried so that the other side needs only a few
points. The exact verdict of each card comes from the engine itself: the card
is played on the full deal and the hand ends at once with the juego to the
other side. The coach sees only the seat's view.
"""

from __future__ import annotations

import random
import re

import pytest

from guinote_lab.bench import random_positions
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.ai.search import loses_at_once
from guinote_tui.coach import CoachBudget, advise, evaluate
from guinote_tui.coach.evaluate import Grade
from guinote_tui.engine import PLAY, Card, HandState, Play, Rules, seat_view
from guinote_tui.engine.position import PositionError, format_position, parse_position

SMALL = CoachBudget(min_deals=12, batch=8, max_playouts=200, max_deals=40, arrastre_deals=12, arrastre_min_deals=4)


def _juego_positions(players: int, count: int, arrastre: bool) -> list[tuple[HandState, set[int]]]:
    """(position, the cards that lose the juego at once by the engine's own play) with at least one such card
    and at least one that does not."""
    rules = Rules.preset("aragones")
    out: list[tuple[HandState, set[int]]] = []
    rng = random.Random(players * 10 + arrastre)
    for state in random_positions(players, "aragones", seed=700 + players + 10 * arrastre, hands=60):
        if len(out) == count:
            break
        seat = state.to_move
        cards = [a.card for a in state.legal_actions() if type(a) is Play]
        if seat is None or len(cards) < 2 or len(state.trick) != players - 1 or (state.muestra is None) != arrastre:
            continue
        rival = 1 - seat % 2
        need = rng.randrange(1, 12)
        carried = [rng.randrange(20, 60), rng.randrange(20, 60)]
        carried[rival] = rules.target - state.points[rival] - need
        if carried[rival] < 0 or carried[1 - rival] + state.points[1 - rival] >= rules.target:
            continue
        text = re.sub(r"; carried \d+ \d+", "", format_position(state)) + f"; carried {carried[0]} {carried[1]}"
        text = text if "; vueltas" in text else text + "; vueltas"
        try:
            moved = parse_position(text, rules)
        except PositionError:
            continue
        losing = set()
        for card in cards:
            after = moved.copy()
            after.apply(PLAY[card])
            result = after.result
            if result is not None and result.juego_winner == rival:
                losing.add(card)
        if losing and len(losing) < len(cards):
            out.append((moved, losing))
    return out


CASES = [(2, False), (2, True), (4, False), (4, True)]


@pytest.mark.parametrize(("players", "arrastre"), CASES)
def test_every_card_that_loses_the_juego_at_once_is_graded_a_blunder(players: int, arrastre: bool) -> None:
    positions = _juego_positions(players, 6, arrastre)
    assert len(positions) >= 4, "too few positions for the suite"
    for number, (state, losing) in enumerate(positions):
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat, events=False)
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        # The rule read from the view alone finds exactly the engine's verdict.
        assert set(loses_at_once(view, cards, tables_for(view.rules, view.trump))) == losing, format_position(state)
        evaluation = evaluate(view, random.Random(number), SMALL)
        assert evaluation is not None
        assert Card(evaluation.best) not in losing
        for card in cards:
            estimate = evaluation.cards[Card(card)]
            if card in losing:
                assert estimate.at_once == -1 and evaluation.grade(Card(card)) is Grade.BLUNDER, format_position(state)
                assert evaluation.juego_verdict(Card(card)) == "lost"
                assert estimate.loss == 1.0
            else:
                assert estimate.at_once != -1
        advice = advise(view, random.Random(number), SMALL)
        assert isinstance(advice.action, Play) and advice.action.card not in losing
        assert all(advice.mistake(PLAY[card]) for card in losing)


@pytest.mark.parametrize(("players", "arrastre"), [(2, False), (4, False)])
def test_the_review_says_why_the_card_played_is_worse(players: int, arrastre: bool) -> None:
    """A card that hands over the juego at once is judged a blunder, and the review names what it loses (the
    trick and the juego), not only why the coach's card is better."""
    from guinote_tui.coach import ReasonCode
    from guinote_tui.coach.verdict import judge
    from guinote_tui.present.vocabulary import why_text

    for number, (state, losing) in enumerate(_juego_positions(players, 3, arrastre)):
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat, events=False)
        advice = advise(view, random.Random(number), SMALL)
        for card in losing:
            verdict = judge(advice, PLAY[card], view=view)
            assert verdict.grade is Grade.BLUNDER and verdict.loss is not None
            assert verdict.loss.code is ReasonCode.HANDS_JUEGO
            assert str(Card(card)) == verdict.loss.params["card"]

            class Decided:
                reason = advice.reason
                loss = verdict.loss

            said = why_text(Decided())
            assert said.startswith(verdict.loss.text) and said.endswith(advice.reason.text)
