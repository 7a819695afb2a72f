"""The game the interface drives: a match, the bots in their seats, the log.

This module holds no widgets: it turns settings into a :class:`~guinote_tui.engine.Match`
with one bot per bot seat, hands each bot only its seat's view, and keeps the
log, told by :mod:`.narration` from the events the player's seat may know.
When a bot's move is shown is :mod:`.pacing`'s job.

    >>> session = GameSession(GameSettings(players=2, level="random", seed=3))
    >>> session.names
    ('You', 'Rival')
    >>> len(session.view().hand)
    6
    >>> session.log[0]
    '[b]Hand 1: You deal[/b]; muestra [b #f2c94c]Dos de Oros[/]'
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ai import Bot, make_bot
from ..coach import COACH_BUDGET, COACH_SEED, Advice, CoachBudget, advise, decision_rng
from ..coach.ahead import HandSpec, Progress, ReviewAhead, Reviewed, advise_at, review_hand
from ..engine import (
    Action,
    HandResult,
    Match,
    SeatView,
    history_dict,
    load_history,
    seat_view,
    visible_to,
)
from ..i18n import _
from ..present.refusals import refusal_text
from ..present.vocabulary import action_words
from ..records import Statistics, TableInfo, new_match_key
from .coachmemo import CoachMemo, Position, position_of
from .mistakes import graded_decisions
from .narration import HEADS_UP_NAMES, HUMAN, PAIR_NAMES, Narrator, card_name_markup
from .resume import Keeper
from .services import NO_SERVICES, NO_STACK, Services, StackedDeal
from .settings import GameSettings

logger = logging.getLogger(__name__)

__all__ = ["HUMAN", "BotMove", "GameSession", "GameSettings"]


@dataclass(frozen=True)
class BotMove:
    """A bot's decision; ``problem`` says what went wrong when the bot failed and a stand-in move was made."""

    action: Action
    problem: str | None = None


def recorded_from(match: Match) -> int:
    """The first hand of ``match`` its statistics record (``"recorded_from"`` in its table; 1 when not marked).

    The hand after the one in play leaves that one unrecorded too (a deal played again: its first playing is
    recorded). A mark that is neither (a file changed by hand) records only the hands played from now.
    """
    mark = match.table.get("recorded_from", 1)
    first_new = len(match.finished) + 1
    in_play = 0 if match.hand.is_over else 1
    if isinstance(mark, int) and not isinstance(mark, bool) and 1 <= mark <= first_new + in_play:
        return mark
    return first_new


def _match_and_seed(settings: GameSettings, match: Match | None, stacked: StackedDeal) -> tuple[Match, int | None]:
    """The match to play (a new one dealt from the settings, or ``match`` with the settings made to follow it)
    and the seed it was dealt from."""
    if match is None:
        seed = settings.seed if settings.seed is not None else random.randrange(1_000_000)
        return Match(settings.players, settings.rules, seed=seed, dealer=stacked.dealer, deck=stacked.deck(0)), seed
    settings.players = match.players
    settings.rules = match.rules
    return match, settings.seed if settings.seed is not None else match.seed


