#!/usr/bin/env python3
"""Plays one `tessera match` on a Ray cluster.

The tournament is split into shards (`tessera match --shard K/N`: whole game pairs, the same
openings, seeds and rounds as the tournament played whole); each shard is a Ray task that runs
`tessera match` on a worker and sends back its results file (JSON lines, one per game, with
the game's PGN), so the workers need no shared file system, only `tessera` (and the engines)
at the paths the arguments give. The driver merges the shards as they finish
(`tessera match merge`), prints the running score, stops the remaining shards once an SPRT
decides, and prints the merged report, the same as one run prints:

    python3 ray_match.py --address auto --tessera /opt/tessera/tessera -- \\
        --games 2000 --nodes 20000 --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 \\
        --engine cmd=/opt/tessera/tessera name=new option.EvalWeights=/opt/new.json \\
        --engine cmd=/opt/tessera/tessera name=old --pgn all.pgn

`--pgn FILE` and `--results FILE` in the match arguments are written by the driver (merged,
in round order). `--address local` starts a Ray instance on this machine. `tessera tune
--cluster ADDRESS` runs its matches through this script.
"""

import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile


def option_value(args, flag):
    """The value of `flag` in the match arguments, or None."""
    for i, a in enumerate(args):
        if a == flag and i + 1 < len(args):
            return args[i + 1]
        if a.startswith(flag + "="):
            return a.split("=", 1)[1]
    return None


def without(args, flags):
    """The match arguments without the given flags and their values."""
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in flags:
            skip = True
            continue
        if any(a.startswith(f + "=") for f in flags):
            continue
        out.append(a)
    return out


