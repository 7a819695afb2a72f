"""The daily duplicate in plain text (``guinote duplicate --plain``): today's deals, then hard's and the coach's.

Each of the day's deals (heads-up, then pairs: :mod:`guinote_tui.game.duplicate`)
is played as a hand of the plain mode; then hard and the coach play the same
deal from the same seat, and the three scores are told deal by deal, with the
streak and the line to share. A deal already played that day is not dealt
again: its scores are told. Nothing here needs the network.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import date
from typing import TextIO

from ..engine import PRESETS
from ..game.duplicate import (
    SIZES,
    TABLE_LEVEL,
    DayResult,
    Score,
    bot_scores,
    compare,
    daily_deal,
    load_results,
    save_result,
    score_of,
    share_line,
    streak,
)
from ..game.launch import Asked, prepare
from ..game.services import Services, StackedDeal
from ..game.session import GameSession
from ..i18n import _, ngettext
from .dialogue import PlainGame
from .words import summary_lines

__all__ = ["OneHand", "duplicate", "score_words"]


class OneHand(PlainGame):
    """The plain mode's game for one hand: the hand's summary ends it."""

    def _end_of_hand(self) -> bool:
        self.say_all(summary_lines(self.session))
        return True


def score_words(score: Score) -> str:
    """A score in words: the juego, then the points of each side."""
    points = _("{mine} to {theirs}").format(mine=score.points[0], theirs=score.points[1])
    if score.juego > 0:
        return _("juego won, {points}").format(points=points)
    if score.juego < 0:
        return _("juego lost, {points}").format(points=points)
    return _("juego undecided, {points}").format(points=points)


def duplicate(
    reader: TextIO,
    writer: TextIO,
    *,
    lang: str | None = None,
    day: date | None = None,
    echo: bool | None = None,
    services: Services | None = None,
) -> int:
    """``guinote duplicate --plain``: the day's deals as a dialogue; returns the exit status."""
    start = prepare(Asked(lang=lang), services=services)
    today = day if day is not None else date.today()
    preset = start.settings.rules.preset_name
    kept = load_results().get(today)
    scores: dict[int, dict[str, Score]] = {size: dict(named) for size, named in (kept.scores if kept else {}).items()}
    if kept is not None:
        preset = kept.preset  # the day's deals in the rules they were first played in

    def say(line: str) -> None:
        writer.write(line + "\n")
        writer.flush()

    say(_("The daily duplicate of {day}: the same deals for everyone today, heads-up and in pairs.").format(day=today))
    for players in SIZES:
        named = scores.setdefault(players, {})
        deal = daily_deal(today, players)
        if "you" not in named:
            settings = replace(
                start.settings,
                players=players,
                level=TABLE_LEVEL,
                partner_level=TABLE_LEVEL if players == 4 else None,
                rules=PRESETS[preset],
                seed=deal.seed,
            )
            stacked = StackedDeal.parse([list(deal.deck)], deal.dealer)
            played = replace(start.services, review_ahead=False, keep_match=False, record_stats=False, stacked=stacked)
            session = GameSession(settings, services=played, stacked=stacked)
            status = OneHand(session, reader, writer, echo=echo).run()
            if not session.hand_over:
                return status
            named["you"] = score_of(session.match.hand)
            say(_("Hard and the coach now play the same deal from your seat…"))
            named.update(bot_scores(deal, preset))
            save_result(DayResult(today, preset, scores))
        _tell(say, players, named)
    results = load_results()
    days = streak(results, today)
    say(ngettext("Streak: {n} day in a row.", "Streak: {n} days in a row.", days).format(n=days))
    say(_("To share: {line}").format(line=share_line(today, preset, scores)))
    return 0


def _tell(say: Callable[[str], None], players: int, named: Mapping[str, Score]) -> None:
    table = _("Heads-up") if players == 2 else _("Pairs")
    mine = named.get("you")
    if mine is None:
        return
    say(_("{table}: you, {score}.").format(table=table, score=score_words(mine)))
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
        say(line.format(name=label, score=score_words(other)))
