"""The exact puzzles shipped with the game: records, the shipped file, the puzzle of the day, the verdict.

A :class:`Puzzle` is a decision with an exact answer (:mod:`.exact`), heads-up or in pairs:
the position in the engine's one-line notation
(:func:`~guinote_tui.engine.format_position`) with its rules preset, the seat
to move, every legal card's outcome (the juego, then the points), the correct
cards, the line of play that shows the solution, its themes (:mod:`.themes`)
and its stars. The shipped file, ``puzzles.json`` beside this module, is
written by ``python -m guinote_lab.make_puzzles``; loading it
(:func:`load_puzzles`, :func:`shipped_puzzles`) checks every field and replays
every position and line through the engine, so a damaged file gives one line
(:class:`PuzzleFileError`), never a traceback.

    >>> puzzle = puzzle_of_the_day("2026-12-31")
    >>> puzzle == puzzle_of_the_day(date(2026, 12, 31)), puzzle.state().to_move == puzzle.seat
    (True, True)
    >>> verdict = judge_puzzle(puzzle, min(puzzle.correct))
    >>> verdict.right, verdict.loss
    (True, None)

The file
--------

``{"version": 1, "seed": S, "puzzles": [...]}``, one puzzle a line, each::

    {"id": "…", "preset": "aragones", "kind": "arrastre", "position": "dealer 1; hands …",
     "seat": 0, "cards": {"1O": [1, 22], "4O": [0, -6]}, "correct": "1O",
     "line": "0 1O,1 4C,…", "themes": ["last-ten", "juego"], "stars": 3, "depth": 4}

``cards`` gives each legal card's :class:`~.exact.CardOutcome` as ``[juego,
margin]``; ``line`` the shown line's actions as ``seat action``; the ``id`` is
the first 12 hex digits of the SHA-256 of ``preset|position`` (stable: the same
position keeps its id when the file is made again).
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import (
    PRESETS,
    Action,
    Card,
    HandState,
    Play,
    PositionError,
    Rules,
    SeatView,
    parse_action,
    parse_position,
    seat_view,
)
from ..i18n import N_, _, ngettext
from .exact import (
    ARRASTRE,
    KINDS,
    LASTDRAW,
    LOST,
    PAIRS,
    PHASE1,
    UNDECIDED,
    WON,
    CardOutcome,
    Loss,
    correct_cards,
    is_arrastre_decision,
    is_lastdraw_decision,
    is_pairs_decision,
    is_phase1_decision,
    loss_of,
)
from .rating import Glicko
from .schedule import DateLike, as_date
from .themes import MAX_STARS, MIN_STARS, THEMES, TREINTA_MALAS, Analysis, analyse, difficulty, theme_hint, themes_of
from .themes import depth as depth_of

#: The shipped puzzles.
SHIPPED_PATH = Path(__file__).with_name("puzzles.json")
#: The puzzles' seeded ratings (``python -m guinote_lab.rate_puzzles``).
RATINGS_PATH = Path(__file__).with_name("puzzle_ratings.json")
#: The file's format version.
VERSION = 1
#: Day 0 of the puzzle of the day's cycle.
EPOCH = date(2026, 1, 1)
#: The largest margin a hand's rest can have (cards, the last ten, cantes, a capote), for checking a file.
_MARGIN_LIMIT = 500
_FIELDS = ("id", "preset", "kind", "position", "seat", "cards", "correct", "line", "themes", "stars", "depth")


#: Each preset's rules as a puzzle names them: what a player of the other preset would misjudge.
RULES_TEXTS = {
    "aragones": N_("Rules: aragonés (sota over caballo, cantes rey + sota, 101 to win)"),
    "libre-100": N_("Rules: libre-100 (caballo over sota, cantes rey + caballo, 100 to win)"),
}


def rules_text(preset: str) -> str:
    """The rules a puzzle is in, in one line of the player's language (the preset's name for one not known)."""
    return _(RULES_TEXTS[preset]) if preset in RULES_TEXTS else preset


#: What each kind of puzzle's position must be.
DECISIONS = {
    ARRASTRE: is_arrastre_decision,
    PHASE1: is_phase1_decision,
    PAIRS: is_pairs_decision,
    LASTDRAW: is_lastdraw_decision,
}


def open_cards_text() -> str:
    """What a puzzle in pairs is exact about, in one line of the player's language."""
    return _("In pairs: right on every layout of the cards you cannot see, the play after yours with open cards.")


def last_draw_text() -> str:
    """What a puzzle at the last draw is exact about, in one line of the player's language."""
    return _("At the last draw: right whichever unseen card lies in the stock, and exact to the end.")


