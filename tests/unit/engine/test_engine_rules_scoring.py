"""docs/rules.md, sections 7, 8 and 10: scoring a hand, juegos, cotos, information, the presets.

Some scenarios replay a recorded hand (deck order from the top, dealer 3 so
seat 0 is mano, and every action) chosen because it reaches the situation the
rule is about; the test checks that situation first, then the rule's outcome.
"""

from __future__ import annotations

import random

import pytest
from engine_setup import act, arrastre, deal, legal_texts

from guinote_tui.engine import (
    HandState,
    Match,
    Rules,
    RulesError,
    Stage,
    Termination,
    parse_action,
    parse_deck,
    seat_view,
)
from guinote_tui.engine.hand import judge_hand

LIBRE = Rules.preset("libre-100")

# Side 0 sings 80 (three cantes) but takes only 27 card points; side 1 wins the last trick.
TREINTA_MALAS_DECK = (
    "12O 10O 12B 11B 11C 7B 3E 12C 6E 6B 11E 1E 10B 12E 10E 3C 3B 7C 4E 1O 2E 5C 4B 4O "
    "6O 7E 2C 1B 2B 11O 7O 3O 4C 5O 2O 6C 10C 5B 5E 1C"
)
TREINTA_MALAS_ACTIONS = (
    "0 10B,1 3B,2 4E,3 1E,1 3C,2 6E,3 1B,0 2B,1 11B,2 2C,3 3O,0 4C,3 11E,0 2O,1 11C,2 2E,2 pass,"
    "2 sing:C,0 5B,1 7B,2 7O,3 6B,0 sing:O,2 10C,3 5C,0 10O,1 6C,0 sing:E,0 10E,1 7E,2 3E,3 5O,"
    "3 6O,0 12O,1 11O,2 1O,2 12C,3 4O,0 12B,1 7C,3 4B,0 12E,1 5E,2 1C"
)
# Both sides pass 101 with 30 or more from cards; side 1 has fewer points but wins the last trick.
BOTH_REACH_DECK = (
    "12C 10C 12O 12E 10E 12B 4B 1C 7C 11E 4C 2O 10O 6C 5C 10B 3C 11B 2B 2E 1B 1O 5B 7E "
    "5E 3E 6B 7O 7B 6O 11O 2C 4E 5O 3O 6E 1E 4O 3B 11C"
)
BOTH_REACH_ACTIONS = (
    "0 5C,1 11B,2 1B,3 2O,0 sing:C,0 3E,1 12B,2 2E,3 1O,0 sing:O,0 12O,1 6B,2 1C,3 7E,1 sing:E,"
    "3 5O,0 3O,1 10E,2 7O,1 10B,2 3B,3 5B,0 12C,2 2B,3 7B,0 5E,1 6E,1 11O,2 1E,3 4E,0 6O,2 7C,"
    "3 11C,0 10C,1 3C,1 4O,2 2C,3 11E,0 10O,3 4C,0 6C,1 12E,2 4B"
)


def replay(deck: str, actions: str, rules: Rules | None = None) -> HandState:
    state = HandState(parse_deck(deck), 3, rules or Rules(), 4)
    act(state, *actions.split(","))
    assert state.is_over
    return state


def play_first_legal(state: HandState, pick: int = 0) -> HandState:
    """Play the hand out, always taking the legal action at index ``pick``."""
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[min(pick, len(legal) - 1)])
    return state


def shuffled(seed: int) -> list[int]:
    order = list(range(40))
    random.Random(seed).shuffle(order)
    return order


# -- 7. Scoring a hand -----------------------------------------------------------------


def test_hand_score_is_cards_plus_cantes_plus_last_trick_ten() -> None:
    """A side's hand score = card points won + cantes + 10 for the last trick."""
    state = replay(BOTH_REACH_DECK, BOTH_REACH_ACTIONS)
    result = state.result
    assert result is not None
    assert sum(result.card_points) == 120
    assert result.cante_points == (40, 40)
    for side in (0, 1):
        ten = 10 if result.last_trick_side == side else 0
        assert result.points[side] == result.card_points[side] + result.cante_points[side] + ten


