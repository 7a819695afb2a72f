"""Practice that comes from the player's own games, without a screen: the queue, the answers, the schedule.

A :class:`PracticeSession` reads the statistics (the mistakes kept by the
reviews of hands, and the repetition state of every problem) and the exact
puzzles shipped with the game, and offers two queues, apart:

* **My mistakes** (:meth:`PracticeSession.due_mistakes`): the kept mistakes
  due today;
* **Puzzles** (:meth:`PracticeSession.puzzle_order`): the problem of the day
  (:func:`~guinote_tui.practice.puzzle_of_the_day`, the same for every player
  on a date) until it is answered that day, the puzzles due, then those never
  answered nearest the player's puzzle rating (:meth:`PracticeSession.rating`,
  Glicko-2) with the themes taking turns, then the others by the day they
  come back; a theme may be chosen (:meth:`PracticeSession.next_theme`).

:meth:`PracticeSession.queue` is both, due mistakes first. A problem is
asked at most twice in one session (:meth:`PracticeSession.next_problem`): a
wrong answer makes it due at once, so it comes back after the others.

**The schedule.** The statistics keep each problem's
:class:`~guinote_tui.records.PracticeState`; its ``box`` is the streak of
right answers in a row, capped at :data:`~guinote_tui.records.LAST_BOX`. Every
rule of when a problem comes back is :mod:`guinote_tui.practice.schedule`'s
(:func:`review_state` and :func:`stored_state` go between the two forms:
every streak from the fourth on comes back after the last gap, so the cap
loses nothing the rule reads); the order among the problems due too.

**An answer** (:meth:`PracticeSession.answer`) is kept with the problem's new
state in one transaction. It counts as right when it is as good as the
coach's, a close call (not a mistake; the verdict says it was close), or
exactly right in a puzzle. A try from the review's step-through is recorded
as assisted and changes no schedule.

A row of the statistics that does not make a problem (a file the game did not
write) is left out with one line (:attr:`PracticeSession.notes`), and the
queue goes on.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Sequence
from datetime import date

from ..coach import Advice, CoachBudget
from ..coach.stopping import check
from ..coach.stored import StoredAnalysisError
from ..engine import Action
from ..i18n import _
from ..practice import (
    THEMES,
    Puzzle,
    PuzzleFileError,
    ReviewState,
    answered_text,
    puzzle_note,
    puzzle_of_the_day,
    rating_text,
    rules_text,
    shipped_puzzles,
    theme_name,
)
from ..practice import schedule as rule
from ..practice.puzzles import puzzle_rating
from ..practice.rating import Glicko, order_near, replay
from ..records import LAST_BOX, Mistake, PracticeAnswer, PracticeState, Statistics
from .budgets import REVIEW_BUDGET
from .practice_judge import (
    MISTAKE,
    PUZZLE,
    PracticeVerdict,
    Problem,
    analyse,
    judge_answer,
    mistake_problem,
    needs_coach,
    puzzle_problem,
    with_stored_analysis,
)

logger = logging.getLogger(__name__)

#: The words of a puzzle's screen, for the interface and the plain mode (which do not import the practice core).
__all__ = [
    "MISTAKE",
    "PUZZLE",
    "Glicko",
    "PracticeSession",
    "next_state",
    "puzzle_note",
    "rating_text",
    "review_state",
    "rules_text",
    "stored_state",
    "theme_name",
]


def review_state(stored: PracticeState) -> ReviewState:
    """The schedule's form of a stored state: the box is the streak (capped, which the rule never tells apart)."""
    return ReviewState(stored.box, stored.due, stored.last_seen, stored.right, stored.wrong)


def stored_state(kind: str, ref: str, state: ReviewState) -> PracticeState:
    """The statistics' form of the schedule's state: the streak capped at the last box."""
    return PracticeState(kind, ref, min(state.box, LAST_BOX), state.due, state.last_seen, state.right, state.wrong)


def next_state(stored: PracticeState | None, kind: str, ref: str, correct: bool, today: date) -> PracticeState:
    """A problem's state after an answer given ``today`` (never answered: from a new problem made today)."""
    state = review_state(stored) if stored is not None else rule.new_state(today)
    return stored_state(kind, ref, rule.answer(state, correct, today))


