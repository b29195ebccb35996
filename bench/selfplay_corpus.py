#!/usr/bin/env python3
"""Gather the self-play games of many `tessera match` results files into one PGN for
`tessera tune nnue` or `tessera tune texel`.

    python3 bench/selfplay_corpus.py RESULTS.jsonl [RESULTS.jsonl ...] --out corpus.pgn
        [--variant chess] [--engine-cmd tessera] [--results-only]

Every SPRT of the search writes thousands of games whose moves carry the search's own
score (`{score/depth time}`), the target the trainers fit. This keeps the games of files
whose engines all run Tessera (each engine's command names `--engine-cmd`, default
`tessera`) in the variant asked for, leaving out files with a foreign engine (a match
against Stockfish would teach its scores) and games that ended by a fault. It prints how
many files and games it kept and which files it left out, and why.

`--results-only` keeps the files with a foreign engine too (matches against Stockfish) and
takes every comment out of the moves, so the trainers fit each position to the game's
result alone (a position without a search score is fitted to the result whatever
`--lambda` says): the games of the ladder teach what the engine's positions came to
against another engine, not that engine's scores.
"""

import argparse
import json
import os
import re
import sys

COMMENT = re.compile(r"\s*\{[^}]*\}")


def corpus(paths, out, variant, engine_cmd, results_only=False):
    kept_files = kept_games = 0
    with open(out, "w") as sink:
        for path in paths:
            with open(path) as f:
                try:
                    head = json.loads(f.readline())
                except json.JSONDecodeError:
                    print(f"left out {path}: not a results file")
                    continue
                t = head.get("tournament") if isinstance(head, dict) else None
                if not t:
                    print(f"left out {path}: not a results file")
                    continue
                foreign = [e["cmd"] for e in t.get("engines", [])
                           if engine_cmd not in os.path.basename(e.get("cmd", ""))]
                if (foreign and not results_only) or not t.get("engines"):
                    print(f"left out {path}: an engine not {engine_cmd!r}: {', '.join(foreign)}")
                    continue
                if t.get("variant", "chess") != variant:
                    print(f"left out {path}: variant {t.get('variant')}")
                    continue
                kept_files += 1
                for line in f:
                    line = line.strip()
                    if not line:
                        continue
                    d = json.loads(line)
                    if "pgn" not in d or d.get("fault"):
                        continue
                    pgn = d["pgn"].rstrip()
                    if results_only:
                        pgn = COMMENT.sub("", pgn)
                    sink.write(pgn + "\n\n")
                    kept_games += 1
    print(f"{kept_games} games from {kept_files} of {len(paths)} files in {out}")
    return kept_games


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--engine-cmd", default="tessera",
                    help="keep files whose every engine's command contains this")
    ap.add_argument("--results-only", action="store_true",
                    help="keep files with any engine and take the moves' comments out: "
                         "the positions are fitted to the games' results alone")
    a = ap.parse_args()
    if corpus(a.results, a.out, a.variant, a.engine_cmd, a.results_only) == 0:
        sys.exit("no games kept")


if __name__ == "__main__":
    main()
