#!/bin/bash
# Cloak and Dagger at equal time: `Search auto` (information-set MCTS with inference,
# alpha-beta on few worlds) against determinized alpha-beta, one match per pairing, all at
# once, each up to 400 games, stopped after SECONDS (a stopped match keeps its finished
# games; `tessera match merge --partial` reports them).
#
#   bench/cloak-strength.sh SECONDS MOVETIME:CONCURRENCY:SEED [MOVETIME:CONCURRENCY:SEED ...]
#   bench/cloak-strength.sh 480 100:7:41 300:7:42
#
# TESSERA (default target/release/tessera) and OUT (default cloak-out) override the paths;
# ISMCTS_ARGS adds engine arguments to the ISMCTS side (say "option.Exact Worlds=1").
# Results: $OUT/cloak-T-S.jsonl, .pgn and .txt (the match's log).
set -u
[ $# -ge 2 ] || { sed -n 2,12p "$0"; exit 2; }
TS=$(realpath -e "${TESSERA:-target/release/tessera}") || { echo "no Tessera binary: cargo build --release, or set TESSERA" >&2; exit 1; }
OUT=${OUT:-cloak-out}
mkdir -p "$OUT"
secs=$1
shift
echo "cores $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
for p in "$@"; do
  IFS=: read -r ms conc seed <<<"$p"
  # shellcheck disable=SC2086
  timeout -s TERM "$secs" "$TS" match --variant cloak --games 400 --movetime "$ms" \
    --concurrency "$conc" --seed "$seed" --maxmoves 60 \
    --engine cmd="$TS" name=ismcts ${ISMCTS_ARGS:+"$ISMCTS_ARGS"} \
    --engine cmd="$TS" name=detab option.Search=alphabeta \
    --results "$OUT/cloak-$ms-$seed.jsonl" --pgn "$OUT/cloak-$ms-$seed.pgn" \
    >"$OUT/cloak-$ms-$seed.txt" 2>&1 &
done
wait
for p in "$@"; do
  IFS=: read -r ms conc seed <<<"$p"
  echo "== movetime $ms ms, seed $seed"
  "$TS" match merge --partial "$OUT/cloak-$ms-$seed.jsonl" 2>&1 | tail -6
done
