#!/bin/bash
# The ladder against Stockfish: Tessera against Stockfish limited to UCI_Elo E, every rung
# at once, each up to 200 games (GAMES), stopped after SECONDS (a stopped rung keeps its
# finished games; `tessera match merge --partial` reports them).
#
#   bench/ladder.sh SECONDS SEED TC ELO:CONCURRENCY [ELO:CONCURRENCY ...]
#   bench/ladder.sh 545 31 10+0.1 2400:15
#
# TESSERA (default target/release/tessera), STOCKFISH (default /usr/games/stockfish) and
# OUT (default ladder-out) override the paths; GAMES (default 200) the games of each rung,
# to finish a stopped rung under another seed; TESSERA_OPTION more Tessera options as
# NAME=VALUE, separated by spaces, e.g. 'SearchParams={"tm_moves":14} EvalNet=r.nnue';
# OPENINGS an openings file (one line a pair of games, e.g. from bench/balanced_openings.py)
# instead of 8 random plies from the start.
# Results: $OUT/ladder-E.jsonl, $OUT/log-E.txt.
set -u
[ $# -ge 4 ] || { sed -n 2,15p "$0"; exit 2; }
TS=$(realpath -e "${TESSERA:-target/release/tessera}") || { echo "no Tessera binary: cargo build --release, or set TESSERA" >&2; exit 1; }
SF=$(realpath -e "${STOCKFISH:-/usr/games/stockfish}") || { echo "no Stockfish: apt-get install stockfish, or set STOCKFISH" >&2; exit 1; }
OUT=${OUT:-ladder-out}
games=${GAMES:-200}
mkdir -p "$OUT"
extra=()
read -ra opts <<<"${TESSERA_OPTION:-}"
for opt in "${opts[@]}"; do extra+=("option.$opt"); done
book=(--random-plies 8)
[ -n "${OPENINGS:-}" ] && book=(--openings "$(realpath -e "$OPENINGS")" --random-plies 0)
secs=$1 seed=$2 tc=$3
shift 3
echo "cores $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
for rung in "$@"; do
  elo=${rung%%:*} conc=${rung##*:}
  timeout -s TERM "$secs" "$TS" match --games "$games" --tc "$tc" --concurrency "$conc" \
    "${book[@]}" --seed "$seed" \
    --engine cmd="$TS" name=tessera option.Hash=16 "${extra[@]}" \
    --engine cmd="$SF" name="sf$elo" option.UCI_LimitStrength=true option.UCI_Elo="$elo" \
      option.Hash=16 option.Threads=1 \
    --results "$OUT/ladder-$elo.jsonl" >"$OUT/log-$elo.txt" 2>&1 &
done
wait
for rung in "$@"; do
  elo=${rung%%:*}
  echo "== UCI_Elo $elo"
  "$TS" match merge --partial "$OUT/ladder-$elo.jsonl" 2>&1 | tail -6
done
