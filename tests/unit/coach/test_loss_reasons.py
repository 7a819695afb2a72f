"""Why the card a player chose is worse than the coach's: each reason names what the evaluation shows.

:func:`guinote_tui.coach.loss.loss_reason` reads the seat's view and the
coach's evaluation. The focused tests build positions where the played card
hands the juego over at once de vueltas, misses a juego the coach's card wins
at once, and breaks a Rey and Sota held for the cante. The property test
restates, for every reason given over positions from bot and random play
(heads-up and in pairs, both phases), the facts its sentence names and checks
them against the evaluation (and, for a juego decided at once, against the full
hand), and that they explain at least half the cost.
"""

from __future__ import annotations

import random
from collections import Counter

from guinote_lab.bench import random_positions
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.coach import COACH_BUDGET, CoachBudget, Evaluation, Reason, ReasonCode, evaluate
from guinote_tui.coach.evaluate import JUEGO_POINTS
from guinote_tui.coach.loss import LOSS_CODES, loss_reason, tenths
from guinote_tui.engine import PLAY, RANKS, Card, HandState, Play, Stage, parse_action, parse_position, seat_view
from guinote_tui.lessons.deals import deal

SMALL = CoachBudget(min_deals=12, batch=6, max_playouts=240, max_deals=60, arrastre_deals=12, arrastre_min_deals=6)
REY = 12


def evaluated(state: HandState) -> Evaluation:
    """The coach's evaluation of the position, with its quick budget."""
    seat = state.to_move
    assert seat is not None
    found = evaluate(seat_view(state, seat, events=False), random.Random(3), COACH_BUDGET)
    assert found is not None
    return found


def reason_of(state: HandState, played: str, evaluation: Evaluation) -> Reason | None:
    seat = state.to_move
    assert seat is not None
    return loss_reason(seat_view(state, seat, events=False), evaluation, Card.parse(played), evaluation.best)


def vueltas(carried: tuple[int, int]) -> HandState:
    """De vueltas, Copas are trumps: the Rival leads the As de Oros; only your Dos de Copas takes it."""
    state = parse_position(
        deal(2, 0, {0: "4E 5E 6B 7B 2C 3O", 1: "1O 5O 12O 7O 2O 11O"}, "5C", carried=carried, first_of_juego=False)
    )
    state.apply(parse_action("1O"))
    return state


def test_a_card_that_hands_the_juego_over_at_once_says_so() -> None:
    # The Rival has 92: with any card but the trump its As's 11 points take it past 101.
    state = vueltas((90, 92))
    evaluation = evaluated(state)
    assert evaluation.best == Card.parse("2C")
    reason = reason_of(state, "4E", evaluation)
    assert reason is not None and reason.code is ReasonCode.HANDS_JUEGO
    assert reason.text == (
        "The Cuatro de Espadas hands the other side the trick and the juego at once; the Dos de Copas does not."
    )
    # The Tres de Oros gives its 10 points too, but the juego weighs first.
    reason = reason_of(state, "3O", evaluation)
    assert reason is not None and reason.code is ReasonCode.HANDS_JUEGO


def test_a_card_that_misses_the_juego_the_coach_s_card_wins_at_once_says_so() -> None:
    # You have 95: the Dos de Copas takes the As and its 11 points, and the juego; the Rival is far from it.
    state = vueltas((95, 40))
    evaluation = evaluated(state)
    reason = reason_of(state, "5E", evaluation)
    assert reason is not None and reason.code is ReasonCode.MISSES_JUEGO
    assert reason.text == "The Dos de Copas takes the trick and the juego at once; the Cinco de Espadas does not."