def test_last_trick_scores_ten_de_ultimas() -> None:
    """The last trick's winner's side gets 10 de últimas."""
    state = play_first_legal(HandState(shuffled(3), 0, Rules(), 4))
    result = state.result
    assert result is not None and result.cante_points == (0, 0)
    last = state.tricks[-1].winner % 2
    assert result.last_trick_side == last
    assert result.points[last] == result.card_points[last] + 10
    assert result.points[1 - last] == result.card_points[1 - last]


def test_first_hand_side_reaching_101_wins_the_juego() -> None:
    """First hand of a juego, played to the end: a side with 101 or more (and 30 from cards) wins."""
    seen = 0
    for seed in range(40):
        state = play_first_legal(HandState(shuffled(seed), 0, Rules(), 4))
        result = state.result
        assert result is not None and not result.stopped_early
        assert len(state.tricks) == 10  # played to the end
        over = [s for s in (0, 1) if result.totals[s] >= 101]
        if len(over) == 1:
            seen += 1
            assert result.juego_winner == over[0]
    assert seen >= 5


def test_first_hand_nobody_at_101_goes_de_vueltas_and_scores_carry() -> None:
    """Otherwise nobody wins: de vueltas; a new hand is dealt and both sides keep their scores."""
    match = Match(players=4, seed=1, dealer=0, deck=shuffled(1))
    while not match.hand.is_over:
        match.apply(match.legal_actions()[0])
    result = match.hand.result
    assert result is not None
    assert max(result.totals) < 101 and result.juego_winner is None and result.de_vueltas
    nxt = match.next_hand()
    assert nxt.carried == result.totals
    assert not nxt.first_of_juego


def test_treinta_malas_101_without_30_from_cards_does_not_win() -> None:
    """treinta_malas=true: 101 wins the first hand only with 30 from cards plus the last ten, cantes not counted."""
    result = replay(TREINTA_MALAS_DECK, TREINTA_MALAS_ACTIONS).result
    assert result is not None
    assert result.totals[0] >= 101 and result.cards_and_ten(0) < 30
    assert result.totals[0] > result.totals[1] >= 101
    assert result.treinta_malas_denied == (0,)
    assert result.juego_winner == 1


def test_flag_treinta_malas_false_cantes_alone_can_make_101() -> None:
    """treinta_malas=false: the same hand counts side 0's 101; both reached, so the last trick decides."""
    result = replay(TREINTA_MALAS_DECK, TREINTA_MALAS_ACTIONS, Rules(treinta_malas=False)).result
    assert result is not None
    assert result.treinta_malas_denied == ()
    assert result.reason is Termination.BOTH_LAST_TRICK
    assert result.juego_winner == result.last_trick_side


def test_both_over_101_the_last_trick_decides() -> None:
    """If both sides qualify in the first hand, the side that won the last trick wins (even with fewer points)."""
    result = replay(BOTH_REACH_DECK, BOTH_REACH_ACTIONS).result
    assert result is not None
    assert min(result.totals) >= 101 and min(result.cards_and_ten(0), result.cards_and_ten(1)) >= 30
    last = result.last_trick_side
    assert last is not None and result.totals[last] < result.totals[1 - last]
    assert result.juego_winner == last


def test_flag_both_reach_higher_score() -> None:
    """both_reach=higher_score (libre-100's reading): when both pass the target, the higher score wins."""
    result = replay(BOTH_REACH_DECK, BOTH_REACH_ACTIONS, Rules(both_reach="higher_score")).result
    assert result is not None
    higher = 0 if result.totals[0] > result.totals[1] else 1
    assert result.juego_winner == higher != result.last_trick_side


def _vueltas_hand(carried: tuple[int, int], rules: Rules | None = None) -> HandState:
    """A de vueltas hand (not the first of the juego): seat 1 leads 4C, seat 2 wins with 1C (side 0)."""
    return deal(
        {1: "4C 5E", 2: "1C 12O 10O", 3: "5C 6E", 0: "6C 4E"},
        muestra="4B",
        dealer=0,
        carried=carried,
        first_of_juego=False,
        rules=rules,
        avoid="12C 10C 12E 10E 12B 10B 7B",
    )


