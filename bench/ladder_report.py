#!/usr/bin/env python3
"""Where the games of a match went, from its results file (`tessera match --results`).

    python3 bench/ladder_report.py RESULTS.jsonl [--engine tessera] [--compare OTHER.jsonl]
        [--referee /usr/games/stockfish [--depth 16] [--drops] [--peaks] [--let-go]]

For the engine named (default `tessera`): its score; the time each side spent a game
against what its clock gave it (base + increment x its moves); the clock left at the end;
the time a move by stretch of the game; and its losses by what it thought first: lost from
its first move out of book (below -1), lost after it had judged the game +1 or better, and
the move where it first judged the game below -1.5 (the turn for the worse). With
`--compare`, the points of both files on the rounds they share: two runs with the same seed
play the same openings, so the paired difference says more than the two scores apart.
With `--referee`, a stronger engine's view of the losses: in each, the first of the engine's
moves (out of book, up to move 45) after which the referee, searching to `--depth`, scores
the game below -1 for it, counted by stretch of the game, with the engine's own score of
that move beside it. That tells a game lost by its opening (below -1 at the first move out
of book) from one lost later, and says how far the engine's judgement lagged. With
`--drops` too, the referee scores every position of every game (up to move 45) and charges
each side's moves out of book with what they lost in its eyes (its score before the move
less its score after, never below 0): the mean loss a move of each side, where it went
(moves losing under 30 centipawns, 30 to 99, 100 to 299, 300 or more) and by stretch of the
game. Only moves from a position the referee scores within 300 centipawns of level count:
in a decided game a loss says little. That tells games lost by many small inaccuracies (the
evaluation) from games lost by a few blunders (tactics). It needs python-chess
(`pip install chess`) and a UCI engine.

Every number comes from the PGN in the file: the tags and each move's `{score/depth time}`
comment, as `tessera match` writes them.
"""

import argparse
import json
import re
import statistics
import sys

SCORE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def tag(pgn, name):
    m = re.search(r'\[%s "([^"]*)"\]' % name, pgn)
    return m.group(1) if m else None


def clock_of(pgn):
    """(base, increment) in seconds from the TimeControl tag, or None (also for a control
    of a number of moves, whose clock this count does not follow)."""
    tc = tag(pgn, "TimeControl")
    m = re.fullmatch(r"([\d.]+)(?:\+([\d.]+))?", tc or "")
    if not m:
        return None
    return float(m.group(1)), float(m.group(2) or 0)


def score_value(text):
    """A move comment's score in pawns for the mover: mates as +-100."""
    if text.startswith(("+M", "M")):
        return 100.0
    if text.startswith("-M"):
        return -100.0
    return float(text)


def open_results(path):
    """A results file, compressed with xz (as kept in bench/corpus/) or not."""
    if path.endswith(".xz"):
        import lzma

        return lzma.open(path, "rt")
    return open(path)