def test_a_card_that_breaks_the_rey_and_sota_held_for_the_cante_says_so() -> None:
    # Copas are trumps and you lead holding the Rey and the Sota de Copas: either breaks the forty.
    state = parse_position(deal(2, 1, {0: "12C 10C 4E 5E 6B 7B", 1: "1O 5O 12O 7O 2O 11O"}, "5C"))
    evaluation = evaluated(state)
    assert evaluation.best not in (Card.parse("12C"), Card.parse("10C"))
    for played in ("12C", "10C"):
        reason = reason_of(state, played, evaluation)
        assert reason is not None and reason.code is ReasonCode.BREAKS_CANTE, reason
        lines, coach = evaluation.cards[Card.parse(played)].lines, evaluation.cards[evaluation.best].lines
        assert lines is not None and coach is not None and coach.cantes - lines.cantes >= 4
    reason = reason_of(state, "12C", evaluation)
    assert reason is not None
    assert reason.text == "The Rey de Copas breaks your cante in Copas: you can no longer sing its 40 points."


def test_no_reason_for_the_coach_s_own_card() -> None:
    state = vueltas((90, 92))
    evaluation = evaluated(state)
    view = seat_view(state, 0, events=False)
    assert loss_reason(view, evaluation, evaluation.best, evaluation.best) is None


# -- the property test ---------------------------------------------------------------------------


def finish_trick(state: HandState) -> None:
    """Complete the trick in progress with the first legal card of each seat still to play."""
    tricks = len(state.tricks)
    while len(state.tricks) == tricks and not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        cards = [a for a in legal if isinstance(a, Play)]
        state.apply(cards[0] if cards else legal[0], seat)


def decided_at_once(state: HandState, seat: int, card: Card) -> int | None:
    """The side that takes the trick after ``card`` (the others' first legal cards) when the juego ends with it."""
    after = state.copy()
    after.apply(PLAY[int(card)], seat)
    finish_trick(after)
    result = after.result
    if result is None or result.juego_winner is None:
        return None
    return after.tricks[len(state.tricks)].winner & 1 if result.juego_winner == after.tricks[-1].winner & 1 else -1


