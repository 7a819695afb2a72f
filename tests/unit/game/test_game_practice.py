"""Practice without a screen: the queue, the schedule kept through answers, the judge, a try from the review."""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest

from guinote_tui.coach import CoachBudget, advise
from guinote_tui.coach.ahead import HandSpec, review_hand
from guinote_tui.coach.verdict import judge
from guinote_tui.engine import Play, parse_action
from guinote_tui.game.mistakes import graded_decisions
from guinote_tui.game.practice_judge import (
    Problem,
    judge_answer,
    needs_coach,
    practice_rng,
    problem_facts,
    puzzle_line,
    puzzle_problem,
    try_problem,
)
from guinote_tui.game.practice_session import MISTAKE, PUZZLE, PracticeSession, next_state, review_state, stored_state
from guinote_tui.game.services import Services
from guinote_tui.game.session import GameSession, GameSettings
from guinote_tui.practice import GAPS, THEMES, ReviewState, answer, new_state, puzzle_of_the_day, shipped_puzzles
from guinote_tui.practice.puzzles import puzzle_rating
from guinote_tui.practice.rating import expected
from guinote_tui.records import LAST_BOX, PracticeState, Statistics

BUDGET = CoachBudget(min_deals=10, batch=10, max_playouts=200, max_deals=60)
RECORDING = Services(review_ahead=False, keep_match=False, record_stats=True, review_budget=BUDGET)
#: The day the hands are reviewed in these tests: their mistakes are due the day after.
REVIEWED = date(2026, 3, 1)
DUE = REVIEWED + timedelta(days=1)


def play_and_review(stats: Statistics, seed: int = 5, players: int = 2) -> GameSession:
    """A hand where the player plays at random, reviewed, its graded decisions kept on :data:`REVIEWED`."""
    session = GameSession(GameSettings(players=players, level="random", seed=seed), services=RECORDING, stats=stats)
    rng = random.Random(1)
    hand = session.match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        if seat == 0:
            session.apply(0, rng.choice(hand.legal_actions()))
        else:
            session.apply(seat, session.think(seat, session.view_for(seat)).action)
    session.record()
    reviewed = session.review()
    graded = [r for r in reviewed if r.mistake]
    assert graded, "random play made no graded decision in this deal"
    number = len(session.match.finished)
    kept = stats.record_mistakes(session.stats_key, number, graded_decisions(hand, reviewed), today=REVIEWED)
    assert kept.saved
    return session


@pytest.fixture
def stats(tmp_path: Path) -> Statistics:
    with Statistics(tmp_path / "statistics.sqlite3") as opened:
        yield opened  # type: ignore[misc]


# -- one schedule ------------------------------------------------------------------------------------------


def test_the_stored_box_is_the_schedules_streak_capped_and_loses_nothing_the_rule_reads() -> None:
    """Answers kept through the statistics' form (a box 0 to 4) come back on the days the schedule's own
    streak (never capped) gives, whatever the answers: the schedule is the one rule."""
    assert len(GAPS) == LAST_BOX
    rng = random.Random(7)
    for _ in range(200):
        day = date(2026, 1, 1)
        kept: PracticeState | None = None
        direct = new_state(day)
        for _ in range(rng.randrange(1, 14)):
            day += timedelta(days=rng.choice([0, 0, 1, 3, 8, 30]))
            right = rng.random() < 0.7
            kept = next_state(kept, "puzzle", "p1", right, day)
            direct = answer(direct, right, day)
            assert (kept.due, kept.last_seen, kept.right, kept.wrong) == (
                direct.due,
                direct.last_seen,
                direct.right,
                direct.wrong,
            )
            assert kept.box == min(direct.streak, LAST_BOX)
        assert kept is not None
        assert review_state(stored_state("puzzle", "p1", review_state(kept))) == review_state(kept)
    assert stored_state("mistake", "3", ReviewState(9, day, day, 9, 0)).box == LAST_BOX


# -- the queue and the schedule through a session ---------------------------------------------------------