def puzzle_note(puzzle: Puzzle) -> str | None:
    """The line saying what a puzzle's answer holds over (the cards the seat cannot see), or for a puzzle about
    treinta malas the rule (the learner may not know it); None when every card is known and no rule needs telling."""
    if puzzle.kind == PAIRS:
        return open_cards_text()
    if puzzle.kind == LASTDRAW:
        return last_draw_text()
    return theme_hint(TREINTA_MALAS) if puzzle.theme == TREINTA_MALAS else None


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be read or does not hold what it should: ``str()`` is one line saying what."""

    def line(self) -> str:
        """The line to show a player, in the current language."""
        return _("The game's puzzles cannot be read ({problem}); reinstalling the game restores them.").format(
            problem=str(self)
        )


def puzzle_id(preset: str, position: str) -> str:
    """The stable id of a position under a preset."""
    return hashlib.sha256(f"{preset}|{position}".encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Puzzle:
    """One exact puzzle (see the module's docstring for the fields' meaning)."""

    id: str
    preset: str
    #: :data:`~.exact.ARRASTRE`, :data:`~.exact.PHASE1`, :data:`~.exact.PAIRS` or :data:`~.exact.LASTDRAW`.
    kind: str
    #: The position in the engine's notation (under :attr:`rules`).
    position: str
    #: The seat to move (the player's seat in the puzzle).
    seat: int
    #: Every legal card with its exact outcome, lowest card first.
    outcomes: tuple[tuple[Card, CardOutcome], ...]
    #: The line the solution shows: the shown correct card, then best play, each action with its seat.
    line: tuple[tuple[int, Action], ...]
    #: The themes, main theme first (:data:`~.themes.THEMES`).
    themes: tuple[str, ...]
    #: Difficulty, 1 to 5 stars.
    stars: int
    #: The tricks to read (:func:`~.themes.depth`).
    depth: int

    @property
    def theme(self) -> str:
        """The main theme."""
        return self.themes[0]

    @property
    def rules(self) -> Rules:
        return PRESETS[self.preset]

    @property
    def players(self) -> int:
        """The table's size: 4 for a puzzle in pairs (:data:`~.exact.PAIRS`), else 2."""
        return 4 if self.kind == PAIRS else 2

    @property
    def open_cards(self) -> bool:
        """Whether the play after the seat's card is solved with every card open (a puzzle in pairs: its answer
        holds on every layout of the hidden cards)."""
        return self.kind == PAIRS

    @property
    def over_layouts(self) -> bool:
        """Whether each card's outcome is the least it secures over the layouts of the cards the seat cannot see
        (a puzzle in pairs, or at the last draw)."""
        return self.kind in (PAIRS, LASTDRAW)

    @property
    def outcome_of(self) -> dict[Card, CardOutcome]:
        return dict(self.outcomes)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The legal cards, lowest first."""
        return tuple(card for card, _ in self.outcomes)

    @property
    def correct(self) -> frozenset[Card]:
        """Every card reaching the best exact outcome."""
        return correct_cards(self.outcome_of)

    @property
    def wrong(self) -> tuple[Card, ...]:
        """The legal cards that lose something, lowest first."""
        good = self.correct
        return tuple(card for card in self.cards if card not in good)

    @property
    def stake(self) -> str:
        """``juego`` when a wrong card gives away the juego, else ``points``."""
        return self.themes[-1]

    def loss(self, card: Card) -> Loss | None:
        """What ``card`` gives away (None: correct); ``card`` must be legal."""
        return loss_of(self.outcome_of, card)

    def state(self) -> HandState:
        """The position, as a hand ready to play on (a new one each call)."""
        return parse_position(self.position, self.rules)

    def view(self) -> SeatView:
        """What the player sees: the view of the seat to move."""
        return seat_view(self.state(), self.seat)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "preset": self.preset,
            "kind": self.kind,
            "position": self.position,
            "seat": self.seat,
            "cards": {str(card): [o.juego, o.margin] for card, o in self.outcomes},
            "correct": " ".join(str(card) for card in sorted(self.correct)),
            "line": ",".join(f"{seat} {action}" for seat, action in self.line),
            "themes": list(self.themes),
            "stars": self.stars,
            "depth": self.depth,
        }


def puzzle_from_analysis(analysis: Analysis, preset: str, position: str) -> Puzzle:
    """The puzzle of a solved decision at ``position`` (its notation) under ``preset``."""
    return Puzzle(
        id=puzzle_id(preset, position),
        preset=preset,
        kind=analysis.kind,
        position=position,
        seat=analysis.seat,
        outcomes=tuple(sorted(analysis.outcomes.items())),
        line=analysis.lines[analysis.shown].actions,
        themes=themes_of(analysis),
        stars=difficulty(analysis),
        depth=depth_of(analysis),
    )


# -- near-duplicates ----------------------------------------------------------------------------------

#: Every renaming of the four suits.
_RENAMINGS = tuple(itertools.permutations(range(4)))


def likeness(puzzle: Puzzle) -> tuple[object, ...]:
    """What makes two puzzles near-duplicates: equal for two puzzles with the same rules, kind, table size and main
    theme that show the player the same cards in the same places (the seat's own hand, the trick on the table in
    order, the trump suit, the muestra while it lies under the stock) once the suits are renamed. The hidden cards,
    the scores and the tricks played before are left out: the same cards in hand asking the same idea are the same
    puzzle to the player."""
    state = puzzle.state()
    own = state.hands[puzzle.seat]

    def renamed(cards: Sequence[Card], names: Sequence[int]) -> tuple[int, ...]:
        return tuple(int(Card.of(card.rank, names[card.suit])) for card in cards)

    muestra = [] if state.muestra is None else [state.muestra]
    seen = min(
        (
            names[state.trump],
            tuple(sorted(renamed(own, names))),
            renamed(list(state.trick), names),
            renamed(muestra, names),
        )
        for names in _RENAMINGS
    )
    return (puzzle.preset, puzzle.kind, state.players, puzzle.theme, seen)


def without_near_duplicates(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """``puzzles`` in their order, each after the first of its :func:`likeness` left out."""
    seen: set[tuple[object, ...]] = set()
    kept = []
    for puzzle in puzzles:
        key = likeness(puzzle)
        if key not in seen:
            seen.add(key)
            kept.append(puzzle)
    return kept


# -- reading a file ----------------------------------------------------------------------------------


def _fail(where: str, what: str) -> PuzzleFileError:
    return PuzzleFileError(f"{where}: {what}")


def _int(value: object, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(where, f"a number from {low} to {high}, not {_shown(value)}")
    return value


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _card(text: object, where: str) -> Card:
    if not isinstance(text, str):
        raise _fail(where, f"{_shown(text)} is not a card")
    try:
        return Card.parse(text)
    except ValueError:
        raise _fail(where, f"{_shown(text)} is not a card") from None


def puzzle_from_json(data: object, where: str = "a puzzle") -> Puzzle:
    """The puzzle a file's entry describes, every field checked and the position and line replayed by the engine.

    Raises :class:`PuzzleFileError` (one line, starting with ``where``) for anything else.
    """
    if not isinstance(data, Mapping):
        raise _fail(where, "not an object")
    missing = [name for name in _FIELDS if name not in data]
    if missing:
        raise _fail(where, f"no field {missing[0]!r}")
    preset, kind, position = data["preset"], data["kind"], data["position"]
    if preset not in PRESETS:
        raise _fail(where, f"no preset {_shown(preset)}")
    if kind not in KINDS:
        raise _fail(where, f"no kind {_shown(kind)}")
    if not isinstance(position, str):
        raise _fail(where, "the position is not text")
    try:
        state = parse_position(position, PRESETS[preset])
    except PositionError as error:
        raise _fail(where, f"position: {error}") from None
    seat = _int(data["seat"], f"{where}: seat", 0, state.players - 1)
    if state.to_move != seat:
        raise _fail(where, f"seat {state.to_move} is to move, not seat {seat}")
    if not DECISIONS[kind](state):
        raise _fail(where, f"the position is not a {kind} decision among cards")
    cards = data["cards"]
    if not isinstance(cards, Mapping):
        raise _fail(where, "cards: not an object")
    outcomes: dict[Card, CardOutcome] = {}
    for text, pair in cards.items():
        card = _card(text, f"{where}: cards")
        if not isinstance(pair, list) or len(pair) != 2:
            raise _fail(where, f"cards: {text}: [juego, margin], not {_shown(pair)}")
        juego = _int(pair[0], f"{where}: cards: {text}", LOST, WON)
        margin = _int(pair[1], f"{where}: cards: {text}", -_MARGIN_LIMIT, _MARGIN_LIMIT)
        outcomes[card] = CardOutcome(juego, margin)
    legal = sorted(action.card for action in state.legal_actions() if type(action) is Play)
    if sorted(outcomes) != legal:
        raise _fail(where, "cards: not the legal cards of the position")
    correct = correct_cards(outcomes)
    stored = data["correct"]
    if not isinstance(stored, str) or sorted(_card(t, f"{where}: correct") for t in stored.split()) != sorted(correct):
        raise _fail(where, "correct: not the cards reaching the best outcome")
    if len(correct) == len(outcomes):
        raise _fail(where, "no card loses anything: not a puzzle")
    line = _line(data["line"], state, where)
    if not line or type(line[0][1]) is not Play or line[0][1].card not in correct:
        raise _fail(where, "line: it does not open with a correct card")
    themes = data["themes"]
    if (
        not isinstance(themes, list)
        or not themes
        or any(theme not in THEMES for theme in themes)
        or sorted(themes, key=THEMES.index) != themes
        or len(set(themes)) != len(themes)
        or themes[-1] not in ("juego", "points")
    ):
        raise _fail(where, f"themes: {_shown(themes)} are not themes in their order, ending with the stake")
    stars = _int(data["stars"], f"{where}: stars", MIN_STARS, MAX_STARS)
    depth = _int(data["depth"], f"{where}: depth", 1, 20)
    ident = data["id"]
    if ident != puzzle_id(preset, position):
        raise _fail(where, f"id {_shown(ident)} is not the position's")
    return Puzzle(
        ident, preset, kind, position, seat, tuple(sorted(outcomes.items())), line, tuple(themes), stars, depth
    )


def _line(text: object, state: HandState, where: str) -> tuple[tuple[int, Action], ...]:
    if not isinstance(text, str):
        raise _fail(where, "line: not text")
    out: list[tuple[int, Action]] = []
    replay = state.copy()
    for move in text.split(","):
        parts = move.split()
        if len(parts) != 2 or parts[0] not in [str(seat) for seat in range(state.players)]:
            raise _fail(where, f"line: {_shown(move)} is not 'seat action'")
        try:
            action = parse_action(parts[1])
            replay.apply(action, int(parts[0]))
        except ValueError as error:
            raise _fail(where, f"line: {parts[1]}: {error}") from None
        out.append((int(parts[0]), action))
    return tuple(out)


def load_puzzles(path: Path = SHIPPED_PATH) -> tuple[Puzzle, ...]:
    """Every puzzle of the file at ``path``, checked (:func:`puzzle_from_json`); :class:`PuzzleFileError` if not."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise PuzzleFileError(f"{path.name}: {error}") from None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("puzzles"), list):
        raise PuzzleFileError(f"{path.name}: not a puzzle file of version {VERSION}")
    found: list[Puzzle] = []
    seen: set[str] = set()
    for number, entry in enumerate(data["puzzles"], 1):
        puzzle = puzzle_from_json(entry, f"{path.name}: puzzle {number}")
        if puzzle.id in seen:
            raise PuzzleFileError(f"{path.name}: puzzle {number}: the position of an earlier puzzle")
        seen.add(puzzle.id)
        found.append(puzzle)
    if not found:
        raise PuzzleFileError(f"{path.name}: no puzzle")
    return tuple(found)


