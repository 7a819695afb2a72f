"""``python -m guinote_lab COMMAND ...``: the game's commands (``tournament``, ``simulate``, ...) with the
laboratory's experimental bots registered (``learned``, ``playmodel``)."""

from __future__ import annotations

import guinote_lab  # noqa: F401  (registers the laboratory's bots)
from guinote_tui.cli import run

if __name__ == "__main__":
    run()