def test_the_queue_asks_the_due_mistakes_first_and_keeps_each_answer_with_its_schedule(stats: Statistics) -> None:
    play_and_review(stats)
    kept = stats.mistakes()
    assert len(kept) >= 2
    # Kept on the day of the review: due that same day, and the next.
    assert {p.ref for p in PracticeSession(stats, REVIEWED).due_mistakes()} == {m.ref for m in kept}
    assert PracticeSession(stats, REVIEWED - timedelta(days=1)).due_mistakes() == []
    practice = PracticeSession(stats, DUE, budget=BUDGET)
    due = practice.due_mistakes()
    assert {p.ref for p in due} == {m.ref for m in kept}
    queue = practice.queue()
    assert [p.kind for p in queue] == [MISTAKE] * len(due) + [PUZZLE]  # the mistakes, then the problem of the day
    assert queue[-1].daily and queue[-1].ref == puzzle_of_the_day(DUE).id
    assert practice.due_count() == len(due) + 1

    first = practice.next_problem(MISTAKE)
    assert first is not None and first.ref == due[0].ref
    right = judge_answer(first, first.best)  # the coach's own move, as the review named it
    assert right.correct and right.grade == "same"
    state = practice.answer(first, right)
    assert state is not None and (state.box, state.due, state.right, state.wrong) == (1, DUE + timedelta(days=1), 1, 0)
    assert stats.practice_state(MISTAKE, first.ref) == state

    second = practice.next_problem(MISTAKE, after=first)
    assert second is not None and second.ref != first.ref
    wrong = judge_answer(second, second.played)  # the card played at the table: still the mistake it was
    assert not wrong.correct and wrong.grade == second.mistake.grade
    state = practice.answer(second, wrong)
    assert state is not None and (state.box, state.due, state.wrong) == (0, DUE, 1)  # due at once
    # Due again today, after the others; asked a second time and wrong again, it comes back tomorrow.
    order = [p.ref for p in practice.due_mistakes()]
    assert first.ref not in order and order[-1] == second.ref
    others = [p for p in practice.due_mistakes() if p.ref != second.ref]
    for problem in others:
        assert practice.next_problem(MISTAKE).ref == problem.ref  # the ones not asked yet first
        practice.answer(problem, judge_answer(problem, problem.best))
    again = practice.next_problem(MISTAKE)
    assert again is not None and again.ref == second.ref
    state = practice.answer(again, judge_answer(again, again.played))
    assert state is not None and (state.due, state.wrong) == (DUE + timedelta(days=1), 2)
    assert practice.due_mistakes() == [] and practice.next_problem(MISTAKE) is None
    answers = sqlite3.connect(stats.path).execute("SELECT ref, correct, assisted FROM practice_answers").fetchall()
    assert answers[:2] == [(first.ref, 1, 0), (second.ref, 0, 0)] and answers[-1] == (second.ref, 0, 0)


def test_the_puzzles_come_with_the_problem_of_the_day_first_then_near_the_rating_themes_taking_turns(
    stats: Statistics,
) -> None:
    practice = PracticeSession(stats, DUE)
    order = practice.puzzle_order()
    daily = puzzle_of_the_day(DUE)
    assert order[0].daily and order[0].ref == daily.id and len(order) == len(shipped_puzzles())
    themes = [p.puzzle.theme for p in order[1:] if p.puzzle is not None]
    # Never the same main theme twice in a row while another theme is left.
    assert all(a != b or len(set(themes[i:])) == 1 for i, (a, b) in enumerate(itertools.pairwise(themes)))
    # The first fresh ones are the nearest a 3-in-4 chance for a newcomer.
    newcomer = practice.rating()
    assert (newcomer.rating, newcomer.deviation) == (1500, 350)
    chances = [expected(newcomer, puzzle_rating(p.puzzle)) for p in order[1:] if p.puzzle is not None]
    assert abs(chances[0] - 0.75) <= min(abs(c - 0.75) for c in chances) + 1e-9
    problem = order[0]
    assert problem.puzzle is not None
    right = next(iter(problem.puzzle.correct))
    verdict = judge_answer(problem, Play(right))
    assert verdict.correct and verdict.exact is not None and not needs_coach(problem, Play(right))
    state = practice.answer(problem, verdict)
    assert state is not None and (state.kind, state.box, state.due) == (PUZZLE, 1, DUE + timedelta(days=1))
    # The rating moved up with the right answer, and is surer.
    after = practice.rating()
    assert after.rating > newcomer.rating and after.deviation < newcomer.deviation
    assert PracticeSession(stats, DUE).rating() == after  # read back from the answers kept
    # Answered today: no longer first, nor counted due; the line of best play starts with a right card.
    assert not practice.daily_open() and practice.puzzle_order()[0].ref != daily.id and practice.due_count() == 0
    line = puzzle_line(problem)
    assert line and isinstance(line[0].action, Play) and line[0].action.card in problem.puzzle.correct
    wrong_card = problem.puzzle.wrong[0]
    wrong = judge_answer(problem, Play(wrong_card))
    assert not wrong.correct and wrong.grade in ("inaccuracy", "mistake", "blunder")
    # Next day it is due and comes right after the problem of the day.
    tomorrow = PracticeSession(stats, DUE + timedelta(days=1))
    assert [p.ref for p in tomorrow.puzzle_order()[:2]] == [puzzle_of_the_day(DUE + timedelta(days=1)).id, daily.id]


