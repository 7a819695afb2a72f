"""Bots on the replayed games' priced decisions (docs/lab/2026-12-discipline-replayed.md).

Usage: python docs/lab/scripts/replayed_bench.py SPEC [SPEC ...]
Each decision kept in docs/lab/data/discipline-replayed/prices.json (``guinote_lab.discipline_replayed``'s
checkpoint) is asked of each bot with four generators; printed per decision: the cards played and the acceptable
ones; then, for the leads and the follows, how often the point card (the one the bot played in the game) was played
where the reference cannot separate the cards, and how often the card played was acceptable.
"""

import json
import random
import sys
from pathlib import Path

from guinote_lab.discipline_replayed import decisions
from guinote_tui.ai import decide, make_bot
from guinote_tui.engine import Play, seat_view

DATA = Path(__file__).parent.parent / "data" / "discipline-replayed"
GAMES = ("heads-up-101.json", "pairs-202.json")
TRIES = 4


def main() -> None:
    prices = json.loads((DATA / "prices.json").read_text())["hands"]
    items = []
    for name in GAMES:
        for hand, trick, seat, position in decisions(DATA / name):
            key = f"{name}:{hand}:{trick}:{seat}"
            if key in prices:
                items.append((key, position, prices[key]))
    for spec in sys.argv[1:]:
        bot = make_bot(spec)
        counts = {"lead": [0, 0, 0, 0], "follow": [0, 0, 0, 0]}  # point card in unclear, tries there, ok, tries
        for key, position, verdict in items:
            acceptable = set(verdict["acceptable"].split())
            state = position.state()
            seat = state.to_move
            assert seat is not None
            played = []
            for seed in range(TRIES):
                action = decide(bot, state, seat, random.Random(f"rb:{seed}:{key}"))
                assert isinstance(action, Play)
                played.append(str(action.card))
            kind = "follow" if seat_view(state, seat).trick else "lead"
            row = counts[kind]
            if verdict["verdict"] == "unclear":
                row[0] += sum(card == str(position.exploit) for card in played)
                row[1] += len(played)
            row[2] += sum(card in acceptable for card in played)
            row[3] += len(played)
            shown = " ".join(sorted(acceptable))
            print(f"{spec} {key} {position.exploit} {verdict['verdict']}: {' '.join(played)} (acceptable {shown})")
        for kind, (point, unclear, ok, tries) in counts.items():
            print(f"{spec} {kind}s: the point card in {point}/{unclear} tries where unclear; acceptable {ok}/{tries}")


if __name__ == "__main__":
    main()
