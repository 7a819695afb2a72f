"""Playing a tournament: deals, seating, seeds, timing, worker processes.

A **deal** is one deck order and dealer derived from ``(seed, deal index)``,
played as the first hand of a juego. When that hand ends de vueltas, the
juego is finished with further hands whose decks are derived from ``(seed,
deal index, hand number)`` (the same in both runs of a duplicate deal), so
every game decides one juego. The point difference of a game is side A's
hand points minus side B's in the first hand (cards + cantes + last ten, and
capote where the rules have it). docs/dev/tournaments.md says more.

Everything random is seeded from the tournament seed and the deal index, so
the results do not depend on how deals are shared among worker processes.

The bots are made from their specs by :func:`~guinote_tui.ai.make_bot`, or
by the maker the command passes on (``guinote tournament`` adds programs,
``program:COMMAND``, from :mod:`guinote_tui.net.external`); a bot that
follows the game as a seat at a table does (:class:`SeatedBot`) is seated
before the game and told its end.
"""

from __future__ import annotations

import random
import time
from array import array
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from ..ai import Bot, BotError, decide, make_bot
from ..engine import IllegalAction, Match, Rules, side_of

#: A juego still open after this many hands (a tie repeated again and
#: again under libre-100) counts half to each side.
MAX_HANDS_PER_JUEGO = 8


class TournamentError(Exception):
    """A tournament that cannot run or went wrong; the message is one line."""


#: Makes a bot from its spec; :func:`~guinote_tui.ai.make_bot` unless the command knows more specs (a program's).
BotMaker = Callable[[str], Bot]


@runtime_checkable
class SeatedBot(Protocol):
    """A bot told the game as a table tells a seat (a program: :mod:`guinote_tui.net.external`).

    It is seated before the game's first decision (the hands then record their events, for it to pass on what
    its seat may know), told when the game is over, and closed in any case. Being seated or asked for an
    action, it may fail with a :class:`~guinote_tui.ai.BotError`, which stops the tournament with its line.
    """

    def sit(self, match: Match, seat: int) -> None: ...

    def stand(self) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class TournamentConfig:
    """What decides every figure of a tournament (not how it is run)."""

    a: str
    b: str
    players: int = 2
    rules: Rules = field(default_factory=Rules)
    deals: int = 100
    seed: int = 0
    duplicate: bool = True

    @property
    def runs(self) -> int:
        """Games per deal: two with duplicate (sides swapped), else one."""
        return 2 if self.duplicate else 1

    def a_side(self, deal: int, run: int) -> int:
        """The side A sits on: swapped between duplicate runs, else alternating by deal."""
        return run if self.duplicate else deal % 2


@dataclass(frozen=True)
class GameResult:
    """One game of a deal, seen from A."""

    point_diff: int  # A's first-hand points minus B's
    a_juego: float  # 1 A won the juego, 0 B won it, 0.5 never decided
    hands: int


@dataclass
class Chunk:
    """What a worker sends back: games per deal and raw decision times."""

    deals: list[tuple[int, list[GameResult]]]
    times: dict[str, array[float]]  # spec -> seconds per decision


def deal_order(seed: int, deal: int, hand: int, players: int) -> tuple[list[int], int]:
    """The deck order (top first) and dealer of hand ``hand`` of deal ``deal``."""
    rng = random.Random(f"guinote-deal:{seed}:{deal}:{hand}")
    order = list(range(40))
    rng.shuffle(order)
    return order, rng.randrange(players)


def bot_rng(seed: int, deal: int, seat: int, run: int) -> random.Random:
    """Each bot's own generator for one game."""
    return random.Random(f"guinote-bot:{seed}:{deal}:{seat}:{run}")


def play_game(
    config: TournamentConfig, deal: int, run: int, times: dict[str, array[float]], make: BotMaker = make_bot
) -> GameResult:
    """Play one game of a deal (until its juego is decided), timing each decision."""
    players = config.players
    specs = [config.a if side_of(seat) == config.a_side(deal, run) else config.b for seat in range(players)]
    bots: list[Bot] = [make(spec) for spec in specs]
    seated = [(seat, bot) for seat, bot in enumerate(bots) if isinstance(bot, SeatedBot)]
    deck, dealer = deal_order(config.seed, deal, 0, players)
    # Headless: unless a seated bot passes them on, no bot reads the hands' events, so none are recorded.
    match = Match(players, config.rules, seed=0, dealer=dealer, deck=deck, events=bool(seated))
    try:
        for seat, bot in seated:
            try:
                bot.sit(match, seat)
            except BotError as exc:
                raise _failure(specs, deal, seat, exc) from None
        result = _play(config, deal, run, times, specs, bots, match)
        for _, bot in seated:
            bot.stand()
        return result
    finally:
        for _, bot in seated:
            bot.close()