def test_an_answer_under_every_puzzle_theme_is_kept_and_read_back(tmp_path: Path) -> None:
    """A puzzle's theme (``juego-now``) is a valid record: counted by theme, and the file is never set aside."""
    path = tmp_path / "statistics.sqlite3"
    by_theme = {p.theme: p for p in shipped_puzzles()}
    assert "juego-now" in by_theme and set(by_theme) <= set(THEMES)
    with Statistics(path) as stats:
        practice = PracticeSession(stats, DUE)
        for puzzle in by_theme.values():
            asked = puzzle_problem(puzzle)
            practice.answer(asked, judge_answer(asked, Play(min(puzzle.correct))))
    with Statistics(path) as stats:
        assert stats.problem is None
        found = {t.theme: (t.answers, t.correct) for t in stats.practice_accuracy(kind=PUZZLE)}
        assert found == {theme: (1, 1) for theme in by_theme}
        assert stats.practice_counts().answers == len(by_theme)


def test_the_practice_judge_agrees_with_the_coachs_verdict_at_that_position(stats: Statistics) -> None:
    """Every answer but the two moves the review named gets the coach's verdict at the position (same rng and
    budget: :func:`practice_rng`); the card played at the table keeps the review's tier and cost."""
    play_and_review(stats, seed=5)
    practice = PracticeSession(stats, DUE, budget=BUDGET)
    checked = 0
    for problem in practice.due_mistakes()[:3]:
        view = problem.view
        advice = advise(view, practice_rng(problem), BUDGET)
        assert practice.advice(problem).values == advice.values  # the same deals: the same figures
        mistake = problem.mistake
        assert mistake is not None
        for action in view.legal:
            verdict = practice.judge(problem, action)
            if action == parse_action(mistake.played):
                assert (verdict.grade, verdict.cost, verdict.correct) == (mistake.grade, mistake.cost, False)
            elif action == parse_action(mistake.best):
                assert verdict.grade == "same" and verdict.correct
            else:
                coach = judge(advice, action, False, view)
                assert (verdict.grade, verdict.cost, verdict.cost_se) == (coach.grade.value, coach.cost, coach.cost_se)
                assert verdict.correct == (not coach.mistake)
                checked += 1
    assert checked, "no answer was judged by the coach"


def test_a_mistake_whose_position_does_not_parse_gives_one_line_and_the_queue_goes_on(stats: Statistics) -> None:
    play_and_review(stats)
    kept = sorted(stats.mistakes(), key=lambda m: m.id)
    connection = sqlite3.connect(stats.path)
    connection.execute("UPDATE mistakes SET position = 'dealer 9; hands nonsense' WHERE id = ?", (kept[0].id,))
    connection.commit()
    connection.close()
    practice = PracticeSession(stats, DUE)
    due = practice.due_mistakes()
    assert [p.ref for p in due] and kept[0].ref not in {p.ref for p in due}
    assert len(due) == len(kept) - 1
    notes = practice.take_notes()
    assert len(notes) == 1 and notes[0].startswith("A kept mistake cannot be read (") and "\n" not in notes[0]
    practice.due_mistakes()
    assert practice.take_notes() == []  # said once


# -- try again from the review --------------------------------------------------------------------------------


def test_a_try_from_the_review_deals_the_same_cards_each_time_and_is_kept_as_assisted(stats: Statistics) -> None:
    session = play_and_review(stats)
    hand = session.match.hand
    spec = HandSpec.of(hand)
    reviewed = review_hand(spec, list(hand.log), 0, budget=BUDGET)
    graded = next(r for r in reviewed if r.mistake)
    kept = next(m for m in stats.mistakes() if m.decision == graded.index)
    before_state = stats.practice_state(MISTAKE, kept.ref)
    problem = try_problem(hand, graded.index, kept.ref, kept.reason)
    recorded = spec.replay(hand.log[: graded.index])
    for _ in range(2):
        state = problem.state()
        assert (state.hands, state.stock, state.tricks) == (recorded.hands, recorded.stock, recorded.tricks)
        state.apply(state.legal_actions()[0])  # playing on a copy changes nothing of the next
    practice = PracticeSession(stats, DUE, budget=BUDGET)
    # The review's own deals: the card played gets the review's verdict.
    verdict = practice.judge(problem, graded.played)
    assert (verdict.grade, verdict.cost) == (graded.grade, graded.cost) and not verdict.correct
    assert practice.answer(problem, verdict) is None
    better = practice.judge(problem, graded.best)
    assert better.correct
    practice.answer(problem, better)
    assert stats.practice_state(MISTAKE, kept.ref) == before_state  # the schedule is not touched
    rows = sqlite3.connect(stats.path).execute("SELECT ref, theme, correct, assisted FROM practice_answers").fetchall()
    assert rows == [(kept.ref, kept.reason, 0, 1), (kept.ref, kept.reason, 1, 1)]
    assert stats.practice_accuracy(assisted=True)[0].answers == 2 and stats.practice_accuracy() == []


