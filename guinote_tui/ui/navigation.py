"""What a screen may ask of the app: the game's navigation, as an interface the app implements.

The screens never import the app (:mod:`.app` imports them): they call
:func:`navigator` on themselves and get the running app through this
protocol, which :class:`~guinote_tui.ui.app.GuinoteApp` implements.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.dom import DOMNode

if TYPE_CHECKING:
    from ..game.practice_session import PracticeSession
    from ..game.session import GameSession, GameSettings


@runtime_checkable
class GameNavigator(Protocol):
    """The app's navigation, as the screens use it."""

    def start_game(self, settings: GameSettings) -> None:
        """Deal a new match with ``settings`` and remember them."""

    def continue_match(self, choices: GameSettings | None = None) -> bool:
        """Open the match in progress; False (and a notice) when there is none."""

    def new_match(self, abandon: bool = False) -> None:
        """Back to the start screen (``abandon``: the match left is no longer kept)."""

    def open_session(self, session: GameSession) -> None:
        """Put the table of ``session`` in front."""

    def open_lessons(self, lesson: str = "") -> None:
        """Put the lessons menu in front (and ``lesson`` on it, if named)."""

    def open_statistics(self) -> None:
        """Put the statistics screen in front."""

    def open_practice(self, tab: str = "mistake", preset: str | None = None) -> None:
        """Put practice in front, on its tab ``tab`` (``"mistake"`` or ``"puzzle"``); ``preset``: the rules the
        player plays (default: the settings')."""

    def open_duplicate(self, day: date | None = None) -> None:
        """Put the daily duplicate of ``day`` (default: today) in front."""

    def practice_session(self, preset: str | None = None) -> PracticeSession:
        """A practice session on today's problems (the statistics the app opened), puzzles in ``preset`` first."""

    def real_hand(self) -> None:
        """From the lessons: back to the start screen with heads-up against the easy bot chosen."""

    def tell_statistics_problem(self) -> None:
        """Say once what went wrong with the statistics file, if anything did."""

    def action_save_history(self) -> None:
        """Save the match's history where the player says."""


def navigator(node: DOMNode) -> GameNavigator:
    """The running app of ``node`` as the game's navigator."""
    app = node.app
    if not isinstance(app, GameNavigator):
        raise TypeError(f"{type(app).__name__} is not the game's app")
    return app
