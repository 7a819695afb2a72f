"""hard and expert play for the juego in the heads-up arrastre (the juego model, guinote_tui.engine.outcome)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from guinote_tui.ai import make_bot
from guinote_tui.engine import PASS, RANKS, HandState, Play, Sing, Stage, parse_action, seat_view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_setup import arrastre


def vueltas_at(state: HandState, totals: tuple[int, int]) -> HandState:
    """A copy of ``state`` as a hand de vueltas in which the sides' running totals are ``totals``."""
    other = state.copy()
    other.carried = (totals[0] - other.points[0], totals[1] - other.points[1])
    other.first_of_juego = False
    other._instant = True
    return other


def last_two_tricks() -> HandState:
    """Heads-up arrastre, oros trumps: seat 0 at 95 holds the As de Oros and the Dos de Espadas, seat 1 at 91
    the Rey de Oros and the Tres de Espadas; seat 0 to lead."""
    state = arrastre({0: "1O 2E 1C 3C 12C 11C", 1: "12O 3E 4C 5C 6C 7C"}, muestra="12O", leader=0, players=2)
    for lead, follow in (("1C", "4C"), ("3C", "5C"), ("12C", "6C"), ("11C", "7C")):
        state.apply(parse_action(lead), 0)
        state.apply(parse_action(follow), 1)
    assert sorted(map(str, state.hands[0])) == ["1O", "2E"] and state.to_move == 0
    return vueltas_at(state, (95, 91))


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_search_bots_lead_the_card_that_wins_the_juego(level: str) -> None:
    state = last_two_tricks()
    # The As takes the Rey (15 points: 110) and wins at once; the Dos gives the Tres (91 + 10 = 101) the juego,
    # though it wins more points if the juego went on.
    action = make_bot(level).choose(seat_view(state, 0), random.Random(1))
    assert action == parse_action("1O")


def test_without_the_juego_model_hard_leads_for_the_points() -> None:
    state = last_two_tricks()
    action = make_bot("hard:juego=false").choose(seat_view(state, 0), random.Random(1))
    assert action == parse_action("2E")


def test_in_pairs_the_juego_setting_changes_only_juegos_won_at_once() -> None:
    """In pairs ``juego`` takes a juego won at once; elsewhere hard plays exactly as without it ."""
    from guinote_lab.bench import random_positions
    from guinote_tui.ai.bitmasks import tables_for
    from guinote_tui.ai.search import wins_at_once

    with_model = make_bot("hard:samples=3,arrastre_samples=2,resample=6")
    without = make_bot("hard:samples=3,arrastre_samples=2,juego=false,resample=6")
    checked = 0
    for state in random_positions(4, "aragones", seed=8, hands=2):
        seat = state.to_move
        assert seat is not None
        if len(state.legal_actions()) < 2:
            continue
        view = seat_view(state, seat)
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        chosen = with_model.choose(view, random.Random(checked))
        winning = wins_at_once(view, cards, tables_for(view.rules, view.trump))
        if winning:
            assert isinstance(chosen, Play) and chosen.card in winning
        else:
            assert chosen == without.choose(view, random.Random(checked))
        checked += 1
    assert checked >= 20


def wins_now(state: HandState, action: Play, seat: int) -> bool:
    """The engine's word: ``action`` ends the hand with the juego to the seat's side, or (heads-up) the seat may
    then sing a cante that does (after passing on the swap) with a pair it held before the draw."""
    child = state.copy()
    child.apply(action)
    if child.result is not None:
        return child.result.juego_winner == seat % 2
    if state.players == 4 or child.to_move != seat:
        return False
    if child.stage is Stage.PREDRAW:
        child.apply(PASS)
    before = set(state.hands[seat]) - {action.card}
    pair = {RANKS.index(12), RANKS.index(state.rules.cante_rank)}
    for sing in child.legal_actions():
        held = (
            {c for c in child.hands[seat] if c // 10 == sing.suit and c % 10 in pair} if isinstance(sing, Sing) else {0}
        )
        if isinstance(sing, Sing) and held <= before:
            sung = child.copy()
            sung.apply(sing)
            if sung.result is not None and sung.result.juego_winner == seat % 2:
                return True
    return False


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("preset", ["aragones", "libre-100"])
def test_wins_at_once_is_what_the_engine_says(players: int, preset: str) -> None:
    from guinote_lab.bench import random_positions
    from guinote_tui.ai.bitmasks import tables_for
    from guinote_tui.ai.search import wins_at_once

    checked = found = 0
    for state in random_positions(players, preset, seed=17, hands=45):
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        if not all(isinstance(a, Play) for a in legal):
            continue
        expected = [a.card for a in legal if wins_now(state, a, seat)]  # type: ignore[attr-defined]
        view = seat_view(state, seat)
        cards = [a.card for a in legal]  # type: ignore[attr-defined]
        assert sorted(wins_at_once(view, cards, tables_for(state.rules, state.trump))) == sorted(expected)
        checked += 1
        found += bool(expected)
    assert checked >= 200 and found >= 5


def test_hard_takes_a_juego_won_at_once_in_phase_1() -> None:
    from guinote_lab.juego_suite import load, score

    positions = [p for p in load() if p.phase == "phase1"][:20]
    assert score("hard:samples=4,resample=6", positions).wins == 20
    assert score("hard:samples=4,juego=false,resample=6", positions).wins < 20