def test_the_puzzles_offered_are_in_the_players_rules_first_and_the_other_rules_are_a_choice() -> None:
    presets = {p.preset for p in shipped_puzzles()}
    assert presets == {"aragones", "libre-100"}
    for preset in sorted(presets):
        practice = PracticeSession(None, DUE, preset=preset)
        order = practice.puzzle_order()
        assert order and {p.rules.preset_name for p in order} == {preset}
        daily = practice.daily()
        assert daily is not None and daily.daily and daily.rules.preset_name == preset
        other = practice.other_rules()
        assert other is not None and other != preset and other in presets
        assert {p.rules.preset_name for p in practice.puzzle_order()} == {other}
    # No preset asked (or one no puzzle is in): every puzzle.
    assert len(PracticeSession(None, DUE).puzzle_order()) == len(shipped_puzzles())
    assert len(PracticeSession(None, DUE, preset="nowhere").puzzle_order()) == len(shipped_puzzles())


def test_a_theme_can_be_chosen_and_every_puzzle_offered_is_of_it() -> None:
    practice = PracticeSession(None, DUE, preset="aragones")
    themes = practice.themes()
    assert len(themes) >= 6 and practice.theme is None
    chosen = practice.next_theme()
    assert chosen == themes[0]
    order = practice.puzzle_order()
    assert order and all(p.puzzle is not None and chosen in p.puzzle.themes for p in order)
    assert not any(p.daily for p in order)  # the problem of the day waits for every theme
    for _ in themes[1:]:
        practice.next_theme()
    assert practice.next_theme() is None and practice.puzzle_order()[0].daily


def test_a_chosen_theme_is_the_one_named_beside_each_of_its_puzzles() -> None:
    """After choosing "the last ten" a puzzle showed "change the seven" in its corner (its main theme; it is in
    both), and the choice read as lost: the chosen theme is named wherever the puzzle is one of its."""
    from guinote_tui.practice.themes import theme_name

    practice = PracticeSession(None, DUE, preset="aragones")
    secondary = 0
    while (chosen := practice.next_theme()) is not None:
        for problem in practice.puzzle_order()[:8]:
            assert problem.puzzle is not None
            assert theme_name(chosen) in problem_facts(problem, chosen)
            secondary += problem.puzzle.theme != chosen
    assert secondary  # some puzzle offered under a theme that is not its main one
    problem = practice.puzzle_order()[0]
    assert problem.puzzle is not None and theme_name(problem.puzzle.theme) in problem_facts(problem)


def test_puzzles_asked_in_a_row_take_turns_between_themes_while_the_rating_moves(stats: Statistics) -> None:
    practice = PracticeSession(stats, DUE, preset="aragones")
    themes = []
    after: Problem | None = None
    for number in range(30):
        problem = practice.next_problem(PUZZLE, after=after)
        assert problem is not None and problem.puzzle is not None
        themes.append(problem.puzzle.theme)
        card = min(problem.puzzle.correct) if number % 3 else problem.puzzle.wrong[0]
        practice.answer(problem, judge_answer(problem, Play(card)))
        after = problem
    assert all(a != b for a, b in itertools.pairwise(themes)) and len(set(themes)) >= 5
    assert practice.rating().deviation < 350 and len(stats.puzzle_answers()) == 30


# -- the review's analysis kept with each mistake ------------------------------------------------------------------

#: Another budget than the review's, for a coach that changed between the review and practice.
OTHER = CoachBudget(min_deals=12, batch=6, max_playouts=90, max_deals=30)


def reviewed_verdicts(session: GameSession) -> dict[int, tuple[Problem, dict]]:  # type: ignore[type-arg]
    """Each decision of the session's hand the review priced: a try of it, and every legal action's verdict by the
    review's own analysis (its grade, cost and standard error)."""
    hand = session.match.hand
    out = {}
    for reviewed in session.review():
        assert reviewed.advice is not None
        problem = try_problem(hand, reviewed.index, f"try:{reviewed.index}")
        view = problem.view
        out[reviewed.index] = (
            problem,
            {a: judge(reviewed.advice, a, False, view) for a in view.legal},
        )
    return out


