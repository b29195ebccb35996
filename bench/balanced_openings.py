#!/usr/bin/env python3
"""Balanced chess openings for matches: random plies from the start position, kept only where
Stockfish finds the position close to level, written as `tessera match --openings` lines.

    python3 bench/balanced_openings.py --count 100 --plies 8 --seed 1 --out book.txt

Random openings of 8 plies (`--random-plies 8`) often leave one side lost before either
engine has moved: a pair of games from such an opening says little, since the side given
the won position wins with either engine. This keeps an opening only when Stockfish, at
`--depth`, scores it within `--margin` centipawns of level for the side to move, and never
two that reach the same position. The moves are uniformly random among the legal ones, as
`--random-plies` plays them. Needs python-chess (`pip install chess`) and Stockfish.
"""

import argparse
import random
import sys

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--margin", type=int, default=60, help="centipawns either side of level")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    seen, kept, tried = set(), [], 0
    with chess.engine.SimpleEngine.popen_uci(a.stockfish) as sf:
        sf.configure({"Hash": 16, "Threads": 1})
        while len(kept) < a.count:
            tried += 1
            board, moves = chess.Board(), []
            for _ in range(a.plies):
                if board.is_game_over():
                    break
                m = rng.choice(list(board.legal_moves))
                moves.append(m.uci())
                board.push(m)
            if board.is_game_over():
                continue
            key = board.epd()
            if key in seen:
                continue
            seen.add(key)
            score = sf.analyse(board, chess.engine.Limit(depth=a.depth))["score"].relative
            if score.is_mate() or abs(score.score()) > a.margin:
                continue
            kept.append(moves)
    with open(a.out, "w") as f:
        f.write(f"# {a.count} openings of {a.plies} random plies (seed {a.seed}) that Stockfish "
                f"at depth {a.depth} scores within {a.margin} cp of level; {tried} drawn\n")
        for moves in kept:
            f.write("moves " + " ".join(moves) + "\n")
    print(f"kept {len(kept)} of {tried} drawn", file=sys.stderr)


if __name__ == "__main__":
    main()
