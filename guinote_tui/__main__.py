"""``python -m guinote_tui`` runs the ``guinote`` command."""

from .cli import run

# Guarded: a worker process started by "spawn" imports this module again as ``__mp_main__``.
if __name__ == "__main__":
    run()
