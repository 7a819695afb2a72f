"""The coach's reasons fit the position: each sentence's facts, checked on the full deal.

:func:`guinote_tui.coach.why.card_reason` picks a reason by its written
precondition (:func:`holds`). The property test below does not trust that
code: for every reason it restates the key facts of the sentence and checks
them with the engine on the full hand (every hand known), over thousands of
positions from random and bot play, heads-up and in pairs. The focused tests
rebuild positions where a player read a sentence that contradicted the move.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from guinote_lab.bench import random_positions
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.coach import CardEstimate, Evaluation, Reason, ReasonCode, advise
from guinote_tui.coach.evaluate import Grade, Z
from guinote_tui.coach.loss import LOSS_CODES
from guinote_tui.coach.why import LAST_TRICK_CARDS, card_reason, holds
from guinote_tui.engine import (
    CARDS,
    PASS,
    PLAY,
    RANKS,
    Card,
    HandState,
    Pass,
    Play,
    SeatView,
    Stage,
    Suit,
    build_position,
    card_tables,
    parse_action,
    parse_cards,
    parse_position,
    seat_view,
    trick_winner,
)
from guinote_tui.lessons import LESSONS, coach_reason
from guinote_tui.lessons.deals import arrastre, deal

REY = 12


# -- independent facts, from the full hand -------------------------------------------------------


def points_of(state: HandState) -> list[int]:
    return list(card_tables(state.rules).points)


def is_trump(state: HandState, card: int) -> bool:
    return card // 10 == state.trump


def holding_seat(state: HandState) -> int | None:
    """Who holds the trick in progress (the engine's referee)."""
    return state.winning_seat()


def taker_after(state: HandState, seat: int, card: int) -> int | None:
    """Who holds the trick right after ``seat`` plays ``card`` (the engine applies it)."""
    after = state.copy()
    after.apply(PLAY[card], seat)
    if len(after.tricks) > len(state.tricks):
        return after.tricks[len(state.tricks)].winner
    return after.winning_seat()


def still_to_play(state: HandState, seat: int) -> list[int]:
    left = state.players - len(state.trick) - 1
    return [(seat + k) % state.players for k in range(1, left + 1)]


def beaten_later(state: HandState, seat: int, card: int, keep_side: bool) -> bool:
    """Whether some choice of cards actually held by the seats still to play (obligations ignored) takes the trick
    from the holder after ``card``; with ``keep_side`` only a card of the other side counts."""
    played = [c for _, c in state.current_trick()] + [card]
    order = [s for s, _ in state.current_trick()] + [seat]
    later = still_to_play(state, seat)
    holder = order[trick_winner(played, state.trump, state.rules)]
    for combo in itertools.product(*(state.hands[s] for s in later)):
        cards = played + list(combo)
        win = trick_winner(cards, state.trump, state.rules)
        winner = (order + later)[win]
        if winner != holder and (not keep_side or winner & 1 != holder & 1):
            return True
    return False


def play_on(state: HandState) -> None:
    """One step for whoever is to move: the first card, or a pass."""
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    cards = [a for a in legal if isinstance(a, Play)]
    passes = [a for a in legal if isinstance(a, Pass)]
    state.apply(cards[0] if cards else passes[0] if passes else legal[0], seat)


def last_trick_won(state: HandState, side: int) -> bool:
    """Heads-up arrastre, every hand open: ``side`` wins the last trick whatever the other seat plays."""
    if state.is_over:
        return state.last_trick_side == side
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    cards = [a for a in legal if isinstance(a, Play)]
    if not cards:
        after = state.copy()
        after.apply(PASS if PASS in legal else legal[0], seat)
        return last_trick_won(after, side)
    outcomes = []
    for action in cards:
        after = state.copy()
        after.apply(action, seat)
        outcomes.append(last_trick_won(after, side))
    return any(outcomes) if seat & 1 == side else all(outcomes)


def graded_worse(card: int, other: int, values: dict[Card, float], evaluation: Evaluation | None) -> bool:
    """Playing ``other`` instead of ``card`` is graded worse: by the evaluation (``card`` its best), or by 2 points."""
    if evaluation is not None:
        assert evaluation.best == card
        return evaluation.grade(Card(other)) in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)
    return values[Card(card)] - values[Card(other)] >= 2


def feeds_juego(state: HandState, seat: int, points: int) -> bool:
    """De vueltas: ``points`` taken by the other side bring it to the target."""
    instant = state.rules.vueltas and not state.first_of_juego
    return instant and points > 0 and state.total(1 - (seat & 1)) + points >= state.rules.target


