"""``python -m guinote_tui.lab.learn``: see :mod:`guinote_tui.lab.learn.trainer`."""

from __future__ import annotations

import sys

from .trainer import main

if __name__ == "__main__":
    sys.exit(main())
