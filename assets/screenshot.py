"""Make the README screenshots from the real app: ``python assets/screenshot.py``.

Plays a seeded pairs match against the default bots for a few turns (the
player takes their first legal card, and sings or changes the seven when
offered), then saves the table as SVG with ``App.save_screenshot`` and, when
``rsvg-convert`` is installed (Debian: ``librsvg2-bin``), as PNG too. The
start screen is saved the same way, the table again at 80×24 (pairs) and
200×50 (heads-up), the coach's hint, and the review of a whole heads-up hand
with its step-through, and the table in Spanish (``table-es``).
``python assets/screenshot.py review`` makes only the review's two,
``python assets/screenshot.py es`` only the Spanish table.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

from guinote_tui.engine import Play
from guinote_tui.ui.app import make_app
from guinote_tui.ui.screens.table import TableScreen

HERE = Path(__file__).resolve().parent
SIZE = (100, 30)
SEED = 2026
TURNS = 4


def to_png(svg: Path) -> Path | None:
    """Convert with rsvg-convert; spaces are kept as the terminal drew them."""
    tool = shutil.which("rsvg-convert")
    if tool is None:
        return None
    text = svg.read_text(encoding="utf-8").replace("<svg ", '<svg xml:space="preserve" ', 1)
    keep = svg.with_suffix(".preserve.svg")
    keep.write_text(text, encoding="utf-8")
    png = svg.with_suffix(".png")
    try:
        subprocess.run([tool, str(keep), "-o", str(png)], check=True)
    finally:
        keep.unlink()
    return png


async def play_turns(app, pilot, turns: int) -> None:  # type: ignore[no-untyped-def]
    """The player's first legal card each turn (a cante or a change first), Space after each trick."""
    played = 0
    while played < turns:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        session = app.session
        table = app.screen
        if session is None or session.hand_over or not isinstance(table, TableScreen):
            break
        if table.holding:
            await pilot.press("space")  # a finished trick waits for the player
            continue
        if not session.human_to_move:
            continue
        legal = session.view().legal
        keys = {"Sing": "s", "Swap": "c", "DeclareTute": "t"}
        declaration = next((keys[type(a).__name__] for a in legal if type(a).__name__ in keys), None)
        if declaration:
            await pilot.press(declaration)
            continue
        card = next(a.card for a in legal if isinstance(a, Play))
        await pilot.press(str(table.shown_hand.index(card) + 1))
        played += 1
    for _ in range(50):  # until the player is asked again (a finished trick may be held on the felt)
        await pilot.pause()
        await app.workers.wait_for_complete()
        session = app.session
        if session is not None and (session.human_to_move or session.hand_over or getattr(app.screen, "holding", 0)):
            break
    await pilot.pause()


async def capture_review() -> list[Path]:
    """A heads-up hand played to its end, its review (100×30), and one trick of its step-through."""
    from guinote_tui.ui.screens.review import ReviewScreen
    from guinote_tui.ui.screens.summary import SummaryScreen

    saved: list[Path] = []
    app = make_app(players=2, seed=SEED, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await play_turns(app, pilot, 20)
        for _ in range(500):
            await pilot.pause(0.02)
            if isinstance(app.screen, SummaryScreen):
                break
            if getattr(app.screen, "holding", 0):
                await pilot.press("space")  # the last trick waits for the player
        await pilot.press("v")
        for _ in range(12000):  # the whole hand at the review's budget when the player played at once
            await pilot.pause(0.02)
            screen = app.screen
            if isinstance(screen, ReviewScreen) and screen.reviewed is not None:
                break
        await pilot.pause()
        saved.append(Path(app.save_screenshot("review.svg", path=str(HERE))))
        await pilot.press("s", "right", "right", "right")
        await pilot.pause()
        saved.append(Path(app.save_screenshot("review-step.svg", path=str(HERE))))
    return saved


async def capture_spanish() -> list[Path]:
    """The pairs table in Spanish, a few turns in (the README's section on languages)."""
    app = make_app(players=4, seed=SEED, delay=0, lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await play_turns(app, pilot, TURNS)
        return [Path(app.save_screenshot("table-es.svg", path=str(HERE)))]


async def capture() -> list[Path]:
    if sys.argv[1:] == ["review"]:
        return await capture_review()
    if sys.argv[1:] == ["es"]:
        return await capture_spanish()
    saved: list[Path] = []
    app = make_app(seed=SEED, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        saved.append(Path(app.save_screenshot("start.svg", path=str(HERE))))
        await pilot.press("enter")
        await play_turns(app, pilot, TURNS)
        saved.append(Path(app.save_screenshot("table.svg", path=str(HERE))))
    # The smallest table the game plays in, and a big terminal heads-up.
    for name, players, size, turns in (("table-80x24", 4, (80, 24), 5), ("table-200x50", 2, (200, 50), 6)):
        app = make_app(players=players, seed=SEED, delay=0)
        async with app.run_test(size=size) as pilot:
            await play_turns(app, pilot, turns)
            saved.append(Path(app.save_screenshot(f"{name}.svg", path=str(HERE))))
    # The coach's hint on the player's first turn (heads-up, 80×24).
    from guinote_tui.ui.screens.hint import HintScreen

    app = make_app(players=2, seed=SEED, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_turns(app, pilot, 0)
        await pilot.press("h")
        for _ in range(200):
            await pilot.pause(0.02)
            if isinstance(app.screen, HintScreen):
                break
        await pilot.pause()
        saved.append(Path(app.save_screenshot("hint.svg", path=str(HERE))))
    saved.extend(await capture_review())
    saved.extend(await capture_spanish())
    return saved


def main() -> int:
    for svg in asyncio.run(capture()):
        png = to_png(svg)
        print(svg.relative_to(HERE.parent), "and", png.relative_to(HERE.parent) if png else "(no rsvg-convert: no PNG)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