def test_de_vueltas_juego_won_the_moment_a_trick_reaches_101() -> None:
    """De vueltas: the juego is won the moment a side's running total reaches 101 after a trick it won."""
    state = _vueltas_hand((95, 60))
    act(state, "1 4C", "2 1C", "3 5C", "0 6C")
    assert state.is_over
    result = state.result
    assert result is not None
    assert result.juego_winner == 0 and result.stopped_early
    assert result.totals == (95 + 11, 60)
    assert len(state.tricks) == 1 and all(len(h) == 5 for h in state.hands)  # the hand stopped there


def test_de_vueltas_below_101_play_goes_on() -> None:
    """De vueltas: short of 101 the hand goes on."""
    state = _vueltas_hand((80, 60))
    act(state, "1 4C", "2 1C", "3 5C", "0 6C")
    assert not state.is_over


def test_de_vueltas_juego_won_the_moment_a_cante_reaches_101() -> None:
    """De vueltas: a cante that brings the running total to 101 wins the juego at once."""
    state = _vueltas_hand((85, 60))
    act(state, "1 4C", "2 1C", "3 5C", "0 6C")
    assert not state.is_over and state.to_move == 2
    act(state, "2 sing:O")
    assert state.is_over
    result = state.result
    assert result is not None and result.juego_winner == 0 and result.totals[0] == 85 + 11 + 20


def test_flag_vueltas_false_the_hand_is_played_to_the_end() -> None:
    """No vueltas (libre-100): passing the target mid-hand does not stop the hand."""
    rules = Rules(vueltas=False)
    state = _vueltas_hand((95, 60), rules)
    act(state, "1 4C", "2 1C", "3 5C", "0 6C")
    assert not state.is_over
    play_first_legal(state)
    assert state.result is not None and len(state.tricks) == 10 and state.result.juego_winner is not None


def _play_match(match: Match, pick: int = 0) -> Match:
    while not match.is_over:
        if match.hand.is_over:
            match.next_hand()
        legal = match.legal_actions()
        match.apply(legal[(pick + len(match.finished)) % len(legal)])
    return match


def _booked(match: Match) -> tuple[list[int], list[int], int | None]:
    """Juegos and cotos recomputed from the hand results, as docs/rules.md, section 7 says."""
    juegos, cotos, winner = [0, 0], [0, 0], None
    rules = match.rules
    for record in match.finished:
        assert record.result is not None
        side = record.result.juego_winner
        if side is None:
            continue
        juegos[side] += 1
        if juegos[side] == rules.juegos_per_coto:
            cotos[side] += 1
            juegos = [0, 0]
            if cotos[side] == rules.cotos_to_win:
                winner = side
    return juegos, cotos, winner


def test_juego_won_resets_both_scores_to_zero() -> None:
    """After a juego both scores reset to 0 and the next hand is the first of a new juego."""
    match = Match(players=4, seed=8)
    checked = 0
    while not match.is_over and checked < 3:
        while not match.hand.is_over:
            match.apply(match.legal_actions()[0])
        won = match.hand.result is not None and match.hand.result.juego_winner is not None
        if match.is_over:
            break
        nxt = match.next_hand()
        if won:
            assert nxt.carried == (0, 0) and nxt.first_of_juego
            checked += 1
    assert checked >= 1


@pytest.mark.parametrize(("juegos_per_coto", "cotos_to_win"), [(3, 1), (1, 1), (4, 2), (5, 1)])
def test_coto_first_to_juegos_per_coto_and_match_of_cotos(juegos_per_coto: int, cotos_to_win: int) -> None:
    """Coto: the first side to juegos_per_coto juegos wins a coto; cotos_to_win cotos win the match."""
    rules = Rules(juegos_per_coto=juegos_per_coto, cotos_to_win=cotos_to_win)
    for seed in range(3):
        match = _play_match(Match(players=4, rules=rules, seed=seed), pick=seed)
        juegos, cotos, winner = _booked(match)
        assert winner is not None and winner == match.winner
        assert match.cotos == cotos and cotos[winner] == cotos_to_win and match.juegos == juegos
        assert sum(1 for r in match.finished if r.result and r.result.juego_winner is not None) >= juegos_per_coto


