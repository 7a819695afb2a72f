"""The daily duplicate: the same deal for everyone on a date, and what hard and the coach made of it.

Every day has one deal heads-up and one in pairs (:func:`daily_deal`): the
deck's order, the dealer and the seed of the bots at the table all come from
the date and the table's size alone (SHA-256 of ``guinote duplicate|DATE|N``),
so every player gets the same cards on the same date, offline. The player
sits in seat 0, against normal bots (and with a normal partner in pairs).

After the player's hand, the same deal is played again from the same seat
with the same cards twice (:func:`bot_scores`): by the hard bot, and by the
coach (its advice at every decision, from the seat's view alone). The bots
around the table are the same normal bots with the same seed each time. A
score is the juego (won, undecided, lost for the seat's side) and the points
of the hand for each side; :func:`compare` ranks them the game's way, the
juego first, then the point difference.

The player's results are kept in the data folder (``duplicate.json``, written
whole through a rename, so a kill leaves the old file or the new one), and
with them the streak of days played in a row (:func:`streak`). The share
line (:func:`share_line`) is plain ASCII and depends only on the date, the
rules and the scores (each as the juego, ``W`` won, ``U`` undecided, ``L``
lost, then the point difference: ``W+10``): anyone with the game can deal the same cards from the
date (``guinote duplicate --plain --day DATE``) and check the bots' scores.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from ..ai import decide, make_bot
from ..coach import COACH_BUDGET, COACH_SEED, CoachBudget, advise, decision_rng
from ..engine import PRESETS, Action, HandState, seat_view
from ..i18n import _, ngettext
from ..storage import Damaged, data_dir, read_json, write_atomic
from .services import Services, StackedDeal
from .session import GameSession, GameSettings

#: The table sizes of the daily duplicate, in the order they are played.
SIZES = (2, 4)
#: The level of the bots around the table.
TABLE_LEVEL = "normal"
#: The player's seat.
SEAT = 0
#: What the coach spends on each decision when it plays the deal: its hint's budget at the table.
COACH_PLAY_BUDGET = COACH_BUDGET
#: The results file, in the data folder.
FILE_NAME = "duplicate.json"
#: The most days of results kept.
KEPT_DAYS = 400

WON, UNDECIDED, LOST = 1, 0, -1


@dataclass(frozen=True)
class DailyDeal:
    """The deal of ``day`` at a table of ``players``: the deck's order (top card first), the dealer, the seed."""

    day: date
    players: int
    deck: tuple[int, ...]
    dealer: int
    seed: int


def daily_deal(day: date, players: int) -> DailyDeal:
    """The same deal for everyone on ``day`` at ``players`` (2 or 4), from the date alone."""
    if players not in SIZES:
        raise ValueError(f"a table of 2 or 4, not {players}")
    digest = hashlib.sha256(f"guinote duplicate|{day.isoformat()}|{players}".encode()).digest()
    rng = random.Random(int.from_bytes(digest, "big"))
    deck = list(range(40))
    rng.shuffle(deck)
    return DailyDeal(day, players, tuple(deck), rng.randrange(players), rng.randrange(1 << 31))


@dataclass(frozen=True)
class Score:
    """A hand's result for the seat's side: the juego (1 won, 0 undecided, -1 lost) and each side's points."""

    juego: int
    points: tuple[int, int]

    @property
    def margin(self) -> int:
        """The seat's side's points minus the other side's."""
        return self.points[0] - self.points[1]

    @property
    def rank(self) -> tuple[int, int]:
        """How it ranks: the juego first, then the margin."""
        return (self.juego, self.margin)

    def to_json(self) -> list[int]:
        return [self.juego, self.points[0], self.points[1]]

    @classmethod
    def from_json(cls, data: object) -> Score | None:
        """The score :meth:`to_json` wrote; None for anything else (a file is not trusted)."""
        if (
            isinstance(data, list)
            and len(data) == 3
            and all(isinstance(x, int) and not isinstance(x, bool) for x in data)
            and data[0] in (WON, UNDECIDED, LOST)
            and all(0 <= x <= 1000 for x in data[1:])
        ):
            return cls(data[0], (data[1], data[2]))
        return None


