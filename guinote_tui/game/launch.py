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
from .settings import GameSettings, LevelNotOffered, Pace, levels, not_offered

__all__ = ["Asked", "Start", "load_kept", "prepare"]


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
        settings.players, settings.rules = match.players, match.rules  # the match's own table
    return match, settings


@dataclass(frozen=True)
class Asked:
    """What this run asks for (the command line, a test, a measuring tool): each field given wins over the
    layers below it, the start screen's last choices (``settings.toml``) and a match resumed.

    ``history``: a saved match history to resume; ``continue_match``: the match kept in the data directory.
    ``decks`` and ``dealer``: a deal chosen in advance (:class:`~.services.StackedDeal`). ``lang``: the
    language asked for (:func:`guinote_tui.i18n.choose`).
    """

    players: int | None = None
    level: str | None = None
    partner_level: str | None = None
    rules: Rules | None = None
    seed: int | None = None
    delay: float | None = None
    pace: Pace | None = None
    history: str | Path | None = None
    continue_match: bool = False
    lang: str | None = None
    decks: Sequence[str | Sequence[int]] | str | None = None
    dealer: int | None = None

    def over_choices(self, settings: GameSettings) -> GameSettings:
        """``settings`` (the remembered choices) with the table asked for on top: players, levels, rules, seed."""
        settings = replace(settings, seed=self.seed)
        if self.players is not None:
            settings.players = self.players
        if self.level is not None:
            settings.level = self.level
            settings.partner_level = None
        if self.partner_level is not None:
            settings.partner_level = self.partner_level
        if self.rules is not None:
            settings.rules = self.rules
        return self.over_match(settings)

    def over_match(self, settings: GameSettings) -> GameSettings:
        """``settings`` with what a resumed match does not fix on top: the bots' delay and the pace."""
        if self.delay is not None:
            settings.delay = self.delay
        if self.pace is not None:
            settings.pace = self.pace
        return settings


def prepare(asked: Asked | None = None, *, services: Services | None = None, **choices: object) -> Start:
    """The settings, the match to resume and the side jobs for a run with these choices; sets the language.

    The layers, each over the one before: the defaults, the start screen's last choices (``settings.toml``), the
    match resumed (``asked.history`` or the kept one), then what this run asks for (:class:`Asked`, or its fields
    as keywords). ``continue_match`` takes the match kept in the data directory; when there is none, or it is
    damaged (then set aside), :attr:`Start.match` is None and a notice says so. The language is set here, once
    for the run: ``lang`` (or ``GUINOTE_LANG``), then the one chosen on the start screen, then the locale
    (raises :class:`~guinote_tui.i18n.UnknownLanguage`). Raises :class:`~guinote_tui.engine.HistoryError` for a
    history that cannot be resumed, ``ValueError`` for an unknown level, and its
    :class:`~.settings.LevelNotOffered` (one line, in the run's language) for a level asked for that is not
    offered at the table's size (a remembered one gives way to the default there).
    """
    if asked is None:
        asked = Asked(**choices)  # type: ignore[arg-type]
    elif choices:
        raise TypeError("give an Asked or its fields, not both")
    level = asked.level
    for chosen in (level, asked.partner_level):
        if chosen is not None and chosen not in levels():  # (offered at either table size, or random)
            raise ValueError(f"unknown bot level {chosen!r}: choose from {', '.join(offered_levels())}")
    services = services if services is not None else Services()
    if asked.decks is not None or asked.dealer is not None:
        services = replace(services, stacked=StackedDeal.parse(asked.decks, asked.dealer))
    remembered, notices = preferences.load()
    settings = asked.over_choices(remembered)
    match = read_history(asked.history) if asked.history is not None else None
    choices_shown: GameSettings | None = None
    if match is not None:
        # A loaded history is a new match in the statistics, holding only the hands played from now on.
        match.table = {**match.table, "stats_key": new_match_key(), "recorded_from": len(match.finished) + 1}
        try:
            settings.restore(match.table, match.players, keep_level=level is not None)
        except ValueError as exc:
            raise HistoryError(ErrorCode.HISTORY_IN_FILE, path=str(asked.history), reason=str(exc)) from None
        settings.players, settings.rules = match.players, match.rules  # the match's own table
        settings = asked.over_match(settings)
    elif asked.continue_match:
        try:
            match, kept = load_kept(settings)
        except (storage.Damaged, resume.KeptElsewhere) as exc:
            notices.append(_("{problem}; deal a new match.").format(problem=exc))
        else:
            if match is None:
                notices.append(_("There is no match in progress to continue: deal a new one."))
            else:
                choices_shown, settings = settings, asked.over_match(kept)
                services = replace(services, stacked=NO_STACK)  # a kept match goes on with its own deals
    i18n.set_language(i18n.choose(option=asked.lang, saved=settings.language))
    if choices_shown is None:  # a new deal or a history: the levels sit at its table (a kept match has its own)
        _fit_levels(asked, settings)
    else:
        choices_shown.fit_table()
    return Start(settings, match, services, notices, choices_shown)


def _fit_levels(asked: Asked, settings: GameSettings) -> None:
    """The levels asked for must be offered at the table's size (:class:`LevelNotOffered` with the one line); a
    remembered one that is not (chosen at the other size) quietly gives way to the default there."""
    asked_levels = (asked.level, asked.partner_level if settings.players == 4 else None)
    for chosen in asked_levels:
        problem = None if chosen is None else not_offered(chosen, settings.players)
        if problem is not None:
            raise LevelNotOffered(problem)
    settings.fit_table()