def higher_in_hand(state: HandState, seat: int, card: int) -> bool:
    strength = card_tables(state.rules).strength
    return any(c // 10 == card // 10 and strength[c] > strength[card] for c in state.hands[seat])


def check_search(card: int, reason: Reason, values: dict[Card, float], evaluation: Evaluation | None) -> None:
    """BEST_BY_SEARCH: its margin and words follow the evaluation's grades (or the values alone)."""
    text = reason.text
    if evaluation is None:
        margin = values[Card(card)] - max(v for c, v in values.items() if c != card)
        assert reason.params["margin"] == (round(margin) if abs(margin) >= 1 else 0)
        return
    others = {c: evaluation.grade(c) for c in evaluation.cards if c != card}
    verdict = reason.params["verdict"]
    assert ("deals that fit what you know" in text) is (not evaluation.exact)
    if verdict == "same":
        assert Grade.SAME in others.values()
        assert "about the same" in text and "±" not in text
    elif verdict == "close":
        assert not evaluation.exact and Grade.SAME not in others.values()
        assert others[Card.parse(reason.params["other"])] is Grade.CLOSE
        assert "close call" in text
    else:
        assert verdict == "margin"
        assert all(g in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER) for g in others.values())
        following = min(others, key=lambda c: evaluation.cards[c].delta)
        assert reason.params["margin"] == round(evaluation.cards[following].delta, 1)
        assert reason.params["spread"] == round(Z * evaluation.cards[following].se, 1)
        assert ("±" in text) is (not evaluation.exact)
        assert "about the same" not in text and "close call" not in text