def test_default_coto_is_three_juegos() -> None:
    """Default: the first side to win 3 juegos wins the coto and the match."""
    rules = Rules()
    assert (rules.juegos_per_coto, rules.cotos_to_win) == (3, 1)
    match = _play_match(Match(players=2, seed=4))
    winner = match.winner
    assert winner is not None
    wins = [r.result.juego_winner for r in match.finished if r.result and r.result.juego_winner is not None]
    assert wins.count(winner) == 3 and wins[-1] == winner and wins.count(1 - winner) < 3


# -- 8. Information --------------------------------------------------------------------


def test_view_shows_own_hand_and_public_facts_only() -> None:
    """Each player sees their own hand, the muestra, the trick, played cards, cantes, swaps, stock count, scores."""
    state = deal({1: "4C", 2: "5C", 3: "1C 12O 10O", 0: "6C"}, muestra="1B", dealer=0)
    act(state, "1 4C", "2 5C", "3 1C", "0 6C", "3 sing:O")
    for seat in range(4):
        view = seat_view(state, seat)
        assert view.hand == tuple(state.hands[seat])
        assert view.hand_sizes == (6, 6, 6, 6)
        assert view.muestra == state.muestra and view.stock_count == 11
        assert view.points == (0, 31) and len(view.cantes) == 1
        assert [c for t in view.tricks for c in t.cards] == list(state.tricks[0].cards)
        others = {c for s in range(4) if s != seat for c in state.hands[s]}
        assert others.isdisjoint(view.hand)
        assert not hasattr(view, "hands") and not hasattr(view, "stock") and not hasattr(view, "deck")
        assert view.legal == (tuple(state.legal_actions()) if seat == state.to_move else ())


# -- 10. libre-100 --------------------------------------------------------------------


def test_libre_100_preset_flags() -> None:
    """libre-100: the flags of docs/rules.md, section 10 (caballo high, rey+caballo, one by one, own-turn swap...)."""
    assert LIBRE.card_order == "caballo_high" and LIBRE.cante_pair == "rey_caballo"
    assert LIBRE.deal_packet == 1 and LIBRE.swap_window == "own_turn"
    assert (LIBRE.partner_exemption, LIBRE.must_undertrump) == (False, True)
    assert (LIBRE.target, LIBRE.both_reach, LIBRE.capote_bonus) == (100, "higher_score", 100)
    assert (LIBRE.treinta_malas, LIBRE.vueltas, LIBRE.tute) == (False, False, "off")


def test_custom_rules_are_a_preset_with_flags_overridden() -> None:
    """A custom rule set is any preset with individual flags overridden (unknown flags refused)."""
    custom = Rules.preset("libre-100", tute="juego", target=101)
    assert custom.tute == "juego" and custom.target == 101 and custom.card_order == "caballo_high"
    assert custom.differences() == {"tute": "juego", "target": 101}
    with pytest.raises(RulesError, match="unknown rules flag"):
        Rules.preset("aragones", tuté="off")
    with pytest.raises(RulesError, match="must be one of"):
        Rules.preset("aragones", tute="sometimes")


def _libre_points(seed: int) -> tuple[list[int], list[str]]:
    state = play_first_legal(HandState(shuffled(seed), 0, LIBRE, 4))
    assert state.result is not None
    return list(state.result.points), [f"{s} {a}" for s, a in state.log]


def _libre_replay(seed: int, moves: list[str], carried: tuple[int, int]) -> HandState:
    state = HandState(shuffled(seed), 0, LIBRE, 4, carried, first_of_juego=False)
    act(state, *moves)
    assert state.is_over
    return state


def test_libre_100_target_100_reached_wins() -> None:
    """libre-100: scores accumulate and the first side to reach 100 wins."""
    points, moves = _libre_points(2)
    leader = 0 if points[0] >= points[1] else 1
    assert points[1 - leader] < 100
    carried = [0, 0]
    carried[leader] = 100 - points[leader]  # exactly 100 at the end of this hand
    state = _libre_replay(2, moves, (carried[0], carried[1]))
    result = state.result
    assert result is not None and result.totals[leader] == 100 and result.totals[1 - leader] < 100
    assert result.juego_winner == leader