def games(path):
    with open_results(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            d = json.loads(line)
            if "pgn" not in d:
                continue
            pgn = d["pgn"]
            result = tag(pgn, "Result")
            if result not in SCORE:
                continue
            body = pgn.split("\n\n", 1)[1] if "\n\n" in pgn else ""
            # The comments in order, one per ply (the last one may be the termination).
            comments = re.findall(r"\{([^}]*)\}", body)
            plies = []
            for c in comments:
                # The PGN's lines break at spaces, inside comments too.
                c = " ".join(c.split())
                if c == "book":
                    plies.append(None)
                    continue
                m = re.fullmatch(r"([+-]?M?[\d.]+)/(\d+) ([\d.]+)s", c)
                if m:
                    plies.append((score_value(m.group(1)), int(m.group(2)), float(m.group(3))))
                elif re.search(r"\d+s$", c):
                    plies.append(None)
            yield {
                "round": int(tag(pgn, "Round") or 0),
                "white": tag(pgn, "White"),
                "black": tag(pgn, "Black"),
                "result": result,
                "clock": clock_of(pgn),
                "plies": plies,
                "pgn": pgn,
            }


def points(g, engine):
    s = SCORE[g["result"]]
    return s if g["white"] == engine else 1.0 - s


def report(path, engine):
    gs = [g for g in games(path) if engine in (g["white"], g["black"])]
    if not gs:
        sys.exit(f"no finished games of {engine!r} in {path}")
    total = sum(points(g, engine) for g in gs)
    wins = sum(1 for g in gs if points(g, engine) == 1.0)
    losses = sum(1 for g in gs if points(g, engine) == 0.0)
    print(f"{path}: {len(gs)} games, {engine} {wins} - {losses} - {len(gs) - wins - losses}, "
          f"{100 * total / len(gs):.1f}%")
    spent = {}
    given = {}
    by_stretch = {}
    lost_at_start = lost_after_good = 0
    turns = []
    for g in gs:
        for side, name in enumerate((g["white"], g["black"])):
            # (move number, (score, depth, seconds)) of this side's timed moves.
            mine = [(i // 2 + 1, p) for i, p in enumerate(g["plies"]) if i % 2 == side and p]
            spent.setdefault(name, []).append(sum(p[2] for _, p in mine))
            if g["clock"]:
                base, inc = g["clock"]
                given.setdefault(name, []).append(base + inc * len(mine))
            for move, p in mine:
                stretch = min((move - 1) // 10, 7) * 10
                by_stretch.setdefault(name, {}).setdefault(stretch, []).append(p[2])
            if name != engine or points(g, engine) != 0.0:
                continue
            if mine and mine[0][1][0] < -1.0:
                lost_at_start += 1
            elif any(p[0] >= 1.0 for _, p in mine):
                lost_after_good += 1
            turn = next((move for move, p in mine if p[0] < -1.5), None)
            if turn is not None:
                turns.append(turn)
    for name in sorted(spent):
        line = f"  {name}: {statistics.mean(spent[name]):.2f} s a game"
        if name in given:
            share = sum(spent[name]) / max(sum(given[name]), 1e-9)
            left = statistics.mean(given[name]) - statistics.mean(spent[name])
            line += (f" of {statistics.mean(given[name]):.2f} ({100 * share:.1f}% of its clock),"
                     f" {left:.2f} s left at the end")
        print(line)
        stretches = by_stretch.get(name, {})
        print("    s a move by moves " + ", ".join(
            f"{k + 1}-{k + 10 if k < 70 else ''}: {statistics.mean(v):.3f}"
            for k, v in sorted(stretches.items())))
    print(f"  {engine}'s {losses} losses: {lost_at_start} judged below -1 from its first move out"
          f" of book, {lost_after_good} after it had judged +1 or better"
          + (f"; first below -1.5 at move {statistics.median(turns):g} (median)" if turns else ""))
    return {g["round"]: points(g, engine) for g in gs}


class Referee:
    """A UCI engine that scores positions at a fixed depth, for the side to move, in
    centipawns (mates as +-100000). Each view opens its own, so its scores do not depend on
    what an earlier view left in the engine's table."""

    def __init__(self, command, depth):
        import chess.engine

        self.limit = chess.engine.Limit(depth=depth)
        self.engine = chess.engine.SimpleEngine.popen_uci(command)
        self.engine.configure({"Threads": 1, "Hash": 16})

    def score(self, board):
        return self.engine.analyse(board, self.limit)["score"].relative.score(mate_score=100000)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.engine.quit()


def replay(g):
    """The game's start position and its moves, as python-chess reads its PGN."""
    import io

    import chess.pgn

    game = chess.pgn.read_game(io.StringIO(g["pgn"]))
    return game.board(), game.mainline_moves()


def engine_positions(g, side):
    """The position after each move out of book of the engine playing `side`, with the
    move's comment (score, depth, time) and its move number. The board is one object,
    played on between yields: read it before asking for the next."""
    import chess

    board, moves = replay(g)
    for i, move in enumerate(moves):
        mover = board.turn
        board.push(move)
        p = g["plies"][i] if i < len(g["plies"]) else None
        if mover == side and p is not None:
            yield board, p, board.fullmove_number - (side == chess.BLACK)


def stretch_of(move):
    return "to 12" if move <= 12 else "13-20" if move <= 20 else "21-30" if move <= 30 else "31-45"


STRETCHES = ("to 12", "13-20", "21-30", "31-45")


def referee_view(path, engine, ref, last_move=45):
    """For each loss of `engine`, the first of its moves out of book (up to `last_move`)
    after which the referee scores it below -1, as (move number, whether that was its
    first move out of book, its own score of the move); None where there is none."""
    import chess

    found = []
    for g in games(path):
        if engine not in (g["white"], g["black"]) or points(g, engine) != 0.0:
            continue
        side = chess.WHITE if g["white"] == engine else chess.BLACK
        first, first_out_of_book = None, True
        for board, p, move_number in engine_positions(g, side):
            if board.fullmove_number > last_move or board.is_game_over():
                break
            # The score is the opponent's, to move now.
            if -ref.score(board) < -100:
                first = (move_number, first_out_of_book, p[0])
                break
            first_out_of_book = False
        found.append(first)
    return found


# Scores beyond this many centipawns (mates included) count as this many.
DROP_CAP = 1000
# Moves from positions the referee scores beyond this many centipawns are not charged.
DROP_OPEN = 300
DROP_SIZES = ((0, 30), (30, 100), (100, 300), (300, None))


def move_losses(scores):
    """What each move lost, from the referee's score of every position in a line, each for
    the side to move there (`None` where the game is over): move i leads from position i to
    i + 1, so it lost `scores[i] + scores[i + 1]` (the next score is the opponent's), capped
    and never below 0; `None` for moves not charged (from a decided position, or into the
    end of the game)."""
    capped = [None if s is None else max(-DROP_CAP, min(DROP_CAP, s)) for s in scores]
    out = []
    for before, after in zip(capped, capped[1:]):
        if before is None or after is None or abs(before) > DROP_OPEN:
            out.append(None)
        else:
            out.append(max(0, before + after))
    return out


def referee_drops(path, ref, last_move=45):
    """{side name: [(move number, loss), ...]} over every game's moves out of book."""
    import chess

    drops = {}
    for g in games(path):
        board, moves = replay(g)
        names, scores, out_of_book = [], [], []
        for i, move in enumerate(moves):
            if board.fullmove_number > last_move:
                break
            scores.append(ref.score(board))
            names.append((g["white"] if board.turn == chess.WHITE else g["black"],
                          board.fullmove_number))
            out_of_book.append(i < len(g["plies"]) and g["plies"][i] is not None)
            board.push(move)
        if names:
            scores.append(None if board.is_game_over() else ref.score(board))
        for (name, move), charged, loss in zip(names, out_of_book, move_losses(scores)):
            if charged and loss is not None:
                drops.setdefault(name, []).append((move, loss))
    return drops


def print_drops(drops):
    print(f"  the referee's loss a move (moves from within {DROP_OPEN} cp of level):")
    for name in sorted(drops):
        moves = drops[name]
        total = sum(loss for _, loss in moves)
        sizes = []
        for low, high in DROP_SIZES:
            part = [loss for _, loss in moves if loss >= low and (high is None or loss < high)]
            label = f"{low}+" if high is None else f"{low}-{high - 1}"
            sizes.append(f"{label}: {len(part)} moves, {100 * sum(part) / max(total, 1):.0f}%")
        print(f"    {name}: {len(moves)} moves, {total / max(len(moves), 1):.1f} cp a move; "
              + ", ".join(sizes))
        stretches = {}
        for move, loss in moves:
            stretches.setdefault(stretch_of(move), []).append(loss)
        print("      by moves " + ", ".join(
            f"{k}: {statistics.mean(stretches[k]):.1f}" for k in STRETCHES if k in stretches))


def print_referee(found):
    firsts = [f for f in found if f]
    stretches = {}
    for move, at_book_end, _ in firsts:
        k = "out of book" if at_book_end else stretch_of(move)
        stretches[k] = stretches.get(k, 0) + 1
    order = ("out of book",) + STRETCHES
    print(f"  the referee's view of the {len(found)} losses: first below -1 "
          + ", ".join(f"{k}: {stretches.get(k, 0)}" for k in order)
          + f", never by move 45: {len(found) - len(firsts)}")
    later = [own for _, at_book_end, own in firsts if not at_book_end]
    if later:
        print(f"    after the opening ({len(later)}): the engine's own score then "
              f"{statistics.median(later):+.2f} (median), {sum(1 for x in later if x >= 0)} "
              f"of them 0 or better")


# A peak below this many pawns is not a judgement of a won game; above `PEAK_MAX`, a mate
# score, which the referee checks by other means.
PEAK_MIN = 1.5
PEAK_MAX = 50.0


def material(board, side):
    import chess

    values = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
    return sum(len(board.pieces(k, side)) * v for k, v in values.items())


def referee_peaks(path, engine, ref):
    """For each game `engine` did not win, the position after its most hopeful move (the
    highest score of its own, from `PEAK_MIN` to `PEAK_MAX` pawns), as a dict: the game's
    points, the move number, the engine's score and the referee's (pawns, for the engine),
    the engine's material lead in pawns (1, 3, 3, 5, 9) and the position's FEN."""
    import chess

    found = []
    for g in games(path):
        if engine not in (g["white"], g["black"]) or points(g, engine) == 1.0:
            continue
        side = chess.WHITE if g["white"] == engine else chess.BLACK
        best = None
        for board, p, move_number in engine_positions(g, side):
            if PEAK_MIN <= p[0] <= PEAK_MAX and (best is None or p[0] > best[0]):
                best = (p[0], move_number, board.fen())
        if best is None:
            continue
        position = chess.Board(best[2])
        if position.is_game_over():
            continue
        found.append({
            "points": points(g, engine),
            "move": best[1],
            "own": best[0],
            # The referee scores for the side to move: the engine's opponent.
            "referee": -ref.score(position) / 100.0,
            "material": material(position, side) - material(position, not side),
            "fen": best[2],
        })
    return found


def referee_best(path, engine, ref):
    """For each game `engine` did not win, as (points, referee's best, move): the referee's
    best score for the engine (pawns) after any of its moves out of book, and the first move
    where it stood there."""
    import chess

    found = []
    for g in games(path):
        if engine not in (g["white"], g["black"]) or points(g, engine) == 1.0:
            continue
        side = chess.WHITE if g["white"] == engine else chess.BLACK
        best = None
        for board, _, move_number in engine_positions(g, side):
            if board.is_game_over():
                continue
            score = -ref.score(board) / 100.0
            if best is None or score > best[0]:
                best = (score, move_number)
        if best is not None:
            found.append((points(g, engine), best[0], best[1]))
    return found


def print_best(found):
    print("  the referee's best score for the engine in games it did not win (after any of "
          "its moves):")
    for pts, name in ((0.0, "losses"), (0.5, "draws")):
        part = [(b, m) for p, b, m in found if p == pts]
        if not part:
            continue
        won = [m for b, m in part if b >= 1.5]
        print(f"    {name}: {len(part)}; the referee +1.5 or better for the engine at some "
              f"move in {len(won)}, +3 or better in {sum(1 for b, _ in part if b >= 3)}"
              + (f" (first at move {statistics.median(won):g}, median)" if won else ""))


def print_peaks(peaks, shown=10):
    print(f"  the engine's most hopeful judgement (+{PEAK_MIN:g} or more) in games it did not "
          "win, and the referee's of the same position:")
    for pts, name in ((0.0, "losses"), (0.5, "draws")):
        part = [p for p in peaks if p["points"] == pts]
        if not part:
            continue
        ref = [max(-10.0, min(10.0, p["referee"])) for p in part]
        print(f"    {name}: {len(part)}; the engine {statistics.median(p['own'] for p in part):+.2f}"
              f", the referee {statistics.median(ref):+.2f} (medians, the referee's capped at "
              f"10); the referee below +0.5: {sum(1 for r in ref if r < 0.5)}, above +1.5: "
              f"{sum(1 for r in ref if r > 1.5)}; the engine's material lead "
              f"{statistics.mean(p['material'] for p in part):+.1f} (mean); move "
              f"{statistics.median(p['move'] for p in part):g} (median)")
    worst = sorted(peaks, key=lambda p: p["referee"] - p["own"])[:shown]
    if worst:
        print(f"    the {len(worst)} widest gaps (engine, referee, material, move, FEN):")
        for p in worst:
            print(f"      {p['own']:+.2f} {p['referee']:+.2f} {p['material']:+d} {p['move']} "
                  f"{p['fen']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results")
    ap.add_argument("--engine", default="tessera")
    ap.add_argument("--compare")
    ap.add_argument("--referee", help="a UCI engine (e.g. /usr/games/stockfish) to judge losses")
    ap.add_argument("--depth", type=int, default=16, help="the referee's depth")
    ap.add_argument("--drops", action="store_true",
                    help="with --referee: what every move of each side lost in its eyes")
    ap.add_argument("--peaks", action="store_true",
                    help="with --referee: its view of the engine's most hopeful position in "
                    "each game the engine did not win")
    ap.add_argument("--let-go", action="store_true",
                    help="with --referee: its best score for the engine in each game the "
                    "engine did not win (won games let go)")
    a = ap.parse_args()
    if (a.drops or a.peaks or a.let_go) and not a.referee:
        sys.exit("--drops, --peaks and --let-go need --referee")
    mine = report(a.results, a.engine)
    if a.referee:
        with Referee(a.referee, a.depth) as ref:
            print_referee(referee_view(a.results, a.engine, ref))
        if a.drops:
            with Referee(a.referee, a.depth) as ref:
                print_drops(referee_drops(a.results, ref))
        if a.peaks:
            with Referee(a.referee, a.depth) as ref:
                print_peaks(referee_peaks(a.results, a.engine, ref))
        if a.let_go:
            with Referee(a.referee, a.depth) as ref:
                print_best(referee_best(a.results, a.engine, ref))
    if a.compare:
        other = report(a.compare, a.engine)
        common = sorted(set(mine) & set(other))
        if not common:
            sys.exit("the two files share no rounds")
        diffs = [mine[r] - other[r] for r in common]
        sd = statistics.stdev(diffs) * len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        spread = (f"{sum(diffs) / sd:+.1f} standard deviations of the paired difference" if sd
                  else "the same result in every round")
        print(f"paired on {len(common)} rounds: {sum(mine[r] for r in common):g} against "
              f"{sum(other[r] for r in common):g} points, difference {sum(diffs):+g} ({spread})")


if __name__ == "__main__":
    main()
