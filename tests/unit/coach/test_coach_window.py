"""A window's declarations are judged together: one the seat still makes in the same window costs nothing."""

from __future__ import annotations

import pytest

from guinote_tui.coach import CoachBudget, review_match
from guinote_tui.coach.ahead import HandSpec, ReviewAhead, deferred, review_hand
from guinote_tui.engine import Match, Rules, history_dict, load_history, parse_action

SMALL = CoachBudget(min_deals=10, batch=10, max_playouts=200, max_deals=60)


def seed_5_game(*moves: str) -> Match:
    """``guinote play --players 2 --seed 5``: the player leads the Dos de Copas, the rival (normal) answers with
    the Dos de Bastos, and the player, who took the trick, makes ``moves`` in the window before trick 2."""
    match = Match(2, Rules.preset("aragones"), seed=5)
    hand = match.hand
    assert [str(c) for c in hand.hands[0]] == ["2C", "7E", "6E", "10B", "12C", "12B"]
    assert hand.to_move == 0 and str(hand.muestra_card) == "1E"
    match.apply(parse_action("2C"), 0)
    match.apply(parse_action("2B"), 1)
    for move in moves:
        match.apply(parse_action(move), 0)
    return match


def test_changing_the_seven_then_singing_is_not_charged_for_the_cante() -> None:
    match = seed_5_game("swap:7E", "sing:B", "6E")
    saved = load_history(history_dict(match))
    decisions = review_match(saved, 0, 0, SMALL)
    swap, sing = (d for d in decisions if d.trick == 2 and str(d.played) in ("swap:7E", "sing:B"))
    assert str(swap.best) == "sing:B"  # the coach sings first ...
    assert (swap.cost, swap.grade, swap.mistake, swap.about_same) == (0.0, "same", False, True)  # ... as the player did
    assert (sing.cost, sing.grade, sing.mistake) == (0.0, "same", False)
    # The review in the game, on the spot and made ahead, says the same.
    hand = match.hand
    spec = HandSpec.of(hand)
    in_game = {r.index: r for r in review_hand(spec, hand.log, 0, 0, SMALL)}
    assert (in_game[2].cost, in_game[2].grade, in_game[2].mistake) == (0.0, "same", False)
    ahead = ReviewAhead(0, 0, SMALL)
    ahead.catch_up(hand)
    try:
        assert {r.index: r for r in ahead.review(hand)} == in_game
    finally:
        ahead.forget()


def test_a_cante_never_sung_in_the_window_is_charged_once_where_the_window_closes() -> None:
    match = seed_5_game("swap:7E", "12B")  # changed the seven, then led the Rey of the pair: the cante is lost
    decisions = [d for d in review_match(match, 0, 0, SMALL) if d.trick == 2]
    swap, lead = decisions
    assert str(swap.played) == "swap:7E" and (swap.cost, swap.mistake) == (0.0, False)
    assert str(lead.best) == "sing:B" and (lead.cost, lead.cost_se) == (10, 0) and lead.grade == "blunder"


def test_a_cante_left_for_a_later_window_is_charged_what_the_delay_measures() -> None:
    # Changed the seven, then led the Seis de Espadas keeping the Rey and the Sota de Bastos: the seat may sing at
    # the next trick its side wins, and the playouts' lines mostly do. Not a cante lost for good: the cost is the
    # measured delay, with its standard error.
    match = seed_5_game("swap:7E", "6E")
    lead = next(d for d in review_match(match, 0, 0, SMALL) if d.trick == 2 and str(d.played) == "6E")
    assert str(lead.best) == "sing:B" and lead.cost_se > 0
    assert lead.grade in ("same", "close") and not lead.mistake


def test_a_declaration_that_closes_the_window_is_judged_at_once() -> None:
    match = seed_5_game("sing:B", "6E")  # sang first: the change of the seven is then lost with the lead
    hand = match.hand
    spec = HandSpec.of(hand)
    sing_at = 2
    assert str(hand.log[sing_at][1]) == "sing:B"
    # The coach's next declaration (the change) is still open after the cante: judged at the lead.
    assert deferred(spec, hand.log, sing_at, parse_action("swap:7E"))
    # A card is never deferred, and a declaration the seat can no longer make is not either.
    assert not deferred(spec, hand.log, sing_at + 1, parse_action("swap:7E"))
    assert not deferred(spec, hand.log, sing_at, parse_action("sing:O"))


@pytest.mark.parametrize("moves", [("swap:7E", "sing:B", "6E"), ("sing:B", "swap:7E", "6E")])
def test_either_order_of_the_same_window_costs_nothing(moves: tuple[str, ...]) -> None:
    match = seed_5_game(*moves)
    window = [d for d in review_match(match, 0, 0, SMALL) if d.trick == 2 and str(d.played) in moves[:2]]
    assert len(window) == 2 and all(d.cost == 0 and not d.mistake for d in window)
