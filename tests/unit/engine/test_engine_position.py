"""Positions: built from a view, from parts or from the notation; every invariant refused in one line."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guinote_tui.engine import (
    CardPlayed,
    DeclareTute,
    HandState,
    PositionError,
    Rules,
    Stage,
    Trick,
    build_position,
    check_position,
    format_position,
    parse_cards,
    parse_position,
    position_from_view,
    seat_view,
)
from guinote_tui.engine.declarations import declarations_of

RULES = [
    Rules.preset("aragones"),
    Rules.preset("libre-100"),
    Rules.preset("aragones", tute="points40"),
    Rules.preset("aragones", swap_window="own_turn", cante_limit="per_player"),
]
#: Fields a position leaves out: its history (the deal order, the log, the events and what they
#: told), the cache of legal actions, and who sang in a window already closed.
HISTORY = {"deck", "log", "_record", "_events", "_played", "_legal", "cante_used"}


def same_position(a: HandState, b: HandState) -> None:
    for name in HandState.__slots__:
        if name not in HISTORY:
            assert getattr(a, name) == getattr(b, name), name
    if a.window_open:
        assert a.cante_used == b.cante_used
    assert a.legal_actions() == b.legal_actions()


def played(players: int, rules: Rules, seed: int, steps: int, **hand: object) -> HandState:
    """The hand after ``steps`` random legal actions from a shuffled deal (or before its end)."""
    rng = random.Random(seed)
    deck = list(range(40))
    rng.shuffle(deck)
    state = HandState(deck, rng.randrange(players), rules, players, **hand)  # type: ignore[arg-type]
    for _ in range(steps):
        after = state.copy()
        after.apply(rng.choice(after.legal_actions()))
        if after.is_over:
            break
        state = after
    return state


# -- round trips ---------------------------------------------------------------------------------


@settings(max_examples=150, derandomize=True, deadline=None)
@given(
    st.sampled_from([2, 4]),
    st.sampled_from(range(len(RULES))),
    st.integers(0, 2**32),
    st.integers(0, 60),
    st.booleans(),
)
def test_positions_reached_by_play_pass_the_checks_and_round_trip(
    players: int, rules_index: int, seed: int, steps: int, vueltas: bool
) -> None:
    rules = RULES[rules_index]
    carried = (seed % 70, seed // 70 % 70) if vueltas else (0, 0)
    state = played(players, rules, seed, steps, carried=carried, first_of_juego=not vueltas)
    check_position(state)
    text = format_position(state)
    again = parse_position(text, rules)
    same_position(again, state)
    assert format_position(again) == text
    for seat in range(players):
        hidden = {other: state.hands[other] for other in range(players) if other != seat}
        same_position(position_from_view(seat_view(state, seat), hidden, state.stock[::-1]), state)


def test_every_stage_and_record_round_trips() -> None:
    # Enough random play to meet a window, a pre-draw stop, a change, cantes and a tute.
    met: set[str] = set()  # (a tute is rare in random play: tested on a position written for it)
    rng = random.Random(7)
    for game in range(300):
        rules = RULES[game % len(RULES)]
        state = HandState(rng.sample(range(40), 40), game % 4 % 2, rules, 2 + 2 * (game % 2))
        while not state.is_over:
            text = format_position(state)
            met.update(word for word in ("window", "predraw", "swap", "cantes", "drawn by") if word in text)
            assert format_position(parse_position(text, rules)) == text
            state.apply(rng.choice(state.legal_actions()))
    assert met == {"window", "predraw", "swap", "cantes", "drawn by"}


def test_a_built_hand_plays_on_like_the_real_one() -> None:
    rng = random.Random(3)
    state = HandState(rng.sample(range(40), 40), 0, Rules(), 4)
    for _ in range(14):
        state.apply(rng.choice(state.legal_actions()))
    assert state.tricks and not state.is_over
    built = parse_position(format_position(state), events=True)
    told = len(state.events or ())
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        built.apply(action)
    assert built.result == state.result
    # The events from the position on are the real hand's, trick numbers included.
    assert built.events == (state.events or [])[told:]
    assert any(isinstance(event, CardPlayed) for event in built.events or ())


def test_the_notation_reads_as_documented() -> None:
    state = parse_position(HEADS_UP_PHASE_ONE + "; cantes 0:O@3", Rules())
    assert state.players == 2 and state.dealer == 1 and state.trump == 0
    assert [str(c) for c in state.stock[-2:]] == ["2O", "1O"]  # the next card drawn is 1O
    assert [t.winner for t in state.tricks] == [0, 0, 0] and state.to_move == 0 and state.window_open
    assert state.points == [19 + 40, 0] and state.card_points == [19, 0]
    assert state.cante_used == [True, False] and state.sung == 1  # sung in the window still open
    spaced = "  muestra 7o ;dealer 1;" + HEADS_UP_PHASE_ONE.split("; ", 1)[1].replace("muestra 7O; ", "") + ";"
    assert format_position(parse_position(spaced)) == HEADS_UP_PHASE_ONE


def test_build_position_takes_the_parts() -> None:
    state = build_position(
        [parse_cards("10O 10C 10E 10B 12O 12C"), parse_cards("3O 4C 5C 6C 7C 1B")],
        parse_cards("7O")[0],
        dealer=1,
        stock=parse_cards(HEADS_UP_PHASE_ONE.split("stock ")[1].split(";")[0]),
        tricks=[parse_cards("1E 2E"), parse_cards("12E 4E"), parse_cards("12B 5B")],
        cantes=[(0, 0, 1)],
    )
    assert format_position(state) == HEADS_UP_PHASE_ONE + "; cantes 0:O@1"


# -- what the builders refuse ---------------------------------------------------------------------

#: Heads-up, Oros trumps: seat 0 led and won three tricks; 21 cards in the stock.
HEADS_UP_PHASE_ONE = (
    "dealer 1; hands 10O 10C 10E 10B 12O 12C / 3O 4C 5C 6C 7C 1B; muestra 7O; "
    "stock 1O 2O 4O 5O 6O 11O 1C 2C 3C 11C 3E 5E 6E 7E 11E 2B 3B 4B 6B 7B 11B; "
    "tricks 1E 2E / 12E 4E / 12B 5B"
)
#: Heads-up arrastre, Oros trumps: seat 1 drew the muestra (the Rey), seat 0 leads.
HEADS_UP_ARRASTRE = (
    "dealer 1; hands 1O 2C 1E 3E 1B 3B / 12O 3C 4E 5E 4B 5B; muestra 12O drawn by 1; "
    "tricks 2E 10O / 2B 11O / 4C 7O / 5C 6O / 6C 5O / 6E 4O / 6B 2O / 7C 1C / 7B 12B / 7E 12E / 11C 12C / "
    "11B 10B / 11E 10E / 10C 3O"
)
#: Heads-up, Oros trumps, seat 0 changed its 7 for the muestra, the Rey, after trick 1.
SWAPPED = (
    "dealer 1; hands 12O 10C 10E 10B 2O 12C / 3O 4C 5C 6C 7C 1B; muestra 7O; "
    "stock 1O 10O 4O 5O 6O 11O 1C 2C 3C 11C 3E 5E 6E 7E 11E 2B 3B 4B 6B 7B 11B; "
    "tricks 1E 2E / 12E 4E / 12B 5B; swap 0:12O"
)


def test_the_example_positions_are_legal() -> None:
    for text in (HEADS_UP_PHASE_ONE, HEADS_UP_ARRASTRE, SWAPPED, HEADS_UP_PHASE_ONE + "; cantes 0:O@1 0:C@3"):
        assert format_position(parse_position(text)) == text
    assert parse_position(HEADS_UP_PHASE_ONE + "; tute 0", Rules.preset("aragones", tute="points40")).points[0] == 59


#: Heads-up at the last draw, seat 1 having changed the seven (7O) for the muestra (10O).
LAST_DRAW_SWAPPED = (
    "dealer 0; hands 11O 5O 1E 12E 3E / 3O 1O 10O 12O 6O 5C; muestra 7O; stock 6B; tricks 2C 2E / 5E 11E / 4B 3B / "
    "6C 4C / 7C 1C / 6E 12C / 4E 10E / 3C 4O / 10B 10C / 5B 2B / 7E 2O / 11C 12B / 7B 1B; trick 11B; "
    "cantes 0:B@2 1:O@7; swap 1:10O"
)

REFUSED_TEXT = [
    # the cards
    ("hands 10O 10C", HEADS_UP_PHASE_ONE.replace("12C / 3O", "12C / 10C"), "the 10C is in two places"),
    (
        "hand size",
        HEADS_UP_PHASE_ONE.replace("12C / 3O", "12C 3O / "),
        "seat 0 holds 7 cards; after 3 tricks it holds 6",
    ),
    (
        "stock size",
        HEADS_UP_PHASE_ONE.replace("stock 1O ", "stock "),
        "the stock holds 20 cards; after 3 tricks it holds 21",
    ),
    ("three players", "dealer 0; hands 1O / 2O / 3O; muestra 4O", "played by 2 or 4 players, not 3"),
    ("dealer", HEADS_UP_PHASE_ONE.replace("dealer 1", "dealer 2"), "the dealer must be a seat from 0 to 1, not 2"),
    # the tricks
    (
        "trick size",
        HEADS_UP_PHASE_ONE.replace("12B 5B", "12B 5B 11B").replace(" 7B 11B", " 7B"),
        "trick 3 has 3 cards: a trick has one card per seat",
    ),
    ("trick full", HEADS_UP_PHASE_ONE + "; trick 3O 4O", "the trick in progress holds 2 cards"),
    (
        "hand over",
        HEADS_UP_ARRASTRE.replace("hands 1O 2C 1E 3E 1B 3B / 12O 3C 4E 5E 4B 5B", "hands - / -")
        + " / 1E 4E / 3E 5E / 1B 4B / 3B 5B / 2C 3C / 1O 12O",
        "every trick has been played: the hand is over",
    ),
    # the draws and the muestra
    (
        "drawn early",
        HEADS_UP_PHASE_ONE.replace("muestra 7O", "muestra 7O drawn by 1"),
        "the muestra is drawn with the last of the stock, after trick 14, not after trick 3",
    ),
    ("not drawn", HEADS_UP_ARRASTRE.replace(" drawn by 1", ""), "after trick 14 the last of the stock"),
    ("wrong taker", HEADS_UP_ARRASTRE.replace("drawn by 1", "drawn by 0"), "seat 1, last to draw after trick 14"),
    (
        "muestra placed",
        HEADS_UP_ARRASTRE.replace("1O 2C", "12O 2C").replace("12O 3C", "1O 3C"),
        "the muestra 12O is in seat 1's hand or played by it in the arrastre",
    ),
    ("muestra form", HEADS_UP_PHASE_ONE.replace("muestra 7O", "muestra 7O by 1"), "muestra: write 'muestra 5O'"),
    # the change of the seven
    (
        "swap given",
        SWAPPED.replace("muestra 7O", "muestra 2O").replace("12O 10C 10E 10B 2O", "12O 10C 10E 10B 7O"),
        "the muestra is changed for the 7 of trumps",
    ),
    (
        "swap two",
        SWAPPED.replace("swap 0:12O", "swap 0:7O")
        .replace("muestra 7O", "muestra 2O")
        .replace("12O 10C 10E 10B 2O", "7O 10C 10E 10B 12O"),
        None,
    ),
    ("swap taken", SWAPPED.replace("swap 0:12O", "swap 1:12O"), "the 12O taken by the change is in seat 1's hand"),
    ("swap suit", SWAPPED.replace("swap 0:12O", "swap 0:12C"), "the change takes the muestra, a trump"),
    ("swap form", SWAPPED.replace("swap 0:12O", "swap 12O"), "swap: write the seat and the card it took"),
    # the cantes
    ("cante before", HEADS_UP_PHASE_ONE + "; cantes 0:O@4", "trick 4 is not (tricks played: 3)"),
    ("cante side", HEADS_UP_PHASE_ONE + "; cantes 1:O@1", "seat 1 sang after trick 1, which the other side won"),
    ("cante twice", HEADS_UP_PHASE_ONE + "; cantes 0:O@1 0:O@2", "Oros is sung twice"),
    ("cante limit", HEADS_UP_PHASE_ONE + "; cantes 0:O@1 0:C@1", "side 0 sang twice after trick 1"),
    ("cante order", HEADS_UP_PHASE_ONE + "; cantes 0:O@2 0:C@1", "the cantes are listed in the order they were sung"),
    ("cante cards", HEADS_UP_PHASE_ONE + "; cantes 0:E@2", "the 12E is in its hand or played by it later"),
    ("cante cards later", HEADS_UP_PHASE_ONE + "; cantes 0:E@1", None),
    ("cante form", HEADS_UP_PHASE_ONE + "; cantes 0O1", "cantes: write each as seat:suit@trick"),
    ("cante suit", HEADS_UP_PHASE_ONE + "; cantes 0:X@1", "cantes: unknown suit 'X'"),
    # the tute and the scores
    ("tute juego", HEADS_UP_PHASE_ONE + "; tute 0", "no tute is declared in a hand in progress under tute=juego"),
    ("tute side", HEADS_UP_PHASE_ONE + "; tute 2", "a tute is declared by side 0 or 1, not 2"),
    ("vueltas", HEADS_UP_PHASE_ONE + "; carried 90 0; vueltas", "de vueltas the hand ends when a side reaches 101"),
    ("carried", HEADS_UP_PHASE_ONE + "; carried 90", "carried: write the two sides' scores"),
    # the stage
    ("window heads-up", HEADS_UP_PHASE_ONE + "; window", "the window stage is the partner's turn to declare in pairs"),
    ("predraw early", HEADS_UP_PHASE_ONE + "; predraw", "the last draw waits after trick 14, not after trick 3"),
    ("both stages", HEADS_UP_PHASE_ONE + "; window; predraw", "'window' and 'predraw' exclude each other"),
    # the text itself
    ("unknown field", HEADS_UP_PHASE_ONE + "; score 19 0", "unknown field 'score': the fields are dealer, hands"),
    ("field twice", HEADS_UP_PHASE_ONE + "; dealer 1", "the field 'dealer' is given twice"),
    ("field missing", HEADS_UP_PHASE_ONE.replace("dealer 1; ", ""), "a position needs the field 'dealer'"),
    ("flag value", HEADS_UP_PHASE_ONE + "; vueltas yes", "the field 'vueltas' takes no value, not 'yes'"),
    ("bad card", HEADS_UP_PHASE_ONE.replace("10O 10C", "10O 13C"), "hands: '13C' is not a card"),
    ("bad stock", HEADS_UP_PHASE_ONE.replace("stock 1O", "stock 1X"), "stock: '1X' is not a card"),
    ("bad number", HEADS_UP_PHASE_ONE.replace("dealer 1", "dealer one"), "dealer: 'one' is not a number"),
    ("negative", HEADS_UP_PHASE_ONE.replace("dealer 1", "dealer -1"), "dealer: '-1' is not a number"),
    # the card the change took, put back in the stock: refused in one line, not a KeyError
    (
        "change's card in the stock",
        LAST_DRAW_SWAPPED.replace("3O 1O 10O 12O", "3O 1O 6B 12O").replace("stock 6B", "stock 10O"),
        "the 10O taken by the change is in seat 1's hand or played by it",
    ),
    ("change's card held", LAST_DRAW_SWAPPED, None),
]


@pytest.mark.parametrize(("text", "message"), [(t, m) for _, t, m in REFUSED_TEXT], ids=[i for i, _, _ in REFUSED_TEXT])
def test_a_position_play_cannot_reach_is_refused_in_one_line(text: str, message: str | None) -> None:
    if message is None:  # the case is legal: the control for its neighbour
        parse_position(text)
        return
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    said = str(caught.value)
    assert message in said and "\n" not in said


def test_the_rules_decide_which_changes_and_tutes_are_allowed() -> None:
    two = SWAPPED.replace("swap 0:12O", "swap 0:7O").replace("muestra 7O", "muestra 2O")
    two = two.replace("12O 10C 10E 10B 2O", "7O 10C 10E 10B 12O")
    parse_position(two)
    with pytest.raises(PositionError, match="changed only for the 2 of trumps, under two_for_seven"):
        parse_position(two, Rules.preset("aragones", two_for_seven=False))
    low = SWAPPED.replace("swap 0:12O", "swap 0:5O").replace("12O 10C", "5O 10C").replace("5O 6O", "12O 6O")
    parse_position(low)
    with pytest.raises(PositionError, match="swap_low_muestra is off"):
        parse_position(low, Rules.preset("aragones", swap_low_muestra=False))
    with pytest.raises(PositionError, match="under tute=off"):
        parse_position(HEADS_UP_PHASE_ONE + "; tute 0", Rules.preset("aragones", tute="off"))
    with pytest.raises(PositionError, match="seat 0 sang twice after trick 1"):  # per player: still one each
        parse_position(HEADS_UP_PHASE_ONE + "; cantes 0:O@1 0:C@1", Rules.preset("aragones", cante_limit="per_player"))


def first_state(players: int, test: object, seed: int = 1) -> HandState:
    """The first decision point of random play where ``test(state)`` holds."""
    rng = random.Random(seed)
    for game in range(500):
        state = HandState(rng.sample(range(40), 40), game % players, Rules(), players)
        while not state.is_over:
            if test(state):  # type: ignore[operator]
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def test_the_window_and_the_predraw_stop_wait_for_the_right_seat() -> None:
    # A window the partner has nothing to declare in: the winner plays at once.
    quiet = first_state(
        4, lambda s: s.window_open and s.stage is Stage.PLAY and not declarations_of(s, (s.leader + 2) % 4)
    )
    with pytest.raises(PositionError, match=r"the window waits for seat \d, who has nothing to declare"):
        parse_position(format_position(quiet) + "; window")
    window = first_state(4, lambda s: s.stage is Stage.WINDOW)
    assert parse_position(format_position(window)).to_move == window.to_move
    predraw = first_state(2, lambda s: s.stage is Stage.PREDRAW)
    text = format_position(predraw)
    assert parse_position(text).to_move == predraw.to_move
    with pytest.raises(PositionError, match="the pre-draw stage comes only right after a trick, under swap_window"):
        parse_position(text, Rules.preset("aragones", swap_window="own_turn"))
    # Without the stop the last draw would already have been made.
    with pytest.raises(PositionError, match="after trick 14 the last of the stock and the muestra are drawn"):
        parse_position(text.replace("; predraw", ""))


def mutated(**fields: object) -> HandState:
    state = parse_position(HEADS_UP_PHASE_ONE + "; cantes 0:O@1")
    for name, value in fields.items():
        setattr(state, name, value)
    return state


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"stage": Stage.OVER}, "the hand is over"),
        ({"players": 3}, "played by 2 or 4 players"),
        ({"trump": 2}, "trumps are Espadas, but the muestra is the 7O"),
        ({"to_move": 1}, "seat 0 is to play, not seat 1"),
        ({"window_open": False}, "the window is open from a trick's end to the next trick's first card"),
        ({"card_points": [20, 0]}, "the card points are 19 and 0, as the tricks say"),
        ({"cante_points": [20, 0]}, "the cante points are 40 and 0"),
        ({"points": [60, 0]}, "the scores are the card points plus the cante points"),
        ({"leader": 1}, "seat 0 leads the trick in progress, not seat 1"),
        ({"muestra_taker": 1}, "a muestra under the stock has not been drawn by anyone"),
        ({"carried": (-1, 0)}, "the scores carried in are two numbers from 0 up"),
    ],
    ids=lambda value: str(value)[:30],
)
def test_a_changed_state_fails_the_check(fields: dict[str, object], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        check_position(mutated(**fields))


def test_tricks_must_be_led_and_won_as_the_cards_say() -> None:
    state = parse_position(HEADS_UP_PHASE_ONE)
    state.tricks[1] = Trick(1, state.tricks[1].cards, 0)
    with pytest.raises(PositionError, match="trick 2 is led by seat 0, not seat 1"):
        check_position(state)
    state.tricks[1] = Trick(0, state.tricks[1].cards, 1)
    with pytest.raises(PositionError, match="trick 2 is won by seat 0, not seat 1"):
        check_position(state)
    state = parse_position(HEADS_UP_PHASE_ONE.replace(" 12C /", " /") + "; trick 12C")
    state.win_index = 1
    with pytest.raises(PositionError, match="the card holding the trick in progress is not the one that wins it"):
        check_position(state)


def test_a_card_given_twice_or_not_a_card_is_named() -> None:
    state = parse_position(HEADS_UP_PHASE_ONE)
    state.stock[0] = state.hands[0][0]
    with pytest.raises(PositionError, match="the 10O is in two places"):
        check_position(state)
    with pytest.raises(PositionError, match="seat 1's hand: 40 is not a card"):
        build_position([parse_cards("1O"), [40]], 0, dealer=0)
    with pytest.raises(PositionError, match="the stock: 'x' is not a card"):
        build_position([[], []], 0, dealer=0, stock=["x"])  # type: ignore[list-item]
    with pytest.raises(PositionError, match="a position is written as text, not 7"):
        parse_position(7)  # type: ignore[arg-type]


# -- from a view ------------------------------------------------------------------------------------


def test_a_view_is_completed_only_with_the_cards_it_lacks() -> None:
    state = parse_position(HEADS_UP_PHASE_ONE)
    view = seat_view(state, 0)
    hidden, stock = {1: list(state.hands[1])}, state.stock[::-1]
    same_position(position_from_view(view, hidden, stock), state)
    with pytest.raises(PositionError, match=r"the hidden hands are those of seats \[1\], not \[0, 1\]"):
        position_from_view(view, {**hidden, 0: []}, stock)
    with pytest.raises(PositionError, match="seat 1 holds 6 cards, not 5"):
        position_from_view(view, {1: hidden[1][:5]}, stock)
    with pytest.raises(PositionError, match="the stock holds 21 cards, not 20"):
        position_from_view(view, hidden, stock[1:])
    with pytest.raises(PositionError, match="the 3O is in two places"):
        position_from_view(view, hidden, [hidden[1][0], *stock[1:]])
    with pytest.raises(PositionError, match="the view's scores"):
        position_from_view(dataclasses.replace(view, points=(20, 0)), hidden, stock)
    with pytest.raises(PositionError, match="neither side's score holds its 40"):
        position_from_view(dataclasses.replace(view, tute_declared=True), hidden, stock)
    with pytest.raises(PositionError, match="the view's muestra and trump suit do not match"):
        position_from_view(dataclasses.replace(view, trump=1), hidden, stock)
    with pytest.raises(PositionError, match="seat 0 is to move"):
        position_from_view(dataclasses.replace(view, to_move=1), hidden, stock)
    with pytest.raises(PositionError, match="the hand is over"):
        position_from_view(dataclasses.replace(view, stage=Stage.OVER), hidden, stock)


def test_a_tute_in_the_view_stays_declared() -> None:
    rules = Rules.preset("aragones", tute="points40")
    state = parse_position(HEADS_UP_PHASE_ONE + "; tute 0", rules)
    view = seat_view(state, 1)
    assert view.tute_declared
    built = position_from_view(view, {0: state.hands[0]}, state.stock[::-1])
    assert built.tute_declared and built.points == [59, 0]
    mine = position_from_view(seat_view(state, 0), {1: state.hands[1]}, state.stock[::-1])
    assert not any(isinstance(action, DeclareTute) for action in mine.legal_actions())


def test_an_over_hand_has_no_notation() -> None:
    state = played(2, Rules(), seed=2, steps=200)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    with pytest.raises(PositionError, match="the hand is over"):
        format_position(state)
