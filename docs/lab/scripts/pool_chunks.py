"""Pool duplicate-tournament chunks of one pairing (``guinote tournament --json`` outputs) and print the result.

Usage: python docs/lab/scripts/pool_chunks.py docs/lab/data/NAME-PLAYERS/*.json
The juego share is weighted by deals and its 95 % interval is a Wilson interval over the summed effective games
(the ladder's pooling, guinote_tui.tournament.ladder.pooled); the mean point difference is weighted by games.
"""

import json
import sys
from pathlib import Path

from guinote_tui.tournament.ladder import pooled

results = [json.loads(Path(p).read_text(encoding="utf-8")) for p in sys.argv[1:]]
if not results:
    sys.exit("name the chunk files")
step = pooled(results)
games = sum(int(r["games"]) for r in results)
points = sum(float(r["mean_point_diff"]) * int(r["games"]) for r in results) / games
low, high = step.share_ci
elo_low, elo_high = step.elo_ci
print(
    f"{step.stronger} vs {step.weaker}, {step.players} players: {step.deals} duplicate deals ({len(results)} chunks), "
    f"juego share {step.share:.3f} [{low:.3f}, {high:.3f}], Elo {step.elo:+.0f} "
    f"[{elo_low if elo_low is None else round(elo_low)}, {elo_high if elo_high is None else round(elo_high)}], "
    f"mean point difference {points:+.1f} a game"
)
