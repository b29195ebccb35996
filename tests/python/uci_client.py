"""Drives the tessera binary as a real UCI client (python-chess).

usage: uci_client.py ENGINE analyse|selfplay|chess960
Prints one summary line; exits non-zero (with a message) on any protocol or legality failure.
"""
import random
import sys

import chess
import chess.engine


def analyse(engine):
    board = chess.Board()
    board.push_uci("e2e4")
    info = engine.analyse(board, chess.engine.Limit(time=0.3))
    pv = info.get("pv") or []
    assert pv, f"no pv in {info}"
    assert pv[0] in board.legal_moves, f"illegal pv move {pv[0]}"
    assert "score" in info, f"no score in {info}"
    result = engine.play(board, chess.engine.Limit(time=0.2))
    assert result.move in board.legal_moves, f"illegal bestmove {result.move}"
    print(f"analyse ok: pv {' '.join(m.uci() for m in pv)} score {info['score']}")


def random_opening(board, rng, plies):
    """A few seeded random moves first, so that games differ and reach more positions."""
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over(claim_draw=True):
            return
        board.push(rng.choice(moves))


def play_game(engine, board, max_plies, limit):
    plies = castles = 0
    while not board.is_game_over(claim_draw=True) and plies < max_plies:
        result = engine.play(board, limit)
        mv = result.move
        assert mv is not None, f"no move in {board.fen()}"
        assert mv in board.legal_moves, f"illegal move {mv} in {board.fen()}"
        castles += board.is_castling(mv)
        board.push(mv)
        plies += 1
    return plies, castles


def selfplay(engine):
    rng = random.Random(7)
    total = 0
    for _ in range(2):
        board = chess.Board()
        random_opening(board, rng, 6)
        total += play_game(engine, board, 200, chess.engine.Limit(time=0.01))[0]
    print(f"selfplay ok: {total} plies, last result {board.result(claim_draw=True)}")


def chess960(engine):
    # python-chess sends UCI_Chess960 itself for boards in Chess960 mode.
    rng = random.Random(960)
    total = 0
    castles = 0
    for _ in range(3):
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        random_opening(board, rng, 4)
        plies, c = play_game(engine, board, 60, chess.engine.Limit(time=0.01))
        total += plies
        castles += c
    # Castling moves on the legal list are written king-takes-rook in 960 mode.
    board = chess.Board("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", chess960=True)
    result = engine.play(board, chess.engine.Limit(time=0.05))
    assert result.move in board.legal_moves, f"illegal 960 move {result.move}"
    print(f"chess960 ok: {total} plies, {castles} castles")


def main():
    path, mode = sys.argv[1], sys.argv[2]
    engine = chess.engine.SimpleEngine.popen_uci(path, timeout=20)
    try:
        {"analyse": analyse, "selfplay": selfplay, "chess960": chess960}[mode](engine)
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
