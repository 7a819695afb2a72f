#!/bin/sh
# Play one duplicate pairing in resumable chunks, like ladder_chunks.sh, for bots named by specs
# (hard against hard:tiebreak=false): one `guinote tournament --json` per seed, kept as
# docs/lab/data/NAME-PLAYERS/seed-N.json; a seed already kept is skipped, so the loop can be stopped
# at any time and started again. Pool the chunks with docs/lab/scripts/pool_chunks.py.
# Usage: docs/lab/scripts/named_chunks.sh NAME A B PLAYERS FIRST_SEED LAST_SEED [DEALS_PER_CHUNK]
set -eu
name=$1 a=$2 b=$3 players=$4 first=$5 last=$6 deals=${7:-10}
dir="$(dirname "$0")/../data/$name-$players"
mkdir -p "$dir"
seed=$first
while [ "$seed" -le "$last" ]; do
  out="$dir/seed-$seed.json"
  if [ ! -s "$out" ]; then
    nice -n 10 guinote tournament --a "$a" --b "$b" --duplicate --deals "$deals" --players "$players" \
      --seed "$seed" --jobs 1 --json > "$out.part"
    mv "$out.part" "$out"
  fi
  seed=$((seed + 1))
done
