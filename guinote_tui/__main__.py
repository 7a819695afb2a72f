"""``python -m guinote_tui`` runs the ``guinote`` command."""

from .cli import main

main(prog_name="guinote")