def test_practice_shows_the_review_s_verdict_when_the_coach_has_changed_since(
    stats: Statistics, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review's analysis is kept with the mistake: practice with another budget and another seed (a coach that
    changed since the review) still gives every card the verdict the review's analysis gave it. It used to analyse
    the position afresh and agreed only while the budget and the seed were the review's."""
    import guinote_tui.game.practice_judge as judge_module

    session = play_and_review(stats, seed=5)
    review = reviewed_verdicts(session)
    monkeypatch.setattr(judge_module, "COACH_SEED", 7)
    practice = PracticeSession(stats, DUE, budget=OTHER)
    checked = differs = 0
    for problem in practice.due_mistakes():
        mistake = problem.mistake
        assert mistake is not None and mistake.analysis is not None
        _, verdicts = review[mistake.decision]
        fresh = advise(problem.view, practice_rng(problem), OTHER)
        for action, said in verdicts.items():
            verdict = practice.judge(problem, action)
            assert (verdict.grade, verdict.cost, verdict.cost_se) == (said.grade.value, said.cost, said.cost_se)
            assert verdict.correct == (not said.mistake)
            differs += judge(fresh, action, False, problem.view).cost != said.cost
            checked += 1
        played = practice.judge(problem, parse_action(mistake.played))
        assert (played.grade, played.cost, played.cost_se) == (mistake.grade, mistake.cost, mistake.cost_se)
    assert checked > 5
    assert differs, "the other budget and seed judged every card as the review did: the test would prove nothing"


def test_try_it_shows_the_review_s_verdict_when_the_coach_has_changed_since(stats: Statistics) -> None:
    session = play_and_review(stats, seed=5)
    hand = session.match.hand
    practice = PracticeSession(stats, DUE, budget=OTHER)
    checked = 0
    for reviewed in session.review():
        problem = try_problem(hand, reviewed.index, f"try:{reviewed.index}", advice=reviewed.advice)
        assert not any(needs_coach(problem, a) for a in problem.view.legal)  # nothing worked out afresh
        for action in problem.view.legal:
            said = judge(reviewed.advice, action, False, problem.view)  # type: ignore[arg-type]
            verdict = practice.judge(problem, action)
            assert (verdict.grade, verdict.cost, verdict.cost_se) == (said.grade.value, said.cost, said.cost_se)
            checked += 1
        if reviewed.mistake:
            verdict = practice.judge(problem, reviewed.played)
            assert (verdict.grade, verdict.cost) == (reviewed.grade, reviewed.cost)
    assert checked > 5
    other = next(r for r in session.review() if r.advice is not None)
    # A decision with no card weighed (one card and declarations: nothing to race) is tried with its analysis too.
    bare = replace(other.advice, evaluation=None, values={})  # type: ignore[type-var]
    assert try_problem(hand, other.index, "try", advice=bare).advice is bare
    with pytest.raises(ValueError, match="not of decision"):
        wrong = next(r for r in session.review() if set(r.advice.values) != set(other.advice.values))  # type: ignore[union-attr]
        try_problem(hand, wrong.index, "try", advice=other.advice)


def test_a_damaged_analysis_kept_is_set_aside_with_one_line_and_the_mistake_is_analysed_again(
    stats: Statistics,
) -> None:
    play_and_review(stats)
    kept = sorted(stats.mistakes(), key=lambda m: m.id)
    assert all(m.analysis is not None for m in kept)
    damaged = json.loads(kept[0].analysis)  # type: ignore[arg-type]
    damaged["action"] = "sing:Q"
    connection = sqlite3.connect(stats.path)
    connection.execute("UPDATE mistakes SET analysis = ? WHERE id = ?", (json.dumps(damaged), kept[0].id))
    connection.execute("UPDATE mistakes SET analysis = '{nope}' WHERE id = ?", (kept[1].id,))
    connection.commit()
    connection.close()
    practice = PracticeSession(stats, DUE, budget=BUDGET)
    due = {p.ref: p for p in practice.due_mistakes()}
    assert set(due) == {m.ref for m in kept}  # still practised
    notes = practice.take_notes()
    assert len(notes) == 2 and all("\n" not in n for n in notes)
    assert all(n.startswith("The coach's analysis kept with a mistake cannot be read (") for n in notes), notes
    for mistake in kept[:2]:
        problem = due[mistake.ref]
        assert problem.advice is None  # set aside: the coach works it out again
        verdict = practice.judge(problem, parse_action(mistake.played))
        assert (verdict.grade, verdict.cost) == (mistake.grade, mistake.cost)
    assert all(due[m.ref].advice is not None for m in kept[2:])
