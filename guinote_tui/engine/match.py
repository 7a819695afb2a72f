"""A match: hands grouped into juegos, juegos into cotos, cotos into the match.

    >>> m = Match(players=2, seed=7)
    >>> m.hand.players, len(m.hand.hands[0])
    (2, 6)
    >>> while not m.is_over:
    ...     if m.hand.is_over:
    ...         _ = m.next_hand()
    ...     else:
    ...         m.apply(m.legal_actions()[0])
    >>> max(m.cotos)
    1

Each hand is dealt from the match's seeded shuffle, or from an explicit deck
order. Scores carry from hand to hand within a juego (de vueltas) and reset
when a juego is won; the first side to ``juegos_per_coto`` juegos wins a coto
and the first to ``cotos_to_win`` cotos wins the match.

A hand that decides nothing (de vueltas, or a libre-100 tie over the target)
carries both totals into the next hand. Under
``next_dealer=last_trick_winner`` the winner of the most recent trick deals
next, also after a hand stopped early (see ``docs/rules-decisions.md``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .cards import Card
from .hand import HandState
from .ledger import HandResult
from .rules import Rules
from .stages import Stage

_OVER = Stage.OVER  # a module constant: faster than the class attribute in the hot path


@dataclass(frozen=True)
class HandRecord:
    """What is needed to replay one hand: its deal and every action taken."""

    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[tuple[int, Action], ...]
    result: HandResult | None


class Match:
    """The sequence of hands of one match, with juegos and cotos."""

    def __init__(
        self,
        players: int = 4,
        rules: Rules | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[int] | None = None,
        events: bool = True,
        carried: tuple[int, int] = (0, 0),
        first_of_juego: bool = True,
    ) -> None:
        """``carried`` and ``first_of_juego``: a match taken up within a juego (one hand of a longer match, on its
        own): the points each side carries into its first hand, and whether that hand is the juego's first."""
        if players not in (2, 4):
            raise ValueError(f"Guiñote is played by 2 or 4 players, not {players}")
        self.players = players
        self.rules = rules or Rules()
        self.seed = seed
        #: Whether each hand records its events (headless self-play may do without).
        self.events = events
        #: What the program playing the match records about its table (bot specs, pace…), kept in
        #: saved histories; the engine never reads it.
        self.table: dict[str, Any] = {}
        self.rng = random.Random(seed)
        drawn_dealer = self.rng.randrange(players)  # always drawn, so the stream stays aligned
        if dealer is None:
            dealer = drawn_dealer
        self.scores: tuple[int, int] = (int(carried[0]), int(carried[1]))  # carried into the juego's next hand
        self.juegos = [0, 0]
        self.cotos = [0, 0]
        self.winner: int | None = None
        self.finished: list[HandRecord] = []
        self.hand = self._deal(dealer, deck, first_of_juego=first_of_juego)

    # -- dealing --------------------------------------------------------------

    def _deal(self, dealer: int, deck: Sequence[int] | None, first_of_juego: bool) -> HandState:
        order = list(range(40))
        self.rng.shuffle(order)  # always shuffled, so a given deck keeps the stream aligned
        if deck is None:
            deck = order
        return HandState(deck, dealer, self.rules, self.players, self.scores, first_of_juego, self.events)

    def next_hand(self, deck: Sequence[int] | None = None) -> HandState:
        """Score the finished hand into the match and deal the next one."""
        hand = self.hand
        if not hand.is_over:
            raise ValueError("the current hand is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        result = hand.result
        assert result is not None
        if self.rules.next_dealer == "last_trick_winner" and hand.last_winner is not None:
            dealer = hand.last_winner
        else:
            dealer = (hand.dealer + 1) % self.players
        self.hand = self._deal(dealer, deck, first_of_juego=result.juego_winner is not None)
        return self.hand

    def _record(self) -> None:
        """Book a finished hand into scores, juegos and cotos (once per hand)."""
        hand = self.hand
        result = hand.result
        assert result is not None
        self.finished.append(HandRecord(hand.dealer, hand.deck, tuple(hand.log), result))
        if result.juego_winner is None:
            self.scores = result.totals
            return
        side = result.juego_winner
        self.scores = (0, 0)
        self.juegos[side] += 1
        if self.juegos[side] >= self.rules.juegos_per_coto:
            self.cotos[side] += 1
            self.juegos = [0, 0]
            if self.cotos[side] >= self.rules.cotos_to_win:
                self.winner = side

    # -- play -----------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self.hand.to_move

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def hand_number(self) -> int:
        return len(self.finished) + (0 if self.hand.is_over else 1)

    def legal_actions(self) -> tuple[Action, ...]:
        return self.hand.legal_actions()

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply an action to the current hand; a hand that ends is booked at once."""
        hand = self.hand
        hand.apply(action, seat)
        if hand.stage is _OVER:
            self._record()

    def take_back(self, upto: int) -> None:
        """Replay the current hand from its deal with only its first ``upto`` actions (an undo).

        Raises ``ValueError`` for a finished hand (it is already booked) or a
        count that is not one of its actions.
        """
        hand = self.hand
        if hand.is_over:
            raise ValueError("a finished hand cannot be taken back")
        if not 0 <= upto <= len(hand.log):
            raise ValueError(f"the hand has {len(hand.log)} actions, not {upto}")
        fresh = HandState(
            hand.deck, hand.dealer, self.rules, self.players, hand.carried, hand.first_of_juego, self.events
        )
        for seat, action in hand.log[:upto]:
            fresh.apply(action, seat)
        self.hand = fresh

    def records(self) -> list[HandRecord]:
        """Every hand so far, the current one last if it is still in play."""
        records = list(self.finished)
        if not self.hand.is_over:
            records.append(HandRecord(self.hand.dealer, self.hand.deck, tuple(self.hand.log), None))
        return records
