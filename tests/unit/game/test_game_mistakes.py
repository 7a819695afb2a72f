"""The review of a hand keeps its graded decisions in the statistics, with positions that deal the same cards again."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from guinote_tui.coach import CoachBudget
from guinote_tui.coach.ahead import HandSpec, review_hand
from guinote_tui.engine import Play, history_dict, load_history, parse_position, seat_view
from guinote_tui.game.services import Services
from guinote_tui.game.session import GameSession, GameSettings, recorded_from
from guinote_tui.records import Statistics

BUDGET = CoachBudget(min_deals=10, batch=10, max_playouts=200, max_deals=60)
RECORDING = Services(review_ahead=False, keep_match=False, record_stats=True, review_budget=BUDGET)


def play_bots(session: GameSession) -> None:
    """Let the bots move until the player is to move, or the hand ends."""
    hand = session.match.hand
    while not hand.is_over and hand.to_move != 0:
        seat = hand.to_move
        assert seat is not None
        session.apply(seat, session.think(seat, session.view_for(seat)).action)


def finish(session: GameSession, seed: int = 1) -> None:
    """The player plays at random, the bots as they do, to the hand's end."""
    rng = random.Random(seed)
    hand = session.match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        if seat == 0:
            session.apply(0, rng.choice(hand.legal_actions()))
        else:
            session.apply(seat, session.think(seat, session.view_for(seat)).action)


def new_session(stats: Statistics, players: int = 2, seed: int = 5) -> GameSession:
    level = "random"
    return GameSession(GameSettings(players=players, level=level, seed=seed), services=RECORDING, stats=stats)


@pytest.mark.parametrize("players", [2, 4])
def test_the_graded_decisions_of_a_review_are_kept_with_the_positions_before_them(tmp_path: Path, players: int) -> None:
    with Statistics(tmp_path / "statistics.sqlite3") as stats:
        session = new_session(stats, players)
        finish(session)
        hand = session.match.hand
        reviewed = session.review()
        graded = [r for r in reviewed if r.mistake]
        assert graded, "random play made no graded decision in this deal"
        session.record_review(reviewed)
        kept = sorted(stats.mistakes(), key=lambda m: m.decision)
        assert [m.decision for m in kept] == [r.index for r in graded]
        spec = HandSpec.of(hand)
        for mistake, decision in zip(kept, graded, strict=True):
            assert (mistake.played, mistake.best, mistake.grade) == (
                str(decision.played),
                str(decision.best),
                decision.grade,
            )
            assert (mistake.cost, mistake.cost_se, mistake.juego) == (decision.cost, decision.cost_se, decision.juego)
            assert mistake.reason == decision.reason.code.value and mistake.reason_params == decision.reason.params
            assert (mistake.seat, mistake.trick, mistake.players, mistake.hand_number) == (
                0,
                decision.trick,
                players,
                1,
            )
            state = parse_position(mistake.position, mistake.rules())
            before = spec.replay(hand.log[: decision.index])
            view = seat_view(state, 0, events=False)
            assert view == seat_view(before, 0, events=False)
            assert (view.hand, len(view.tricks) + 1, view.legal) == (
                tuple(before.hands[0]),
                decision.trick,
                before.legal_actions(),
            )
            assert decision.played in view.legal and state.hands == before.hands  # the same deal, hidden cards too
        curve = stats.mistake_curve(players, block=1)
        assert [(p.hands, p.mistakes.count) for p in curve.points] == [(1, len(graded))]
        assert curve.points[0].cost_per_hand.mean == pytest.approx(sum(r.cost for r in graded))
        # Reviewed again (the screen opened twice): kept once.
        ids = {m.id for m in kept}
        session.record_review(session.review())
        assert {m.id for m in stats.mistakes()} == ids and stats.practice_counts().problems == len(ids)


def test_a_followed_hint_is_not_kept(tmp_path: Path) -> None:
    with Statistics(tmp_path / "statistics.sqlite3") as stats:
        session = new_session(stats)
        play_bots(session)
        position = session.hint_position()
        spec, before = position
        plays = [a for a in session.view().legal if isinstance(a, Play)]
        worst = next((a for a in plays if review_hand(spec, (*before, (0, a)), 0, 0, BUDGET)[-1].mistake), None)
        assert worst is not None, "no graded card at the first decision of this deal"
        session.hint_shown(position, replace(session.work_out_hint(position), action=worst))
        session.apply(0, worst)
        finish(session)
        hand = session.match.hand
        plain = review_hand(HandSpec.of(hand), hand.log, 0, 0, BUDGET)
        assert plain[0].index == len(before) and plain[0].mistake  # graded, but for the hint followed
        session.record_review(session.review())
        kept = {m.decision for m in stats.mistakes()}
        assert len(before) not in kept
        assert kept == {r.index for r in plain[1:] if r.mistake}


def test_a_deal_played_again_leaves_the_first_playings_review_alone(tmp_path: Path) -> None:
    with Statistics(tmp_path / "statistics.sqlite3") as stats:
        session = new_session(stats)
        finish(session)
        session.record_review(session.review())
        first = stats.mistakes()
        assert first
        again = session.deal_again()
        kept = load_history(history_dict(again.match, table=again.table_record()))  # as the match is kept, mid-hand
        assert recorded_from(kept) == recorded_from(again.match) == again.recorded_from == 2
        finish(again, seed=9)
        again.record_review(again.review())
        assert stats.mistakes() == first and stats.totals().hands == 1
        again.next_hand()  # the hands after it are recorded, and their reviews kept
        finish(again, seed=10)
        again.record_review(again.review())
        assert stats.totals().hands == 2
        assert {m.hand_number for m in stats.mistakes()} <= {1, 2} and stats.mistakes()[-1] == first[-1]


def test_a_decision_that_cannot_be_kept_is_left_out_and_the_review_goes_on() -> None:
    from guinote_tui.coach.ahead import Reviewed
    from guinote_tui.coach.reasons import Reason, ReasonCode
    from guinote_tui.game.mistakes import graded_decisions

    session = GameSession(GameSettings(players=2, level="random", seed=5), services=RECORDING)
    finish(session)
    hand = session.match.hand
    _seat, played = hand.log[0]
    odd = Reviewed(0, 1, played, played, 9.0, Reason(ReasonCode.KEEP_TRUMPS, {}), 1.0, True)  # listed, tier "same"
    assert graded_decisions(hand, [odd]) == []
    assert [d.index for d in graded_decisions(hand, [replace(odd, grade="blunder")])] == [0]
