"""``python -m guinote_lab.learn``: see :mod:`guinote_lab.learn.trainer`."""

from __future__ import annotations

import sys

from guinote_lab.learn.trainer import main

if __name__ == "__main__":
    sys.exit(main())
