"""The review's worker process ends with the game, however the game ends (a killed game leaves nothing behind)."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

GAME = textwrap.dedent(
    """
    import time
    import guinote_tui.coach.ahead as ahead
    from guinote_tui.engine import Match

    if __name__ == "__main__":  # (the worker imports this module again)
        match = Match(2, seed=1)
        while match.hand.to_move != 0:
            match.apply(match.hand.legal_actions()[0], match.hand.to_move)
        review = ahead.ReviewAhead(0, 1)
        review.submit(match.hand)
        time.sleep(1.0)
        print(list(ahead._executor._processes), flush=True)
        time.sleep(60)
    """
)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_killed_game_takes_its_worker_with_it(tmp_path: Path) -> None:
    script = tmp_path / "game.py"
    script.write_text(GAME)
    game = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert game.stdout is not None
    workers = ast.literal_eval(game.stdout.readline())
    assert workers and all(alive(pid) for pid in workers)
    os.kill(game.pid, signal.SIGKILL)
    game.wait()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in workers)
