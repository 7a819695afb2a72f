"""The review of the hand just played: each of the player's decisions priced by the coach.

The coach looks at each decision from the player's view at that moment (what
the player knew then), so a card that only hindsight shows to be wrong is
not blamed. The review runs in a worker thread; the costly decisions are
listed, dearest first, with the better move and its reason.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static
from textual.worker import get_current_worker

from ...coach import advise
from ...engine import Action, HandState, Play, seat_view
from ..narration import HUMAN, card_name_markup
from ..session import GameSession
from ..widgets.notice import SizeGuard, TooSmall

#: Decisions that cost less than this (points of the hand) are not listed as mistakes.
COSTLY = 0.5


@dataclass(frozen=True)
class Reviewed:
    """One of the player's decisions in the hand, priced."""

    trick: int
    played: Action
    best: Action
    cost: float
    reason: str


def review_hand(session: GameSession, seed: int = 0) -> list[Reviewed]:
    """Every decision the player took in the current (finished) hand, from their view at the time."""
    hand = session.match.hand
    replay = HandState(hand.deck, hand.dealer, hand.rules, hand.players, hand.carried, hand.first_of_juego, False)
    out: list[Reviewed] = []
    for index, (seat, action) in enumerate(hand.log):
        if seat == HUMAN and len(replay.legal_actions()) > 1:
            advice = advise(seat_view(replay, HUMAN, events=False), random.Random(seed * 1_000 + index))
            out.append(
                Reviewed(len(replay.tricks) + 1, action, advice.action, advice.cost(action), advice.reason.text)
            )
        replay.apply(action, seat)
    return out


def _words(action: Action) -> str:
    return card_name_markup(action.card) if isinstance(action, Play) else str(action)


class ReviewScreen(SizeGuard, ModalScreen[None]):
    """The hand's review, dearest mistakes first; Escape goes back to the summary."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,v,q", "close", "Back")]

    def __init__(self, session: GameSession) -> None:
        super().__init__(classes="dialog-screen")
        self.session = session
        self.reviewed: list[Reviewed] | None = None

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog history"):
            yield Label(f"Hand {self.session.match.hand_number}: the coach's review", classes="dialog-title")
            with VerticalScroll(id="review-scroll"):
                yield Static("[dim]The coach is going through your decisions…[/dim]", id="review-body")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#review-scroll").focus()
        self.run_worker(self._review, thread=True, group="coach", exclusive=True)

    def _review(self) -> None:
        reviewed = review_hand(self.session, seed=self.session.seed or 0)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_review, reviewed)

    def show_review(self, reviewed: list[Reviewed]) -> None:
        self.reviewed = reviewed
        costly = sorted((r for r in reviewed if r.cost >= COSTLY), key=lambda r: -r.cost)
        total = sum(r.cost for r in reviewed)
        lines = [
            f"{len(reviewed)} decisions with a choice; {len(costly)} cost points. "
            f"Total: [b]{total:.1f}[/b] points of the hand against the coach's play."
        ]
        if not costly:
            lines.append("\nNothing to regret: every choice was as good as the coach's.")
        for r in costly:
            lines.append(
                f"\n[b]Trick {r.trick}[/b]: you played {_words(r.played)}; better {_words(r.best)} "
                f"([b]−{r.cost:.1f}[/b]).\n  {r.reason}"
            )
        self.query_one("#review-body", Static).update(Text.from_markup("\n".join(lines)))

    def action_close(self) -> None:
        self.dismiss(None)
