"""The juego-critical suite: ``python -m guinote_lab.juego_suite``.

A position is *juego-critical* when at least one card the seat to move may
play wins the juego and another does not: the exact solve of the open
heads-up arrastre playing for the juego
(:func:`~guinote_tui.ai.solver.juego_solver`) says which. ``generate``
finds such positions in heads-up matches between bots (normal, with some
random moves so the positions vary), in a juego's first hand and in hands de
vueltas, and writes them to a small JSON file; ``bench`` asks bots (and the
coach) for their move in each and prints the share of positions where the
move wins the juego.

Each position is stored as the deal (deck order from the top, dealer, scores
carried in, first hand or not, preset) and the hand's actions up to the
decision, so it is replayed by the engine; the cards that win the juego are
stored with it (:func:`check_positions` recomputes them).

``generate`` is seeded: the same seed, count and preset give the same file.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from guinote_tui.ai import NormalBot, decide, make_bot, spec_list
from guinote_tui.ai.bitmasks import mask_of
from guinote_tui.ai.solver import juego_solver, points_solver
from guinote_tui.engine import (
    CARDS,
    JUEGO,
    PASS,
    RANKS,
    Action,
    Card,
    HandState,
    Play,
    Rules,
    Sing,
    Stage,
    parse_action,
    parse_cards,
    seat_view,
)

#: The committed suite.
DEFAULT_PATH = Path(__file__).parent / "data" / "juego_critical.json"
#: A suite file's format version.
VERSION = 1


@dataclass(frozen=True)
class Position:
    """One juego-critical decision, replayable by the engine."""

    preset: str
    deck: tuple[Card, ...]
    dealer: int
    carried: tuple[int, int]
    first_of_juego: bool
    #: The hand's actions up to the decision, as ``(seat, action)``.
    actions: tuple[tuple[int, Action], ...]
    #: The cards of the seat to move that win the juego (exact).
    winning: tuple[Card, ...]
    #: Whether the card(s) the points solver rates best all win the juego too (phase 1: the cards that gain
    #: the most points on the trick).
    points_best_wins: bool
    #: ``arrastre`` (the exact solve) or ``phase1`` (the trick being completed decides the juego either way).
    phase: str = "arrastre"

    def state(self) -> HandState:
        """The hand at the decision."""
        state = HandState(
            self.deck, self.dealer, Rules.preset(self.preset), 2, self.carried, self.first_of_juego, events=True
        )
        for seat, action in self.actions:
            state.apply(action, seat)
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "deck": " ".join(str(c) for c in self.deck),
            "dealer": self.dealer,
            "carried": list(self.carried),
            "first_of_juego": self.first_of_juego,
            "actions": ",".join(f"{seat} {action}" for seat, action in self.actions),
            "winning": " ".join(str(c) for c in self.winning),
            "points_best_wins": self.points_best_wins,
            "phase": self.phase,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        actions = []
        for move in data["actions"].split(",") if data["actions"] else ():
            seat, text = move.split()
            actions.append((int(seat), parse_action(text)))
        return cls(
            preset=data["preset"],
            deck=tuple(parse_cards(data["deck"])),
            dealer=int(data["dealer"]),
            carried=(int(data["carried"][0]), int(data["carried"][1])),
            first_of_juego=bool(data["first_of_juego"]),
            actions=tuple(actions),
            winning=tuple(parse_cards(data["winning"])),
            points_best_wins=bool(data["points_best_wins"]),
            phase=str(data.get("phase", "arrastre")),
        )


def juego_cards(state: HandState) -> tuple[list[Card], list[Card], bool]:
    """For a heads-up arrastre decision: the legal cards, those that win the juego, and whether every card the
    points solver rates best wins it."""
    seat = state.to_move
    assert seat is not None
    hands = [mask_of(h) for h in state.hands]
    args = (hands, state.leader, [int(c) for c in state.trick], state.sung)
    values = juego_solver(state).action_values(*args)
    points = points_solver(state).action_values(*args)
    cards = [CARDS[c] for c in sorted(values)]
    winning = [c for c in cards if values[c] > JUEGO // 2]
    best = max(points.values())
    points_best_wins = all(values[c] > JUEGO // 2 for c in cards if points[c] == best)
    return cards, winning, points_best_wins


def phase1_cards(state: HandState) -> tuple[list[Card], list[Card], list[Card], bool]:
    """For a heads-up phase-1 decision completing a trick de vueltas: the legal cards, those that win the juego
    at once (taking the trick reaches the target, or a cante of a pair already held sung right after it does)
    and those that lose it at once (the other side takes the trick and reaches), and whether the cards gaining
    the most points on the trick all win. Both verdicts are exact: nothing hidden is needed for them."""
    seat = state.to_move
    assert seat is not None and len(state.trick) == 1
    side = seat & 1
    cards: list[Card] = []
    winning: list[Card] = []
    losing: list[Card] = []
    gain: dict[Card, int] = {}
    pair = {RANKS.index(12), RANKS.index(state.rules.cante_rank)}
    for action in state.legal_actions():
        assert isinstance(action, Play)
        card = action.card
        cards.append(card)
        child = state.copy()
        child.apply(action)
        gain[card] = (child.points[side] - state.points[side]) - (child.points[1 - side] - state.points[1 - side])
        result = child.result
        if result is not None:
            if result.juego_winner == side:
                winning.append(card)
            elif result.juego_winner is not None:
                losing.append(card)
        elif child.to_move == seat:
            # The seat took the trick: a cante of a pair it held before the draw (never one the draw completed).
            if child.stage is Stage.PREDRAW:
                child.apply(PASS)
            held = set(state.hands[seat]) - {card}
            for sing in child.legal_actions():
                if (
                    type(sing) is Sing
                    and {c for c in child.hands[seat] if c // 10 == sing.suit and c % 10 in pair} <= held
                ):
                    sung = child.copy()
                    sung.apply(sing)
                    if sung.result is not None and sung.result.juego_winner == side:
                        winning.append(card)
                        break
    best = max(gain.values())
    points_best_wins = all(c in winning for c in cards if gain[c] == best)
    return sorted(cards), sorted(winning), sorted(losing), points_best_wins


def _is_phase1_reply(state: HandState) -> bool:
    legal = state.legal_actions()
    return (
        state.players == 2
        and state.muestra is not None
        and state.instant_win
        and state.stage is Stage.PLAY
        and len(state.trick) == 1
        and len(legal) > 1
        and all(type(a) is Play for a in legal)
    )


def _is_card_choice(state: HandState) -> bool:
    legal = state.legal_actions()
    return (
        state.players == 2
        and state.muestra is None
        and state.stage is Stage.PLAY
        and len(legal) > 1
        and all(type(a) is Play for a in legal)
    )


def generate(
    count: int, seed: int, preset: str = "aragones", hard: int = 0, wildness: float = 0.2
) -> Iterator[Position]:
    """``count`` juego-critical positions from heads-up hands played by normal bots, at most one per hand.

    Hands alternate: a juego's first hand, then a hand de vueltas with each
    side's carried score drawn from 0 to 90 (as :func:`.bench.random_positions`
    deals them). The bots play every seat, with probability ``wildness`` a
    random legal move instead. Of a hand's critical decisions the first where
    the points solver's best card does not win the juego is kept, else the
    first. At least ``hard`` of the ``count`` positions are of the first kind
    (they are rare: the others are taken only while there is room for them).
    """
    if not 0 <= hard <= count:
        raise ValueError("hard must be from 0 to count")
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    bot = NormalBot()
    easy_found = hard_found = 0
    index = 0
    while easy_found + hard_found < count:
        easy_room = easy_found < count - hard
        deck = list(range(40))
        rng.shuffle(deck)
        vueltas = index % 2 == 1
        index += 1
        carried = (rng.randrange(0, 91), rng.randrange(0, 91)) if vueltas else (0, 0)
        hand = HandState(deck, rng.randrange(2), rules, 2, carried, first_of_juego=not vueltas, events=False)
        kept: Position | None = None
        while not hand.is_over:
            if (kept is None or kept.points_best_wins) and _is_card_choice(hand):
                _, winning, points_best_wins = juego_cards(hand)
                wanted = easy_room or not points_best_wins
                if (
                    wanted
                    and winning
                    and len(winning) < len(hand.legal_actions())
                    and (kept is None or not points_best_wins)
                ):
                    kept = Position(
                        preset=preset,
                        deck=hand.deck,
                        dealer=hand.dealer,
                        carried=hand.carried,
                        first_of_juego=hand.first_of_juego,
                        actions=tuple(hand.log),
                        winning=tuple(winning),
                        points_best_wins=points_best_wins,
                    )
            seat = hand.to_move
            assert seat is not None
            legal = hand.legal_actions()
            hand.apply(rng.choice(legal) if rng.random() < wildness else decide(bot, hand, seat, rng), seat)
        if kept is not None:
            if kept.points_best_wins:
                easy_found += 1
            else:
                hard_found += 1
            yield kept


def generate_phase1(count: int, seed: int, preset: str = "aragones", wildness: float = 0.2) -> Iterator[Position]:
    """``count`` phase-1 positions de vueltas where one card wins the juego at once and another loses it at once
    (:func:`phase1_cards`), from heads-up hands played by normal bots (dealt as in :func:`generate`), one per hand."""
    rules = Rules.preset(preset)
    rng = random.Random(f"phase1:{seed}")
    bot = NormalBot()
    found = 0
    while found < count:
        deck = list(range(40))
        rng.shuffle(deck)
        carried = (rng.randrange(0, 91), rng.randrange(0, 91))
        hand = HandState(deck, rng.randrange(2), rules, 2, carried, first_of_juego=False, events=False)
        kept: Position | None = None
        while not hand.is_over:
            if kept is None and _is_phase1_reply(hand):
                _, winning, losing, points_best_wins = phase1_cards(hand)
                if winning and losing:
                    kept = Position(
                        preset=preset,
                        deck=hand.deck,
                        dealer=hand.dealer,
                        carried=hand.carried,
                        first_of_juego=False,
                        actions=tuple(hand.log),
                        winning=tuple(winning),
                        points_best_wins=points_best_wins,
                        phase="phase1",
                    )
            seat = hand.to_move
            assert seat is not None
            legal = hand.legal_actions()
            hand.apply(rng.choice(legal) if rng.random() < wildness else decide(bot, hand, seat, rng), seat)
        if kept is not None:
            found += 1
            yield kept


def save(positions: Iterable[Position], path: Path, seed: int) -> int:
    """Write ``positions`` to ``path`` (one position a line); returns how many."""
    items = [json.dumps(p.to_json(), ensure_ascii=False) for p in positions]
    path.parent.mkdir(parents=True, exist_ok=True)
    head = json.dumps({"version": VERSION, "seed": seed})[:-1]
    path.write_text(head + ', "positions": [\n' + ",\n".join(items) + "\n]}\n", encoding="utf-8")
    return len(items)


def load(path: Path = DEFAULT_PATH) -> list[Position]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("version") != VERSION:
        raise ValueError(f"{path}: not a juego suite of version {VERSION}")
    return [Position.from_json(item) for item in data["positions"]]


def check_positions(positions: Iterable[Position]) -> list[int]:
    """The indices of positions whose stored winning cards are not what the solver says now (or not critical)."""
    wrong = []
    for index, position in enumerate(positions):
        state = position.state()
        if position.phase == "phase1":
            if not _is_phase1_reply(state):
                wrong.append(index)
                continue
            _, winning, losing, best_wins = phase1_cards(state)
            critical = bool(winning and losing)
        else:
            if not _is_card_choice(state):
                wrong.append(index)
                continue
            cards, winning, best_wins = juego_cards(state)
            critical = 0 < len(winning) < len(cards)
        if not critical or tuple(winning) != position.winning or best_wins != position.points_best_wins:
            wrong.append(index)
    return wrong


Chooser = Callable[[HandState, int, random.Random], Action]


def chooser(spec: str) -> Chooser:
    """How ``spec`` picks a move: a bot spec, or ``coach`` (the coach's advice with its default budget)."""
    if spec == "coach":
        from guinote_tui.coach import advise

        def coach(state: HandState, seat: int, rng: random.Random) -> Action:
            return advise(seat_view(state, seat), rng).action

        return coach
    bot = make_bot(spec)

    def play(state: HandState, seat: int, rng: random.Random) -> Action:
        return decide(bot, state, seat, rng)

    return play


@dataclass(frozen=True)
class Score:
    """How often a chooser picked a juego-winning card."""

    wins: int
    total: int
    #: On the positions where the points solver's best card does not win the juego.
    hard_wins: int
    hard_total: int

    @classmethod
    def of(cls, positions: list[Position], won: list[bool]) -> Score:
        hard = [w for p, w in zip(positions, won, strict=True) if not p.points_best_wins]
        return cls(sum(won), len(won), sum(hard), len(hard))


def choices(spec: str, positions: list[Position], seed: int = 0) -> list[bool]:
    """For each position, whether ``spec`` chooses a card that wins the juego (the generator seeded per position)."""
    choose = chooser(spec)
    out = []
    for index, position in enumerate(positions):
        state = position.state()
        seat = state.to_move
        assert seat is not None
        action = choose(state, seat, random.Random(f"{seed}:{index}"))
        out.append(isinstance(action, Play) and action.card in position.winning)
    return out


def score(spec: str, positions: list[Position], seed: int = 0) -> Score:
    """The share of ``positions`` where ``spec`` chooses a card that wins the juego."""
    return Score.of(positions, choices(spec, positions, seed))


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.1%})" if whole else "0/0"