def check_facts(
    state: HandState,
    seat: int,
    card: int,
    reason: Reason,
    values: dict[Card, float],
    evaluation: Evaluation | None = None,
) -> None:
    """The facts ``reason``'s sentence states about playing ``card``, checked on the full hand (and the grades)."""
    code = reason.code
    points = points_of(state)
    legal = [a.card for a in state.legal_actions() if isinstance(a, Play)]
    trick = [c for _, c in state.current_trick()]
    trick_points = sum(points[c] for c in trick)
    holder = holding_seat(state)
    taker = taker_after(state, seat, card)
    side = seat & 1
    partner = (seat + 2) % 4 if state.players == 4 else None
    opponent_holds = holder is not None and holder & 1 != side
    cheapest = min(points[c] for c in legal)
    dearest = max(points[c] for c in legal)
    name = Card(card).name
    assert name in reason.text
    if code in (ReasonCode.MUST_FOLLOW, ReasonCode.MUST_BEAT, ReasonCode.MUST_TRUMP, ReasonCode.ONLY_CARD):
        assert legal == [card]
        led = trick[0] // 10 if trick else None
        if code is ReasonCode.MUST_FOLLOW:
            assert card // 10 == led
        if code is ReasonCode.MUST_BEAT:
            assert card // 10 == led and taker == seat
        if code is ReasonCode.MUST_TRUMP:
            assert is_trump(state, card) and not any(c // 10 == led for c in state.hands[seat])
        return
    assert len(legal) >= 2
    if code is ReasonCode.WIN_JUEGO:
        assert state.rules.vueltas and not state.first_of_juego
        after = state.copy()
        after.apply(PLAY[card], seat)
        while len(after.tricks) == len(state.tricks):
            play_on(after)
        assert after.tricks[-1].winner & 1 == side
        assert after.total(side) >= state.rules.target
        assert reason.params["points"] == state.rules.target
    elif code is ReasonCode.SAVE_JUEGO:
        assert state.rules.vueltas and not state.first_of_juego
        assert opponent_holds and taker == seat and not beaten_later(state, seat, card, keep_side=False)
        assert state.total(1 - side) + trick_points >= state.rules.target == reason.params["points"]
    elif code is ReasonCode.LAST_TRICK:
        assert state.players == 2 and state.muestra is None and len(state.hands[seat]) <= LAST_TRICK_CARDS
        assert not (state.rules.vueltas and not state.first_of_juego)
        after = state.copy()
        after.apply(PLAY[card], seat)
        assert last_trick_won(after, side)
        others = []
        for other in legal:
            alt = state.copy()
            alt.apply(PLAY[other], seat)
            others.append(last_trick_won(alt, side))
        assert not all(others)
    elif code is ReasonCode.LOAD_PARTNER:
        assert holder == partner and taker == partner and points[card] > 0
        assert reason.params["points"] == points[card]
        assert not beaten_later(state, seat, card, keep_side=False)
    elif code is ReasonCode.MUESTRA_LAST:
        assert state.muestra is not None and len(state.stock) == state.players - 1
        assert taker is not None and taker & 1 != side and not still_to_play(state, seat)
        muestra = state.muestra
        rank = RANKS[muestra % 10]
        assert points[muestra] >= 10 or rank in (REY, state.rules.cante_rank)
        after = state.copy()
        after.apply(PLAY[card], seat)
        while after.muestra is not None:
            play_on(after)
        assert after.muestra_taker is not None and after.muestra_taker & 1 == side
    elif code is ReasonCode.LEAD_TRUMPS:
        assert not trick and state.muestra is None and is_trump(state, card)
        assert any(is_trump(state, c) for s in range(state.players) if s != seat for c in state.hands[s])
    elif code is ReasonCode.MASTER_CARD:
        assert not trick and not beaten_later(state, seat, card, keep_side=False)
        assert not higher_in_hand(state, seat, card)
    elif code is ReasonCode.WIN_POINTS:
        assert opponent_holds and trick_points > 0 and taker == seat
        assert not beaten_later(state, seat, card, keep_side=False)
        assert reason.params["points"] == trick_points
    elif code is ReasonCode.SAFE_POINTS:
        assert trick and trick_points == 0 and points[card] > 0 and taker == seat
        assert not beaten_later(state, seat, card, keep_side=False)
        assert reason.params["points"] == points[card]
    elif code is ReasonCode.KEEP_FOR_CANTE:
        assert state.muestra is not None
        suit = next(s for s in Suit if s.title == reason.params["suit"])
        pair = {c for c in state.hands[seat] if c // 10 == suit and RANKS[c % 10] in (REY, state.rules.cante_rank)}
        assert len(pair) == 2 and card not in pair and not state.sung >> suit & 1
        assert all(graded_worse(card, c, values, evaluation) for c in pair if c in legal)
    elif code is ReasonCode.CANTE_SUNG:
        assert RANKS[card % 10] in (REY, state.rules.cante_rank) and state.sung >> (card // 10) & 1
        assert taker != seat
    elif code is ReasonCode.DUCK:
        assert trick_points == 0 and opponent_holds and taker != seat and points[card] == cheapest
    elif code is ReasonCode.BLANK_ON_BLANK:
        assert trick and trick_points == 0 and points[card] == 0 and not is_trump(state, card)
    elif code is ReasonCode.KEEP_TRUMPS:
        assert state.muestra is not None and opponent_holds and not is_trump(state, card) and taker != seat
        takers = [c for c in legal if taker_after(state, seat, c) == seat]
        assert takers and all(is_trump(state, c) for c in takers)
        assert all(graded_worse(card, c, values, evaluation) for c in takers)
    elif code is ReasonCode.PARTNER_WINNING:
        assert holder == partner and taker == partner and points[card] == cheapest
        assert any(points[c] > points[card] or (is_trump(state, c) and not is_trump(state, card)) for c in legal)
    elif code is ReasonCode.PARTNER_ADD:
        assert holder == partner and taker == partner and points[card] > 0
        assert reason.params["points"] == points[card]
    elif code is ReasonCode.WIN_CHEAPLY:
        assert opponent_holds and taker == seat and trick_points > 0
        assert points[card] == min(points[c] for c in legal if taker_after(state, seat, c) == seat)
        assert reason.params["points"] == trick_points
    elif code is ReasonCode.TAKE_LEAD:
        assert trick and trick_points == 0 and points[card] == 0 and taker == seat
        assert not beaten_later(state, seat, card, keep_side=False)
        assert state.muestra is not None or len(state.hands[seat]) > 1
    elif code is ReasonCode.SUIT_MASTER:
        strength = card_tables(state.rules).strength
        out = [c for s in range(state.players) if s != seat for c in state.hands[s]] + list(state.stock)
        assert not trick and not is_trump(state, card)
        assert not any(c // 10 == card // 10 and strength[c] > strength[card] for c in out)
        assert not higher_in_hand(state, seat, card)
    elif code is ReasonCode.LEAD_CHEAP:
        assert not trick and points[card] < 10 and points[card] < dearest
        assert reason.params["points"] == points[card]
        # No cheaper card the coach would as soon play: "risks only N points" is not said beside a blank.
        cheaper = [c for c in legal if points[c] < points[card]]
        assert all(graded_worse(card, c, values, evaluation) for c in cheaper), (card, cheaper)
        assert not feeds_juego(state, seat, points[card])
    elif code is ReasonCode.THROW_LOWEST:
        assert opponent_holds and taker != seat and points[card] == cheapest < dearest
    elif code is ReasonCode.KEEP_BIG_CARD:
        big = Card.parse(reason.params["big"])
        assert not trick and state.muestra is not None and points[card] < 10
        assert big in state.hands[seat] and points[big] >= 10 and not is_trump(state, big)
        seen = set(state.hands[seat]) | {c for t in state.tricks for c in t.cards} | {state.muestra}
        assert any(is_trump(state, c) and c not in seen for c in range(40))
        assert graded_worse(card, big, values, evaluation)
    elif code is ReasonCode.LEAD_LOW:
        assert not trick and points[card] == cheapest < dearest
        assert not feeds_juego(state, seat, points[card])
    elif code is ReasonCode.BEST_BY_SEARCH:
        check_search(card, reason, values, evaluation)
    else:
        raise AssertionError(f"no facts stated for {code}")


# -- the property test ---------------------------------------------------------------------------


def decisions(players: int, preset: str, seed: int, hands: int, wildness: float):  # type: ignore[no-untyped-def]
    for state in random_positions(players, preset, seed=seed, hands=hands, wildness=wildness):
        if state.stage is Stage.PLAY and any(isinstance(a, Play) for a in state.legal_actions()):
            yield state


def synthetic_evaluation(view: SeatView, card: int, values: dict[Card, float], rng: random.Random) -> Evaluation:
    """An evaluation with ``card`` the coach's and the given values: exact in the heads-up arrastre, else with
    standard errors drawn at random (so every grade, and every tier, is met)."""
    exact = view.in_arrastre and view.players == 2
    top = values[Card(card)]
    cards = {}
    for c, value in values.items():
        se = 0.0 if exact or c == card else rng.choice((0.2, 0.6, 1.0, 2.5))
        juego = -1 if c != card and rng.random() < 0.03 else 0
        delta = top - value
        cards[c] = CardEstimate(value, round(max(delta, 0.0), 3), se, 0 if exact else 40, juego, delta=round(delta, 3))
    return Evaluation(cards, Card(card), "exact" if exact else "playouts")


def test_every_reason_given_is_true_of_its_position() -> None:
    rng = random.Random(2027)
    codes: Counter[ReasonCode] = Counter()
    searched: Counter[tuple[object, bool]] = Counter()
    positions = 0
    for players, preset, wildness in itertools.product((2, 4), ("aragones", "libre-100"), (1.0, 0.0)):
        for state in decisions(players, preset, seed=41 + players, hands=48, wildness=wildness):
            seat = state.to_move
            assert seat is not None
            view = seat_view(state, seat, events=False)
            tables = tables_for(view.rules, view.trump)
            cards = [a.card for a in view.legal if isinstance(a, Play)]
            positions += 1
            if len(cards) == 1:
                reason = card_reason(view, cards[0], {}, tables, forced=len(view.legal) == 1)
                assert holds(reason, view, cards[0], tables)
                check_facts(state, seat, cards[0], reason, {})
                codes[reason.code] += 1
                continue
            for card in cards:
                # Synthetic search values with ``card`` the best; every fourth time a near tie.
                values = {Card(c): rng.uniform(-20, 20) for c in cards}
                gap = rng.uniform(0, 0.9) if rng.random() < 0.25 else rng.uniform(0, 12)
                values[Card(card)] = max(v for c, v in values.items() if c != card) + gap
                # Every other time with the coach's evaluation (its grades), else with the values alone.
                evaluation = synthetic_evaluation(view, card, values, rng) if rng.random() < 0.5 else None
                reason = card_reason(view, card, values, tables, evaluation=evaluation)
                assert holds(reason, view, card, tables, values, evaluation), (reason, state.describe())
                check_facts(state, seat, card, reason, values, evaluation)
                codes[reason.code] += 1
                if reason.code is ReasonCode.BEST_BY_SEARCH:
                    searched[reason.params.get("verdict", "values"), bool(reason.params.get("exact"))] += 1
    assert positions >= 10_000
    # Every reason a card may get was met, so every statement above was exercised.
    assert set(codes) >= set(ReasonCode) - LOSS_CODES - {
        ReasonCode.SING_NOW,
        ReasonCode.CHANGE_SEVEN,
        ReasonCode.DECLARE_TUTE,
        ReasonCode.LET_GO,
        ReasonCode.ANY_OF,  # the coach's word on cards it cannot tell apart (advise), not one card's idea
    }, codes
    # And every wording of what the search found.
    assert set(searched) >= {
        ("values", False),
        ("same", False),
        ("same", True),
        ("close", False),
        ("margin", False),
        ("margin", True),
    }, searched


# -- the contradictions players found, as concrete positions ---------------------------------------


def heads_up(dealer: int, hands: dict[int, str], muestra: str, moves: str = "", stock: str = "") -> HandState:
    state = parse_position(deal(2, dealer, hands, muestra, stock))
    for move in moves.split():
        state.apply(parse_action(move))
    return state


def reason_for(state: HandState, text: str) -> Reason:
    """The coach's reason for ``text`` when the search rates it best by 5 points."""
    seat = state.to_move
    assert seat is not None
    view = seat_view(state, seat, events=False)
    card = Card.parse(text)
    values = {Card(a.card): 0.0 for a in view.legal if isinstance(a, Play)}
    values[card] = 5.0
    tables = tables_for(view.rules, view.trump)
    reason = card_reason(view, card, values, tables)
    assert holds(reason, view, card, tables, values)
    check_facts(state, seat, card, reason, values)
    return reason


def test_a_tres_is_not_let_go_cheaply_when_cards_worth_nothing_are_in_hand() -> None:
    # Copas are trumps; the Rival led the Cuatro de Oros (no points); you hold blanks besides the Tres de Bastos.
    state = heads_up(0, {0: "3B 2E 4E 12O 6B 7C", 1: "4O 5O 6O 7O 2O 11O"}, "5C", moves="4O")
    assert reason_for(state, "3B").code is not ReasonCode.DUCK
    duck = reason_for(state, "2E")
    assert duck.code is ReasonCode.DUCK and "cheaply" in duck.text


def test_keep_your_trumps_only_when_a_trump_alone_would_take_the_trick() -> None:
    # The Rival led the Rey de Oros; your As de Oros takes it without a trump: no "keep your trumps" for the 5E.
    state = heads_up(0, {0: "1O 2C 5E 6E 4B 7B", 1: "12O 5O 6O 7O 2O 11O"}, "5C", moves="12O")
    reason = reason_for(state, "5E")
    assert reason.code is not ReasonCode.KEEP_TRUMPS and "trump" not in reason.text
    # Without the As, only the trump would take it: now the sentence is true.
    state = heads_up(0, {0: "4O 2C 5E 6E 4B 7B", 1: "12O 5O 6O 7O 2O 11O"}, "5C", moves="12O")
    assert reason_for(state, "5E").code is ReasonCode.KEEP_TRUMPS


def test_taking_a_trick_with_no_points_speaks_of_the_cards_own_points() -> None:
    state = heads_up(0, {0: "1E 2C 5B 6B 4B 7B", 1: "4E 5O 6O 7O 2O 11O"}, "5C", moves="4E")
    reason = reason_for(state, "1E")
    assert reason.code is ReasonCode.SAFE_POINTS
    assert reason.text == (
        "No points on the trick yet, but the As de Espadas takes it for sure: its own 11 points are safe."
    )


def test_a_last_trick_squeeze_in_the_open_arrastre_is_named() -> None:
    # Oros are trumps, two tricks left, you lead with the Rey de Oros and the Tres de Copas against the
    # Sota and the Cinco de Oros: the Tres first makes the Rival trump, and your Rey takes the last trick.
    state = parse_position(arrastre(2, 1, {0: "10O 5O 4E 5E 6E 7E", 1: "12O 3C 1E 3E 12E 11E"}, "5O"))
    for move in ["1E", "4E", "3E", "5E", "12E", "6E", "11E", "7E"]:
        state.apply(parse_action(move))
    assert state.to_move == 1
    reason = reason_for(state, "3C")
    assert reason.code is ReasonCode.LAST_TRICK
    assert reason_for(state, "12O").code is not ReasonCode.LAST_TRICK  # the Rey first loses the last trick


def test_the_rey_of_a_sung_forty_is_let_go_with_a_reason() -> None:
    # Copas are trumps: you sang the forty, the Rival leads the As de Copas, you throw the Rey (Sota in hand).
    state = heads_up(
        1,
        {0: "12C 10C 1E 4B 5B 6B", 1: "4E 1C 7O 2O 3O 1B"},
        "6C",
        stock="7B 7E 2B 5E",
        moves="1E 4E sing:C 4B 1B 1C",
    )
    assert Card.parse("10C") in state.hands[0]
    reason = reason_for(state, "12C")
    assert reason.code is ReasonCode.CANTE_SUNG
    assert reason.text == "The cante in Copas is sung: the Rey de Copas has done its work and can go now."


def test_the_coach_notes_of_the_lessons_fit_their_tricks() -> None:
    arrastre = next(lesson for lesson in LESSONS if lesson.id == "arrastre")
    relief = arrastre.steps[5]  # step 6: the partner holds the trick, nothing goes to the opponents
    state = relief.state()  # type: ignore[union-attr]
    assert holding_seat(state) == 2
    note = coach_reason(relief)  # type: ignore[arg-type]
    assert "gives away" not in note and note.startswith("Your partner is winning the trick")
    counting = next(lesson for lesson in LESSONS if lesson.id == "counting")
    assert "last trick" in coach_reason(counting.steps[1])  # type: ignore[arg-type]


def test_the_trick_that_finishes_a_juego_de_vueltas_says_so() -> None:
    # Lesson 6: de vueltas at 88, the Rival led the Tres de Copas; the As takes 21 points and the juego.
    counting = next(lesson for lesson in LESSONS if lesson.id == "counting")
    state = counting.steps[4].state()  # type: ignore[union-attr]
    assert state.carried == (88, 70)
    reason = reason_for(state, "1C")
    assert reason.code is ReasonCode.WIN_JUEGO
    assert reason.text == "The As de Copas takes the trick and your side reaches 101 points: the juego is won at once."


@pytest.mark.parametrize(("carried", "wins_juego"), [(80, True), (79, False)])
def test_a_trick_that_brings_the_side_to_exactly_the_target_wins_the_juego(carried: int, wins_juego: bool) -> None:
    # The same trick (21 points with the As de Copas): 80 + 21 reaches 101 exactly and ends the juego; 79 does not.
    counting = next(lesson for lesson in LESSONS if lesson.id == "counting")
    state = counting.steps[4].state()  # type: ignore[union-attr]
    assert state.points == [0, 0]
    state.carried = (carried, 70)
    assert (reason_for(state, "1C").code is ReasonCode.WIN_JUEGO) == wins_juego


# -- reasons that contradicted the player's hand, the trick or the evaluation's table ---------------


def built(dealer: int, hands: list[str], muestra: str, tricks: list[str], trick: str = "") -> HandState:
    """A position from its hands, muestra and tricks; the stock holds every other card (in deck order)."""
    held = [parse_cards(h) for h in hands]
    played = [parse_cards(t) for t in tricks]
    current = parse_cards(trick)
    used = {c for h in held for c in h} | {c for t in played for c in t} | set(current) | set(parse_cards(muestra))
    stock = [c for c in CARDS if c not in used]
    return build_position(
        held, parse_cards(muestra)[0], dealer=dealer, stock=stock, tricks=played, trick=current, events=False
    )


def evaluation_of(
    view: SeatView, best: str, costs: dict[str, tuple[float, float]], method: str = "playouts", rest: float = 8.0
) -> Evaluation:
    """An evaluation of every legal card with ``best`` the coach's card: ``costs`` gives some cards' (cost, standard
    error); the others cost ``rest`` with a small error (clearly a mistake)."""
    cards = {}
    for action in view.legal:
        if not isinstance(action, Play):
            continue
        card = Card(action.card)
        exact = method == "exact"
        cost, se = (0.0, 0.0) if str(card) == best else costs.get(str(card), (rest, 0.0 if exact else 0.4))
        cards[card] = CardEstimate(-cost, max(cost, 0.0), se, 0 if exact else 40, delta=cost)
    return Evaluation(cards, Card.parse(best), method)


def explained(state: HandState, text: str, evaluation: Evaluation) -> Reason:
    """The coach's reason for ``text`` with ``evaluation``, checked (its precondition and its facts)."""
    seat = state.to_move
    assert seat is not None
    view = seat_view(state, seat, events=False)
    card = Card.parse(text)
    tables = tables_for(view.rules, view.trump)
    reason = card_reason(view, card, {}, tables, evaluation=evaluation)
    assert holds(reason, view, card, tables, evaluation=evaluation)
    check_facts(state, seat, card, reason, dict(evaluation.values), evaluation)
    return reason


def test_no_card_is_called_the_highest_of_its_suit_beside_a_higher_one_in_hand() -> None:
    # Oros are trumps; the As, Rey, Caballo and Sota de Copas are played: only your own Tres de Copas beats the Siete.
    state = built(1, ["3C 7C 4B 5B 6E 7E", "1B 3B 4O 6O 7O 12B"], "5O", ["4C 1C", "12C 11C", "10C 2O"])
    assert state.to_move == 0
    for text in ("7C", "4B"):
        reason = reason_for(state, text)
        assert reason.code not in (ReasonCode.SUIT_MASTER, ReasonCode.MASTER_CARD)
        assert "highest card" not in reason.text and "master" not in reason.text
    assert reason_for(state, "3C").code is ReasonCode.SUIT_MASTER  # the Tres is the highest, and says so
    # The Cuatro de Bastos beside the Tres de Bastos, every other Basto above the Cuatro played.
    state = built(
        1,
        ["3B 4B 4C 5C 6E 7E", "1C 3C 4O 6O 7O 12C"],
        "5O",
        ["5B 1B", "12B 11B", "10B 2O", "7B 6B"],
    )
    assert state.to_move == 0
    reason = reason_for(state, "4B")
    assert reason.code not in (ReasonCode.SUIT_MASTER, ReasonCode.MASTER_CARD), reason.text


def test_a_card_is_warned_against_only_when_the_evaluation_grades_it_worse() -> None:
    # Phase 1, you lead, Copas are trumps and the Rival may hold some; you hold the As de Bastos.
    state = heads_up(1, {0: "1B 4E 5E 6O 7O 2C", 1: "4O 5O 12O 7B 2O 11O"}, "5C")
    seat = state.to_move
    assert seat == 0
    view = seat_view(state, seat, events=False)
    # The table lists the As de Bastos as about the same as the Cuatro de Espadas: no "don't lead your As".
    same = evaluation_of(view, "4E", {"1B": (0.3, 0.4)})
    reason = explained(state, "4E", same)
    assert reason.code is not ReasonCode.KEEP_BIG_CARD and "As de Bastos" not in reason.text
    # A close call is no warning either.
    close = evaluation_of(view, "4E", {"1B": (3.0, 1.5)})
    assert explained(state, "4E", close).code is not ReasonCode.KEEP_BIG_CARD
    # Graded worse (a mistake, its interval clear of the line): now the warning is true.
    worse = evaluation_of(view, "4E", {"1B": (6.0, 0.4)})
    reason = explained(state, "4E", worse)
    assert reason.code is ReasonCode.KEEP_BIG_CARD and reason.params["big"] == "1B"


def test_advise_gives_the_reasons_its_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    import guinote_tui.coach.advice as advice_module

    state = heads_up(1, {0: "1B 4E 5E 6O 7O 2C", 1: "4O 5O 12O 7B 2O 11O"}, "5C")
    view = seat_view(state, 0, events=False)
    table = evaluation_of(view, "4E", {"1B": (0.3, 0.4)})
    monkeypatch.setattr(advice_module, "evaluate", lambda *args: table)
    advice = advice_module.advise(view, random.Random(0))
    assert advice.action == PLAY[Card.parse("4E")] and advice.evaluation is table
    assert advice.grade(PLAY[Card.parse("1B")]) is Grade.SAME
    assert advice.reason.code is not ReasonCode.KEEP_BIG_CARD


def test_points_already_on_the_partners_trick_are_no_reason_to_take_it() -> None:
    # Pairs, Bastos are trumps: the partner's As de Oros holds the trick and you play last.
    state = parse_position(
        deal(
            4,
            3,
            {0: "4O 6E 7E 4C 5C 6C", 1: "1O 2E 3E 10E 11E 12E", 2: "5O 7C 10C 11C 12C 1E", 3: "2B 4B 6B 4E 5E 7O"},
            "5B",
        )
    )
    for move in ("4O", "1O", "5O"):
        state.apply(parse_action(move))
    assert state.to_move == 3 and holding_seat(state) == 1
    reason = reason_for(state, "2B")
    assert reason.code is not ReasonCode.WIN_POINTS and "already" not in reason.text
    # The opponents' trick with the same points: now taking it is the idea.
    state = parse_position(
        deal(
            4,
            3,
            {0: "1O 6E 7E 4C 5C 6C", 1: "4O 2E 3E 10E 11E 12E", 2: "5O 7C 10C 11C 12C 1E", 3: "2B 4B 6B 4E 5E 7O"},
            "5B",
        )
    )
    for move in ("1O", "4O", "5O"):
        state.apply(parse_action(move))
    assert holding_seat(state) == 0
    reason = reason_for(state, "2B")
    assert reason.code is ReasonCode.WIN_POINTS and reason.params["points"] == 11


def arrastre_view() -> tuple[HandState, SeatView]:
    # The heads-up arrastre: every card is known.
    state = parse_position(arrastre(2, 1, {0: "10O 5O 4E 5E 6E 7E", 1: "12O 3C 1E 3E 12E 11E"}, "5O"))
    return state, seat_view(state, 1, events=False)


def test_what_the_search_found_in_the_open_arrastre_is_said_without_sampled_deals() -> None:
    state, view = arrastre_view()
    # No simple idea explains leading the Tres de Espadas (its As is out).
    reason = explained(state, "3E", evaluation_of(view, "3E", {}, method="exact"))
    assert reason.code is ReasonCode.BEST_BY_SEARCH
    assert reason.text == (
        "With every card known and best play on both sides, the Tres de Espadas keeps 8 points more than the next "
        "best card."
    )
    reason = explained(state, "3E", evaluation_of(view, "3E", {"12E": (1.0, 0.0)}, method="exact"))
    assert reason.text == (
        "With every card known, the Tres de Espadas does as well as any other card: they are about the same."
    )
    # The coach's own reasons in the heads-up arrastre never speak of deals that fit what you know.
    seen = searched = 0
    for position in decisions(2, "aragones", seed=7, hands=40, wildness=1.0):
        seat = position.to_move
        assert seat is not None
        view = seat_view(position, seat, events=False)
        if not view.in_arrastre or sum(isinstance(a, Play) for a in view.legal) < 2:
            continue
        advice = advise(view, random.Random(seen))
        assert advice.evaluation is not None and advice.evaluation.exact
        assert "deals that fit" not in advice.reason.text, advice.reason
        # Exact figures settle every difference: cards named together are about the same, never close.
        assert not advice.reason.params.get("close"), advice.reason
        seen += 1
        searched += advice.reason.code in (ReasonCode.BEST_BY_SEARCH, ReasonCode.ANY_OF)
    assert seen >= 200 and searched >= 5


def search_reason(state: HandState, text: str, costs: dict[str, tuple[float, float]], rest: float) -> Reason:
    """The search's reason for ``text`` (a position where no simple idea fits it)."""
    seat = state.to_move
    assert seat is not None
    view = seat_view(state, seat, events=False)
    reason = explained(state, text, evaluation_of(view, text, costs, rest=rest))
    assert reason.code is ReasonCode.BEST_BY_SEARCH, reason
    return reason


def test_the_search_s_margin_follows_the_grade_of_the_next_best_card() -> None:
    # Phase 1, you lead the Tres de Bastos while its As is out: no simple idea explains it.
    state = heads_up(1, {0: "3B 2E 6E 12O 6B 7C", 1: "4O 5O 6O 7O 2O 11O"}, "5C")
    # 4 points on average, but within the noise of the 2-point line: a close call, no margin stated.
    reason = search_reason(state, "3B", {"2E": (4.0, 1.5)}, rest=9.0)
    assert reason.params["verdict"] == "close" and "±" not in reason.text and "more than" not in reason.text
    assert "close call" in reason.text and "Dos de Espadas" in reason.text
    # About the same: no margin either.
    reason = search_reason(state, "3B", {"2E": (0.8, 0.3)}, rest=9.0)
    assert reason.text == (
        "On the deals that fit what you know, the Tres de Bastos did as well as any card: they are about the same."
    )
    # Graded: the points with the half-width of their 95 % interval.
    reason = search_reason(state, "3B", {"2E": (4.0, 0.5)}, rest=9.0)
    assert reason.params == {"card": "3B", "verdict": "margin", "exact": False, "margin": 4.0, "spread": 1.0}
    assert reason.text == (
        "On the deals that fit what you know, the Tres de Bastos keeps about 4 ± 1 points more than the next best card."
    )
    reason = search_reason(state, "3B", {"2E": (3.0, 0.2)}, rest=9.0)
    assert "about 3.0 ± 0.4 points more" in reason.text
