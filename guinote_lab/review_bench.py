"""How soon the review of a hand is ready once the hand is over.

    python -m guinote_lab.review_bench [--hands 6] [--players 2] [--level hard] [--think 1.0] [--on-the-spot]

Plays whole hands in a headless pilot run of the real app, with the bots at
their level and their usual pace: at each of the player's turns it waits
``--think`` seconds (a player reading the table), then presses the key of a
random legal card (or passes a window). The moment the hand's last card is
played it starts a clock; as soon as the summary is up it presses ``v`` and
stops the clock when the review is on screen. Prints, over the hands, the
median and the largest delay, and how many of the player's decisions were
still being analysed when the hand ended. ``--on-the-spot`` turns the
worker process off (the whole analysis then starts with ``v``). A
measurement, not a test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time

import click

from guinote_tui.engine import Play


async def _measure(
    hands: int, players: int, level: str, think: float, seed: int, ahead: bool
) -> list[tuple[float, float, int]]:
    from guinote_tui.game.services import Services
    from guinote_tui.ui.app import make_app
    from guinote_tui.ui.screens.review import ReviewScreen
    from guinote_tui.ui.screens.summary import SummaryScreen
    from guinote_tui.ui.screens.table import TableScreen

    app = make_app(players=players, level=level, seed=seed, pace="timed", services=Services(review_ahead=ahead))
    rng = random.Random(seed)
    out: list[tuple[float, float, int]] = []
    async with app.run_test(size=(100, 32)) as pilot:
        session = app.session
        assert session is not None
        session.settings.trick_seconds = 0.0  # the clock measures the review, not the last trick's display
        while len(out) < hands:
            hand = session.match.hand
            while not hand.is_over:
                await pilot.pause(0.02)
                table = app.screen
                if not isinstance(table, TableScreen) or not session.human_to_move or table.holding:
                    continue
                await asyncio.sleep(think)
                legal = [a.card for a in session.view().legal if isinstance(a, Play)]
                if not legal:
                    await pilot.press("p")
                    continue
                card = rng.choice(legal)
                await pilot.press(str(table.shown_hand.index(card) + 1))
            ended = time.perf_counter()
            pending = session.ahead.waiting() if session.ahead is not None else -1
            while not isinstance(app.screen, SummaryScreen):
                await pilot.pause(0.01)
            summary = app.screen
            await pilot.press("v")
            while not (isinstance(app.screen, ReviewScreen) and app.screen.reviewed is not None):
                await pilot.pause(0.01)
            review = app.screen
            assert isinstance(review, ReviewScreen) and review.ready_after is not None
            out.append((time.perf_counter() - ended, review.ready_after, pending))
            await pilot.press("escape")
            while app.screen is not summary:
                await pilot.pause(0.01)
            if session.match.is_over:
                break
            summary.ready = True
            await pilot.press("enter")
            while session.match.hand is hand:
                await pilot.pause(0.01)
    return out


@click.command()
@click.option("--hands", default=6, show_default=True, help="Hands to play.")
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True)
@click.option("--level", default="hard", show_default=True, help="The bots' level.")
@click.option("--think", default=1.0, show_default=True, help="Seconds the player takes over each decision.")
@click.option("--seed", default=1, show_default=True, help="The match's seed.")
@click.option("--on-the-spot", is_flag=True, help="No worker process: analyse only when the review is asked for.")
def main(hands: int, players: str, level: str, think: float, seed: int, on_the_spot: bool) -> None:
    """Delay from a hand's last card to its review on screen, in a headless pilot run."""
    if hands < 1:
        raise click.BadParameter("play at least one hand")
    if think < 0:
        raise click.BadParameter("--think must be 0 or more seconds")
    runs = asyncio.run(_measure(hands, int(players), level, think, seed, not on_the_spot))
    total = [r[0] for r in runs]
    screen = [r[1] for r in runs]
    pending = [r[2] for r in runs]
    mode = "analysed on the spot" if on_the_spot else "analysed ahead in a worker process"
    click.echo(
        f"review of {len(runs)} hands ({players} players, {level} bots, {think:g} s a decision; {mode}):\n"
        f"  last card to review on screen: median {statistics.median(total):.2f} s, max {max(total):.2f} s\n"
        f"  'v' to review on screen:       median {statistics.median(screen):.2f} s, max {max(screen):.2f} s\n"
        f"  decisions still in analysis at the hand's end: median {statistics.median(pending):g}, max {max(pending)}"
    )


if __name__ == "__main__":
    main()
