"""The game the interface drives: a match, the bots in their seats, the event log.

This module holds no widgets: it turns settings into a :class:`~guinote_tui.engine.Match`
with one bot per bot seat, hands each bot only its seat's view, and words
what happened for the log, using only what the human seat may see.

    >>> session = GameSession(GameSettings(players=2, level="random", seed=3))
    >>> session.names
    ('You', 'Rival')
    >>> len(session.view().hand)
    6
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..ai import Bot, bot_names, make_bot
from ..engine import (
    Action,
    Card,
    DeclareTute,
    HandResult,
    HandState,
    Match,
    Pass,
    Play,
    Rules,
    SeatView,
    Sing,
    Stage,
    Swap,
    parse_deck,
    seat_view,
)
from .cardart import SUIT_LIGHT

HUMAN = 0


def card_markup(card: Card | None) -> str:
    """A card's notation in its suit's colour, bold, for the log (``12E``)."""
    if card is None:
        return "?"
    return f"[b {SUIT_LIGHT[card.suit]}]{card}[/]"


PAIR_NAMES = ("You", "Right", "Partner", "Left")
HEADS_UP_NAMES = ("You", "Rival")


def offered_levels() -> list[str]:
    """Bot levels a player may choose, weakest first (``random`` if none is offered yet)."""
    return bot_names(offered_only=True) or ["random"]


def default_level() -> str:
    """``normal`` when it exists, otherwise the strongest level offered."""
    levels = offered_levels()
    return "normal" if "normal" in levels else levels[-1]


@dataclass
class GameSettings:
    """Everything the start screen chooses; tests add a fixed deck and dealer."""

    players: int = 4
    level: str = field(default_factory=default_level)
    partner_level: str | None = None
    rules: Rules = field(default_factory=Rules)
    seed: int | None = None
    delay: float = 0.6
    decks: tuple[tuple[Card, ...], ...] = ()
    dealer: int | None = None

    def level_of(self, seat: int) -> str:
        """The bot level sitting at ``seat`` (the partner may differ in pairs)."""
        if self.players == 4 and seat == 2 and self.partner_level:
            return self.partner_level
        return self.level


def parse_decks(decks: Sequence[str | Sequence[int]] | str | None) -> tuple[tuple[Card, ...], ...]:
    """Explicit deck orders (top card first) for the first hands, in notation or as cards."""
    if decks is None:
        return ()
    if isinstance(decks, str):
        decks = [decks]
    return tuple(tuple(parse_deck(d) if isinstance(d, str) else parse_deck([str(Card(c)) for c in d])) for d in decks)


class GameSession:
    """A match between the human at seat 0 and bots at every other seat."""

    def __init__(self, settings: GameSettings, match: Match | None = None) -> None:
        self.settings = settings
        if match is None:
            seed = settings.seed if settings.seed is not None else random.randrange(1_000_000)
            settings.seed = seed
            first_deck = settings.decks[0] if settings.decks else None
            match = Match(settings.players, settings.rules, seed=seed, dealer=settings.dealer, deck=first_deck)
        else:
            settings.players = match.players
            settings.rules = match.rules
            if settings.seed is None:
                settings.seed = match.seed
        self.match = match
        self.players = match.players
        self.names: tuple[str, ...] = PAIR_NAMES if self.players == 4 else HEADS_UP_NAMES
        base_seed = settings.seed if settings.seed is not None else 0
        self.bots: dict[int, Bot] = {seat: make_bot(settings.level_of(seat)) for seat in range(1, self.players)}
        self.rngs: dict[int, random.Random] = {
            seat: random.Random(base_seed * 16 + seat) for seat in range(1, self.players)
        }
        self.events: list[str] = []
        self.hand_events_start = 0
        self._note_deal()
        if match.hand.log:
            self._retell_hand()

    # -- what the human may see ----------------------------------------------

    def view(self) -> SeatView:
        """The human seat's view: the only game state the table shows."""
        return seat_view(self.match.hand, HUMAN)

    def view_for(self, seat: int) -> SeatView:
        return seat_view(self.match.hand, seat)

    @property
    def hand_over(self) -> bool:
        return self.match.hand.is_over

    @property
    def result(self) -> HandResult | None:
        return self.match.hand.result

    @property
    def human_to_move(self) -> bool:
        return self.match.hand.to_move == HUMAN

    @property
    def bot_to_move(self) -> int | None:
        seat = self.match.hand.to_move
        return seat if seat is not None and seat != HUMAN else None

    def side_name(self, side: int) -> str:
        if self.players == 2:
            return "You" if side == 0 else "Rival"
        return "Us" if side == 0 else "Them"

    def side_does(self, side: int, verb: str) -> str:
        """``We win``, ``They win``, ``You win``, ``Rival wins``: a side as the subject."""
        if self.players == 2:
            return f"You {verb}" if side == 0 else f"Rival {verb}s"
        return f"We {verb}" if side == 0 else f"They {verb}"

    def why_illegal(self, action: Action) -> str:
        """The engine's words for a refused action of the human seat."""
        hand = self.match.hand
        if hand.to_move != HUMAN:
            return "wait for your turn" if not hand.is_over else "the hand is over"
        return hand.why_illegal(action)

    # -- moves ------------------------------------------------------------------

    def think(self, seat: int, view: SeatView) -> Action:
        """Ask the bot at ``seat`` for an action (runs in a worker thread).

        A bot that fails or returns an illegal action must not stop the game:
        the first legal action is taken instead.
        """
        bot = self.bots[seat]
        try:
            action = bot.choose(view, self.rngs[seat])
        except Exception:  # a broken bot must not end the player's game
            return view.legal[0]
        return action if action in view.legal else view.legal[0]

    def apply(self, seat: int, action: Action) -> list[str]:
        """Apply one action (refused with :class:`IllegalAction`); returns the new log lines."""
        before = self.view()
        self.match.apply(action, seat)
        after = self.view()
        lines = self._describe(seat, action, before, after)
        self.events.extend(lines)
        return lines

    def next_hand(self) -> None:
        """Deal the next hand of the match (a given deck order is used if the test supplied one)."""
        number = len(self.match.finished)
        deck = self.settings.decks[number] if number < len(self.settings.decks) else None
        self.match.next_hand(deck)
        self._note_deal()

    # -- the log ------------------------------------------------------------------

    def _note_deal(self) -> None:
        hand = self.match.hand
        # Numbered at the deal, so the status bar keeps them while a finished hand is summed up.
        self.coto_number, self.juego_number = self._numbers_at_deal()
        self.hand_events_start = len(self.events)
        view = self.view()
        dealer = self.names[view.dealer]
        line = f"Hand {self.match.hand_number}: {dealer} {'deal' if view.dealer == HUMAN else 'deals'}"
        self.events.append(f"[b]{line}[/b]; muestra {card_markup(view.muestra_card)}")
        if not hand.first_of_juego:
            carried = hand.carried
            self.events.append(f"De vueltas: {carried[0]}–{carried[1]} carried")

    def _numbers_at_deal(self) -> tuple[int, int]:
        """The coto and juego the current hand belongs to, counted from the hands before it.

        (A resumed match may be saved after its current hand has already been
        booked into the juegos and cotos.)
        """
        match = self.match
        earlier = match.finished
        if match.hand.is_over and earlier and earlier[-1].result is match.hand.result:
            earlier = earlier[:-1]
        juegos = [0, 0]
        cotos = [0, 0]
        for record in earlier:
            side = record.result.juego_winner if record.result is not None else None
            if side is None:
                continue
            juegos[side] += 1
            if juegos[side] >= match.rules.juegos_per_coto:
                cotos[side] += 1
                juegos = [0, 0]
        return sum(cotos) + 1, sum(juegos) + 1

    def _retell_hand(self) -> None:
        """Rebuild the log of a resumed hand's moves, from the player's view only."""
        hand = self.match.hand
        replay = HandState(hand.deck, hand.dealer, hand.rules, hand.players, hand.carried, hand.first_of_juego)
        for seat, action in hand.log:
            before = seat_view(replay, HUMAN)
            replay.apply(action, seat)
            self.events.extend(self._describe(seat, action, before, seat_view(replay, HUMAN)))

    def _describe(self, seat: int, action: Action, before: SeatView, after: SeatView) -> list[str]:
        name = self.names[seat]
        lines: list[str] = []
        kind = type(action)
        if kind is Sing:
            assert isinstance(action, Sing)
            points = 40 if action.suit == before.trump else 20
            lines.append(f"{name} {'sing' if seat == HUMAN else 'sings'} [b]{points}[/b] in {action.suit.title}")
        elif kind is Swap:
            assert isinstance(action, Swap)
            taken = before.muestra
            verb = "change" if seat == HUMAN else "changes"
            given = card_markup(action.card)
            lines.append(f"{name} {verb} the {given} for the muestra {card_markup(taken)}")
        elif kind is DeclareTute:
            assert isinstance(action, DeclareTute)
            ranks = {12: "Reyes", 10: "Sotas", 11: "Caballos"}.get(action.rank, f"{action.rank}s")
            lines.append(f"{name} {'declare' if seat == HUMAN else 'declares'} [b]tute[/b] ({ranks})")
        elif kind is Pass and seat == HUMAN:
            lines.append("You pass")
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            points = sum(after.rules.rank_points()[card.rank] for card in trick.cards)
            winner = "you" if trick.winner == HUMAN else self.names[trick.winner]
            lines.append(f"Trick {len(after.tricks)} to {winner}, +{points}")
        if kind is Play or kind is Swap or kind is Pass:
            drawn = [c for c in after.hand if c not in before.hand and not (kind is Swap and c == before.muestra)]
            if drawn and (len(after.tricks) > len(before.tricks) or before.stage is Stage.PREDRAW):
                lines.append(f"You draw {' '.join(card_markup(c) for c in drawn)}")
            if before.muestra is not None and after.muestra is None and after.muestra_taker is not None:
                taker = self.names[after.muestra_taker]
                lines.append(f"{taker} {'take' if after.muestra_taker == HUMAN else 'takes'} the muestra")
                lines.append("[b]Arrastre[/b]: follow suit and beat")
        result = self.match.hand.result
        if result is not None:
            lines.extend(self.result_lines(result))
        return lines

    def result_lines(self, result: HandResult) -> list[str]:
        if result.juego_winner is None:
            goes_on = "de vueltas" if self.match.rules.vueltas else "the juego goes on"
            return [f"Hand over {result.totals[0]}–{result.totals[1]}: {goes_on}"]
        return [f"Hand over: {self.side_does(result.juego_winner, 'win')} the juego"]

    def hand_events(self) -> list[str]:
        return self.events[self.hand_events_start :]