class GameSession:
    """A match between the human at seat 0 and bots at every other seat.

    ``services`` (:class:`~.services.Services`) names the side jobs the
    session runs, built here and nowhere else: :attr:`ahead` analyses the
    player's decisions for the review (None: the review is made on the spot,
    with :attr:`review_budget`), :attr:`stats` records finished hands in
    ``stats``, the statistics the app opened (None: not recorded),
    :attr:`keeper` keeps the match in progress (None: not kept). Each catches
    up at once with a continued match. ``stacked``: a deal chosen in advance
    (:class:`~.services.StackedDeal`).
    """

    def __init__(
        self,
        settings: GameSettings,
        match: Match | None = None,
        *,
        services: Services = NO_SERVICES,
        stats: Statistics | None = None,
        stacked: StackedDeal = NO_STACK,
    ) -> None:
        self.settings = settings
        #: The side jobs this session runs (none by default: a session on its own only plays).
        self.services = services
        #: The deal chosen in advance for this match's first hands (also for the same deal played again).
        self.stacked = stacked
        match, seed = _match_and_seed(settings, match, stacked)
        #: The seed this match was dealt from (shown, so that a deal can be played again).
        self.seed: int | None = seed
        self.match = match
        #: Undo (or, later, hints) was used in this match: its results are not the player's alone.
        self.assisted = bool(match.table.get("assisted", False)) or settings.open_hands
        #: The match's key in the statistics (kept in its history, so a continued match goes on under it).
        self.stats_key = str(match.table.get("stats_key") or new_match_key())
        #: Hands of the match played before this session's first (a hand of a table of people, reviewed alone).
        self.hands_before = 0
        #: The first hand of the match the statistics record: the hands before it were loaded from a history,
        #: not played here (:func:`.launch.prepare` marks a history loaded with ``--load``; the mark is kept).
        self.recorded_from = recorded_from(match)
        #: Where finished hands are recorded (None: not recorded; the app opens the file once for all sessions).
        self.stats = stats if services.record_stats else None
        match.table = self.table_record()
        self.players = match.players
        #: The seats' names in English (kept so in saved histories); shown translated, ``_(name)``.
        self.names: tuple[str, ...] = PAIR_NAMES if self.players == 4 else HEADS_UP_NAMES
        self.narrator = Narrator(self.names, match.rules)
        base_seed = seed if seed is not None else 0
        self.bots: dict[int, Bot] = {seat: make_bot(settings.level_of(seat)) for seat in range(1, self.players)}
        self.rngs: dict[int, random.Random] = {
            seat: random.Random(base_seed * 16 + seat) for seat in range(1, self.players)
        }
        #: Analyses the player's decisions in a worker process as they are taken, for the
        #: review at the hand's end (None: the review is made on the spot).
        self.ahead = ReviewAhead(HUMAN, budget=services.review_budget) if services.review_ahead else None
        #: What the coach spends on each decision when the review is made on the spot.
        self.review_budget = services.review_budget
        #: The coach's advice by position and the hints shown (a followed hint is never graded).
        self.coach = CoachMemo()
        #: Keeps the match in the data directory after every trick (None: not kept).
        self.keeper = Keeper() if services.keep_match else None
        #: The log: every line told so far, with Rich markup.
        self.log: list[str] = []
        self.hand_log_start = 0
        self._catch_up()

    def _catch_up(self) -> None:
        """Tell the deal; for a continued match, what was played so far, its decisions and finished hands."""
        match = self.match
        self._note_deal()
        if match.hand.log:
            # A resumed hand: tell what the player saw of its moves so far.
            self.log.extend(self.narrator.lines(match.hand.visible_events(HUMAN)))
        if self.ahead is not None:
            self.ahead.catch_up(match.hand)  # a continued hand: its decisions so far
        if self.stats is not None:
            self.record(catch_up=True)  # a continued match: the hands finished before, if not recorded yet
        if self.keeper is not None:
            self.keep()

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
        """A side's name in the player's language (``You``/``Rival``, ``Us``/``Them``)."""
        return self.narrator.side_name(side)

    def why_illegal(self, action: Action) -> str:
        """The rule a refused action of the human seat breaks, in the player's language ("" when it is legal)."""
        hand = self.match.hand
        if hand.to_move != HUMAN:
            return _("wait for your turn") if not hand.is_over else _("the hand is over")
        found = hand.refusal(action)
        if found is None:
            return ""
        return refusal_text(found)

    # -- moves ------------------------------------------------------------------

    def think(self, seat: int, view: SeatView) -> BotMove:
        """Ask the bot at ``seat`` for an action (runs in a worker thread).

        A bot that fails or returns an illegal action must not stop the game:
        the failure is logged, the first legal action is taken instead, and
        :attr:`BotMove.problem` says what happened so the table can show it.
        """
        bot = self.bots[seat]
        try:
            action = bot.choose(view, self.rngs[seat])
        except Exception as exc:  # a broken bot must not end the player's game
            logger.exception("the %s bot at seat %d failed", bot.name, seat)
            problem = _("{name}'s bot ({bot}) failed: {error}").format(
                name=_(self.names[seat]), bot=bot.name, error=f"{type(exc).__name__}: {exc}"
            )
            return BotMove(view.legal[0], problem)
        if action not in view.legal:
            logger.error("the %s bot at seat %d chose an illegal action: %s", bot.name, seat, action)
            try:
                words = action_words(action)  # the move in words, not in notation
            except Exception:  # not even an action: said as it is
                words = repr(action)
            problem = _("{name}'s bot ({bot}) chose an illegal action ({action})").format(
                name=_(self.names[seat]), bot=bot.name, action=words
            )
            return BotMove(view.legal[0], problem)
        return BotMove(action)

    # -- the coach --------------------------------------------------------------

    def hint_position(self) -> Position:
        """The position of the player's decision now (what a hint is asked about)."""
        return position_of(self.match.hand)

    def hint_ready(self) -> Advice | None:
        """The coach's hint for the player's decision now, when it needs no more thought (None: it does).

        The review's analysis of the position once it is done (a deeper one refines what was said before: the
        hint, the review, Try it and practice then say the same), else the advice given before for this position
        (the same object, so an undo changes no figure), else the quick analysis made ahead while the player
        thought, once it is done (then kept for the position).
        """
        position = self.hint_position()
        hand = self.match.hand
        ahead = self.ahead if self.ahead is not None and hand.to_move == HUMAN else None
        known = self.coach.known(position)
        refined = ahead.refined(hand) if ahead is not None else None
        if refined is not None:
            return known if known is refined else self.coach.refine(position, refined)
        if known is not None:
            return known
        ready = ahead.ready(hand) if ahead is not None else None
        return self.coach.remember(position, ready) if ready is not None else None

    def work_out_hint(self, position: Position, budget: CoachBudget = COACH_BUDGET) -> Advice:
        """The coach's hint for ``position`` (may take a second: run it in a worker thread).

        Kept for the position: asked again, the same advice. Worked out with the quick ``budget``
        (:data:`~guinote_tui.coach.COACH_BUDGET`) on the deals the review draws first.
        """
        known = self.coach.known(position)
        if known is not None:
            return known
        spec, actions = position
        advice = advise_at(spec, actions, HUMAN, COACH_SEED, budget)
        if advice is None:  # one legal action: nothing to weigh, only to say why
            view = seat_view(spec.replay(actions), HUMAN, events=False)
            advice = advise(view, decision_rng(COACH_SEED, view), budget)
        return self.coach.remember(position, advice)

    def sharper_hint(self) -> Advice | None:
        """While a hint is shown: the review's deeper analysis of the player's decision once it is done (None: not
        yet, or nothing to sharpen); it is then the hint shown (a card it names follows it)."""
        if not self.human_to_move or self.ahead is None or self.ahead.refined(self.match.hand) is None:
            return None
        advice = self.hint_ready()
        if advice is not None:
            self.hint_shown(self.hint_position(), advice)
        return advice

    def hint_shown(self, position: Position, advice: Advice) -> None:
        """The player saw ``advice`` for ``position``: the review will not grade the decision if it is followed."""
        self.coach.shown(position, advice)

    def review(self, seed: int | None = None, progress: Progress | None = None) -> list[Reviewed]:
        """Every decision the player took in the current hand, priced (made ahead when it could be).

        A decision where the player played what the hint shown advised is never graded. ``seed``: the
        coach's seed, to review on the spot with another one. ``progress`` is told (done, total) after each.
        """
        hand = self.match.hand
        spec = HandSpec.of(hand)
        if self.ahead is not None and seed is None:
            reviewed = self.ahead.review(hand, progress)
        else:
            seed = COACH_SEED if seed is None else seed
            reviewed = review_hand(spec, hand.log, HUMAN, seed, self.review_budget, progress)
        return self.coach.mark_followed(spec, hand.log, reviewed)

    def think_ahead(self) -> None:
        """On the player's turn, have the coach analyse the decision while the player thinks."""
        hand = self.match.hand
        if self.ahead is not None and not hand.is_over and hand.to_move == HUMAN:
            self.ahead.submit(hand, quick=True)

    def apply(self, seat: int, action: Action) -> list[str]:
        """Apply one action (refused with :class:`IllegalAction`); returns the new log lines."""
        hand = self.match.hand
        start = len(hand.events or ())
        if seat == HUMAN and self.ahead is not None and hand.to_move == HUMAN:
            self.ahead.submit(hand)
        tricks = len(hand.tricks)
        self.match.apply(action, seat)
        if hand.is_over:
            self.record()
        if len(hand.tricks) > tricks or hand.is_over:
            self.keep()
        lines = self.narrator.lines(visible_to((hand.events or [])[start:], HUMAN))
        self.log.extend(lines)
        return lines

    def keep(self) -> None:
        """Write the match to the data directory now (when the app keeps it): see :mod:`.resume`."""
        if self.keeper is not None:
            self.keeper.save(self.match, list(self.names), self.table_record())

    def record(self, catch_up: bool = False) -> None:
        """Record the hand just finished (and the match's end) in the statistics, when the app keeps them.

        ``catch_up``: every finished hand not recorded yet (a continued match). Recording is
        idempotent: a hand already recorded is not counted twice.
        """
        if self.stats is None or len(self.match.finished) < self.recorded_from:
            return
        self.match.table = self.table_record()
        table = TableInfo.of_match(self.match)
        if self.match.is_over:
            self.stats.record_match_end(self.stats_key, self.match, table, first=self.recorded_from)
        elif catch_up:
            self.stats.record_match(self.stats_key, self.match, table, first=self.recorded_from)
        else:
            self.stats.record_hand(self.stats_key, self.match, table)

    def record_review(self, reviewed: Sequence[Reviewed]) -> None:
        """Keep the review of the finished hand (:meth:`review`) in the statistics, for practice.

        Its graded decisions, each with the whole hand's position before it
        (:func:`.mistakes.graded_decisions`; a followed hint is never graded,
        so never kept), and their total cost; a hand without any counts as
        reviewed without a mistake. Reviewed again, the hand's record is
        replaced, never doubled. Nothing is kept of a hand these statistics do
        not record (one loaded from a history, a deal played again).
        """
        if self.stats is None or not self.hand_over:
            return
        number = self.finished_number
        if number < self.recorded_from:
            return
        self.stats.record_mistakes(self.stats_key, number, graded_decisions(self.match.hand, reviewed))

    @property
    def finished_number(self) -> int:
        """The number the statistics give the last finished hand (its match's count, past :attr:`hands_before`)."""
        return self.hands_before + len(self.match.finished)

    def table_record(self) -> dict[str, Any]:
        """What a saved match keeps of its table: the settings' record, whether it was assisted, its statistics key
        and the first hand the statistics record."""
        return {
            **self.settings.table_record(),
            "assisted": self.assisted,
            "stats_key": self.stats_key,
            "recorded_from": self.recorded_from,
        }

    def deal_again(self) -> GameSession:
        """A new session on the same deal as the finished hand, to try another line (practice).

        The match is rebuilt from its history with that hand's actions
        removed, so scores, juegos and the dealer are as they were before it;
        the new session is assisted. The statistics keep the hand as it was
        first played (with its review): the same deal played again is not
        recorded, the hands after it are.
        """
        if not self.hand_over:
            raise ValueError("the hand is not over yet")
        first_new = len(self.match.finished) + 1
        table = {**self.table_record(), "assisted": True, "recorded_from": max(self.recorded_from, first_new)}
        data = history_dict(self.match, table=table)
        data["hands"][-1]["actions"] = []
        return GameSession(
            self.settings, load_history(data), services=self.services, stats=self.stats, stacked=self.stacked
        )

    # -- undo -------------------------------------------------------------------

    def undo_point(self) -> int | None:
        """How many of the hand's actions stay if the player's last action is taken back (None: nothing to undo)."""
        hand = self.match.hand
        if hand.is_over:
            return None
        mine = [index for index, (seat, _) in enumerate(hand.log) if seat == HUMAN]
        return mine[-1] if mine else None

    def undo(self) -> bool:
        """Take back the player's last action and the bots' replies after it (within the hand).

        Marks the match as assisted and retells the hand's log. False when
        there is nothing to take back.
        """
        point = self.undo_point()
        if point is None:
            return False
        self.match.take_back(point)
        self.assisted = True
        self.match.table = self.table_record()
        del self.log[self.hand_log_start :]
        self.keep()
        self._note_deal()
        self.log.extend(self.narrator.lines(self.match.hand.visible_events(HUMAN)))
        return True

    def next_hand(self) -> None:
        """Deal the next hand of the match (from the deal chosen in advance, if it goes that far)."""
        number = len(self.match.finished)
        self.match.next_hand(self.stacked.deck(number))
        if self.ahead is not None:
            self.ahead.forget(keep=self.match.hand)
        self.coach.forget(keep=self.match.hand)
        self.keep()
        self._note_deal()

    # -- the log ------------------------------------------------------------------

    def _note_deal(self) -> None:
        hand = self.match.hand
        # Numbered at the deal, so the status bar keeps them while a finished hand is summed up.
        self.coto_number, self.juego_number = self._numbers_at_deal()
        self.hand_log_start = len(self.log)
        if hand.dealer == HUMAN:
            line = _("[b]Hand {number}: You deal[/b]; muestra {card}")
        else:
            line = _("[b]Hand {number}: {name} deals[/b]; muestra {card}")
        name = self.narrator.name(hand.dealer)
        self.log.append(line.format(number=self.match.hand_number, name=name, card=card_name_markup(hand.muestra_card)))
        if not hand.first_of_juego:
            carried = hand.carried
            self.log.append(_("De vueltas: {ours}–{theirs} carried").format(ours=carried[0], theirs=carried[1]))

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

    def result_lines(self, result: HandResult) -> list[str]:
        return self.narrator.result_lines(result)

    def hand_log(self) -> list[str]:
        """The log lines of the current hand, from its deal."""
        return self.log[self.hand_log_start :]


