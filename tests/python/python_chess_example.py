"""The README's python-chess example: Tessera plays ten moves against itself through
python-chess and the final position is drawn with chess.svg.

Usage: python3 tests/python/python_chess_example.py target/release/tessera [OUT.svg]
"""
import sys

import chess
import chess.engine
import chess.svg

engine = chess.engine.SimpleEngine.popen_uci(sys.argv[1])
board = chess.Board()
while not board.is_game_over() and board.fullmove_number <= 10:
    result = engine.play(board, chess.engine.Limit(time=0.1))
    board.push(result.move)
info = engine.analyse(board, chess.engine.Limit(depth=8))
engine.quit()
print(board.fen())
print("score", info["score"].white(), "pv", " ".join(m.uci() for m in info.get("pv", [])[:4]))
if len(sys.argv) > 2:
    last = board.peek()
    with open(sys.argv[2], "w") as f:
        f.write(chess.svg.board(board, lastmove=last, size=360))
