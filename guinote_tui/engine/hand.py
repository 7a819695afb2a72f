"""One hand of Guiñote: deal, phase 1 with the stock, the arrastre, and its score.

A hand is started from a 40-card deck order and a dealer. The order lists
the cards from the top of the pack: the first ``6 × players`` are dealt
(packets of three, or one at a time under ``deal_packet=1``) starting with
the seat after the dealer; the next card is the muestra; the rest are the
stock, drawn in order. The muestra is the last card drawn. A hand can also
start at a position in the middle, from where its cards lie
(:func:`~.layout.lay_out`, through the checked builders of
:mod:`.position`).

Seats are numbered in playing order (counterclockwise); in pairs seats 0 and
2 (side 0) play against 1 and 3 (side 1). In heads-up a seat is its side.

The state changes only through :meth:`HandState.apply`, which refuses an
illegal action with :class:`IllegalAction` naming the rule and leaves the
state untouched.

Turn structure: ``stage`` is a :class:`~.stages.Stage` (play, window,
predraw, over); its docstring says whose decision each one waits for. What a
seat may declare (cantes, tute, the change of the seven) is worked out in
:mod:`.declarations`.

Events. Unless it was made with ``events=False`` (the bots' search makes
thousands of throw-away copies and records nothing), a hand records an
:mod:`event <.events>` for everything that happens, in :attr:`HandState.events`;
:func:`~.events.visible_to` filters them to one seat's knowledge.

Decisions where the rulebook (docs/rules.md) is silent (listed with their tests in
``docs/rules-decisions.md``): the window spans the draw, so a card just drawn
may complete a cante; the winner's partner speaks first and cannot come back
after passing; stage ``predraw`` offers only the swap, cantes wait for the
window after the draw; the tute is not the trick's cante and is declared once
per hand; a tute is four reyes or four of the cante's other card; under
``swap_window=own_turn`` the swap does not use up the turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import PASS, PLAY, SWAP, Action, DeclareTute, Play, Sing, Swap
from .cards import CARD_TEXT, CARDS, Card, Suit
from .declarations import declarations_of, swap_card_of
from .errors import N_, IllegalAction, Refusal
from .events import (
    ArrastreBegun,
    CanteSung,
    CardDrawn,
    CardPlayed,
    Dealt,
    Event,
    HandEnded,
    LastTrickTen,
    MuestraTaken,
    Passed,
    SevenChanged,
    TrickWon,
    TuteDeclared,
    visible_to,
)
from .explain import refusal, why_illegal
from .ledger import Cante, HandResult, SwapMade, Trick
from .masks import rule_tables
from .obligations import Obligation, allowed_cards
from .outcome import LAST_TRICK_POINTS, TUTE_POINTS, capote, judge_hand
from .rules import Rules
from .stages import HAND_SIZE, SUIT_OF, Stage, Termination
from .tricks import reason_of


def side_of(seat: int) -> int:
    """The side (0 or 1) a seat plays for."""
    return seat & 1


# Module constants: an enum member looked up on its class costs a dictionary walk in hot loops.
_PLAY, _WINDOW, _PREDRAW, _OVER = Stage.PLAY, Stage.WINDOW, Stage.PREDRAW, Stage.OVER


class HandState:
    """The full state of one hand (every card known: the referee's view)."""

    __slots__ = (
        "_beaters",
        "_events",
        "_instant",
        "_legal",
        "_played",
        "_points",
        "_record",
        "_tables",
        "cante_points",
        "cante_used",
        "cantes",
        "card_points",
        "carried",
        "dealer",
        "deck",
        "first_of_juego",
        "hands",
        "last_trick_side",
        "last_winner",
        "leader",
        "log",
        "muestra",
        "muestra_card",
        "muestra_taker",
        "players",
        "points",
        "result",
        "rules",
        "stage",
        "stock",
        "sung",
        "swap",
        "to_move",
        "trick",
        "tricks",
        "tricks_won",
        "trump",
        "tute_declared",
        "win_index",
        "window_open",
    )

    def __init__(
        self,
        deck: Sequence[int],
        dealer: int,
        rules: Rules | None = None,
        players: int = 4,
        carried: tuple[int, int] = (0, 0),
        first_of_juego: bool = True,
        events: bool = True,
    ) -> None:
        _check_deal(deck, dealer, players)
        self.rules = rules = rules or Rules()
        self.players = players
        self.dealer = dealer
        self.deck: tuple[Card, ...] = tuple(CARDS[c] for c in deck)
        self.hands: list[list[Card]] = _dealt(self.deck, dealer, players, rules.deal_packet)
        position = HAND_SIZE * players  # the muestra: the card after the hands
        self.muestra: Card | None = self.deck[position]
        self.muestra_card: Card = self.deck[position]
        self.muestra_taker: int | None = None
        self.trump: int = SUIT_OF[self.deck[position]]
        self._tables = tables = rule_tables(rules, self.trump)
        self._beaters = tables.beaters
        self._points = tables.points
        # Stored reversed so that drawing is list.pop().
        self.stock: list[Card] = list(reversed(self.deck[position + 1 :]))
        self.stage = _PLAY
        self.leader = (dealer + 1) % players
        self.to_move: int | None = self.leader
        self.trick: list[Card] = []
        self.win_index = 0
        self.tricks: list[Trick] = []
        self.points = [0, 0]
        self.card_points = [0, 0]
        self.cante_points = [0, 0]
        self.tricks_won = [0, 0]
        self.last_winner: int | None = None
        self.last_trick_side: int | None = None
        self.window_open = False
        self.cante_used = [False] * players
        self.sung = 0  # bit mask of suits sung this hand
        self.cantes: list[Cante] = []
        self.swap: SwapMade | None = None
        self.tute_declared = False
        self.carried = (int(carried[0]), int(carried[1]))
        self.first_of_juego = first_of_juego
        self._instant = rules.vueltas and not first_of_juego
        self.result: HandResult | None = None
        self.log: list[tuple[int, Action]] = []
        self._legal: tuple[Action, ...] | None = None
        # What happened, as plain tuples (event class, fields...): cheap to record; the
        # typed events are built from them when asked for (:attr:`events`).
        self._record: list[tuple[Any, ...]] | None = None
        self._events: list[Event] = []
        self._played = 0  # cards told so far by :attr:`events`
        if events:
            self._record = [(Dealt, dealer, self.muestra_card, tuple(tuple(h) for h in self.hands))]

    # -- queries ------------------------------------------------------------

    @property
    def in_arrastre(self) -> bool:
        """Phase 2: the stock and the muestra are gone."""
        return self.muestra is None

    @property
    def is_over(self) -> bool:
        return self.stage is _OVER

    @property
    def instant_win(self) -> bool:
        """De vueltas: the juego is won the moment a side reaches the target."""
        return self.rules.vueltas and not self.first_of_juego

    @property
    def stock_count(self) -> int:
        """Face-down cards left in the stock (the muestra not counted)."""
        return len(self.stock)

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    def current_trick(self) -> list[tuple[int, Card]]:
        """The cards of the trick in progress with the seat that played each."""
        return [((self.leader + i) % self.players, c) for i, c in enumerate(self.trick)]

    @property
    def events(self) -> list[Event] | None:
        """Everything that happened in this hand, in order (``None`` when the hand records no events).

        The list is shared and grows as the hand goes on: copy it to keep it.
        """
        record = self._record
        if record is None:
            return None
        events = self._events
        players = self.players
        for raw in record[len(events) :]:
            kind = raw[0]
            if kind is CardPlayed:
                # Numbered here: every trick holds one card per seat, in the order played.
                played = self._played + 1
                self._played = played
                events.append(CardPlayed(raw[1], raw[2], (played - 1) // players + 1, (played - 1) % players))
            elif kind is TrickWon:
                _, number, leader, winner, card, cards, points = raw
                seated = tuple(((leader + i) % players, c) for i, c in enumerate(cards))
                why = reason_of(cards, card, self.trump)
                events.append(TrickWon(number, leader, winner, card, seated, points, why))
            else:
                events.append(kind(*raw[1:]))
        return events

    def visible_events(self, seat: int) -> list[Event]:
        """The events ``seat`` may know of (docs/rules.md, section 8); empty when none are recorded."""
        return visible_to(self.events or (), seat)

    def winning_seat(self) -> int | None:
        """Who holds the trick in progress, if a card has been played."""
        return (self.leader + self.win_index) % self.players if self.trick else None

    def total(self, side: int) -> int:
        """Running total: score carried into the hand plus this hand's points."""
        return self.carried[side] + self.points[side]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action ``to_move`` may take now (empty once the hand is over); cached until the next :meth:`apply`."""
        cached = self._legal
        if cached is not None:
            return cached
        legal: list[Action]
        stage = self.stage
        if stage is _PLAY:
            seat = self.to_move
            assert seat is not None
            if self.trick and self.muestra is None:
                cards, _ = self.obligation(seat)
                legal = [PLAY[c] for c in cards]
            else:
                legal = [PLAY[c] for c in self.hands[seat]]
                if not self.trick and self.window_open and seat == self.leader:
                    legal.extend(declarations_of(self, seat))
                if self.rules.swap_window == "own_turn" and self.muestra is not None:
                    swap = swap_card_of(self, seat)
                    if swap is not None:
                        legal.append(SWAP[swap])
        elif stage is _WINDOW:
            assert self.to_move is not None
            legal = declarations_of(self, self.to_move)
            legal.append(PASS)
        elif stage is _PREDRAW:
            assert self.to_move is not None
            swap = swap_card_of(self, self.to_move)
            legal = [SWAP[swap], PASS] if swap is not None else [PASS]
        else:
            legal = []
        self._legal = cached = tuple(legal)
        return cached

    def obligation(self, seat: int) -> tuple[list[Card], Obligation]:
        """In an arrastre trick already led: the cards ``seat`` may play and the rule limiting them."""
        trick = self.trick
        partner_holds = self.players == 4 and (self.leader + self.win_index) % 4 == (seat + 2) % 4
        return allowed_cards(self.hands[seat], SUIT_OF[trick[0]], trick[self.win_index], partner_holds, self._tables)

    def swap_card(self, seat: int) -> Card | None:
        """:func:`~.declarations.swap_card_of` this hand: the card ``seat`` could give for the muestra."""
        return swap_card_of(self, seat)

    # -- changing the state -------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for the seat to move (or check it is ``seat``'s turn).

        Raises :class:`IllegalAction` naming the broken rule; the state is
        then unchanged.
        """
        if seat is not None and seat != self.to_move:
            if self.stage is _OVER:
                raise IllegalAction(Refusal(N_("the hand is over")), action, seat)
            not_yours = Refusal(N_("it is not your turn: seat {seat} is to move"), {"seat": str(self.to_move)})
            raise IllegalAction(not_yours, action, seat)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        try:
            # The engine's own equal action: a card given as a plain int becomes its Card.
            action = legal[legal.index(action)]
        except ValueError:
            refused = self.refusal(action) or Refusal(N_("that is not an action"))
            raise IllegalAction(refused, action, self.to_move) from None
        actor = self.to_move
        assert actor is not None
        self._legal = None
        self.log.append((actor, action))
        kind = type(action)
        if kind is Play:
            self._play(actor, action.card)  # type: ignore[union-attr]
        elif kind is Sing:
            self._sing(actor, action.suit)  # type: ignore[union-attr]
        elif kind is Swap:
            self._swap(actor, action.card)  # type: ignore[union-attr]
        elif kind is DeclareTute:
            self._tute(actor, action.rank)  # type: ignore[union-attr]
        else:
            self._pass(actor)

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        trick = self.trick
        if trick:
            if self._beaters[trick[self.win_index]] >> card & 1:
                self.win_index = len(trick)
        else:
            self.window_open = False
            self.win_index = 0
        record = self._record
        if record is not None:
            record.append((CardPlayed, seat, card))
        trick.append(card)
        if len(trick) == self.players:
            self._finish_trick()
        else:
            self.to_move = (seat + 1) % self.players

    def _finish_trick(self) -> None:
        players = self.players
        winner = (self.leader + self.win_index) % players
        side = winner & 1
        cards = tuple(self.trick)
        self.tricks.append(Trick(self.leader, cards, winner))
        points = self._points
        gained = sum(map(points.__getitem__, cards))
        record = self._record
        if record is not None:
            record.append((TrickWon, len(self.tricks), self.leader, winner, cards[self.win_index], cards, gained))
        self.card_points[side] += gained
        self.points[side] += gained
        self.tricks_won[side] += 1
        self.trick = []
        self.win_index = 0
        self.leader = winner
        self.last_winner = winner
        last = not self.hands[winner] and self.muestra is None
        if last:
            self.points[side] += LAST_TRICK_POINTS
            self.last_trick_side = side
            if record is not None:
                record.append((LastTrickTen, winner, side))
        if self._instant and self.carried[side] + self.points[side] >= self.rules.target:
            self._end(side, Termination.VUELTAS_TRICK, stopped=not last)
            return
        if last:
            self._end(None, None, stopped=False)
            return
        if self.muestra is not None:
            if len(self.stock) == players - 1 and self.rules.swap_window == "after_trick":
                for holder in (winner, (winner + 2) % players):
                    if swap_card_of(self, holder) is not None:
                        self.stage = _PREDRAW
                        self.to_move = holder
                        return
            self._draw(winner)
        self._open_window(winner)

    def _draw(self, winner: int) -> None:
        players = self.players
        record = self._record
        for offset in range(players):
            seat = (winner + offset) % players
            if self.stock:
                card = self.stock.pop()
                self.hands[seat].append(card)
                if record is not None:
                    record.append((CardDrawn, seat, card))
            else:
                muestra = self.muestra
                assert muestra is not None
                self.hands[seat].append(muestra)
                self.muestra = None
                self.muestra_taker = seat
                if record is not None:
                    record.append((MuestraTaken, seat, muestra))
                    record.append((ArrastreBegun, len(self.tricks) + 1))

    def _open_window(self, winner: int) -> None:
        self.window_open = True
        self.cante_used = [False] * self.players
        self.stage = _PLAY
        self.to_move = winner
        if self.players == 4:
            partner = (winner + 2) % 4
            if declarations_of(self, partner):
                self.stage = _WINDOW
                self.to_move = partner

    def _after_declaration(self, seat: int) -> None:
        """A window seat that has nothing left to declare hands over to the leader."""
        if self.stage is _WINDOW and not declarations_of(self, seat):
            self.stage = _PLAY
            self.to_move = self.leader

    def _sing(self, seat: int, suit: int) -> None:
        side = seat & 1
        value = 40 if suit == self.trump else 20
        self.sung |= 1 << suit
        self.cante_used[seat] = True
        self.cantes.append(Cante(seat, Suit(suit), value, len(self.tricks)))
        if self._record is not None:
            self._record.append((CanteSung, seat, Suit(suit), value))
        self.points[side] += value
        self.cante_points[side] += value
        if self.instant_win and self.total(side) >= self.rules.target:
            self._end(side, Termination.VUELTAS_CANTE, stopped=True)
            return
        self._after_declaration(seat)

    def _tute(self, seat: int, rank: int) -> None:
        side = seat & 1
        self.tute_declared = True
        wins = self.rules.tute == "juego"
        if self._record is not None:
            self._record.append((TuteDeclared, seat, rank, 0 if wins else 40))
        if wins:
            self._end(side, Termination.TUTE, stopped=True)
            return
        self.points[side] += TUTE_POINTS
        self.cante_points[side] += TUTE_POINTS
        if self.instant_win and self.total(side) >= self.rules.target:
            self._end(side, Termination.VUELTAS_TUTE, stopped=True)
            return
        self._after_declaration(seat)

    def _swap(self, seat: int, card: Card) -> None:
        muestra = self.muestra
        assert muestra is not None
        hand = self.hands[seat]
        hand.remove(card)
        hand.append(muestra)
        self.swap = SwapMade(seat, card, muestra)
        if self._record is not None:
            self._record.append((SevenChanged, seat, card, muestra))
        self.muestra = card
        self.muestra_card = card
        if self.stage is _PREDRAW:
            self._continue_after_predraw()
        else:
            self._after_declaration(seat)

    def _pass(self, seat: int) -> None:
        if self._record is not None:
            self._record.append((Passed, seat))
        if self.stage is _PREDRAW:
            self._continue_after_predraw()
        else:
            self.stage = _PLAY
            self.to_move = self.leader

    def _continue_after_predraw(self) -> None:
        self._draw(self.leader)
        self._open_window(self.leader)

    # -- the end of the hand --------------------------------------------------

    def _end(self, juego_winner: int | None, reason: Termination | None, stopped: bool) -> None:
        capote_side: int | None = None
        bonus = 0
        if not stopped:
            capote_side, bonus = capote(self.rules, (1 if self.tricks_won[0] else 0) | (2 if self.tricks_won[1] else 0))
            if capote_side is not None:
                self.points[capote_side] += bonus
        totals = (self.total(0), self.total(1))
        denied: list[int] = []
        if reason is None:
            juego_winner, reason, denied = self._judge(totals)
        self.stage = _OVER
        self.to_move = None
        self._legal = None
        self.result = HandResult(
            card_points=(self.card_points[0], self.card_points[1]),
            last_trick_side=self.last_trick_side,
            cante_points=(self.cante_points[0], self.cante_points[1]),
            capote_side=capote_side,
            capote_bonus=bonus,
            points=(self.points[0], self.points[1]),
            carried=self.carried,
            totals=totals,
            juego_winner=juego_winner,
            reason=reason,
            first_of_juego=self.first_of_juego,
            stopped_early=stopped,
            treinta_malas_denied=tuple(denied),
            last_trick_winner=self.last_winner,
        )
        if self._record is not None:
            self._record.append((HandEnded, self.result))

    def _judge(self, totals: tuple[int, int]) -> tuple[int | None, Termination, list[int]]:
        """Who wins the juego when a hand is played to the end."""
        malas = tuple(
            self.card_points[side] + (LAST_TRICK_POINTS if self.last_trick_side == side else 0) for side in (0, 1)
        )
        return judge_hand(self.rules, totals, (malas[0], malas[1]), self.last_trick_side, self.first_of_juego)

    # -- explanations ---------------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        """The rule ``action`` breaks now, in words (for a legal action: ``""``)."""
        return why_illegal(self, action)

    def refusal(self, action: Action) -> Refusal | None:
        """The rule ``action`` breaks now as a template and its parameters, to translate (None when legal)."""
        return refusal(self, action)

    # -- copies ---------------------------------------------------------------

    def copy(self, events: bool = False) -> HandState:
        """An independent copy (for search): same position, separate lists.

        The copy records no events unless ``events`` is true (then it starts
        from a copy of this hand's events).
        """
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.points = list(self.points)
        other.card_points = list(self.card_points)
        other.cante_points = list(self.cante_points)
        other.tricks_won = list(self.tricks_won)
        other.cante_used = list(self.cante_used)
        other.cantes = list(self.cantes)
        other.log = list(self.log)
        other._record = list(self._record) if events and self._record is not None else None
        other._events = list(self._events) if other._record is not None else []
        other._played = self._played if other._record is not None else 0
        other._legal = None
        return other

    def all_cards(self) -> list[Card]:
        """Every card somewhere in the hand (hands, trick, tricks, stock, muestra)."""
        cards: list[Card] = [c for h in self.hands for c in h]
        cards.extend(self.trick)
        for trick in self.tricks:
            cards.extend(trick.cards)
        cards.extend(self.stock)
        if self.muestra is not None:
            cards.append(self.muestra)
        return cards

    def describe(self) -> dict[str, Any]:
        """A plain summary for logs and debugging."""
        return {
            "stage": self.stage,
            "to_move": self.to_move,
            "hands": [[CARD_TEXT[c] for c in h] for h in self.hands],
            "muestra": CARD_TEXT[self.muestra] if self.muestra is not None else None,
            "stock": len(self.stock),
            "trick": [CARD_TEXT[c] for c in self.trick],
            "points": list(self.points),
        }


def _check_deal(deck: Sequence[int], dealer: int, players: int) -> None:
    """``ValueError`` unless the table has 2 or 4 players, the deck each card once, the dealer a seat."""
    if players not in (2, 4):
        raise ValueError(f"Guiñote is played by 2 or 4 players, not {players}")
    if sorted(deck) != list(range(40)):
        raise ValueError("a deck order must hold each of the 40 cards exactly once")
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")


def _dealt(deck: tuple[Card, ...], dealer: int, players: int, packet: int) -> list[list[Card]]:
    """The hands dealt from the top of ``deck``: ``packet`` cards a seat at a time, from the dealer's right."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for _ in range(HAND_SIZE // packet):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].extend(deck[position : position + packet])
            position += packet
    return hands