def duplicate_session(settings: GameSettings, services: Services, deal: DailyDeal, preset: str) -> GameSession:
    """The player's hand of ``deal`` in ``preset``'s rules: the deal stacked, the player in seat 0 against normal
    bots (a normal partner in pairs) seeded by the deal, nothing kept for Continue nor recorded in the statistics
    (the other choices, the language and the pace, are ``settings``')."""
    table = replace(
        settings,
        players=deal.players,
        level=TABLE_LEVEL,
        partner_level=TABLE_LEVEL if deal.players == 4 else None,
        rules=PRESETS[preset],
        seed=deal.seed,
    )
    stacked = StackedDeal.parse([list(deal.deck)], deal.dealer)
    played = replace(services, review_ahead=False, keep_match=False, record_stats=False, stacked=stacked)
    return GameSession(table, services=played, stacked=stacked)


def score_of(state: HandState) -> Score:
    """The score of a hand played to its end, for side 0 (the seat's)."""
    result = state.result
    if result is None:
        raise ValueError("the hand is not over")
    winner = result.juego_winner
    juego = UNDECIDED if winner is None else WON if winner == SEAT & 1 else LOST
    return Score(juego, (result.points[0], result.points[1]))


def new_hand(deal: DailyDeal, preset: str) -> HandState:
    """The deal's hand, ready to play (a juego's first hand, nothing carried in)."""
    return HandState(list(deal.deck), deal.dealer, PRESETS[preset], deal.players, (0, 0), first_of_juego=True)


Chooser = Callable[[HandState, int], Action]


def play_out(deal: DailyDeal, preset: str, chooser: Chooser) -> Score:
    """The deal played to its end: seat 0 by ``chooser``, the others by normal bots seeded by the deal."""
    state = new_hand(deal, preset)
    rng = random.Random(deal.seed)
    bots = {seat: make_bot(TABLE_LEVEL) for seat in range(deal.players) if seat != SEAT}
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        if seat == SEAT:
            action = legal[0] if len(legal) == 1 else chooser(state, seat)
        else:
            action = decide(bots[seat], state, seat, rng)
        state.apply(action, seat)
    return score_of(state)


def hard_chooser(deal: DailyDeal) -> Chooser:
    """The hard bot in the seat (its own generator, seeded by the deal)."""
    bot = make_bot("hard")
    rng = random.Random(deal.seed ^ 0x5EED)
    return lambda state, seat: decide(bot, state, seat, rng)


def coach_chooser(deal: DailyDeal, budget: CoachBudget = COACH_PLAY_BUDGET) -> Chooser:
    """The coach's advice in the seat, from the seat's view alone (its deals seeded by what the seat knows there)."""

    def choose(state: HandState, seat: int) -> Action:
        view = seat_view(state, seat, events=False)
        return advise(view, decision_rng(COACH_SEED, view), budget).action

    return choose


def bot_scores(deal: DailyDeal, preset: str, budget: CoachBudget = COACH_PLAY_BUDGET) -> dict[str, Score]:
    """What hard and the coach score with the deal from the player's seat."""
    return {
        "hard": play_out(deal, preset, hard_chooser(deal)),
        "coach": play_out(deal, preset, coach_chooser(deal, budget)),
    }


def compare(mine: Score, other: Score) -> int:
    """1 when ``mine`` ranks above ``other`` (the juego first, then the margin), -1 below, 0 level."""
    return (mine.rank > other.rank) - (mine.rank < other.rank)


def share_line(day: date, preset: str, results: Mapping[int, Mapping[str, Score]]) -> str:
    """The one line to share (plain ASCII): the date, the rules, and each table's scores, the player's first.

    ``results`` maps a table's size to its scores by name (``you``, ``hard``, ``coach``).
    """
    parts = [f"guinote duplicate {day.isoformat()} {preset}"]
    for players in SIZES:
        scores = results.get(players)
        if not scores or "you" not in scores:
            continue
        table = "1v1" if players == 2 else "2v2"
        shown = " ".join(f"{name} {_score_code(scores[name])}" for name in ("you", "hard", "coach") if name in scores)
        parts.append(f"{table}: {shown}")
    return " | ".join(parts)


def _score_code(score: Score) -> str:
    juego = {WON: "W", UNDECIDED: "U", LOST: "L"}[score.juego]
    return f"{juego}{score.margin:+d}"


# -- the results kept ------------------------------------------------------------------------------------------


def results_path() -> Path:
    """Where the player's daily results are kept."""
    return data_dir() / FILE_NAME


@dataclass(frozen=True)
class DayResult:
    """What the player scored on a day, by table size, with the bots' scores beside it."""

    day: date
    preset: str
    scores: Mapping[int, Mapping[str, Score]]