@cache
def shipped_puzzles() -> tuple[Puzzle, ...]:
    """The puzzles shipped with the game (read and checked once); :class:`PuzzleFileError` if they cannot be."""
    return load_puzzles(SHIPPED_PATH)


def save_puzzles(puzzles: Sequence[Puzzle], path: Path, seed: int) -> None:
    """Write ``puzzles`` to ``path`` in the file's format, one puzzle a line (the generator's writer)."""
    lines = [json.dumps(p.to_json(), ensure_ascii=False) for p in puzzles]
    head = json.dumps({"version": VERSION, "seed": seed})[:-1]
    path.write_text(head + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n", encoding="utf-8")


# -- the ratings ----------------------------------------------------------------------------------------

#: The most bytes of a ratings file read.
_RATINGS_LIMIT = 1_000_000


def default_rating(puzzle: Puzzle) -> Glicko:
    """A rating for a puzzle the ratings file does not rate: from its stars, and as unsure as a newcomer's."""
    return Glicko(1500.0 + 150.0 * (puzzle.stars - 3), 350.0)


def load_ratings(path: Path = RATINGS_PATH) -> dict[str, Glicko]:
    """The puzzles' seeded ratings by id; an entry that is not ``[rating, deviation]`` in range is left out, and a
    file that cannot be read gives none (each puzzle then has its :func:`default_rating`)."""
    try:
        if path.stat().st_size > _RATINGS_LIMIT:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    entries = data.get("ratings") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        return {}
    out = {}
    for ident, pair in entries.items():
        if (
            isinstance(ident, str)
            and isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(x, int | float) and not isinstance(x, bool) for x in pair)
            and 0 <= pair[0] <= 4000
            and 0 < pair[1] <= 350
        ):
            out[ident] = Glicko(float(pair[0]), float(pair[1]))
    return out


