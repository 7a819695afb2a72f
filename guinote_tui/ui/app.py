"""The Guiñote app and :func:`make_app`, the factory the CLI and the tests share."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import traceback
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from textual.app import App
from textual.worker import WorkerFailed

from .. import hangup, storage
from ..coach.ahead import stop_workers
from ..coach.stopping import stop_analyses
from ..engine import Match
from ..game import preferences, resume
from ..game.launch import Asked, load_kept, prepare
from ..game.services import NO_STACK, Services, StackedDeal
from ..game.session import GameSession
from ..game.settings import GameSettings
from ..i18n import _
from ..present import statsreport
from ..records import Statistics
from .bindings import APP_BINDINGS
from .theme import FELT_COLOURS, FELT_THEME
from .widgets.notice import MIN_HEIGHT, MIN_WIDTH

if TYPE_CHECKING:
    from ..game.practice_session import PracticeSession

#: The app's stylesheets, next to this module, in the order they apply (Textual loads them: ``CSS_PATH``,
#: so ``textual run --dev`` reloads a stylesheet when it changes).
STYLESHEETS = (
    "app.tcss",
    "table.tcss",
    "start.tcss",
    "dialogs.tcss",
    "lessons.tcss",
    "statistics.tcss",
    "practice.tcss",
)

#: The signals that end the game as Quit does (``kill``, a closed terminal or SSH session): the match is kept,
#: the terminal given back as it was, and the game exits with 128 + the signal's number (143, 129), as a shell
#: reports a process the signal ended.
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class GuinoteApp(App[None]):
    """Guiñote against bots: the start screen, then the table."""

    TITLE = "Guiñote"
    CSS_PATH: ClassVar[list[str | PurePath]] = list(STYLESHEETS)
    BINDINGS = APP_BINDINGS
    ENABLE_COMMAND_PALETTE = False
    # Below 80×24 every screen swaps its content for a notice (see app.tcss). From 100 columns
    # the side panel widens; from 120×36 (-wide/-wider with -tall/-taller) the cards grow, and
    # again from 160×45 (-wider with -taller): see widgets/table.py's card_size and table.tcss.
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012
        (0, "-narrow"),
        (MIN_WIDTH, "-wide-enough"),
        (100, "-roomy"),
        (120, "-wide"),
        (160, "-wider"),
    ]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-tall-enough"), (36, "-tall"), (45, "-taller")]  # noqa: RUF012

    def __init__(
        self,
        settings: GameSettings,
        match: Match | None = None,
        show_start: bool = True,
        learn: str | None = None,
        notices: Sequence[str] = (),
        services: Services | None = None,
        practice: str | None = None,
        seat: dict[str, Any] | None = None,
        day: date | None = None,
    ) -> None:
        super().__init__()
        #: A seat at a hosted table to open at once: :class:`~.screens.joined.JoinedTableScreen`'s arguments.
        self.seat = seat
        self.settings = settings
        #: Which side jobs run (the review ahead, keeping the match, the statistics) and the deal chosen in advance.
        self.services = services if services is not None else Services()
        #: The deal chosen in advance, for the matches dealt until the player goes back to the start screen.
        self._stacked = self.services.stacked
        #: One-line messages to show when the app opens (a damaged file set aside, a bad setting…).
        self.notices = list(notices)
        self.resume = match
        self.show_start = show_start
        self._statistics: Statistics | None = None
        #: Open on the lessons: ``""`` the menu, or a lesson's number or id (``guinote learn``).
        self.learn = learn
        #: Open on practice: its tab, ``"mistake"`` or ``"puzzle"`` (``guinote practice``), or ``"duplicate"``: the
        #: daily duplicate of :attr:`day` (``guinote practice --duplicate``).
        self.practice = practice
        #: The daily duplicate's day (None: today).
        self.day = day
        self.session: GameSession | None = None
        #: The start screen's choices, as the player left them: a continued match plays with its own
        #: settings, and a new match after it starts from these again (None: those of ``settings``).
        self.choices: GameSettings | None = None
        #: The traceback of an error that stopped the game (the command writes it to a crash log).
        self.crash_report: str | None = None
        #: Lines the command prints once the app has ended (how to come back to a table left).
        self.parting: list[str] = []
        #: The player's name for a hosted table (``guinote join --name``), said in the seat's hello; None: none.
        self.table_name: str | None = None
        #: The signal that ended the game (:data:`ENDING_SIGNALS`), if one did.
        self.ended_by: int | None = None

    def _handle_exception(self, error: Exception) -> None:
        """An error nothing caught: kept for the crash log, and the app exits with return code 1.

        Textual would print the whole traceback when the app closes; the
        command prints one line naming the crash log instead (``TEXTUAL=debug``
        keeps Textual's printout). An error in a worker (the bots, the coach) reaches here wrapped in a
        ``WorkerFailed`` raised nowhere: the log gets the worker's own exception, with its traceback.
        """
        if self.crash_report is None:
            original = error.error if isinstance(error, WorkerFailed) else error
            report = "".join(traceback.format_exception(original))
            if original is not error:
                report = f"in a worker ({type(error).__name__}):\n{report}"
            self.crash_report = report
        super()._handle_exception(error)
        if "debug" not in self.features:
            self._exit_renderables.clear()

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The table's colours under any theme (the stylesheets are first read before ours is set)."""
        return {**super().get_theme_variable_defaults(), **FELT_COLOURS}

    def on_mount(self) -> None:
        if not self.is_headless:  # (a test's app leaves the signals to the test runner)
            self._catch_ending_signals()
        self.register_theme(FELT_THEME)
        self.theme = FELT_THEME.name
        for notice in self.notices:
            self.notify(notice, severity="warning", timeout=12, markup=False)
        if self.seat is not None:
            self.open_seat(**self.seat)
        elif self.resume is not None:
            self._open_table(self._session(self.settings, self.resume))
            self.resume = None
        elif self.show_start:
            from .screens.start import StartScreen

            self.push_screen(StartScreen(self.settings))
            if self.learn is not None:
                self.open_lessons(self.learn)
            elif self.practice == "duplicate":
                self.open_duplicate(self.day)
            elif self.practice is not None:
                self.open_practice(self.practice)
        else:
            self._open_table(self._session(self.settings))

    def _catch_ending_signals(self) -> None:
        """Have :data:`ENDING_SIGNALS` end the game through :meth:`end_on_signal` (by default they kill it at once,
        leaving the terminal on the alternate screen with mouse reporting on). The loop's handlers go with it."""
        loop = asyncio.get_running_loop()
        for signum in ENDING_SIGNALS:
            if signal.getsignal(signum) is signal.SIG_IGN:
                continue  # ignored when the game started (nohup): it stays ignored
            with contextlib.suppress(ValueError, RuntimeError, NotImplementedError):  # no such signal here
                loop.add_signal_handler(signum, self.end_on_signal, signum)
            hangup.chain(signum)  # (and the backstop, for a loop too busy to act on it)

    def end_on_signal(self, signum: int) -> None:
        """SIGTERM or SIGHUP: keep the match as Quit does (the trick in progress too), and exit as Quit does,
        which gives the terminal back; the return code is 128 + the signal's number. A second signal changes
        nothing."""
        if self.ended_by is not None:
            return
        self.ended_by = signum
        if self.session is not None:
            with contextlib.suppress(Exception):  # (keeping failed: it says so at the table; the game ends anyway)
                self.session.keep()
        self.exit(return_code=128 + signum)

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """Exit the app; after a signal (:meth:`end_on_signal`) a Quit still pending leaves its return code."""
        if self.ended_by is not None and not return_code:
            return_code = 128 + self.ended_by
        super().exit(result, return_code, message)

    def open_lessons(self, lesson: str = "") -> None:
        """Put the lessons menu in front, and on it ``lesson`` (a number or id) if one is named."""
        from ..lessons import find
        from .screens.lessons import LessonsMenu

        menu = LessonsMenu()
        self.push_screen(menu)
        chosen = find(lesson) if lesson else None
        if chosen is not None:
            menu.open_lesson(chosen)

    def open_seat(self, address: str = "", code: str = "", name: str | None = None, **table: Any) -> None:
        """Sit at a hosted table (``guinote join``, the start screen's "Join a table", the host's own seat);
        ``name``: the player's name the others see (:attr:`table_name`)."""
        from .screens.joined import JoinedTableScreen

        self.table_name = name
        self.push_screen(JoinedTableScreen(address, code, name=name, **table))

    def real_hand(self) -> None:
        """From the lessons: back to the start screen with heads-up against the easy bot chosen; Enter deals."""
        from .screens.start import StartScreen

        self.settings = replace(self.settings, players=2, level="easy", partner_level=None)
        self._stacked = NO_STACK
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(StartScreen(self.settings))
        self.notify(_("Heads-up against the easy bot is chosen: press Enter to deal."), title=_("A real hand"))

    def open_statistics(self) -> None:
        """Put the statistics screen in front (from any screen; not twice), read from :meth:`statistics`."""
        from .screens.statistics import StatisticsScreen

        if not isinstance(self.screen, StatisticsScreen):
            self.push_screen(StatisticsScreen(stats=self.statistics()))

    def practice_session(self, preset: str | None = None) -> PracticeSession:
        """A practice session on today's problems, read from :meth:`statistics` (the coach's budget: the review's);
        its puzzles in ``preset``'s rules first (default: the settings' preset, the rules the player plays)."""
        from ..game.practice_session import PracticeSession

        stats = self.statistics() if self.services.record_stats else None
        preset = preset if preset is not None else self.settings.rules.preset_name
        return PracticeSession(stats, budget=self.services.review_budget, preset=preset)

    def open_practice(self, tab: str = "mistake", preset: str | None = None) -> None:
        """Put practice in front on its tab ``tab`` (``"mistake"``: My mistakes, ``"puzzle"``: Puzzles), its
        puzzles in ``preset``'s rules first (default: the settings')."""
        from .screens.practice import PracticeScreen

        if not isinstance(self.screen, PracticeScreen):
            self.push_screen(PracticeScreen(self.practice_session(preset), tab))
            self.tell_statistics_problem()

    def open_duplicate(self, day: date | None = None) -> None:
        """Put the daily duplicate of ``day`` (default: today) in front, in the rules the player plays."""
        from .screens.duplicate import DuplicateScreen

        if not isinstance(self.screen, DuplicateScreen):
            self.push_screen(DuplicateScreen(self.settings, self.services, day))

    def _session(
        self, settings: GameSettings, match: Match | None = None, stacked: StackedDeal | None = None
    ) -> GameSession:
        """A session on ``settings`` (a new match, or ``match`` continued) running the side jobs of :attr:`services`.

        ``stacked``: the deal chosen in advance (default: the app's, until the player goes back to the start screen).
        """
        services = self.services
        stats = self.statistics() if services.record_stats else None
        return GameSession(
            settings, match, services=services, stats=stats, stacked=self._stacked if stacked is None else stacked
        )

    def _open_table(self, session: GameSession) -> None:
        from .screens.table import TableScreen

        if self.session is not None and self.session.ahead is not None and self.session is not session:
            self.session.ahead.forget()
        if session.stats is not None:
            self.tell_statistics_problem()
        if session.keeper is not None:
            problem = session.keeper.problem_to_tell()
            if problem:
                self.notify(problem, title=_("Not saved"), severity="warning", timeout=10, markup=False)
        self.session = session
        if len(self.screen_stack) > 1:
            self.switch_screen(TableScreen(session))
        else:
            self.push_screen(TableScreen(session))

    def open_session(self, session: GameSession) -> None:
        """Put the table of ``session`` in front (the same deal again, from the summary)."""
        for worker in self.workers:
            if worker.group == "bots":
                worker.cancel()
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self._open_table(session)

    def statistics(self) -> Statistics:
        """The statistics database, opened on first use (a damaged file is set aside then)."""
        if self._statistics is None:
            self._statistics = Statistics()
        return self._statistics

    def tell_statistics_problem(self) -> None:
        """Say once what went wrong with the statistics file, if anything did (the game goes on)."""
        if self._statistics is not None:
            problem = statsreport.problem_line(self._statistics.take_problem())
            if problem:
                self.notify(problem, title=_("Statistics"), severity="warning", timeout=12, markup=False)

    def on_unmount(self) -> None:
        if self._statistics is not None:
            self._statistics.close()
        resume.release()
        stop_analyses()  # quitting never waits for the coach's analyses: in a thread here,
        stop_workers()  # nor in its worker processes

    def start_game(self, settings: GameSettings) -> None:
        """Deal a new match with ``settings`` (called by the start screen), and remember them."""
        self.settings = settings
        self.choices = None
        self.remember(settings)
        self._open_table(self._session(settings))

    def remember(self, settings: GameSettings) -> None:
        """Keep the start screen's choices in ``settings.toml`` (saying once if they could not be written)."""
        problem = preferences.save(settings)
        if problem:
            self.notify(problem, severity="warning", timeout=10, markup=False)

    def continue_match(self, choices: GameSettings | None = None) -> bool:
        """Open the match in progress kept in the data directory; False (and a notice) when there is none.

        ``choices``: the start screen's choices when Continue was pressed, kept (and remembered) for the next match.
        """
        try:
            match, settings = load_kept(self.settings)
        except (storage.Damaged, resume.KeptElsewhere) as exc:
            self.notify(str(exc), title=_("Could not continue"), severity="warning", timeout=12, markup=False)
            return False
        if match is None:
            self.notify(_("There is no match in progress to continue."), markup=False)
            return False
        if choices is not None:
            self.choices = choices
            self.remember(choices)
        self.settings = settings
        self._open_table(self._session(settings, match, NO_STACK))
        return True

    def new_match(self, abandon: bool = False) -> None:
        """Back to the start screen, keeping the last choices (a fresh seed unless one was fixed).

        ``abandon``: the match left is given up, so it is no longer kept for Continue
        (the hands already recorded in the statistics stay).
        """
        from .screens.start import StartScreen

        for worker in self.workers:
            if worker.group == "bots":
                worker.cancel()  # a bot still thinking about the old match is not waited for
        if abandon and self.session is not None and self.session.keeper is not None:
            self.session.keeper.discard()
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self._stacked = NO_STACK
        self.switch_screen(StartScreen(self.choices or self.settings))

    def action_save_history(self) -> None:
        """Save the match's history where the player says: the data directory unless another path is typed."""
        from ..game.saving import default_history_path, save_session_history
        from ..saveguard import SaveRefused, save_target
        from .screens.dialogs import SaveDialog

        session = self.session
        if session is None:
            return
        folder = storage.data_dir()
        default = default_history_path()

        def save(target: Path | None) -> None:
            if target is None or self.session is None:
                return
            try:
                target = save_target(str(target))  # a game served to a browser saves only in the data directory
            except SaveRefused as exc:
                self.notify(str(exc), title=_("Not saved"), severity="error", markup=False)
                return
            saved, line = save_session_history(self.session, target)
            if saved:
                self.notify(line, title=_("Saved"), markup=False)
            else:
                self.notify(line, severity="error", markup=False)

        self.push_screen(SaveDialog(str(default), folder), save)


def make_app(
    asked: Asked | None = None,
    *,
    learn: str | None = None,
    practice: str | None = None,
    day: date | None = None,
    show_start: bool | None = None,
    services: Services | None = None,
    seat: dict[str, Any] | None = None,
    **choices: object,
) -> GuinoteApp:
    """Build the app; with ``players`` given (or a history, or ``continue_match``) the table opens at once.

    ``asked`` (or its fields as keywords: ``players``, ``level``, ``rules``, ``seed``, ``delay``, ``pace``,
    ``history``, ``continue_match``, ``lang``, ``partner_level``, ``decks``, ``dealer``) is what this run asks
    for, on top of the start screen's last choices and the match resumed
    (:func:`guinote_tui.game.launch.prepare`, which also sets the language). ``learn`` opens the lessons over
    the start screen: ``""`` the menu, or a lesson's number or id; ``practice`` opens practice over it on that
    tab (``"mistake"`` or ``"puzzle"``), or the daily duplicate of ``day`` (``"duplicate"``; default: today).
    ``show_start`` forces or skips the start screen. ``seat``: a seat at a hosted table to open at once (the
    arguments of :class:`~.screens.joined.JoinedTableScreen`; quitting it quits the game). ``services``: the side jobs
    that run (:class:`~guinote_tui.game.services.Services`; the tests and measuring tools pass their own).
    Raises :class:`~guinote_tui.engine.HistoryError` for a history that cannot be resumed, and ``ValueError``
    for an unknown level.
    """
    if asked is None:
        asked = Asked(**choices)  # type: ignore[arg-type]
    elif choices:
        raise TypeError("give an Asked or its fields, not both")
    start = prepare(asked, services=services)
    match = start.match
    if seat is not None:
        show_start = False
    if show_start is None:
        show_start = (asked.players is None and match is None) or learn is not None or practice is not None
    app = GuinoteApp(
        start.settings,
        match,
        show_start=show_start,
        learn=learn,
        notices=start.notices,
        services=start.services,
        practice=practice,
        seat=seat,
        day=day,
    )
    app.choices = start.choices
    return app


__all__ = ["GuinoteApp", "load_kept", "make_app"]