def check_loss(state: HandState, seat: int, evaluation: Evaluation, played: Card, reason: Reason) -> None:
    """The facts ``reason`` names about ``played`` against the coach's card, checked in the evaluation."""
    best = evaluation.best
    mine, theirs = evaluation.cards[played], evaluation.cards[best]
    cost = mine.delta - theirs.delta
    assert cost > 0
    assert played.name in reason.text
    params = reason.params
    code = reason.code
    net = ((theirs.win or 0) - (theirs.loss or 0)) - ((mine.win or 0) - (mine.loss or 0))
    side = seat & 1
    if code in (ReasonCode.HANDS_JUEGO, ReasonCode.LOSES_JUEGO):
        assert mine.juego == -1 < theirs.juego
        if code is ReasonCode.HANDS_JUEGO:
            # Whatever the others play, the other side takes the trick and the juego with it.
            assert decided_at_once(state, seat, played) == 1 - side
        else:
            assert evaluation.exact
        assert JUEGO_POINTS * (theirs.juego - mine.juego) >= cost / 2
    elif code in (ReasonCode.MISSES_JUEGO, ReasonCode.MISSES_JUEGO_SOLVED):
        assert theirs.juego == 1 > mine.juego
        if code is ReasonCode.MISSES_JUEGO:
            assert decided_at_once(state, seat, best) == side
        else:
            assert evaluation.exact
    elif code in (ReasonCode.FEWER_JUEGOS, ReasonCode.MORE_JUEGOS_LOST):
        assert mine.win is not None and theirs.win is not None and mine.loss is not None and theirs.loss is not None
        if code is ReasonCode.FEWER_JUEGOS:
            assert theirs.win - mine.win >= 0.1 - 1e-9
            assert (params["m"], params["n"]) == (tenths(mine.win), tenths(theirs.win))
        else:
            assert mine.loss - theirs.loss >= 0.1 - 1e-9
            assert (params["m"], params["n"]) == (tenths(mine.loss), tenths(theirs.loss))
        assert JUEGO_POINTS * net >= cost / 2
    else:
        lines, coach = mine.lines, theirs.lines
        assert lines is not None and coach is not None
        fewer = max(0.0, coach.cantes - lines.cantes) / 2
        if code is ReasonCode.TUTE_LOST:
            assert coach.tute - lines.tute >= 0.1 - 1e-9
            assert (params["m"], params["n"]) == (tenths(lines.tute), tenths(coach.tute))
            assert JUEGO_POINTS * max(0.0, net) + fewer >= cost / 2
        elif code is ReasonCode.BREAKS_CANTE:
            suit = int(played) // 10
            pair = {suit * 10 + RANKS.index(REY), suit * 10 + RANKS.index(state.rules.cante_rank)}
            assert state.muestra is not None and not state.sung >> suit & 1
            assert pair <= set(state.hands[seat]) and int(played) in pair and int(best) not in pair
            assert params["points"] == (40 if suit == state.trump else 20)
            assert coach.cantes - lines.cantes >= 4
            assert JUEGO_POINTS * max(0.0, net) + fewer >= cost / 2
        elif code is ReasonCode.FEWER_CANTES:
            assert coach.cantes - lines.cantes >= 4
            assert (params["m"], params["n"]) == (round(lines.cantes), round(coach.cantes))
            assert fewer >= cost / 2
        elif code is ReasonCode.RIVAL_CANTES:
            assert lines.rival_cantes - coach.rival_cantes >= 4
            assert (params["m"], params["n"]) == (round(lines.rival_cantes), round(coach.rival_cantes))
            assert (lines.rival_cantes - coach.rival_cantes) / 2 >= cost / 2
        elif code is ReasonCode.GIVES_POINTS:
            points = tables_for(state.rules, state.trump).points[int(played)]
            assert params["points"] == points > 0
            assert lines.given - coach.given >= 2 and params["k"] == tenths(lines.given / points)
            assert lines.given - coach.given >= cost / 2
        elif code is ReasonCode.LAST_TRICK_LOST:
            assert coach.last - lines.last >= 0.1 - 1e-9
            assert (params["m"], params["n"]) == (tenths(lines.last), tenths(coach.last))
            assert 10 * (coach.last - lines.last) >= cost / 2
        elif code is ReasonCode.MUESTRA_LOST:
            assert state.muestra is not None and params["muestra"] == str(Card(state.muestra))
            assert coach.muestra - lines.muestra >= 0.1 - 1e-9
            assert (params["m"], params["n"]) == (tenths(lines.muestra), tenths(coach.muestra))
        else:
            raise AssertionError(f"no facts stated for {code}")


def test_every_loss_reason_names_what_the_evaluation_shows() -> None:
    codes: Counter[ReasonCode] = Counter()
    asked = 0
    for players in (2, 4):
        for index, state in enumerate(random_positions(players, "aragones", seed=11 + players, hands=8, wildness=0.5)):
            if index % 3 or state.stage is not Stage.PLAY:
                continue
            seat = state.to_move
            assert seat is not None
            view = seat_view(state, seat, events=False)
            if sum(isinstance(a, Play) for a in view.legal) < 2:
                continue
            evaluation = evaluate(view, random.Random(index), SMALL)
            assert evaluation is not None
            for played in evaluation.cards:
                if played == evaluation.best:
                    continue
                asked += 1
                reason = loss_reason(view, evaluation, played, evaluation.best)
                if reason is None:
                    continue
                assert reason.code in LOSS_CODES
                check_loss(state, seat, evaluation, played, reason)
                codes[reason.code] += 1
    assert asked >= 400
    # The common components were met, so their statements above were exercised (the rarer ones, the juego
    # decided at once and the solved juego, the tute, the muestra, by the focused tests or a longer run).
    assert {
        ReasonCode.FEWER_JUEGOS,
        ReasonCode.MORE_JUEGOS_LOST,
        ReasonCode.BREAKS_CANTE,
        ReasonCode.FEWER_CANTES,
        ReasonCode.GIVES_POINTS,
        ReasonCode.LAST_TRICK_LOST,
    } <= set(codes), codes
