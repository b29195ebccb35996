#!/usr/bin/env python3
"""Ending positions from games, as an openings file for `tessera match --openings`.

    python3 bench/ending_positions.py GAMES.pgn[.xz] --games 1500 --seed 5 --out endings.txt

From each game, one position drawn at random from the first six that are an ending: from
move 20 on, no queens, each side at most a rook and a minor piece (a side without pieces
only against at most a minor piece), pawns on the board, the two sides' material (pawns 1,
knights and bishops 3, rooks 5) within 2 of each other, the side to move not in check and
the game not over. A match from these positions measures what an ending's knowledge is
worth: each position is played twice, colours swapped. Needs python-chess.
"""

import argparse
import lzma
import random

import chess
import chess.pgn

from ladder_report import material


def pieces(board, side):
    """Material other than pawns (knights and bishops 3, rooks 5, queens 9)."""
    return material(board, side) - len(board.pieces(chess.PAWN, side))


def is_ending(board):
    if board.fullmove_number < 20 or board.is_check() or board.is_game_over():
        return False
    if board.pieces(chess.QUEEN, chess.WHITE) or board.pieces(chess.QUEEN, chess.BLACK):
        return False
    most = max(pieces(board, chess.WHITE), pieces(board, chess.BLACK))
    least = min(pieces(board, chess.WHITE), pieces(board, chess.BLACK))
    if most > 8 or (least == 0 and most > 3):
        return False
    if not board.pieces(chess.PAWN, chess.WHITE) | board.pieces(chess.PAWN, chess.BLACK):
        return False
    return abs(material(board, chess.WHITE) - material(board, chess.BLACK)) <= 2


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--games", type=int, default=1500, help="games read, at most")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    found, read = [], 0
    opener = lzma.open if a.pgn.endswith(".xz") else open
    with opener(a.pgn, "rt") as f:
        while read < a.games:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            read += 1
            board = game.board()
            candidates = []
            for move in game.mainline_moves():
                board.push(move)
                if is_ending(board):
                    candidates.append(board.fen())
            if candidates:
                found.append(rng.choice(candidates[:6]))
    rng.shuffle(found)
    with open(a.out, "w") as out:
        out.write(f"# {len(found)} ending positions (no queens, at most a rook and a minor a "
                  f"side, within 2 pawns of material), one from each of the first {read} games "
                  f"of {a.pgn.split('/')[-1]} that reach one, seed {a.seed}\n")
        for fen in found:
            out.write(fen + "\n")
    print(f"{len(found)} positions from {read} games")


if __name__ == "__main__":
    main()
