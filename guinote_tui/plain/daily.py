"""The daily duplicate in plain text (``guinote duplicate --plain``): today's deals, then hard's and the coach's.

Each of the day's deals (heads-up, then pairs: :mod:`guinote_tui.game.duplicate`)
is played as a hand of the plain mode; then hard and the coach play the same
deal from the same seat, and the three scores are told deal by deal, with the
streak and the line to share. A deal already played that day is not dealt
again: its scores are told. Nothing here needs the network.
"""

from __future__ import annotations

from datetime import date
from typing import TextIO

from ..game.duplicate import (
    SIZES,
    DayResult,
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
from ..game.launch import Asked, prepare
from ..game.services import Services
from ..i18n import _
from .dialogue import PlainGame
from .words import summary_lines

__all__ = ["OneHand", "duplicate"]


class OneHand(PlainGame):
    """The plain mode's game for one hand: the hand's summary ends it."""

    def _end_of_hand(self) -> bool:
        self.say_all(summary_lines(self.session))
        return True


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
    preset, scores = day_so_far(today, start.settings.rules.preset_name)

    def say(line: str) -> None:
        writer.write(line + "\n")
        writer.flush()

    say(_("The daily duplicate of {day}: the same deals for everyone today, heads-up and in pairs.").format(day=today))
    for players in SIZES:
        named = scores.setdefault(players, {})
        deal = daily_deal(today, players)
        if "you" not in named:
            session = duplicate_session(start.settings, start.services, deal, preset)
            status = OneHand(session, reader, writer, echo=echo).run()
            if not session.hand_over:
                return status
            named["you"] = score_of(session.match.hand)
            save_result(DayResult(today, preset, scores))
        if "hard" not in named or "coach" not in named:  # (a replay cut short by a kill is made again)
            say(_("Hard and the coach now play the same deal from your seat…"))
            named.update(bot_scores(deal, preset))
            save_result(DayResult(today, preset, scores))
        for line in comparison_lines(players, named):
            say(line)
    say(streak_line(streak(load_results(), today)))
    say(share_text(share_line(today, preset, scores)))
    return 0