@click.group()
def main() -> None:
    """The juego-critical suite: positions where one card wins the juego and another does not."""


@main.command("generate")
@click.option(
    "--count", type=click.IntRange(1, 100_000), default=240, show_default=True, help="Arrastre positions to find."
)
@click.option(
    "--hard",
    type=click.IntRange(0, 100_000),
    default=80,
    show_default=True,
    help="Of them, at least this many where the points solver's best card does not win the juego.",
)
@click.option(
    "--phase1", type=click.IntRange(0, 100_000), default=80, show_default=True, help="Phase-1 positions to add."
)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--preset", type=click.Choice(sorted(("aragones", "libre-100"))), default="aragones", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=DEFAULT_PATH, show_default=True)
def generate_command(count: int, hard: int, phase1: int, seed: int, preset: str, out: Path) -> None:
    """Find juego-critical positions in heads-up hands played by bots and write them to a JSON file."""
    if hard > count:
        click.echo("--hard must not be more than --count", err=True)
        sys.exit(2)
    positions = list(generate(count, seed, preset, hard))
    positions += list(generate_phase1(phase1, seed, preset))
    save(positions, out, seed)
    click.echo(f"{_summary(positions)} written to {out}")


def _summary(positions: list[Position]) -> str:
    arrastre = [p for p in positions if p.phase == "arrastre"]
    first = sum(p.first_of_juego for p in arrastre)
    hard = sum(not p.points_best_wins for p in positions)
    return (
        f"{len(positions)} juego-critical positions: {len(arrastre)} in the arrastre ({first} in a juego's first "
        f"hand, {len(arrastre) - first} de vueltas), {len(positions) - len(arrastre)} in phase 1 de vueltas; "
        f"{hard} where the card worth the most points does not win the juego"
    )


