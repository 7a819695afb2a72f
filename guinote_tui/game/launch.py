"""Starting a match from the command line's choices: its settings, the match resumed, the side jobs.

The table (:func:`guinote_tui.ui.app.make_app`) and the plain mode
(:mod:`guinote_tui.plain`) start the same way: the start screen's last
choices (``settings.toml``, :mod:`.preferences`) are the starting point and
what the command line gives wins over them; ``--load`` resumes a saved
history with the table it recorded (its hands are not the player's: the
statistics record only the hands played from then on), ``--continue`` the
match kept in the data directory (:mod:`.resume`). :func:`prepare` does it
once for both, and sets the language the run speaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from .. import i18n, storage
from ..ai import offered_levels
from ..engine import ErrorCode, HistoryError, Match, Rules, read_history
from ..i18n import _
from ..records import new_match_key
from . import preferences, resume
from .services import NO_STACK, Services, StackedDeal
from .settings import GameSettings, Pace

__all__ = ["Start", "load_kept", "prepare"]


@dataclass
class Start:
    """What a run starts from: the settings to play with, the match resumed (None: deal a new one), the side jobs."""

    settings: GameSettings
    match: Match | None
    services: Services
    #: One-line messages to show first (a damaged file set aside, a bad setting, no kept match…).
    notices: list[str] = field(default_factory=list)
    #: The start screen's choices when a kept match is continued (that match plays with its own settings).
    choices: GameSettings | None = None


def load_kept(settings: GameSettings) -> tuple[Match | None, GameSettings]:
    """The kept match in progress and the settings to play it with (a copy of ``settings``).

    Raises :class:`~guinote_tui.storage.Damaged` (the file set aside) when it cannot be used, and
    :class:`~guinote_tui.game.resume.KeptElsewhere` when another instance of the game is playing it.
    """
    if resume.exists() and not resume.claim():
        raise resume.KeptElsewhere()
    match = resume.load()
    settings = replace(settings, seed=None)
    if match is not None:
        try:
            settings.restore(match.table, match.players)
        except ValueError as exc:
            raise storage.damaged(resume.path(), str(exc)) from None
    return match, settings


def prepare(
    players: int | None = None,
    level: str | None = None,
    rules: Rules | None = None,
    seed: int | None = None,
    delay: float | None = None,
    history: str | Path | None = None,
    pace: Pace | None = None,
    continue_match: bool = False,
    lang: str | None = None,
    *,
    partner_level: str | None = None,
    services: Services | None = None,
    decks: Sequence[str | Sequence[int]] | str | None = None,
    dealer: int | None = None,
) -> Start:
    """The settings, the match to resume and the side jobs for a run with these choices; sets the language.

    ``continue_match`` takes the match kept in the data directory; when there is none, or it is damaged
    (then set aside), :attr:`Start.match` is None and a notice says so. ``lang`` is the language asked for on
    the command line (:func:`guinote_tui.i18n.choose`; raises :class:`~guinote_tui.i18n.UnknownLanguage`).
    ``decks`` and ``dealer``: a deal chosen in advance (:class:`~.services.StackedDeal`), added to ``services``.
    Raises :class:`~guinote_tui.engine.HistoryError` for a history that cannot be resumed, and
    ``ValueError`` for an unknown level.
    """
    if level is not None and level not in offered_levels() and level != "random":
        raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(offered_levels())}")
    services = services if services is not None else Services()
    if decks is not None or dealer is not None:
        services = replace(services, stacked=StackedDeal.parse(decks, dealer))
    remembered, notices = preferences.load()
    settings = replace(remembered, seed=seed)
    if players is not None:
        settings.players = players
    if level is not None:
        settings.level = level
        settings.partner_level = None
    if partner_level is not None:
        settings.partner_level = partner_level
    if rules is not None:
        settings.rules = rules
    if delay is not None:
        settings.delay = delay
    if pace is not None:
        settings.pace = pace
    match = read_history(history) if history is not None else None
    choices: GameSettings | None = None
    if match is not None:
        # A loaded history is a new match in the statistics, holding only the hands played from now on.
        match.table = {**match.table, "stats_key": new_match_key(), "recorded_from": len(match.finished) + 1}
        try:
            settings.restore(match.table, match.players, keep_level=level is not None)
        except ValueError as exc:
            raise HistoryError(ErrorCode.HISTORY_IN_FILE, path=str(history), reason=str(exc)) from None
        # What was asked for on this run wins over what the file recorded.
        if delay is not None:
            settings.delay = delay
        if pace is not None:
            settings.pace = pace
    elif continue_match:
        try:
            match, kept = load_kept(settings)
        except (storage.Damaged, resume.KeptElsewhere) as exc:
            notices.append(_("{problem}; deal a new match.").format(problem=exc))
        else:
            if match is None:
                notices.append(_("There is no match in progress to continue: deal a new one."))
            else:
                choices, settings = settings, kept
                services = replace(services, stacked=NO_STACK)  # a kept match goes on with its own deals
                if delay is not None:
                    settings.delay = delay
                if pace is not None:
                    settings.pace = pace
    # The language: --lang (or GUINOTE_LANG), then the one chosen on the start screen, then the locale.
    i18n.set_language(i18n.choose(option=lang, saved=settings.language))
    return Start(settings, match, services, notices, choices)
