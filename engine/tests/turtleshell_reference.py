#!/usr/bin/env python3
"""Slow, obvious reference move counter for Turtle Shell Chess (standard library only).

Usage: turtleshell_reference.py BOARD_JSON FEN DEPTH [MOVE ...]
Plays the moves from FEN (each checked against this file's own move list), then prints
one line per legal move, "MOVE COUNT", followed by "total COUNT" (perft, counting plies).

Written apart from the engine: it walks the board data's row and file lists cell by
cell, finds check by trying every reply that could take the king, and remembers every
earlier position of the game for the ko rule.
"""
import json
import sys

board_path, fen, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
moves_to_play = sys.argv[4:]

doc = json.load(open(board_path))
cells = {c["name"]: c for c in doc["cells"]}
lines = list(doc["rows"].values()) + list(doc["files"].values())
zones = doc["zones"]
COLOURS = ("white", "black")


def opp(colour):
    return "black" if colour == "white" else "white"


def parse_fen(text):
    placement, side = text.split()
    ranks = placement.split("/")
    assert len(ranks) == 10
    board = {}
    for digit, rank in zip(range(9, -1, -1), ranks):
        names = sorted(n for n in cells if n[1] == str(digit))
        i = 0
        for ch in rank:
            if ch.isdigit():
                i += int(ch)
            else:
                colour = "white" if ch.isupper() else "black"
                board[names[i]] = (colour, ch.lower())
                i += 1
        assert i == len(names)
    return board, {"w": "white", "b": "black"}[side]


def targets(board, cell, colour, kind):
    """Cells the piece may go to, ignoring check and ko."""
    out = []
    if kind == "r":
        for line in lines:
            if cell not in line:
                continue
            i = line.index(cell)
            for path in (line[i + 1:], line[:i][::-1]):
                for c in path:
                    if c in board:
                        if board[c][0] != colour:
                            out.append(c)
                        break
                    out.append(c)
    elif kind == "n":
        out = list(cells[cell]["corner_neighbours"])
    elif kind in ("g", "k"):
        out = list(cells[cell]["edge_neighbours"])
    elif kind == "p":
        out = list(cells[cell]["pawn_forward"][colour])
    result = []
    for c in out:
        if (c not in board or board[c][0] != colour) and c not in result:
            result.append(c)
    return result


def attacked(board, cell, by):
    for c, (colour, kind) in board.items():
        if colour == by and cell in targets(board, c, colour, kind):
            return True
    return False


def king_cell(board, colour):
    return next(c for c, p in board.items() if p == (colour, "k"))


def position_id(board, side):
    return (tuple(sorted(board.items())), side)


def apply(board, move, colour):
    frm, to, promote = move
    nb = dict(board)
    piece = nb.pop(frm)
    nb[to] = (colour, "r") if promote else piece
    return nb


def game_over(board, side):
    mover = opp(side)
    k = king_cell(board, mover)
    return k in zones["end_zone_for_" + mover] and not attacked(board, k, side)


def legal(board, side, seen):
    if game_over(board, side):
        return []
    result = []
    for c, (colour, kind) in sorted(board.items()):
        if colour != side:
            continue
        for t in targets(board, c, colour, kind):
            choices = [False]
            if kind == "p":
                if t in zones["end_zone_for_" + side]:
                    choices = [True]
                elif t in zones["promotion_zone_for_" + side]:
                    choices = [False, True]
            for promote in choices:
                nb = apply(board, (c, t, promote), side)
                if attacked(nb, king_cell(nb, side), opp(side)):
                    continue
                if position_id(nb, opp(side)) in seen:
                    continue
                result.append((c, t, promote))
    return result


def name(move):
    return move[0] + move[1] + ("r" if move[2] else "")


def perft(board, side, seen, d):
    moves = legal(board, side, seen)
    if d == 1:
        return len(moves)
    total = 0
    for m in moves:
        nb = apply(board, m, side)
        key = position_id(nb, opp(side))
        seen.add(key)
        total += perft(nb, opp(side), seen, d - 1)
        seen.remove(key)
    return total


board, side = parse_fen(fen)
seen = {position_id(board, side)}
for text in moves_to_play:
    move = next((m for m in legal(board, side, seen) if name(m) == text), None)
    if move is None:
        sys.exit("illegal move " + text)
    board = apply(board, move, side)
    side = opp(side)
    seen.add(position_id(board, side))

total = 0
for m in legal(board, side, seen):
    if depth <= 1:
        n = 1
    else:
        nb = apply(board, m, side)
        key = position_id(nb, opp(side))
        seen.add(key)
        n = perft(nb, opp(side), seen, depth - 1)
        seen.remove(key)
    print(name(m), n)
    total += n
print("total", total)