@cache
def shipped_ratings() -> dict[str, Glicko]:
    """The shipped puzzles' seeded ratings (read once)."""
    return load_ratings(RATINGS_PATH)


def puzzle_rating(puzzle: Puzzle) -> Glicko:
    """The puzzle's rating: seeded from the bots' attempts, or from its stars."""
    return shipped_ratings().get(puzzle.id) or default_rating(puzzle)


# -- the puzzle of the day -----------------------------------------------------------------------------


def day_order(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """The puzzles in the order the days take them: a fixed shuffle by id (the same wherever the file lists them)."""
    return sorted(puzzles, key=lambda p: (hashlib.sha256(f"day|{p.id}".encode()).hexdigest(), p.id))


def puzzle_of_the_day(day: DateLike, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of ``day``: the same for every player, from the date alone, every puzzle once before any twice.

    Day :data:`EPOCH` takes the first of :func:`day_order`, each later day the next, round and round.
    ``puzzles`` defaults to the shipped ones.
    """
    pool = day_order(shipped_puzzles() if puzzles is None else puzzles)
    if not pool:
        raise ValueError("no puzzles")
    return pool[(as_date(day) - EPOCH).days % len(pool)]


# -- the verdict -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PuzzleVerdict:
    """The exact verdict on a card chosen in a puzzle."""

    card: Card
    #: Whether the card reaches the best outcome.
    right: bool
    #: What it gives away (None when right).
    loss: Loss | None
    #: Every card reaching the best outcome.
    correct: frozenset[Card]
    #: The card's own outcome.
    outcome: CardOutcome
    #: The best outcome's juego (:data:`~.exact.WON`, ``UNDECIDED``, ``LOST``).
    best_juego: int
    #: Whether some legal card gives away the juego (else only points are at stake).
    juego_at_stake: bool
    #: A puzzle in pairs: exact on every layout of the hidden cards, open cards after the seat's card.
    open_cards: bool = False


def judge_puzzle(puzzle: Puzzle, card: Card | str) -> PuzzleVerdict:
    """The exact verdict on ``card`` (a card or its notation, ``"12E"``); ValueError if it is not a legal card."""
    chosen = Card.parse(card) if isinstance(card, str) else Card(card)
    outcomes = puzzle.outcome_of
    if chosen not in outcomes:
        raise ValueError(f"{chosen} is not a card the puzzle's seat may play")
    best = max(outcome.rank for outcome in outcomes.values())
    loss = loss_of(outcomes, chosen)
    at_stake = any(outcome.juego < best[0] for outcome in outcomes.values())
    return PuzzleVerdict(
        chosen, loss is None, loss, correct_cards(outcomes), outcomes[chosen], best[0], at_stake, puzzle.over_layouts
    )


def verdict_text(verdict: PuzzleVerdict) -> str:
    """The verdict in one sentence of the player's language (the card is not named: the screen shows it)."""
    loss = verdict.loss
    if verdict.open_cards:  # the outcomes are the least each card secures over the hidden layouts
        if loss is None:
            return _("Right: on every layout of the cards you cannot see, no card does better.")
        return _("Not the best: on every layout of the cards you cannot see, another card does better.")
    if loss is None:
        if verdict.outcome.juego == WON:
            return _("Right: this card wins the juego.")
        if verdict.outcome.juego == UNDECIDED and verdict.juego_at_stake:
            return _("Right: this card keeps the juego open.")
        return _("Right: no card does better.")
    if loss.juego_lost:
        if loss.juego_best == WON and loss.juego == UNDECIDED:
            return _("Not the best: this card does not win the juego; another card does.")
        if loss.juego_best == WON:
            return _("Not the best: this card loses the juego; another card wins it.")
        return _("Not the best: this card loses the juego; another card keeps it open.")
    return ngettext(
        "Not the best: this card leaves you {n} point worse off against the Rival.",
        "Not the best: this card leaves you {n} points worse off against the Rival.",
        loss.points,
    ).format(n=loss.points)


# -- checking against the solver --------------------------------------------------------------------


def recheck(puzzle: Puzzle) -> list[str]:
    """What differs between ``puzzle`` and the exact solver's answer now (empty: nothing)."""
    analysis = analyse(puzzle.state())
    if analysis is None:
        return ["the position has no exact answer"]
    again = puzzle_from_analysis(analysis, puzzle.preset, puzzle.position)
    return [
        f"{name}: {getattr(puzzle, name)!r} stored, {getattr(again, name)!r} now"
        for name in ("kind", "seat", "outcomes", "line", "themes", "stars", "depth")
        if getattr(puzzle, name) != getattr(again, name)
    ]
