"""How quickly the table answers a key: from the key press to the repainted screen.

    python -m guinote_lab.ui_bench [--hands 4] [--players 4] [--size 80x24 --size 100x30 --size 200x50]
                                   [--rules 5] [--seed 1]

Plays whole hands in a headless pilot run (random bots with no delay, no
pause after a trick): at each of the player's turns it presses the key of a
legal card and times the press until the first frame the app draws without
that card in the hand (the app's display call, which a terminal would receive).
Before that it opens the rules screen (``?``) ``--rules`` times at the table,
timing the key until the rules screen's first frame (the first time is the
slowest: the text is parsed then), and closes it again. For each size it prints
the medians, the 95th percentile and the number of key presses, by the wall
clock and in the process's CPU time over the same spans (on a shared machine
the wall clock also counts the time other programs held the CPU). A
measurement, not a test: the figure depends on the machine and what else runs
on it.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from typing import Any

import click

from guinote_tui.engine import Play


async def _measure(
    hands: int, players: int, size: tuple[int, int], seed: int, rules: int = 0
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Key-to-frame times of the card keys and of opening the rules screen, in seconds: wall clock, then CPU."""
    from guinote_tui.ui.app import make_app
    from guinote_tui.ui.screens.rules import RulesScreen, rules_document
    from guinote_tui.ui.screens.table import TableScreen
    from guinote_tui.ui.widgets.hand import HandCard

    rules_document.cache_clear()  # the first open parses the text, as in a fresh game
    app = make_app(players=players, level="random", seed=seed, delay=0, pace="timed")
    times: list[float] = []
    rules_times: list[float] = []
    cpu: list[
        float
    ] = []  # the process's CPU time over the same spans (what other programs on the machine do not inflate)
    rules_cpu: list[float] = []
    watch: dict[str, Any] = {"card": None, "started": 0.0, "frame": None, "rules": False, "cpu": 0.0}
    display = app._display

    def timed_display(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if (
            watch["rules"]
            and renderable is not None
            and watch["frame"] is None
            and isinstance(screen, RulesScreen)
            and rules_shown(screen)
        ):
            watch["frame"] = time.perf_counter()
            watch["cpu"] = time.process_time() - watch["cpu"]
            return
        card = watch["card"]
        if card is None or renderable is None or watch["frame"] is not None or not isinstance(screen, TableScreen):
            return
        if card not in [w.card for w in screen.query(HandCard)]:
            watch["frame"] = time.perf_counter()
            watch["cpu"] = time.process_time() - watch["cpu"]

    app._display = timed_display  # type: ignore[method-assign]
    async with app.run_test(size=size) as pilot:
        session = app.session
        assert session is not None
        for _ in range(rules):
            for _ in range(400):  # at the table, the player to move
                await pilot.pause()
                if isinstance(app.screen, TableScreen) and session.human_to_move:
                    break
            watch.update(rules=True, started=time.perf_counter(), frame=None, cpu=time.process_time())
            await pilot.press("question_mark")
            for _ in range(400):
                if watch["frame"] is not None:
                    break
                await pilot.pause()
            watch["rules"] = False
            if watch["frame"] is not None:
                rules_times.append(watch["frame"] - watch["started"])
                rules_cpu.append(watch["cpu"])
            await pilot.press("escape")
        session.settings.trick_seconds = 0.0
        played = 0
        while played < hands:
            for _ in range(400):  # let the bots move until the player is asked or the hand ends
                await pilot.pause()
                if session.human_to_move or session.hand_over:
                    break
            table = app.screen
            if session.hand_over:
                played += 1
                if session.match.is_over or played >= hands:
                    break
                await pilot.pause(0.9)  # the summary takes keys after a moment
                await pilot.press("enter")
                continue
            if not isinstance(table, TableScreen) or not session.human_to_move:
                continue
            legal = [a.card for a in session.view().legal if isinstance(a, Play)]
            if not legal:
                await pilot.press("p")
                continue
            card = legal[0]
            key = str(table.shown_hand.index(card) + 1)
            watch.update(card=card, started=time.perf_counter(), frame=None, cpu=time.process_time())
            await pilot.press(key)
            for _ in range(200):
                if watch["frame"] is not None:
                    break
                await pilot.pause()
            if watch["frame"] is not None:
                times.append(watch["frame"] - watch["started"])
                cpu.append(watch["cpu"])
            watch["card"] = None
    return times, rules_times, cpu, rules_cpu


def rules_shown(screen: Any) -> bool:
    """Whether the rules screen holds its text (a frame drawn before it comes does not count)."""
    return bool(getattr(screen.query_one("#rules-scroll"), "lines", True))


def _summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"


@click.command()
@click.option("--hands", default=4, show_default=True, help="Hands to play.")
@click.option("--players", type=click.Choice(["2", "4"]), default="4", show_default=True)
@click.option(
    "--size",
    "sizes",
    multiple=True,
    default=("80x24", "100x30", "200x50"),
    show_default=True,
    help="Terminal size, WIDTHxHEIGHT (repeat for several).",
)
@click.option("--rules", default=5, show_default=True, help="Times to open the rules screen first.")
@click.option("--seed", default=1, show_default=True, help="The match's seed.")
def main(hands: int, players: str, sizes: tuple[str, ...], rules: int, seed: int) -> None:
    """Time from a key to the refreshed screen (card keys, the rules screen), in a headless pilot run."""
    parsed = []
    for size in sizes:
        try:
            width, height = (int(part) for part in size.lower().split("x"))
        except ValueError:
            raise click.BadParameter(f"write the size as WIDTHxHEIGHT, e.g. 100x30, not {size!r}") from None
        parsed.append((width, height))
    if hands < 1:
        raise click.BadParameter("play at least one hand")
    for width, height in parsed:
        times, rules_times, cpu, rules_cpu = asyncio.run(_measure(hands, int(players), (width, height), seed, rules))
        if not times:
            click.echo("no key was pressed", err=True)
            sys.exit(1)
        click.echo(
            f"{width}x{height}: key to frame over {len(times)} card keys ({players} players): "
            f"{_summary(times)}; CPU {_summary(cpu)}"
        )
        if rules_times:
            click.echo(
                f"{width}x{height}: rules screen's first frame over {len(rules_times)} opens: "
                f"first {rules_times[0] * 1000:.1f} ms, {_summary(rules_times)}; "
                f"CPU first {rules_cpu[0] * 1000:.1f} ms, {_summary(rules_cpu)}"
            )


if __name__ == "__main__":
    main()
