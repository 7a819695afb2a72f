"""Saving the match from the table, resuming it with --load, and leaving while a bot thinks."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from deals import arranged_deck
from textual.widgets import Input
from uihelpers import key_for, make_app, playable, settle, until, workers_done

from guinote_tui.ai import REGISTRY, Bot
from guinote_tui.cli import main
from guinote_tui.engine import HistoryError, SeatView, read_history
from guinote_tui.ui.screens.dialogs import SaveDialog
from guinote_tui.ui.screens.table import TableScreen

HAND = "1O 7O 12C 10C 4E 5B"


def test_save_from_the_table_then_resume(tmp_path: Path) -> None:
    path = tmp_path / "match.json"

    async def play_and_save() -> list[tuple[int, object]]:
        deck = arranged_deck(4, dealer=3, hands={0: HAND}, muestra="3O")
        app = make_app(players=4, level="random", seed=3, delay=0, decks=[deck], dealer=3)
        async with app.run_test(size=(100, 32)) as pilot:
            session = app.session
            assert session is not None
            for _ in range(3):
                await settle(pilot)
                cards = playable(session.view().legal)
                await pilot.press(key_for(app, cards[0]) if cards else "p")
            await settle(pilot)
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, SaveDialog)
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            return list(session.match.hand.log)

    log = asyncio.run(play_and_save())
    assert path.exists()
    assert list(read_history(path).hand.log) == log

    async def resume() -> None:
        app = make_app(level="random", delay=0, history=str(path))
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            session = app.session
            assert session is not None
            assert session.match.hand.log[: len(log)] == log
            assert session.players == 4

    asyncio.run(resume())


def test_a_bad_history_is_one_line_from_the_command(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(HistoryError):
        make_app(history=str(broken))
    result = CliRunner().invoke(main, ["play", "--load", str(broken)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "not valid JSON" in result.output
    assert "Traceback" not in result.output


def test_an_unknown_level_is_refused_by_the_command() -> None:
    result = CliRunner().invoke(main, ["play", "--level", "grandmaster"])
    assert result.exit_code == 2
    assert "is not one of" in result.output


class Slowpoke(Bot):
    """Thinks until released: lets a test quit while a bot is mid-thought."""

    name = "slowpoke"
    release = threading.Event()
    started = threading.Event()

    def choose(self, view: SeatView, rng: random.Random):  # type: ignore[no-untyped-def]
        Slowpoke.started.set()
        Slowpoke.release.wait(10)
        return view.legal[0]


def test_quitting_while_a_bot_thinks_is_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "slowpoke", Slowpoke)
    Slowpoke.release.clear()
    Slowpoke.started.clear()

    async def quit_mid_thought() -> None:
        app = make_app(players=2, level="slowpoke", seed=1, delay=0, dealer=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert app.session is not None and app.session.bot_to_move == 1
            assert await asyncio.to_thread(Slowpoke.started.wait, 10)
            workers = [w for w in app.workers if w.group == "bots"]
            assert workers and workers[0].is_running
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert workers[0].is_cancelled
            Slowpoke.release.set()  # the thread finishes its thought; its answer is dropped
        assert app.return_code in (0, None)

    asyncio.run(quit_mid_thought())


def test_serve_binds_to_localhost_and_runs_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # textual-serve is the optional [serve] extra.
    serving = pytest.importorskip("guinote_tui.serving")

    calls: list[dict[str, object]] = []

    async def run(self, ready) -> None:  # type: ignore[no-untyped-def]
        calls.append({"command": self.command, "host": self.host, "port": self.port, "served": True})

    monkeypatch.setattr(serving.GuardedServer, "run", run)  # what would bind and wait for Ctrl+C
    result = CliRunner().invoke(main, ["serve", "--port", "8123"])
    assert result.exit_code == 0, result.output
    (call,) = calls
    assert call["host"] == "127.0.0.1" and call["port"] == 8123 and call["served"]
    assert str(call["command"]).endswith("-m guinote_tui play")


def test_a_new_match_while_a_bot_thinks_drops_its_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from guinote_tui.ui.screens.start import StartScreen

    monkeypatch.setitem(REGISTRY, "slowpoke", Slowpoke)
    Slowpoke.release.clear()
    Slowpoke.started.clear()

    async def new_match_mid_thought() -> None:
        app = make_app(players=2, level="slowpoke", seed=1, delay=0, dealer=0)
        async with app.run_test(size=(100, 32)) as pilot:
            # (``until`` waits on the state without waiting for the workers: the slow bot's holds until released.)
            await until(pilot, lambda: app.session is not None and app.session.bot_to_move == 1)
            old = app.session
            assert old is not None
            assert await asyncio.to_thread(Slowpoke.started.wait, 60)
            worker = next(w for w in app.workers if w.group == "bots")
            await pilot.press("n")
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            assert worker.is_cancelled
            Slowpoke.release.set()
            await workers_done(app)
            await pilot.pause()
            # The old match never received the late answer.
            assert old.match.hand.log == []

    asyncio.run(new_match_mid_thought())


def test_a_saved_match_keeps_its_bot_levels_and_pace(tmp_path: Path) -> None:
    # Saved against hard with a normal partner: resumed, the same bots sit at the same seats.
    from guinote_tui.engine import save_history
    from guinote_tui.game.session import GameSession, GameSettings

    settings = GameSettings(players=4, level="hard", partner_level="normal", seed=5, pace="timed", trick_seconds=3)
    live = GameSession(settings)
    path = tmp_path / "match.json"
    save_history(live.match, path, names=list(live.names), table=settings.table_record())
    assert json.loads(path.read_text())["table"]["seats"] == {"1": "hard", "2": "normal", "3": "hard"}

    app = make_app(history=str(path))
    assert (app.settings.level, app.settings.partner_level) == ("hard", "normal")
    assert (app.settings.pace, app.settings.trick_seconds) == ("timed", 3.0)
    resumed = GameSession(app.settings, app.resume)
    assert [resumed.bots[seat].name for seat in (1, 2, 3)] == ["hard", "normal", "hard"]
    # A level asked for on the command line wins over the file's.
    assert make_app(history=str(path), level="easy").settings.level == "easy"


def test_an_older_history_without_a_table_still_loads(tmp_path: Path) -> None:
    from guinote_tui.engine import Match, save_history

    path = tmp_path / "old.json"
    save_history(Match(players=2, seed=4), path)
    assert "table" not in json.loads(path.read_text())
    app = make_app(history=str(path))
    assert app.resume is not None and app.settings.level == "normal"


@pytest.mark.parametrize(
    ("table", "says"),
    [
        ('"table": [1]', '"table" must be a JSON object'),
        ('"table": {"seats": {"1": "grandmaster"}}', "no bot level 'grandmaster'"),
        ('"table": {"pace": "fast"}', '"pace" must be wait or timed'),
        ('"table": {"delay": -1}', '"delay" must be a number of seconds'),
    ],
)
def test_a_damaged_table_record_is_one_line(tmp_path: Path, table: str, says: str) -> None:
    from guinote_tui.engine import Match, dumps

    text = dumps(Match(players=2, seed=4))
    path = tmp_path / "bad.json"
    path.write_text(text.replace('"hands":', table + ', "hands":', 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "--load", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.count("\n") == 1 and says in result.output


def test_ctrl_s_offers_the_data_directory_and_shows_the_whole_path_before_saving(tmp_path: Path) -> None:
    from guinote_tui import storage
    from guinote_tui.ui.screens.dialogs import YesNoDialog

    existing = tmp_path / "kept.json"
    existing.write_text("mine\n", encoding="utf-8")

    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+s")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, SaveDialog)
            field = dialog.query_one(Input)
            offered = Path(field.value)
            assert offered.parent == storage.data_dir() and offered.suffix == ".json"
            where = str(dialog.query_one("#save-target").render())
            assert where == f"Saves to {offered}"
            # A bad path is one line in the dialog, which stays open.
            field.value = "~nosuchuser/x.json"
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is dialog
            assert str(dialog.query_one("#save-target").render()) == (
                "~nosuchuser/x.json: there is no such user's home folder"
            )
            # A file that is there already is replaced only after a yes.
            field.value = str(existing)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, YesNoDialog)
            await pilot.press("n")
            await pilot.pause()
            assert app.screen is dialog and existing.read_text(encoding="utf-8") == "mine\n"
            # A bare name goes to the data directory, whole path shown.
            field.value = "later.json"
            await pilot.pause()
            assert str(dialog.query_one("#save-target").render()) == f"Saves to {storage.data_dir() / 'later.json'}"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert read_history(storage.data_dir() / "later.json").players == 2
            await pilot.press("ctrl+s")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, SaveDialog)
            dialog.query_one(Input).value = str(existing)
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(run())
    assert read_history(existing).players == 2  # replaced after the yes


@pytest.mark.parametrize("home", [(), ("home", "a-player-with-a-long-name", ".local", "share")])
def test_the_save_dialog_shows_the_path_from_its_start_at_80x24(
    home: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The path offered shows from its leading "/": whole when it fits the field, else its start (the end is a key
    away)."""
    import tempfile

    from uihelpers import screen_lines, wait_until

    from guinote_tui import storage

    base = Path(tempfile.mkdtemp(prefix="s", dir="/tmp"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base.joinpath(*home)))

    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+s")
            assert await wait_until(pilot, lambda: isinstance(app.screen, SaveDialog))
            await pilot.pause()
            field = app.screen.query_one(Input)
            offered = field.value
            assert offered.startswith(str(storage.data_dir()) + "/")
            room = field.content_region
            shown = screen_lines(app)[room.y][room.x : room.right].rstrip()
            assert shown.startswith("/") and offered.startswith(shown)
            assert len(shown) >= min(len(offered), room.width - 1), (shown, offered)
            # The end is a key away, and what is typed there is added.
            await pilot.press("end", "x")
            assert field.value == offered + "x"

    asyncio.run(run())