def placements(ray, n, cpus):
    """Shard k's scheduling strategy: the cluster's nodes that can run a shard take the shards
    in turn (soft: elsewhere when that node is gone), so a small match still spreads over every
    node instead of piling onto the first idle one."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    nodes = sorted(
        node["NodeID"]
        for node in ray.nodes()
        if node.get("Alive") and node.get("Resources", {}).get("CPU", 0) >= max(cpus, 1e-9)
    )
    if not nodes:
        return ["DEFAULT"] * n
    return [
        NodeAffinitySchedulingStrategy(node_id=nodes[k % len(nodes)], soft=True) for k in range(n)
    ]


def game_pairs(args):
    """Game pairs in the tournament (a pair: one opening, colours swapped)."""
    games = int(option_value(args, "--games") or 2)
    engines = args.count("--engine")
    if "--gauntlet" in args:
        matches = max(engines - 1, 1)
    else:
        matches = max(engines * (engines - 1) // 2, 1)
    return matches * math.ceil(games / 2)


def merge(tessera, files, extra=()):
    """`tessera match merge --partial FILES`: its report, or raises with its error."""
    p = subprocess.run(
        [tessera, "match", "merge", "--partial", *files, *extra],
        capture_output=True,
        text=True,
    )
    if p.returncode != 0:
        raise RuntimeError("tessera match merge failed: " + p.stderr.strip())
    return p.stdout


def running_line(report):
    """The score and Elo of a merged report on one line, as a match prints after each game."""
    lines = report.splitlines()
    score = next((l for l in lines if l.startswith("Score of ")), None)
    elo = next((l for l in lines if l.startswith("Elo difference")), None)
    if score and elo:
        return score + "  " + elo
    return None


def decided(report):
    return any(l.startswith("SPRT:") and l.endswith("was accepted") for l in report.splitlines())


def play_match(argv):
    """Runs `tessera match ARGV --results FILE` in a directory of its own; returns the results
    text, or None when a cancel (the SPRT decided) stopped it.

    Ray cancels a running task without force by raising an interrupt in the task's thread, at
    whatever line it is on: between creating the directory and removing it, that would leave
    the directory behind. So the interrupt is caught as a request for the whole time the
    directory exists: it ends the match, and the usual path removes the directory."""
    import signal
    import threading

    stop = threading.Event()
    proc = None

    def on_cancel(signum, frame):
        stop.set()
        if proc is not None:
            proc.kill()

    try:
        previous = signal.signal(signal.SIGINT, on_cancel)
    except ValueError:
        previous = None  # not the main thread: Ray's interrupt cannot be caught here
    try:
        with tempfile.TemporaryDirectory(prefix="tessera-shard-") as d:
            res = os.path.join(d, "results.jsonl")
            proc = subprocess.Popen(
                [*argv, "--results", res],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            if stop.is_set():
                proc.kill()
            while True:
                try:
                    _, err = proc.communicate(timeout=0.25)
                    break
                except subprocess.TimeoutExpired:
                    # Ray's interrupt is no real signal: it is only seen when this thread
                    # runs, so the wait must wake now and then, not block in a read.
                    pass
            if stop.is_set():
                return None
            if proc.returncode != 0:
                raise RuntimeError(err.strip())
            with open(res) as f:
                return f.read()
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def main():
    ap = argparse.ArgumentParser(
        description="Play a tessera match on a Ray cluster, in shards, and merge them."
    )
    ap.add_argument("--address", default="auto",
                    help="Ray address: auto, HOST:PORT, ray://HOST:PORT, or local")
    ap.add_argument("--tessera", required=True,
                    help="the tessera program, at this path on the driver and every worker")
    ap.add_argument("--shards", type=int, default=None,
                    help="shards (default: two per cluster CPU, at most one per game pair)")
    ap.add_argument("--cpus-per-shard", type=float, default=None,
                    help="CPUs a shard reserves (default: the match's --concurrency)")
    ap.add_argument("--keep", default=None,
                    help="keep the shards' results files in this directory")
    ap.add_argument("match", nargs=argparse.REMAINDER,
                    help="-- then the arguments of tessera match")
    a = ap.parse_args()
    margs = a.match[1:] if a.match[:1] == ["--"] else a.match
    if not margs:
        ap.error("give the match arguments after --")
    tessera = os.path.abspath(a.tessera)
    pgn_out = option_value(margs, "--pgn")
    results_out = option_value(margs, "--results")
    shard_args = without(margs, ["--pgn", "--results", "--shard"])
    concurrency = int(option_value(margs, "--concurrency") or 1)
    cpus = a.cpus_per_shard if a.cpus_per_shard is not None else concurrency

    import ray

    if a.address == "local":
        ray.init(include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=a.address, log_to_driver=False)

    @ray.remote(num_cpus=cpus, max_retries=2)
    def play_shard(k, n):
        import socket

        node = ray.get_runtime_context().get_node_id()
        try:
            text = play_match([tessera, "match", *shard_args, "--shard", f"{k}/{n}"])
        except RuntimeError as e:
            raise RuntimeError(f"shard {k}/{n} on {socket.gethostname()}: {e}") from None
        return k, text, node

    pairs = game_pairs(shard_args)
    n = a.shards or max(1, int(2 * ray.cluster_resources().get("CPU", 1)))
    n = max(1, min(n, pairs))
    keep = a.keep or tempfile.mkdtemp(prefix="tessera-ray-")
    os.makedirs(keep, exist_ok=True)
    strategies = placements(ray, n, cpus)
    pending = {
        play_shard.options(scheduling_strategy=strategies[k - 1]).remote(k, n): k
        for k in range(1, n + 1)
    }
    files, nodes, stopped, cancelled = [], set(), False, []
    report = ""
    try:
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                pending.pop(ref)
                k, text, node = ray.get(ref)
                nodes.add(node)
                path = os.path.join(keep, f"shard-{k}-of-{n}.jsonl")
                with open(path, "w") as f:
                    f.write(text)
                files.append(path)
                report = merge(tessera, files)
                line = running_line(report)
                if line:
                    print(line, flush=True)
                if decided(report) and pending:
                    stopped = True
                    # Not forced: the shard catches the interrupt, kills its match and
                    # removes its directory (a forced cancel kills the worker and leaves
                    # both behind).
                    for r in pending:
                        ray.cancel(r, force=False)
                    cancelled = list(pending)
                    pending = {}
        extra = []
        if pgn_out:
            extra += ["--pgn", pgn_out]
        if results_out:
            extra += ["--results", results_out]
        report = merge(tessera, files, extra)
    finally:
        if a.keep is None:
            shutil.rmtree(keep, ignore_errors=True)
        if cancelled:
            # Let the cancelled shards clean up before a local cluster goes down with us.
            ray.wait(cancelled, num_returns=len(cancelled), timeout=30)
        ray.shutdown()
    lines = [l for l in report.splitlines() if not l.startswith("Note: ")]
    if stopped:
        finished = lines.pop()
        games = finished.split()[-2]
        lines.append(f"Stopped after {games} games (the SPRT decided; {len(files)} of {n} shards played)")
        lines.append(finished)
    print("\n".join(lines))
    print(f"Cluster: {n} shards on {len(nodes)} node(s)", file=sys.stderr)


if __name__ == "__main__":
    main()
