"""The daily duplicate: today's deals, heads-up and in pairs, then what hard and the coach made of them.

The screen lists the day's two deals (:mod:`guinote_tui.game.duplicate`):
one not played yet offers its key (``1`` heads-up, ``2`` pairs), which deals
it at the table (:class:`DuplicateTableScreen`, the table's own screen, whose
summary comes back here); one played shows the player's score and, deal by
deal, hard's and the coach's from the same seat with the same cards, each
compared with the player's. The bots replay the deal in a thread worker once
the player's score is kept (a kill before they finish loses only their
scores: they play again when the screen opens next). Under the deals, the
streak and, once the bots have played, the line to share, the same as
``guinote practice --duplicate --plain`` prints. Escape goes back.
"""

from __future__ import annotations

from datetime import date
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from ...coach import CoachBudget
from ...game.duplicate import (
    COACH_PLAY_BUDGET,
    SIZES,
    DayResult,
    Score,
    bot_scores,
    comparison_lines,
    daily_deal,
    day_so_far,
    duplicate_session,
    load_results,
    save_result,
    score_of,
    share_line,
    share_text,
    streak,
    streak_line,
)
from ...game.practice_session import rules_text
from ...game.services import Services
from ...game.session import GameSession, GameSettings
from ...i18n import N_, _
from ..theme import FELT_COLOURS
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall
from .table import TableScreen

__all__ = ["DuplicateScreen", "DuplicateTableScreen"]

FAINT, GOLD = FELT_COLOURS["ink-faint"], FELT_COLOURS["gold"]
#: What the screen is for, under its title.
INTRO = N_(
    "The same deals for everyone today: play each, then see what hard and the coach made "
    "of the same cards from your seat."
)


class DuplicateTableScreen(TableScreen):
    """The table for one deal of the daily duplicate: the hand's summary ends it (no next hand, no deal again)."""

    def _after_summary(self, choice: str | None) -> None:
        self.game.summary_closed(next_hand=False)
        if choice == "quit":
            self.app.exit()
        else:
            self.dismiss(None)


class DuplicateScreen(SizeGuard, Screen[None]):
    """The day's deals, each played once, compared with hard's and the coach's; the streak and the share line."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "play(2)", N_("Heads-up")),
        Binding("2", "play(4)", N_("Pairs")),
        Binding("escape", "back", N_("Back")),
    ]

    def __init__(
        self,
        settings: GameSettings,
        services: Services,
        day: date | None = None,
        budget: CoachBudget = COACH_PLAY_BUDGET,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.services = services
        self.day = day if day is not None else date.today()
        #: What the coach spends on each decision when it replays a deal (the tests spend less).
        self.budget = budget
        #: The rules of the day's deals and the scores so far, by table size.
        self.preset, self.scores = day_so_far(self.day, settings.rules.preset_name)
        #: The table sizes whose deal hard and the coach are replaying now.
        self.replaying: set[int] = set()

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="duplicate-scroll"):
            yield Static(id="duplicate-title")
            yield Static(id="duplicate-body")
        yield GameFooter()

    def on_mount(self) -> None:
        self.show()
        for players in SIZES:
            self._replay_if_due(players)

    def show(self) -> None:
        """Draw the day's deals, the streak and the share line from :attr:`scores`."""
        title = Text(_("The daily duplicate of {day}").format(day=self.day.isoformat()), style=f"bold {GOLD}")
        title.append("\n" + rules_text(self.preset), style=FAINT)
        title.append("\n" + _(INTRO))
        self.query_one("#duplicate-title", Static).update(title)
        body = Text()
        for players in SIZES:
            body.append("\n" if players == SIZES[0] else "\n\n")
            body.append_text(self._table_text(players))
        body.append("\n\n" + streak_line(streak(load_results(), self.day)))
        if any("you" in named for named in self.scores.values()) and not self.replaying:
            body.append("\n" + share_text(share_line(self.day, self.preset, self.scores)), style=GOLD)
        self.query_one("#duplicate-body", Static).update(body)

    def _table_text(self, players: int) -> Text:
        named = self.scores.get(players, {})
        if "you" not in named:
            key = "1" if players == 2 else "2"
            table = _("Heads-up") if players == 2 else _("Pairs")
            return Text(_("{table}: not played yet; press {key} to deal it.").format(table=table, key=key))
        text = Text("\n".join(comparison_lines(players, named)))
        if players in self.replaying:
            text.append("\n" + _("Hard and the coach are playing the same deal from your seat…"), style=FAINT)
        return text

    # -- playing a deal --------------------------------------------------------------------------------------

    def action_play(self, players: int) -> None:
        if "you" in self.scores.get(players, {}):
            self.notify(_("You have played today's deal at this table: come back tomorrow for new ones."))
            return
        session = duplicate_session(self.settings, self.services, daily_deal(self.day, players), self.preset)
        self.app.push_screen(DuplicateTableScreen(session), lambda _result: self._hand_played(players, session))

    def _hand_played(self, players: int, session: GameSession) -> None:
        if not session.hand_over:
            return  # left before the end: the deal waits
        self.scores[players] = {"you": score_of(session.match.hand)}
        self._keep()
        self.show()
        self._replay_if_due(players)

    def _keep(self) -> None:
        if not save_result(DayResult(self.day, self.preset, self.scores)):
            self.notify(_("Today's results could not be saved."), severity="warning", markup=False)

    def _replay_if_due(self, players: int) -> None:
        """Have hard and the coach replay the deal at ``players`` in a worker, once the player has played it."""
        named = self.scores.get(players, {})
        if "you" not in named or ("hard" in named and "coach" in named) or players in self.replaying:
            return
        self.replaying.add(players)
        self.show()
        deal, preset, budget = daily_deal(self.day, players), self.preset, self.budget

        def replay() -> None:
            found = bot_scores(deal, preset, budget)
            if not get_current_worker().is_cancelled:
                self.app.call_from_thread(self._replayed, players, found)

        self.run_worker(replay, thread=True, group=f"duplicate-{players}")

    def _replayed(self, players: int, found: dict[str, Score]) -> None:
        self.replaying.discard(players)
        self.scores[players].update(found)
        self._keep()
        self.show()

    def action_back(self) -> None:
        self.dismiss(None)
