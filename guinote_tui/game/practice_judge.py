"""A practice problem and the judge of an answer: the position as the seat saw it, the verdict, the line shown.

A :class:`Problem` is one decision to take again: a graded decision of the
player's own, kept by the review of a hand (:func:`mistake_problem`), an exact
puzzle (:func:`puzzle_problem`), or a decision of the hand just reviewed, tried
again from the step-through (:func:`try_problem`). It holds the whole hand
before the decision, hidden cards included (:meth:`Problem.state`), so that the
coach and the exact solver judge the same deal; what is shown is only
:attr:`Problem.view`, the seat's view (the view the player had at the table:
its hand, the trick, the muestra, the tricks taken, the scores; no hidden card).

The judge (:func:`judge_answer`):

* **a puzzle**: exact (:func:`~guinote_tui.practice.judge_puzzle`), in the
  puzzle's words (:func:`~guinote_tui.practice.verdict_text`);
* **a mistake**: the coach's verdict at the position, with the review's tiers
  (:func:`~guinote_tui.coach.verdict.judge`): as good as the coach's card, a
  close call, or still a mistake with its tier, its cost ± its 95 % margin and
  why. It judges by **the review's own analysis**, kept with the mistake
  (:attr:`Problem.advice`, read back by :func:`~guinote_tui.coach.stored.analysis_of`):
  every card gets the verdict the review's analysis gives it, whatever budget
  or seed the coach has now. A mistake kept without one (before version 4 of
  the statistics, or one that cannot be read: set aside with one line) is
  analysed again: the coach draws its deals from :func:`practice_rng`, the
  review's own, with the review's budget, and the two moves the review named
  keep the review's word (the card played at the table its stored verdict,
  the coach's card as good as the coach's). In the heads-up arrastre the
  coach's figures are exact already (the open solver), so the exact module is
  not asked separately;
* **a try from the review** judges by the analysis the review priced the
  decision with (:attr:`~guinote_tui.coach.ahead.Reviewed.advice`), so every
  card gets the verdict the review gives it.

An answer is *right* when it is as good as the coach's (or a close call: not
a mistake, and said so) or, in a puzzle, exactly right.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, replace
from datetime import date
from functools import cached_property

from ..coach import COACH_SEED, JUEGO_POINTS, Advice, CoachBudget, Grade, Reason, ReasonCode, Z, advise, decision_rng
from ..coach.ahead import HandSpec, Move
from ..coach.evaluate import grade_of
from ..coach.stored import analysis_of
from ..coach.verdict import declaration, judge, said_reason
from ..engine import (
    Action,
    Card,
    HandState,
    Play,
    Rules,
    SeatView,
    format_position,
    parse_action,
    parse_position,
    seat_view,
)
from ..i18n import _, ngettext
from ..practice import Puzzle, PuzzleVerdict, judge_puzzle, theme_name, verdict_text
from ..practice.themes import MAX_STARS
from ..present.vocabulary import action_words, grade_word, review_sentence
from ..records import Mistake, PracticeState
from .narration import card_name_markup

__all__ = [
    "MISTAKE",
    "PUZZLE",
    "LineStep",
    "PracticeVerdict",
    "Problem",
    "analyse",
    "judge_answer",
    "mistake_problem",
    "needs_coach",
    "practice_rng",
    "problem_facts",
    "puzzle_line",
    "puzzle_problem",
    "stars_text",
    "try_problem",
    "with_stored_analysis",
]

#: The kinds of problem (as the statistics keep them).
MISTAKE, PUZZLE = "mistake", "puzzle"


@dataclass(frozen=True, eq=False)
class Problem:
    """One decision to take again (see the module's docstring): never show more of it than :attr:`view`."""

    kind: str
    #: The problem's reference in the statistics: a mistake's id, a puzzle's id, or a try's place in its hand.
    ref: str
    players: int
    rules: Rules
    #: The whole hand before the decision in the engine's notation, hidden cards included: judged, never shown.
    position: str
    seat: int
    mistake: Mistake | None = None
    puzzle: Puzzle | None = None
    #: Its repetition state when the queue was read (None: never answered).
    stored: PracticeState | None = None
    #: The problem of the day.
    daily: bool = False
    #: A try from the review: the hand's deal and the actions before the decision.
    spec: HandSpec | None = None
    actions: tuple[Move, ...] = ()
    #: The theme its answers are kept under when it is neither a puzzle nor a kept mistake read back (a try
    #: of a decision the review kept: the coach's reason code).
    topic: str | None = None
    #: The review's analysis of the decision (kept with the mistake, or the review's of a try): every answer is
    #: judged by it (None: the coach analyses the position again).
    advice: Advice | None = None

    def state(self) -> HandState:
        """The whole hand before the decision, the same deal each time (a new object each call)."""
        if self.spec is not None:
            return self.spec.replay(self.actions)
        return parse_position(self.position, self.rules)

    @cached_property
    def view(self) -> SeatView:
        """What the seat saw: its hand, the trick, the muestra, the tricks, the cantes, the scores; nothing hidden."""
        return seat_view(self.state(), self.seat, events=False)

    @property
    def assisted(self) -> bool:
        """A try from the review (its answers are recorded as assisted and change no schedule)."""
        return self.spec is not None

    @property
    def played(self) -> Action | None:
        """What the player did at the table (a mistake, or a try), if known."""
        if self.mistake is not None:
            return parse_action(self.mistake.played)
        return None

    @property
    def best(self) -> Action | None:
        """The coach's move in the review of a kept mistake."""
        return parse_action(self.mistake.best) if self.mistake is not None else None

    @property
    def theme(self) -> str | None:
        """The puzzle's main theme, or the coach's reason code for a mistake (the answers are summed by it)."""
        if self.puzzle is not None:
            return self.puzzle.theme
        if self.mistake is not None:
            return self.mistake.reason
        return self.topic

    @property
    def played_on(self) -> date | None:
        """The day the mistake's hand was played."""
        if self.mistake is None:
            return None
        with contextlib.suppress(ValueError):
            return date.fromisoformat(self.mistake.played_at[:10])
        return None


def stars_text(count: int) -> str:
    """A puzzle's difficulty in stars: ``★★★☆☆``."""
    return "★" * count + "☆" * (MAX_STARS - count)


def problem_facts(problem: Problem, chosen: str | None = None) -> list[str]:
    """What the problem is, in a few short phrases (plain text): the problem of the day, a puzzle's theme and
    stars, or the day of a mistake's hand and the tier it got at the table. ``chosen``: the theme the player
    chose, named where the puzzle is one of its (a puzzle has a main theme and others: naming the main one read
    as if the choice had not held)."""
    if problem.puzzle is not None:
        facts = [_("Problem of the day")] if problem.daily else []
        theme = chosen if chosen is not None and chosen in problem.puzzle.themes else problem.puzzle.theme
        return [*facts, theme_name(theme), stars_text(problem.puzzle.stars)]
    facts = []
    day = problem.played_on
    if day is not None:
        facts.append(_("from a hand of {day}").format(day=day.isoformat()))
    if problem.mistake is not None:
        facts.append(_("at the table: {grade}").format(grade=grade_word(problem.mistake.grade)))
    return facts


def mistake_problem(mistake: Mistake, stored: PracticeState | None = None) -> Problem:
    """The problem of a kept mistake; ``ValueError`` (one line) when the file's row does not make one."""
    rules = mistake.rules()
    state = parse_position(mistake.position, rules)
    if state.players != mistake.players or state.to_move != mistake.seat:
        raise ValueError(f"seat {mistake.seat} is not to move in the position")
    legal = state.legal_actions()
    played, best = parse_action(mistake.played), parse_action(mistake.best)
    if len(legal) < 2 or played not in legal or best not in legal:
        raise ValueError("the moves kept are not the position's choices")
    Grade(mistake.grade)  # a tier the coach gives
    return Problem(MISTAKE, mistake.ref, state.players, rules, mistake.position, mistake.seat, mistake, stored=stored)


def puzzle_problem(puzzle: Puzzle, stored: PracticeState | None = None, daily: bool = False) -> Problem:
    """The problem of an exact puzzle (its view is built when first asked for)."""
    rules, position = puzzle.rules, puzzle.position
    players, seat = puzzle.players, puzzle.seat
    return Problem(PUZZLE, puzzle.id, players, rules, position, seat, puzzle=puzzle, stored=stored, daily=daily)


def try_problem(
    hand: HandState, index: int, ref: str, topic: str | None = None, advice: Advice | None = None
) -> Problem:
    """The decision at ``hand.log[index]`` of a hand played, to try again: the same deal, the real hidden cards.

    ``ref`` names it in the statistics (its answers are assisted), ``topic`` is their theme (the coach's reason
    code of the mistake kept of it), ``advice`` the analysis the review priced the decision with (every answer is
    judged by it). ``ValueError`` when it was no choice.
    """
    if not 0 <= index < len(hand.log):
        raise ValueError(f"no decision {index} in the hand")
    spec = HandSpec.of(hand)
    actions = tuple(hand.log[:index])
    state = spec.replay(actions)
    seat = hand.log[index][0]
    if state.to_move != seat or len(state.legal_actions()) < 2:
        raise ValueError(f"decision {index} was not a choice of seat {seat}")
    position = format_position(state)
    problem = Problem(MISTAKE, ref, hand.players, hand.rules, position, seat, spec=spec, actions=actions, topic=topic)
    if advice is not None and not _of_view(advice, problem.view):
        raise ValueError(f"the review's analysis is not of decision {index}")
    return replace(problem, advice=advice)


def _of_view(advice: Advice, view: SeatView) -> bool:
    """Whether ``advice`` can be an analysis of the decision ``view`` stands at: its move is one of the choices,
    and the cards it weighed are the cards the seat may play."""
    cards = {Card(a.card) for a in view.legal if isinstance(a, Play)}
    weighed = advice.evaluation is None or set(advice.evaluation.cards) == cards
    return advice.action in view.legal and weighed and set(advice.values) <= cards


def with_stored_analysis(problem: Problem) -> Problem:
    """A kept mistake's problem with the review's analysis read back from the statistics (:attr:`Problem.advice`);
    as it is when none was kept. :class:`~guinote_tui.coach.stored.StoredAnalysisError` (one line) when the
    analysis kept is not one of this decision: it is then set aside, and the coach analyses the position again."""
    text = problem.mistake.analysis if problem.mistake is not None else None
    if text is None:
        return problem
    return replace(problem, advice=analysis_of(text, problem.view))


def practice_rng(problem: Problem) -> random.Random:
    """The generator the coach draws its deals from for ``problem``: the review's own
    (:func:`~guinote_tui.coach.decision_rng` of what the seat knows there), so a kept mistake or a try gets,
    with the review's budget, the very analysis the review made of the decision."""
    return decision_rng(COACH_SEED, problem.view)


def needs_coach(problem: Problem, action: Action) -> bool:
    """Whether judging ``action`` needs the coach's analysis (slow: run it off the interface's thread): not for a
    puzzle, nor where the review's analysis is kept (:attr:`Problem.advice`)."""
    if problem.puzzle is not None or problem.advice is not None:
        return False
    return problem.mistake is None or action not in (problem.played, problem.best)


def analyse(problem: Problem, budget: CoachBudget) -> Advice:
    """The coach's advice at the problem's position: the review's, where it is kept (:attr:`Problem.advice`), else
    worked out now (slow: seconds; stoppable inside :func:`~guinote_tui.coach.stopping.stoppable`)."""
    if problem.advice is not None:
        return problem.advice
    return advise(problem.view, practice_rng(problem), budget)


@dataclass(frozen=True)
class PracticeVerdict:
    """The verdict on one answer: its tier, whether it counts as right, and what to say."""

    action: Action
    #: The tier (:class:`~guinote_tui.coach.Grade`'s value): ``same``, ``close``, ``inaccuracy``, ``mistake``,
    #: ``blunder``.
    grade: str
    #: As good as the coach's, a close call, or exactly right in a puzzle.
    correct: bool
    #: One sentence, plain text.
    headline: str
    #: What the coach (or the solver) says, in console markup.
    detail: str
    best: Action | None = None
    cost: float = 0.0
    cost_se: float = 0.0
    #: The exact verdict of a puzzle.
    exact: PuzzleVerdict | None = None


def _headline(grade: str, card: bool) -> str:
    if grade == Grade.SAME:
        return _("As good as the coach's card.") if card else _("As good as the coach's move.")
    if grade == Grade.CLOSE:
        return _("A close call: it counts as right.")
    # The headline names the tier the verdict gives (of the card answered, not the one played at the table: "Still
    # a blunder" after a mistake read as the table's tier), so the two never disagree.
    if grade == Grade.INACCURACY:
        return _("Not right: an inaccuracy.")
    if grade == Grade.BLUNDER:
        return _("Not right: a blunder.")
    return _("Not right: a mistake.")


def _reason_text(reason: Reason | None) -> str:
    """A reason's sentence, or nothing when a file's parameters do not make one."""
    if reason is None:
        return ""
    try:
        return reason.text
    except (KeyError, ValueError, IndexError, TypeError):
        return ""


def _stored_reason(mistake: Mistake) -> Reason | None:
    try:
        return Reason(ReasonCode(mistake.reason), dict(mistake.reason_params))
    except ValueError:
        return None


Shares = tuple[float | None, float | None]
NO_SHARES: Shares = (None, None)


def _sentence(
    action: Action, best: Action, cost: float, se: float, grade: str, shares: tuple[Shares, Shares] | None = None
) -> str:
    """The review's sentence for ``action`` against ``best``: the tier, both moves, the cost ± its 95 % margin."""
    played_shares, best_shares = shares if shares is not None else (NO_SHARES, NO_SHARES)
    return review_sentence(
        None, action, best, cost, card_name_markup, Z * se, grade, played_shares, best_shares, JUEGO_POINTS
    )


def _stored_verdict(problem: Problem, action: Action) -> PracticeVerdict:
    """The review's own word on the card played at the table, or on the coach's card."""
    mistake = problem.mistake
    assert mistake is not None
    best = parse_action(mistake.best)
    reason = _reason_text(_stored_reason(mistake))
    card = isinstance(action, Play)
    if action == best:
        detail = " ".join(part for part in (_("The coach's choice in the review of this hand."), reason) if part)
        return PracticeVerdict(action, Grade.SAME.value, True, _headline(Grade.SAME, card), detail, best)
    sentence = _sentence(action, best, mistake.cost, mistake.cost_se, mistake.grade)
    detail = f"{sentence} {reason}".strip()
    headline = _headline(mistake.grade, card)
    return PracticeVerdict(action, mistake.grade, False, headline, detail, best, mistake.cost, mistake.cost_se)


def _deferred(problem: Problem, action: Action, advice: Advice) -> bool:
    """A declaration after which the coach's own declaration is still open: judged where that window closes."""
    if not declaration(action) or not declaration(advice.action):
        return False
    after = problem.state()
    after.apply(action, problem.seat)
    return advice.action in after.legal_actions()


def coach_verdict(problem: Problem, action: Action, advice: Advice) -> PracticeVerdict:
    """The coach's verdict on ``action`` at the problem's position (``advice``: its analysis there)."""
    verdict = judge(advice, action, _deferred(problem, action, advice), problem.view)
    grade = verdict.grade.value
    card = isinstance(action, Play)
    reason = _reason_text(said_reason(advice, action, problem.view))
    if action == advice.action:
        detail = " ".join(part for part in (_("The coach plays it too."), reason) if part)
    else:
        shares = ((verdict.played_win, verdict.played_loss), (verdict.best_win, verdict.best_loss))
        sentence = _sentence(action, advice.action, verdict.cost, verdict.cost_se, grade, shares)
        # Graded: what the card loses (where the coach can name it), then why the coach's move is better.
        why = [_reason_text(verdict.loss), reason] if verdict.mistake else [reason]
        detail = " ".join(part for part in (sentence, *why) if part)
    correct = not verdict.mistake
    return PracticeVerdict(
        action, grade, correct, _headline(grade, card), detail, advice.action, verdict.cost, verdict.cost_se
    )


def puzzle_verdict(problem: Problem, action: Action) -> PracticeVerdict:
    """The exact verdict on a card chosen in a puzzle."""
    puzzle = problem.puzzle
    assert puzzle is not None
    if not isinstance(action, Play):
        raise ValueError("a puzzle is answered with a card")
    exact = judge_puzzle(puzzle, action.card)
    if exact.right:
        grade = Grade.SAME
        detail = ""
    else:
        loss = exact.loss
        assert loss is not None
        grade = Grade.BLUNDER if loss.juego_lost else max(Grade.INACCURACY, grade_of(loss.points / 2, 0.0), key=_rank)
        names = ", ".join(card_name_markup(card) for card in sorted(exact.correct))
        detail = ngettext("The right card: {cards}.", "The right cards: {cards}.", len(exact.correct)).format(
            cards=names
        )
    return PracticeVerdict(action, grade.value, exact.right, verdict_text(exact), detail, exact=exact)


def _rank(grade: Grade) -> int:
    return list(Grade).index(grade)


def judge_answer(problem: Problem, action: Action, advice: Advice | None = None) -> PracticeVerdict:
    """The verdict on ``action`` (a legal move of the problem's position).

    ``advice``: the coach's analysis at the position (:func:`analyse`), needed where :func:`needs_coach` says so
    (``ValueError`` without it, and for a move that is not legal there).
    """
    if action not in problem.view.legal:
        raise ValueError(f"{action} is not a move of the position")
    if problem.puzzle is not None:
        return puzzle_verdict(problem, action)
    if problem.advice is not None:
        return coach_verdict(problem, action, problem.advice)
    if not needs_coach(problem, action):
        return _stored_verdict(problem, action)
    if advice is None:
        raise ValueError("the coach's analysis is needed to judge this answer")
    return coach_verdict(problem, action, advice)


@dataclass(frozen=True)
class LineStep:
    """One move of a puzzle's line of best play, and the puzzle's seat's view after it."""

    seat: int
    action: Action
    view: SeatView

    def words(self, names: tuple[str, ...]) -> str:
        """The move in words (console markup): who, and what (``names``: the seats' names as shown)."""
        return _("{name}: {move}").format(name=names[self.seat], move=action_words(self.action, card_name_markup))


def puzzle_line(problem: Problem) -> list[LineStep]:
    """The puzzle's line of best play, a step per move, each with the view of the puzzle's seat after it."""
    puzzle = problem.puzzle
    if puzzle is None:
        return []
    state = problem.state()
    steps = []
    for seat, action in puzzle.line:
        state.apply(action, seat)
        steps.append(LineStep(seat, action, seat_view(state, problem.seat, events=False)))
    return steps
