#!/bin/sh
# Play one ladder step in resumable chunks: one `guinote tournament --json` per seed,
# each kept as docs/lab/data/ladder/A-B-PLAYERS/seed-N.json; a seed already kept is skipped,
# so the loop can be stopped at any time and started again. Pool with the ladder:
#   python -m guinote_tui.tournament.ladder --add docs/lab/data/ladder/expert-hard-2/*.json
# Usage: docs/lab/scripts/ladder_chunks.sh A B PLAYERS FIRST_SEED LAST_SEED [DEALS_PER_CHUNK]
set -eu
a=$1 b=$2 players=$3 first=$4 last=$5 deals=${6:-25}
dir="$(dirname "$0")/../data/ladder/$a-$b-$players"
mkdir -p "$dir"
seed=$first
while [ "$seed" -le "$last" ]; do
  out="$dir/seed-$seed.json"
  if [ ! -s "$out" ]; then
    guinote tournament --a "$a" --b "$b" --duplicate --deals "$deals" --players "$players" --seed "$seed" --json > "$out.part"
    mv "$out.part" "$out"
  fi
  seed=$((seed + 1))
done
