"""Make the README screenshots from the real app: ``python assets/screenshot.py``.

Plays a seeded pairs match against the default bots for a few turns (the
player takes their first legal card, and sings or changes the seven when
offered), then saves the table as SVG with ``App.save_screenshot`` and, when
``rsvg-convert`` is installed (Debian: ``librsvg2-bin``), as PNG too. The
start screen is saved the same way.
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


async def capture() -> list[Path]:
    saved: list[Path] = []
    app = make_app(seed=SEED, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        saved.append(Path(app.save_screenshot("start.svg", path=str(HERE))))
        await pilot.press("enter")
        turns = 0
        while turns < TURNS:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            session = app.session
            table = app.screen
            if session is None or session.hand_over or not isinstance(table, TableScreen):
                break
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
            turns += 1
        for _ in range(50):
            await pilot.pause()
            await app.workers.wait_for_complete()
            if app.session is not None and (app.session.human_to_move or app.session.hand_over):
                break
        await pilot.pause()
        saved.append(Path(app.save_screenshot("table.svg", path=str(HERE))))
    return saved


def main() -> int:
    for svg in asyncio.run(capture()):
        png = to_png(svg)
        print(svg.relative_to(HERE.parent), "and", png.relative_to(HERE.parent) if png else "(no rsvg-convert: no PNG)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