class PracticeSession:
    """The problems of one practice session on day ``today``, read from ``stats`` (None: puzzles only, kept nowhere).

    ``players`` keeps the mistakes made at one table size (None: all). ``budget``: what the coach spends on a
    mistake's position (the review's). ``puzzles``: the puzzles (default: those shipped with the game).
    ``preset``: the rules the player plays (the start screen's preset); the Puzzles tab offers the puzzles of
    those rules (:attr:`offered`; all of them for None, or when none is in those rules), and
    :meth:`other_rules` goes to the other preset's.
    """

    def __init__(
        self,
        stats: Statistics | None,
        today: date | None = None,
        *,
        players: int | None = None,
        budget: CoachBudget = REVIEW_BUDGET,
        puzzles: Sequence[Puzzle] | None = None,
        preset: str | None = None,
    ) -> None:
        self.stats = stats
        #: The rules of the puzzles offered (None: every puzzle, whatever its rules).
        self.preset = preset
        #: The theme chosen for the puzzles (None: every theme, taking turns).
        self.theme: str | None = None
        self._rating: Glicko | None = None
        #: The themes of the puzzles asked in this session, oldest first (they take turns: :func:`order_near`).
        self.recent_themes: list[str] = []
        self.today = today if today is not None else date.today()
        self.players = players
        self.budget = budget
        self._puzzles = tuple(puzzles) if puzzles is not None else None
        #: Lines to tell the player once each (a mistake that cannot be read, the puzzles' file).
        self.notes: list[str] = []
        self._told: set[str] = set()
        #: How many times each problem was asked in this session.
        self.asked: Counter[tuple[str, str]] = Counter()
        self._advice: dict[tuple[str, str], Advice] = {}
        self._running: dict[tuple[str, str], threading.Event] = {}
        #: The mistakes not due yet are asked too, after those due (the player asked to practise early).
        self.early = False
        self._lock = threading.Lock()

    def _tell(self, line: str) -> None:
        if line not in self._told:
            self._told.add(line)
            self.notes.append(line)

    def take_notes(self) -> list[str]:
        """The lines not told yet (then they are told)."""
        notes, self.notes = self.notes, []
        return notes

    # -- the puzzles ---------------------------------------------------------------------------------

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        """The puzzles offered (none, with a line, when the shipped file cannot be read)."""
        if self._puzzles is None:
            try:
                self._puzzles = shipped_puzzles()
            except PuzzleFileError as error:
                self._tell(error.line())
                self._puzzles = ()
        return self._puzzles

    @property
    def offered(self) -> tuple[Puzzle, ...]:
        """The puzzles in the rules of :attr:`preset` (all of them when it is None or no puzzle is in them)."""
        mine = tuple(p for p in self.puzzles if p.preset == self.preset)
        return mine if mine else self.puzzles

    def presets(self) -> list[str]:
        """The presets the puzzles are in, in the order of their first puzzle."""
        return list(dict.fromkeys(p.preset for p in self.puzzles))

    def other_rules(self) -> str | None:
        """Offer the puzzles of the next preset (round the presets the puzzles are in); returns it."""
        presets = self.presets()
        if not presets:
            return None
        now = self.offered[0].preset if self.offered else presets[0]
        self.preset = presets[(presets.index(now) + 1) % len(presets)]
        return self.preset

    def rating(self) -> Glicko:
        """The player's puzzle rating: every unaided answer to a puzzle replayed in order (Glicko-2, one rating
        period an answer) against the puzzles' seeded ratings; a newcomer's without statistics."""
        if self._rating is None:
            by_id = {p.id: p for p in self.puzzles}
            answers = self.stats.puzzle_answers() if self.stats is not None else []
            self._rating = replay((puzzle_rating(by_id[ref]), right) for ref, right in answers if ref in by_id)
        return self._rating

    def answered_text(self, problem: Problem, before: Glicko) -> str:
        """After an unaided answer to a puzzle: the player's rating now, its change from ``before`` and the puzzle's
        rating (``Rating 1546 ± 313 (+46) · this puzzle 1480``)."""
        assert problem.puzzle is not None
        return answered_text(before, self.rating(), puzzle_rating(problem.puzzle))

    def themes(self) -> list[str]:
        """The themes of the puzzles offered, in the order of :data:`~guinote_tui.practice.THEMES`."""
        found = {theme for p in self.offered for theme in p.themes}
        return [theme for theme in THEMES if theme in found]

    def next_theme(self) -> str | None:
        """Choose the next theme (round every theme of the puzzles offered, then every theme again: None)."""
        themes = [None, *self.themes()]
        self.theme = themes[(themes.index(self.theme) + 1) % len(themes)] if self.theme in themes else None
        return self.theme

    def _in_theme(self, puzzle: Puzzle) -> bool:
        return self.theme is None or self.theme in puzzle.themes

    def daily(self) -> Problem | None:
        """The problem of the day in the rules offered (None without puzzles)."""
        if not self.offered:
            return None
        puzzle = puzzle_of_the_day(self.today, self.offered)
        return puzzle_problem(puzzle, self._state(PUZZLE, puzzle.id), daily=True)

    def _state(self, kind: str, ref: str) -> PracticeState | None:
        return self.stats.practice_state(kind, ref) if self.stats is not None else None

    def _states(self, kind: str) -> dict[str, PracticeState]:
        return {s.ref: s for s in self.stats.practice_states(kind)} if self.stats is not None else {}

    def daily_open(self) -> bool:
        """Whether the problem of the day waits: not answered today."""
        daily = self.daily()
        return daily is not None and (daily.stored is None or daily.stored.last_seen != self.today)

    def due_puzzles(self) -> list[Problem]:
        """The puzzles answered before and due today, in the schedule's order (a puzzle no longer shipped: left out)."""
        by_id = {p.id: p for p in self.offered}
        found = self._states(PUZZLE)
        states = [(ref, review_state(state)) for ref, state in found.items() if ref in by_id]
        return [puzzle_problem(by_id[ref], found[ref]) for ref in rule.due(states, self.today)]

    def puzzle_order(self) -> list[Problem]:
        """The Puzzles tab: the problem of the day (until answered today), the puzzles due, the puzzles never
        answered by theme and stars, then the rest by the day they come back."""
        states = self._states(PUZZLE)
        daily = self.daily()
        out: list[Problem] = []
        if daily is not None and self.daily_open() and self.theme is None:
            out.append(daily)
        first = out[0].ref if out else None
        out += [p for p in self.due_puzzles() if p.ref != first and p.puzzle and self._in_theme(p.puzzle)]
        listed = {p.ref for p in out}
        fresh = order_near(
            self.rating(),
            [p for p in self.offered if p.id not in states and p.id not in listed and self._in_theme(p)],
            puzzle_rating,
            lambda p: p.theme,
            recent=self.recent_themes,
        )
        out += [puzzle_problem(p) for p in fresh]
        later = sorted(
            (p for p in self.offered if p.id in states and p.id not in listed and self._in_theme(p)),
            key=lambda p: (states[p.id].due, p.id),
        )
        out += [puzzle_problem(p, states[p.id]) for p in later]
        return out

    # -- the mistakes --------------------------------------------------------------------------------

    def due_mistakes(self) -> list[Problem]:
        """The kept mistakes due today, in the schedule's order; one that cannot be read is left out, a line says so."""
        if self.stats is None:
            return []
        made: dict[str, Problem] = {}
        for due in self.stats.due(self.today, players=self.players, kind=MISTAKE):
            mistake = due.mistake
            if mistake is None:
                continue
            problem = self._mistake(mistake, due.state)
            if problem is not None:
                made[problem.ref] = problem
        states = [(ref, review_state(p.stored)) for ref, p in made.items() if p.stored is not None]
        return [made[ref] for ref in rule.due(states, self.today)]

    def _mistake(self, mistake: Mistake, state: PracticeState) -> Problem | None:
        try:
            problem = mistake_problem(mistake, state)
        except ValueError as error:
            logger.warning("mistake %s cannot be practised: %s", mistake.id, error)
            self._tell(_("A kept mistake cannot be read ({problem}); it is left out.").format(problem=str(error)[:80]))
            return None
        try:
            return with_stored_analysis(problem)
        except StoredAnalysisError as error:  # set aside: the coach works the position out again
            logger.warning("the analysis kept with mistake %s cannot be read: %s", mistake.id, error)
            self._tell(
                _(
                    "The coach's analysis kept with a mistake cannot be read ({problem}); it is worked out again."
                ).format(problem=str(error)[:80])
            )
            return problem

    def early_mistakes(self) -> list[Problem]:
        """The kept mistakes not due yet, the soonest due first: practised early when nothing is due (an answer
        counts whenever it is given, :mod:`guinote_tui.practice.schedule`)."""
        if self.stats is None:
            return []
        states = {s.ref: s for s in self.stats.practice_states(MISTAKE)}
        found = []
        for mistake in self.stats.mistakes(self.players):
            state = states.get(mistake.ref)
            if state is not None and state.due > self.today:
                problem = self._mistake(mistake, state)
                if problem is not None:
                    found.append((state.due, mistake.id, problem))
        return [problem for _due, _id, problem in sorted(found, key=lambda entry: entry[:2])]

    def next_due(self) -> date | None:
        """The first day a kept mistake comes back, when none is due today (None: nothing kept)."""
        if self.stats is None:
            return None
        days = [s.due for s in self.stats.practice_states(MISTAKE) if s.due > self.today]
        return min(days) if days else None

    # -- the queues ----------------------------------------------------------------------------------

    def queue(self) -> list[Problem]:
        """Everything due today: the mistakes first, then the puzzles (the problem of the day first of them)."""
        daily = self.daily()
        puzzles = [daily] if daily is not None and self.daily_open() else []
        puzzles += [p for p in self.due_puzzles() if not puzzles or p.ref != puzzles[0].ref]
        return [*self.due_mistakes(), *puzzles]

    def due_count(self) -> int:
        """How many problems are due today (the problem of the day counts until it is answered that day); quick:
        the mistakes are counted in the file, not read."""
        if self.stats is None:
            return int(self.daily_open())
        mistakes = self.stats.due_count(self.today, self.players, MISTAKE)
        puzzles = {p.ref for p in self.due_puzzles()}
        daily = self.daily()
        if daily is not None and self.daily_open():
            puzzles.add(daily.ref)
        return mistakes + len(puzzles)

    def next_problem(self, kind: str | None = None, after: Problem | None = None) -> Problem | None:
        """The next problem to ask of ``kind`` (``mistake``, ``puzzle``; None: the whole queue): the first asked
        the fewest times in this session, at most twice each for those due. ``after``: the problem just shown,
        passed over while another is there."""
        if kind == PUZZLE:
            listed = self.puzzle_order()
        elif kind == MISTAKE:
            listed = self.due_mistakes()
            if self.early:
                listed += self.early_mistakes()
        else:
            listed = self.queue()
        order = {(p.kind, p.ref): index for index, p in enumerate(listed)}
        offered = [p for p in listed if self.asked[(p.kind, p.ref)] < 2 or p.kind == PUZZLE]
        if after is not None and len(offered) > 1:
            offered = [p for p in offered if p.ref != after.ref or p.kind != after.kind]
        if not offered:
            return None
        return min(offered, key=lambda p: (self.asked[(p.kind, p.ref)], order[(p.kind, p.ref)]))

    # -- judging and recording -------------------------------------------------------------------------

    def needs_coach(self, problem: Problem, action: Action) -> bool:
        """Whether judging ``action`` needs the coach's analysis (not done yet): run :meth:`judge` off the
        interface's thread then."""
        with self._lock:
            known = (problem.kind, problem.ref) in self._advice
        return needs_coach(problem, action) and not known

    def advice(self, problem: Problem) -> Advice:
        """The coach's analysis at a mistake's position: worked out once per session (slow the first time), by one
        thread at a time; another thread asking meanwhile waits for it (and stops when asked to,
        :mod:`guinote_tui.coach.stopping`)."""
        key = (problem.kind, problem.ref)
        while True:
            with self._lock:
                known = self._advice.get(key)
                if known is not None:
                    return known
                running = self._running.get(key)
                mine = running is None
                if running is None:
                    running = self._running[key] = threading.Event()
            if not mine:
                while not running.wait(0.05):
                    check()
                continue
            try:
                advice = analyse(problem, self.budget)
                with self._lock:
                    self._advice[key] = advice
                return advice
            finally:
                with self._lock:
                    self._running.pop(key, None)
                running.set()

    def judge(self, problem: Problem, action: Action) -> PracticeVerdict:
        """The verdict on ``action`` (may take the coach's seconds: see :meth:`needs_coach`)."""
        advice = self.advice(problem) if needs_coach(problem, action) else None
        return judge_answer(problem, action, advice)

    def answer(self, problem: Problem, verdict: PracticeVerdict) -> PracticeState | None:
        """Keep the answer, and with it the problem's new repetition state, in one transaction.

        Returns the new state (None: a try from the review, which changes no schedule, or nothing kept).
        """
        self.asked[(problem.kind, problem.ref)] += 1
        if problem.puzzle is not None:
            self.recent_themes.append(problem.puzzle.theme)
        if self.stats is None:
            return None
        given = PracticeAnswer(
            problem.kind,
            problem.ref,
            problem.players,
            verdict.correct,
            verdict.grade,
            problem.theme,
            assisted=problem.assisted,
        )
        if problem.assisted:
            self.stats.record_answer(given, None)
            return None
        if problem.kind == PUZZLE:
            self._rating = None  # read again with this answer
        current = self.stats.practice_state(problem.kind, problem.ref) or problem.stored
        state = next_state(current, problem.kind, problem.ref, verdict.correct, self.today)
        return state if self.stats.record_answer(given, state) else None

    def skip(self, problem: Problem) -> None:
        """Pass over ``problem`` in this session without answering it (nothing is kept)."""
        self.asked[(problem.kind, problem.ref)] += 1
        if problem.puzzle is not None:
            self.recent_themes.append(problem.puzzle.theme)