def load_results(path: Path | None = None) -> dict[date, DayResult]:
    """The results kept, by day; entries that do not read are left out (a damaged file is set aside)."""
    try:
        data = read_json(path or results_path())
    except (Damaged, OSError):
        return {}
    days = data.get("days") if isinstance(data, dict) else None
    if not isinstance(days, dict):
        return {}
    out = {}
    for text, entry in list(days.items())[-KEPT_DAYS:]:
        result = _day_result(text, entry)
        if result is not None:
            out[result.day] = result
    return out


def _day_result(text: object, entry: object) -> DayResult | None:
    try:
        day = date.fromisoformat(text) if isinstance(text, str) and len(text) == 10 else None
    except ValueError:
        return None
    if day is None or not isinstance(entry, dict) or entry.get("preset") not in PRESETS:
        return None
    scores: dict[int, dict[str, Score]] = {}
    tables = entry.get("tables")
    if not isinstance(tables, dict):
        return None
    for size, named in tables.items():
        if size not in ("2", "4") or not isinstance(named, dict):
            continue
        read = {name: Score.from_json(value) for name, value in named.items() if name in ("you", "hard", "coach")}
        scores[int(size)] = {name: score for name, score in read.items() if score is not None}
    return DayResult(day, str(entry["preset"]), scores)


def save_result(result: DayResult, path: Path | None = None) -> bool:
    """Keep ``result`` (replacing that day's); False when it could not be written (the old file is untouched)."""
    path = path or results_path()
    kept = load_results(path)
    kept[result.day] = result
    days: dict[str, Any] = {}
    for day in sorted(kept)[-KEPT_DAYS:]:
        entry = kept[day]
        tables = {str(size): {n: s.to_json() for n, s in named.items()} for size, named in entry.scores.items()}
        days[day.isoformat()] = {"preset": entry.preset, "tables": tables}
    try:
        write_atomic(path, json.dumps({"version": 1, "days": days}, sort_keys=True) + "\n")
    except OSError:
        return False
    return True


def day_so_far(day: date, preset: str, path: Path | None = None) -> tuple[str, dict[int, dict[str, Score]]]:
    """The rules of ``day``'s deals (those they were first played in, else ``preset``) and the scores kept so far,
    by table size (a size not played yet: an empty mapping)."""
    kept = load_results(path).get(day)
    scores: dict[int, dict[str, Score]] = {size: {} for size in SIZES}
    if kept is None:
        return preset, scores
    for size, named in kept.scores.items():
        scores[size] = dict(named)
    return kept.preset, scores


def played(result: DayResult | None) -> bool:
    """Whether the player finished a deal that day."""
    return result is not None and any("you" in named for named in result.scores.values())


def streak(results: Mapping[date, DayResult], today: date) -> int:
    """Days in a row with a deal played, ending today (or yesterday, while today's waits)."""
    day = today if played(results.get(today)) else today - timedelta(days=1)
    count = 0
    while played(results.get(day)):
        count += 1
        day -= timedelta(days=1)
    return count


# -- the words ------------------------------------------------------------------------------------------------


def score_words(score: Score) -> str:
    """A score in words: the juego, then the points of each side."""
    points = _("{mine} to {theirs}").format(mine=score.points[0], theirs=score.points[1])
    if score.juego > 0:
        return _("juego won, {points}").format(points=points)
    if score.juego < 0:
        return _("juego lost, {points}").format(points=points)
    return _("juego undecided, {points}").format(points=points)


def comparison_lines(players: int, named: Mapping[str, Score]) -> list[str]:
    """A table's scores in words: the player's, then hard's and the coach's from the same seat, each compared
    with the player's (none before the player has played the deal)."""
    table = _("Heads-up") if players == 2 else _("Pairs")
    mine = named.get("you")
    if mine is None:
        return []
    lines = [_("{table}: you, {score}.").format(table=table, score=score_words(mine))]
    for name, label in (("hard", _("The hard bot")), ("coach", _("The coach"))):
        other = named.get(name)
        if other is None:
            continue
        order = compare(mine, other)
        if order > 0:
            line = _("{name} from your seat: {score}; you did better.")
        elif order < 0:
            line = _("{name} from your seat: {score}; you did worse.")
        else:
            line = _("{name} from your seat: {score}; level with you.")
        lines.append(line.format(name=label, score=score_words(other)))
    return lines


def streak_line(days: int) -> str:
    """The streak in words."""
    return ngettext("Streak: {n} day in a row.", "Streak: {n} days in a row.", days).format(n=days)


def share_text(line: str) -> str:
    """The line to share, introduced."""
    return _("To share: {line}").format(line=line)