#: Stages where the seat asked is chosen by its private cards (a pair to sing, the seven to
#: change): the others must not see who is asked, nor wait longer when someone is.
PRIVATE_STAGES = (Stage.WINDOW, Stage.PREDRAW)


def shown_to_move(view: SeatView) -> int | None:
    """The seat the player is shown as deciding, from the player's ``view``.

    While another seat decides a window or the swap before the last draw,
    that it was asked at all tells what it holds (RULES.md section 8), so the
    seat shown is the trick's winner, who leads next, as if nobody were asked.
    """
    if view.stage in PRIVATE_STAGES and view.to_move != view.seat:
        return view.leader
    return view.to_move


def bot_pause(view: SeatView, delay: float) -> float:
    """Seconds a bot's move takes on screen: none for a window or the swap before the draw.

    Those decisions are made at once so that a seat being asked costs no
    visible time; the pause after a finished trick belongs to the next lead.
    """
    if view.stage in PRIVATE_STAGES:
        return 0.0
    if not view.trick and view.tricks:
        return delay * 1.6  # let the player see the finished trick before it is cleared
    return delay


def think_with_delay(session: GameSession, seat: int, view: SeatView, delay: float, cancelled: object) -> Action:
    """Think, then wait out what is left of ``delay`` unless ``cancelled`` (an Event) is set."""
    started = time.monotonic()
    action = session.think(seat, view)
    remaining = delay - (time.monotonic() - started)
    if remaining > 0:
        wait = getattr(cancelled, "wait", None)
        if wait is not None:
            wait(remaining)
    return action
