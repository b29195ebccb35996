"""A match: tessera against Stockfish with UCI_LimitStrength at a given Elo, on a real clock.

usage: stockfish_match.py TESSERA STOCKFISH GAMES ELO BASE_SECONDS INC_SECONDS
Tessera alternates colours. Any illegal move, crash or time forfeit by Tessera fails the run.
Prints one line per game and a final `score W-D-L points/games` line.
"""
import sys
import time

import chess
import chess.engine


def play(tessera, stockfish, tessera_white, base, inc, max_plies=400):
    board = chess.Board()
    clocks = {chess.WHITE: base, chess.BLACK: base}
    engines = {chess.WHITE: tessera if tessera_white else stockfish,
               chess.BLACK: stockfish if tessera_white else tessera}
    tessera_side = chess.WHITE if tessera_white else chess.BLACK
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        side = board.turn
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        t0 = time.monotonic()
        result = engines[side].play(board, limit)
        used = time.monotonic() - t0
        clocks[side] -= used
        if clocks[side] < 0:
            if side == tessera_side:
                raise SystemExit(f"tessera lost on time ({used:.3f}s used) in {board.fen()}")
            return ("1-0" if side == chess.BLACK else "0-1"), "stockfish time forfeit"
        clocks[side] += inc
        mv = result.move
        if mv is None or mv not in board.legal_moves:
            who = "tessera" if side == tessera_side else "stockfish"
            raise SystemExit(f"{who} played illegal move {mv} in {board.fen()}")
        board.push(mv)
    if board.is_game_over(claim_draw=True):
        outcome = board.outcome(claim_draw=True)
        return board.result(claim_draw=True), outcome.termination.name.lower()
    return "1/2-1/2", "move limit"


def main():
    tpath, spath = sys.argv[1], sys.argv[2]
    games, elo = int(sys.argv[3]), int(sys.argv[4])
    base, inc = float(sys.argv[5]), float(sys.argv[6])
    tessera = chess.engine.SimpleEngine.popen_uci(tpath, timeout=30)
    stockfish = chess.engine.SimpleEngine.popen_uci(spath, timeout=30)
    # Both keep 100 ms per move for process and pipe latency on a busy machine.
    stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16,
                         "Move Overhead": 100})
    tessera.configure({"Move Overhead": 100})
    w = d = l = 0
    try:
        for g in range(games):
            tessera_white = g % 2 == 0
            result, why = play(tessera, stockfish, tessera_white, base, inc)
            if result == "1/2-1/2":
                d += 1
            elif (result == "1-0") == tessera_white:
                w += 1
            else:
                l += 1
            colour = "white" if tessera_white else "black"
            print(f"game {g + 1}: tessera {colour} {result} ({why})", flush=True)
    finally:
        tessera.quit()
        stockfish.quit()
    print(f"score {w}-{d}-{l} {w + d / 2}/{games}")


if __name__ == "__main__":
    main()