@main.command("bench")
@click.option(
    "--bots",
    default="normal,hard,expert,coach",
    show_default=True,
    help="Bot specs (as for guinote tournament), and coach for the coach's advice.",
)
@click.option("--suite", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=DEFAULT_PATH)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--limit", type=click.IntRange(1, 100_000), default=None, help="Only the first N positions.")
@click.option(
    "--phase",
    type=click.Choice(["all", "arrastre", "phase1"]),
    default="all",
    show_default=True,
    help="Only the positions of one phase.",
)
def bench_command(bots: str, suite: Path, seed: int, limit: int | None, phase: str) -> None:
    """Print, per bot, the share of the suite's positions where it chooses a card that wins the juego."""
    try:
        positions = load(suite)
    except (ValueError, KeyError, OSError) as exc:
        click.echo(f"cannot read the suite: {exc}", err=True)
        sys.exit(2)
    if phase != "all":
        positions = [p for p in positions if p.phase == phase]
    if limit is not None:
        positions = positions[:limit]
    specs = [s.strip() for s in (bots.split(";") if ";" in bots or ":" in bots else bots.split(",")) if s.strip()]
    try:
        checked = [s for s in specs if s != "coach"]
        if checked:
            spec_list(";".join(checked), players_only=True)
    except ValueError as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    click.echo(_summary(positions))
    for spec in specs:
        won = choices(spec, positions, seed)
        parts = [f"all {_share(sum(won), len(won))}"]
        for phase, label in (("arrastre", "arrastre"), ("phase1", "phase 1")):
            mine = [(p, w) for p, w in zip(positions, won, strict=True) if p.phase == phase]
            if mine:
                parts.append(f"{label} {_share(sum(w for _, w in mine), len(mine))}")
        hard = Score.of(positions, won)
        parts.append(f"where the most points do not win it {_share(hard.hard_wins, hard.hard_total)}")
        click.echo(f"{spec}: wins the juego in " + "; ".join(parts))


if __name__ == "__main__":
    main()
