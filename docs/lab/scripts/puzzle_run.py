"""A newcomer's run of puzzles, answered by rule, to see which themes come and how the rating moves.

Usage: python docs/lab/scripts/puzzle_run.py [COUNT] [WRONG_EVERY] [BAND]
A fresh statistics store in a temporary data folder; the practice session's next new puzzle (aragonés) is answered
with a right card, or every WRONG_EVERY-th with a wrong one (0: never); printed per puzzle: its main theme, its
table size, right or not, the rating and deviation after; then the themes counted. BAND replaces the rotation's
band (``practice.rating.THEME_BAND``; 0: the nearest puzzle's theme only, the choice before the band).
"""

import os
import sys
import tempfile
from collections import Counter

os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()

from guinote_tui.engine import Play
from guinote_tui.game.practice_judge import judge_answer
from guinote_tui.game.practice_session import PracticeSession
from guinote_tui.records import Statistics, default_path


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    wrong_every = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    if len(sys.argv) > 3:
        from guinote_tui.practice import rating

        defaults = list(rating.order_near.__defaults__ or ())
        defaults[-1] = float(sys.argv[3])  # band, the last parameter
        rating.order_near.__defaults__ = tuple(defaults)
    with Statistics(default_path()) as stats:
        session = PracticeSession(stats, preset="aragones")
        themes = []
        for n in range(count):
            problem = next(p for p in session.puzzle_order() if p.puzzle is not None and p.stored is None)
            puzzle = problem.puzzle
            assert puzzle is not None
            wrong = wrong_every and n % wrong_every == wrong_every - 1
            verdict = judge_answer(problem, Play(puzzle.wrong[0] if wrong else min(puzzle.correct)), None)
            session.answer(problem, verdict)
            rating = session.rating()
            themes.append(puzzle.theme)
            print(puzzle.theme, problem.players, verdict.correct, round(rating.rating), round(rating.deviation))
        print(f"{len(set(themes))} themes in {count}:", dict(Counter(themes).most_common()))


if __name__ == "__main__":
    main()
