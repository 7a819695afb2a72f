"""The coach's word kept by the session: a position asked twice gets the same hint, a followed hint is not graded."""

from __future__ import annotations

import random
from dataclasses import replace

from guinote_tui.coach import CoachBudget
from guinote_tui.coach.ahead import HandSpec, review_hand
from guinote_tui.engine import Play
from guinote_tui.game.services import Services
from guinote_tui.game.session import GameSession, GameSettings

BUDGET = CoachBudget(min_deals=10, batch=10, max_playouts=200, max_deals=60)
ON_THE_SPOT = Services(review_ahead=False, keep_match=False, record_stats=False, review_budget=BUDGET)


def session_at_first_choice(seed: int = 5) -> GameSession:
    session = GameSession(GameSettings(players=2, level="random", seed=seed), services=ON_THE_SPOT)
    play_bots(session)
    return session


def play_bots(session: GameSession) -> None:
    """Let the bots move until the player is to move, or the hand ends."""
    hand = session.match.hand
    while not hand.is_over and hand.to_move != 0:
        seat = hand.to_move
        assert seat is not None
        session.apply(seat, session.think(seat, session.view_for(seat)).action)


def finish(session: GameSession, seed: int = 1) -> None:
    rng = random.Random(seed)
    hand = session.match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        if seat == 0:
            session.apply(0, rng.choice(hand.legal_actions()))
        else:
            session.apply(seat, session.think(seat, session.view_for(seat)).action)


def test_a_hint_asked_again_after_an_undo_is_the_same_advice() -> None:
    session = session_at_first_choice()
    assert session.hint_ready() is None  # nothing worked out yet, nothing analysed ahead
    position = session.hint_position()
    advice = session.work_out_hint(position)
    assert session.hint_ready() is advice and session.work_out_hint(position) is advice
    session.hint_shown(position, advice)
    session.apply(0, advice.action)
    play_bots(session)
    assert session.undo()
    assert session.hint_position() == position
    assert session.hint_ready() is advice  # the same object: not one figure changes


def test_a_followed_hint_is_never_graded_and_one_not_followed_is() -> None:
    session = session_at_first_choice()
    position = session.hint_position()
    spec, before = position
    # A hint that advised a card the review grades (as a quick hint may, where the deep analysis disagrees).
    plays = [a for a in session.view().legal if isinstance(a, Play)]
    worst = next((a for a in plays if review_hand(spec, (*before, (0, a)), 0, 0, BUDGET)[-1].mistake), None)
    assert worst is not None, "no graded card at the first decision of this deal"
    advice = session.work_out_hint(position)
    session.hint_shown(position, replace(advice, action=worst))
    session.apply(0, worst)
    finish(session)
    hand = session.match.hand
    plain = review_hand(HandSpec.of(hand), hand.log, 0, 0, BUDGET)
    reviewed = session.review()
    assert plain[0].played == worst and plain[0].mistake and not plain[0].followed_hint
    first = reviewed[0]
    assert first.followed_hint and (first.cost, first.cost_se, first.grade, first.mistake) == (0.0, 0.0, "same", False)
    assert reviewed[1:] == plain[1:]  # no hint shown there: judged as ever


def test_a_hint_shown_but_not_followed_is_graded_as_ever() -> None:
    session = session_at_first_choice()
    position = session.hint_position()
    advice = session.work_out_hint(position)
    session.hint_shown(position, advice)
    # A card the hint named neither as its move nor among the good cards it cannot tell apart from it.
    other = next(a for a in session.view().legal if a not in advice.good)
    session.apply(0, other)
    finish(session)
    hand = session.match.hand
    assert session.review() == review_hand(HandSpec.of(hand), hand.log, 0, 0, BUDGET)


def test_the_next_hand_forgets_the_last_ones_hints() -> None:
    session = session_at_first_choice()
    position = session.hint_position()
    session.hint_shown(position, session.work_out_hint(position))
    finish(session)
    session.next_hand()
    assert session.coach.known(position) is None and session.coach.advised(position) is None


class DoneAhead:
    """The analyses made ahead, both done: the quick one and the review's (deeper) one."""

    def __init__(self, quick: object, deep: object | None) -> None:
        self.quick, self.deep = quick, deep

    def ready(self, hand: object) -> object:
        return self.deep or self.quick

    def refined(self, hand: object) -> object | None:
        return self.deep


def test_the_review_s_analysis_refines_a_hint_given_before_and_is_kept() -> None:
    """A hint given at once (quick) is replaced by the review's analysis once that is done, so the hint, the review,
    Try it and practice say the same of the decision; the refined advice is then kept (asked again: the same)."""
    session = session_at_first_choice()
    position = session.hint_position()
    quick = session.work_out_hint(position)
    deep = replace(quick, values=dict(quick.values))  # another object: the deeper analysis
    session.ahead = DoneAhead(quick, None)  # type: ignore[assignment]
    assert session.hint_ready() is quick  # the deeper one is not done yet
    session.ahead = DoneAhead(quick, deep)  # type: ignore[assignment]
    assert session.hint_ready() is deep
    assert session.hint_ready() is deep and session.coach.known(position) is deep


def test_a_hint_sharpened_in_place_is_the_hint_shown() -> None:
    session = session_at_first_choice()
    position = session.hint_position()
    quick = session.work_out_hint(position)
    session.hint_shown(position, quick)
    session.ahead = DoneAhead(quick, None)  # type: ignore[assignment]
    assert session.sharper_hint() is None  # nothing deeper yet: the hint stays as it is
    deep = replace(quick, values=dict(quick.values))
    session.ahead = DoneAhead(quick, deep)  # type: ignore[assignment]
    assert session.sharper_hint() is deep
    assert all(session.coach.followed(position, action) for action in deep.good)