def test_libre_100_both_pass_100_higher_score_wins_tie_replays() -> None:
    """libre-100: if both pass 100 in the same hand the higher score wins; a tie replays a hand."""
    points, moves = _libre_points(5)
    assert all(p < 100 for p in points)
    tie = _libre_replay(5, moves, (120 - points[0], 120 - points[1])).result
    assert tie is not None and tie.totals == (120, 120)
    assert tie.juego_winner is None and tie.reason is Termination.BOTH_TIED
    ahead = _libre_replay(5, moves, (120 - points[0], 119 - points[1])).result
    assert ahead is not None and ahead.totals == (120, 119) and ahead.juego_winner == 0


def test_libre_100_first_juego_wins_the_match() -> None:
    """libre-100: the first side to reach 100 wins the match (juegos_per_coto=1, cotos_to_win=1)."""
    match = _play_match(Match(players=4, rules=LIBRE, seed=3))
    decided = [r for r in match.finished if r.result is not None and r.result.juego_winner is not None]
    assert len(decided) == 1 and decided[0] is match.finished[-1]
    assert match.winner == decided[0].result.juego_winner  # type: ignore[union-attr]
    for record in match.finished[:-1]:  # scores accumulated over the earlier hands
        assert record.result is not None and max(record.result.totals) < 100


def test_capote_adds_100_under_libre_100() -> None:
    """libre-100: capote (one side takes every trick) adds 100."""
    hands = {0: "1B 3B 12B 11B 10B 7B"}
    state = play_first_legal(arrastre(hands, muestra="2B", leader=0, rules=LIBRE))
    result = state.result
    assert result is not None
    assert state.tricks_won == [10, 0]
    assert result.capote_side == 0 and result.capote_bonus == 100
    assert result.points[0] == 120 + 10 + result.cante_points[0] + 100


def test_no_capote_bonus_by_default() -> None:
    """aragones: no capote bonus (capote_bonus=0)."""
    hands = {0: "1B 3B 12B 10B 11B 7B"}
    state = play_first_legal(arrastre(hands, muestra="2B", leader=0))
    result = state.result
    assert result is not None and state.tricks_won == [10, 0]
    assert result.capote_bonus == 0 and result.points[0] == 130 + result.cante_points[0]


def test_tute_is_off_in_libre_100() -> None:
    """libre-100: tute off."""
    state = deal({1: "4C 5E", 2: "5C 6E", 3: "1C 12O 12C 12E 12B", 0: "6C 4E"}, muestra="4B", dealer=0, rules=LIBRE)
    act(state, "1 4C", "2 5C", "3 1C", "0 6C")
    while state.stage is Stage.WINDOW:
        act(state, f"{state.to_move} pass")
    assert not any(t.startswith("tute") for t in legal_texts(state))
    with pytest.raises(Exception, match="tute is not played"):
        state.apply(parse_action("tute:12"))


# -- judge_hand at its boundaries ------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "malas", "first", "expected"),
    [
        # Treinta malas: exactly 30 from cards and the last ten is enough; 29 is not.
        ((101, 40), (30, 100), True, (0, Termination.TARGET, [])),
        ((101, 40), (29, 100), True, (None, Termination.TREINTA_MALAS, [0])),
        # A hand de vueltas does not look at malas.
        ((101, 40), (0, 100), False, (0, Termination.TARGET, [])),
        # The target is 101: 100 is not a juego.
        ((100, 40), (60, 70), True, (None, Termination.DE_VUELTAS, [])),
        # Both reach: the last trick decides (aragones), even for the lower total.
        ((101, 130), (40, 90), True, (0, Termination.BOTH_LAST_TRICK, [])),
        # Both reach but one is denied by treinta malas: the other wins.
        ((120, 101), (29, 100), True, (1, Termination.TARGET, [0])),
    ],
)
def test_judge_hand_at_its_boundaries(
    totals: tuple[int, int], malas: tuple[int, int], first: bool, expected: tuple[object, ...]
) -> None:
    assert judge_hand(Rules(), totals, malas, 0, first) == expected


def test_judge_hand_both_reaching_by_the_higher_score() -> None:
    rules = Rules(both_reach="higher_score", treinta_malas=False)
    assert judge_hand(rules, (101, 130), (40, 90), 0, True) == (1, Termination.BOTH_HIGHER, [])
    assert judge_hand(rules, (110, 110), (40, 90), 0, True) == (None, Termination.BOTH_TIED, [])
