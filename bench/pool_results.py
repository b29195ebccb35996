#!/usr/bin/env python3
"""Pools the results files of separate `tessera match` runs of the same two engines.

Runs with different seeds play different openings, so `tessera match merge` (which joins the
shards of one tournament) does not apply. Each game pair (one opening, colours swapped) is
one sample, as in the match's own SPRT; the first engine of each run is the one measured.
Prints the pentanomial counts, the Elo with its 95% interval and the SPRT's log-likelihood
ratio on all the pairs together.

    python3 bench/pool_results.py run1.jsonl run2.jsonl --elo0 0 --elo1 5
"""

import argparse
import json
import math
from collections import defaultdict

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def pair_scores(path):
    """The first engine's points in each complete game pair of one results file."""
    pairs = defaultdict(list)
    with open(path) as f:
        for line in f:
            game = json.loads(line)
            points = POINTS.get(game.get("result"))
            if points is None:
                continue  # the header line, or a game without a result
            if game["white"] != 0:
                points = 1.0 - points
            # `opening` numbers the pair: its two games, colours swapped, share it.
            pairs[game["opening"]].append(points)
    return [sum(p) for p in pairs.values() if len(p) == 2]


def elo(score):
    """The Elo difference of a score, written; an interval's end past 0 or 1 is infinite."""
    if score <= 0.0:
        return "-inf"
    if score >= 1.0:
        return "+inf"
    return f"{-400.0 * math.log10(1.0 / score - 1.0):+.1f}"


def expected(elo_diff):
    return 1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="results files (--results of tessera match)")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=5.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    args = ap.parse_args()

    penta = [0] * 5
    for path in args.files:
        for points in pair_scores(path):
            penta[int(round(points * 2))] += 1
    n = sum(penta)
    if n == 0:
        raise SystemExit("no complete game pairs in these files")
    shares = [c / n for c in penta]
    values = [0.0, 0.25, 0.5, 0.75, 1.0]
    score = sum(p * v for p, v in zip(shares, values))
    var = sum(p * (v - score) ** 2 for p, v in zip(shares, values))
    if var == 0.0:
        raise SystemExit(f"pairs {penta}: every pair alike, no interval")
    s0, s1 = expected(args.elo0), expected(args.elo1)
    llr = n * (s1 - s0) * (2 * score - s0 - s1) / (2 * var)
    half = 1.96 * math.sqrt(var / n)
    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)
    verdict = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "undecided"
    print(
        f"pairs {' '.join(map(str, penta))} ({2 * n} games), score {score:.4f}, "
        f"Elo {elo(score)} ({elo(score - half)} .. {elo(score + half)}), "
        f"LLR {llr:.2f} of [{lower:.2f}, {upper:.2f}] for [{args.elo0:g}, {args.elo1:g}]: {verdict}"
    )


if __name__ == "__main__":
    main()
