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

from guinote_tui.ai.tables import tables_for
from guinote_tui.coach import Reason, ReasonCode
from guinote_tui.coach.why import LAST_TRICK_CARDS, card_reason, holds
from guinote_tui.engine import (
    PASS,
    PLAY,
    RANKS,
    Card,
    HandState,
    Pass,
    Play,
    Stage,
    Suit,
    card_tables,
    parse_action,
    parse_position,
    seat_view,
    trick_winner,
)
from guinote_tui.lab.bench import random_positions
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


def check_facts(state: HandState, seat: int, card: int, reason: Reason, values: dict[Card, float]) -> None:
    """The facts ``reason``'s sentence states about playing ``card``, checked on the full hand."""
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
    elif code is ReasonCode.WIN_POINTS:
        assert trick_points > 0 and taker == seat and not beaten_later(state, seat, card, keep_side=False)
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
    elif code is ReasonCode.LEAD_CHEAP:
        assert not trick and points[card] < 10 and points[card] < dearest
        assert reason.params["points"] == points[card]
    elif code is ReasonCode.THROW_LOWEST:
        assert opponent_holds and taker != seat and points[card] == cheapest < dearest
    elif code is ReasonCode.KEEP_BIG_CARD:
        big = Card.parse(reason.params["big"])
        assert not trick and state.muestra is not None and points[card] < 10
        assert big in state.hands[seat] and points[big] >= 10 and not is_trump(state, big)
        seen = set(state.hands[seat]) | {c for t in state.tricks for c in t.cards} | {state.muestra}
        assert any(is_trump(state, c) and c not in seen for c in range(40))
    elif code is ReasonCode.LEAD_LOW:
        assert not trick and points[card] == cheapest < dearest
    elif code is ReasonCode.BEST_BY_SEARCH:
        margin = values[Card(card)] - max(v for c, v in values.items() if c != card)
        assert reason.params["margin"] == (round(margin) if abs(margin) >= 1 else 0)
    else:
        raise AssertionError(f"no facts stated for {code}")


# -- the property test ---------------------------------------------------------------------------


def decisions(players: int, preset: str, seed: int, hands: int, wildness: float):  # type: ignore[no-untyped-def]
    for state in random_positions(players, preset, seed=seed, hands=hands, wildness=wildness):
        if state.stage is Stage.PLAY and any(isinstance(a, Play) for a in state.legal_actions()):
            yield state


def test_every_reason_given_is_true_of_its_position() -> None:
    rng = random.Random(2027)
    codes: Counter[ReasonCode] = Counter()
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
                reason = card_reason(view, card, values, tables)
                assert holds(reason, view, card, tables, values), (reason, state.describe())
                check_facts(state, seat, card, reason, values)
                codes[reason.code] += 1
    assert positions >= 10_000
    # Every reason a card may get was met, so every statement above was exercised.
    assert set(codes) >= set(ReasonCode) - {
        ReasonCode.SING_NOW,
        ReasonCode.CHANGE_SEVEN,
        ReasonCode.DECLARE_TUTE,
        ReasonCode.LET_GO,
    }, codes


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