def _failure(specs: list[str], deal: int, seat: int, error: BotError) -> TournamentError:
    return TournamentError(f"bot {specs[seat]!r} failed (deal {deal}, seat {seat}): {error}")


def _play(
    config: TournamentConfig,
    deal: int,
    run: int,
    times: dict[str, array[float]],
    specs: list[str],
    bots: list[Bot],
    match: Match,
) -> GameResult:
    players = config.players
    a_side = config.a_side(deal, run)
    rngs = [bot_rng(config.seed, deal, seat, run) for seat in range(players)]
    clocks = [times.setdefault(spec, array("d")) for spec in specs]
    point_diff = 0
    hands = 0
    perf_counter = time.perf_counter
    while True:
        hand = match.hand
        while not hand.is_over:
            seat = hand.to_move
            assert seat is not None
            started = perf_counter()
            try:
                action = decide(bots[seat], hand, seat, rngs[seat])
            except BotError as exc:
                raise _failure(specs, deal, seat, exc) from None
            clocks[seat].append(perf_counter() - started)
            try:
                match.apply(action)
            except IllegalAction as exc:
                raise TournamentError(
                    f"bot {specs[seat]!r} chose an illegal action {action} (deal {deal}, seat {seat}): {exc}"
                ) from None
        hands += 1
        result = hand.result
        assert result is not None
        if hands == 1:
            point_diff = result.points[a_side] - result.points[1 - a_side]
        if result.juego_winner is not None:
            return GameResult(point_diff, 1.0 if result.juego_winner == a_side else 0.0, hands)
        if hands >= MAX_HANDS_PER_JUEGO:
            return GameResult(point_diff, 0.5, hands)
        match.next_hand(deck=deal_order(config.seed, deal, hands, players)[0])


def play_deals(config: TournamentConfig, deals: Sequence[int], make: BotMaker = make_bot) -> Chunk:
    """Play every game of the given deals (what one worker does with one chunk)."""
    times: dict[str, array[float]] = {}
    played = [(deal, [play_game(config, deal, run, times, make) for run in range(config.runs)]) for deal in deals]
    return Chunk(played, times)


def _chunks(deals: int, size: int) -> list[range]:
    return [range(start, min(start + size, deals)) for start in range(0, deals, size)]


def check_specs(config: TournamentConfig, make: BotMaker = make_bot) -> None:
    """Make each bot once so a bad spec fails before any game is played."""
    for spec in (config.a, config.b):
        try:
            make(spec)
        except (ValueError, TypeError) as exc:
            raise TournamentError(str(exc)) from None


def run_chunks(
    config: TournamentConfig,
    jobs: int = 1,
    on_deals: Callable[[int], None] | None = None,
    make: BotMaker = make_bot,
) -> Iterator[Chunk]:
    """Play all deals, in ``jobs`` processes, yielding chunks as they finish.

    ``make`` makes each game's bots from their specs; with ``jobs`` above 1 it is sent to the worker
    processes, so it is a module's function (or a :func:`functools.partial` of one).
    """
    if jobs < 1:
        raise TournamentError("--jobs must be at least 1")
    check_specs(config, make)
    if jobs == 1:
        for chunk_deals in _chunks(config.deals, 1):
            chunk = play_deals(config, chunk_deals, make)
            if on_deals is not None:
                on_deals(len(chunk.deals))
            yield chunk
        return
    # Small chunks keep the progress bar moving and the processes evenly busy.
    size = max(1, min(25, config.deals // (jobs * 16)))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending = [pool.submit(play_deals, config, chunk_deals, make) for chunk_deals in _chunks(config.deals, size)]
        try:
            for future in pending:
                chunk = future.result()
                if on_deals is not None:
                    on_deals(len(chunk.deals))
                yield chunk
        except BaseException:
            for future in pending:
                future.cancel()
            raise
