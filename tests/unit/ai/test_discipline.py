"""The search bots' tie-break (guinote_tui/ai/discipline.py): the near-ties, the prior, and the bots' choice."""

from __future__ import annotations

import random

import pytest
from test_bots_scenarios import play, table

from guinote_tui.ai import make_bot
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.ai.discipline import discipline_key, disciplined, exact_ties, near_ties, surely_ours
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.search import HardBot
from guinote_tui.engine import HandState, Play, SeatView, parse_cards, seat_view


def view_of(state: HandState) -> tuple[SeatView, Knowledge]:
    seat = state.to_move
    assert seat is not None
    view = seat_view(state, seat)
    return view, Knowledge.from_view(view)


def card(text: str) -> int:
    return int(parse_cards(text)[0])


def best_of(state: HandState, among: str) -> str:
    view, know = view_of(state)
    tables = tables_for(view.rules, view.trump)
    found = disciplined(view, know, tables, [card(c) for c in among.split()])
    return str(parse_cards(among)[[card(c) for c in among.split()].index(found)])


def test_near_ties_are_the_cards_within_the_searchs_own_error() -> None:
    per_deal = {1: [10.0, 12, 9, 11], 2: [8.0, 10, 8, 10], 3: [10.0, 12, 9, 11], 4: [9.0, 12, 8, 11]}
    # 2 is 1.5 points behind 1 at 0.29 SE (5.2 SE): clear; 3 is equal; 4 is 0.5 behind at 0.29 SE (1.7 SE).
    assert near_ties(per_deal, 2.0) == [1, 3, 4]
    assert near_ties(per_deal, 1.0) == [1, 3]
    assert near_ties(per_deal, 0.0) == [1, 3]
    assert near_ties(per_deal, 1.0, cards=[2, 4]) == [4]  # 2 is 1 point behind 4 at 2.4 SE
    # A card valued on fewer deals (retired from a race) is not a near-tie.
    assert near_ties({1: [1.0, 2.0, 3.0], 2: [5.0, 6.0]}, 4.0) == [1]
    assert exact_ties({5: 3.0, 6: 3.0 - 1e-12, 7: 2.0}) == [5, 6]


def test_a_blank_is_thrown_onto_a_blank_lead_the_rivals_win_not_a_caballo() -> None:
    # Heads-up, trumps Oros; seat 0 leads the 4 de Copas; seat 1 holds no Copas.
    state = table({0: "4C 5C 6C 7C 1C 3C", 1: "11E 5B 6E 7B 4E 2O"}, muestra="3O", dealer=1, players=2)
    play(state, "4C")
    assert best_of(state, "11E 5B") == "5B"  # the Caballo hands over 3 points
    assert best_of(state, "11E 5B 6E 7B 4E 2O") == "4E"  # no trump spent, the lowest card
    view, know = view_of(state)
    tables = tables_for(view.rules, view.trump)
    assert surely_ours(view, know, tables, card("2O"))  # the last seat's trump takes it
    assert not surely_ours(view, know, tables, card("11E"))


def test_the_tres_of_trumps_is_not_led_while_its_as_is_unseen() -> None:
    state = table({0: "3O 5B 12C 10C 4E 6E", 1: "4C 5C 6C 7C 1C 3C"}, muestra="7O", dealer=1, players=2)
    view, know = view_of(state)
    tables = tables_for(view.rules, view.trump)
    assert not surely_ours(view, know, tables, card("3O"))  # the As de Oros is unseen
    assert best_of(state, "3O 5B") == "5B"
    # A cante's half is kept: among blanks and the Sota de Copas (its Rey in hand), a blank.
    assert discipline_key(view, know, tables, card("10C"))[3]
    assert best_of(state, "3O 12C 4E") == "4E"


def test_the_partners_sure_trick_is_loaded() -> None:
    # Pairs, trumps Oros: seat 0 leads the 4 de Espadas, partner seat 1 takes it with the As, seat 2 follows low;
    # seat 3 is last: the Tres de Bastos banked on the partner's trick, not a blank.
    state = table(
        {0: "4E 4C 5C 6C 7C 1C", 1: "1E 6B 7B 2C 3C 11C", 2: "5E 12C 10C 7E 2E 11B", 3: "3B 4B 5B 6O 10E 12E"},
        muestra="7O",
    )
    play(state, "4E", "1E", "5E")
    view, _ = view_of(state)
    assert view.seat == 3
    assert best_of(state, "3B 4B") == "3B"