class SeatHandSession(GameSession):
    """One finished hand of a table of people, turned to the player (seat 0), for the coach: reviewed, its
    graded decisions kept for practice under the seat's match in the statistics, as after a hand against the bots.

    The hand itself is recorded by the seat as it saw it (``Statistics.record_seen_hand``): this session records
    no hand and keeps nothing but the review. ``match`` holds that hand alone; ``number`` is its number at the
    table, ``stats_key`` the seat's match in the statistics; ``stand_in``: the places in the hand's log of the
    player's decisions a bot took while they were away (not theirs: never graded).
    """

    def __init__(
        self,
        match: Match,
        number: int,
        stats_key: str,
        stats: Statistics | None,
        services: Services,
        stand_in: frozenset[int] = frozenset(),
    ) -> None:
        settings = GameSettings(players=match.players, rules=match.rules)
        match.table = {"stats_key": stats_key}
        quiet = Services(
            review_ahead=False,
            keep_match=False,
            record_stats=services.record_stats,
            review_budget=services.review_budget,
        )
        super().__init__(settings, match, services=quiet, stats=stats)
        self.hands_before = number - len(match.finished)
        self.stand_in = stand_in

    def review(self, seed: int | None = None, progress: Progress | None = None) -> list[Reviewed]:
        """The player's own decisions in the hand, priced: those a bot took for them while they were away left out."""
        return [r for r in super().review(seed, progress) if r.index not in self.stand_in]

    def record(self, catch_up: bool = False) -> None:
        return None  # (the seat recorded the hand as it saw it)
