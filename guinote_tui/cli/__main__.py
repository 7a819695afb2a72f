"""``python -m guinote_tui.cli`` runs the ``guinote`` command, as ``python -m guinote_tui`` does."""

from . import run

if __name__ == "__main__":  # pragma: no cover
    run()