def test_the_old_choice_stays_reachable_by_a_spec() -> None:
    assert isinstance(make_bot("hard"), HardBot)
    assert make_bot("hard").settings.tiebreak is True  # type: ignore[attr-defined]
    assert make_bot("hard:tiebreak=false").settings.tiebreak is False  # type: ignore[attr-defined]
    assert make_bot("expert:tie_z=2").settings.tie_z == 2.0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="tie_z"):
        make_bot("hard:tie_z=5")


def test_a_caballo_is_not_thrown_onto_a_blank_lead_by_a_near_tie_of_one_standard_error() -> None:
    # The blank lead of the test above at the bots' own budgets: the search's values of the blanks and the Caballo
    # are within one standard error of each other, and the best sampled mean throws the Caballo (3 points to the
    # rival) on one of these eight generators (hard:tiebreak=false, the choice before the tie-break); with near-ties
    # at one standard error (tie_z=1) a blank every time. (The default, tie_z=0.25, still throws it on one.)
    state = table({0: "4C 5C 6C 7C 1C 3C", 1: "11E 5B 6E 7B 4E 2O"}, muestra="3O", dealer=1, players=2)
    play(state, "4C")
    view, _ = view_of(state)
    blanks = {Play(card(c)) for c in ("5B", "6E", "7B", "4E")}
    old = {make_bot("hard:tiebreak=false").choose(view, random.Random(seed)) for seed in range(8)}
    assert Play(card("11E")) in old
    for spec in ("hard:tie_z=1", "expert:tie_z=1"):
        chosen = {make_bot(spec).choose(view, random.Random(seed)) for seed in range(8)}
        assert chosen <= blanks, spec


def test_a_decided_hand_is_played_for_the_points() -> None:
    # Heads-up arrastre positions where every card gives the same juego outcome (decided either way) but not the
    # same points: the bots play the card worth the most points (the juego solver's values add the points to the
    # outcome), and among cards worth the same the tie-break's card, one of them.
    from guinote_lab.bench import random_positions
    from guinote_tui.ai.rulebots import sung_mask
    from guinote_tui.ai.solver import solver_for_view
    from guinote_tui.engine import JUEGO

    decided = 0
    for number, state in enumerate(random_positions(2, "aragones", seed=56, hands=9)):
        if state.muestra is not None or state.to_move is None:
            continue
        view, know = view_of(state)
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        if len(cards) < 2 or len(cards) != len(view.legal):
            continue
        hands = [0, 0]
        hands[view.seat], hands[1 - view.seat] = know.mine, know.unseen
        values = solver_for_view(view).action_values(hands, view.leader, [c for _, c in view.trick], sung_mask(view))
        outcomes = {round(values[c] / JUEGO) for c in cards}
        if len(outcomes) != 1 or outcomes == {0} or len({values[c] for c in cards}) < 2:
            continue
        decided += 1
        for spec in ("hard", "expert"):
            chosen = make_bot(spec).choose(view, random.Random(number))
            assert isinstance(chosen, Play) and values[chosen.card] == max(values[c] for c in cards), spec
    assert decided >= 3


def test_a_first_phase_lead_may_have_its_own_near_tie_width_and_prior() -> None:
    # Heads-up, trumps Oros, seat 0 to lead in the first phase: the Sota de Copas (3 points, its As unseen) and
    # blanks. With tie_z_lead and tie_prior_lead set, a lead's near-ties are read at that width and the points
    # prior keeps the Sota; a follow keeps tie_z and tie_prior.
    state = table({0: "10C 4E 5B 6E 7B 2C", 1: "4C 5C 6C 7C 1C 3C"}, muestra="7O", dealer=1, players=2)
    view, know = view_of(state)
    tables = tables_for(view.rules, view.trump)
    bot = make_bot("hard:tie_z_lead=1.5,tie_prior_lead=points")
    assert isinstance(bot, HardBot)
    assert bot._tie_z(view) == 1.5
    assert bot._pick(view, know, tables, card("10C"), [card("10C"), card("4E")]) == card("4E")
    plain = make_bot("hard")
    assert isinstance(plain, HardBot) and plain._tie_z(view) == plain.settings.tie_z  # unset: the same width
    play(state, "4E")
    follow, _ = view_of(state)
    assert bot._tie_z(follow) == bot.settings.tie_z
    with pytest.raises(ValueError, match="tie_prior_lead"):
        make_bot("hard:tie_prior_lead=random")
    with pytest.raises(ValueError, match="tie_z_lead"):
        make_bot("hard:tie_z_lead=5")
