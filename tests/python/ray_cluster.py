#!/usr/bin/env python3
"""A local Ray cluster of two worker nodes plays a sharded tessera match through
cluster/ray_match.py; the merged report and games must equal the match played whole. Then
`tessera tune spsa --cluster` plays its iterations on the same cluster.

Usage: ray_cluster.py TESSERA RUNNER WORKDIR
"""

import os
import re
import subprocess
import sys
import tempfile


def games(pgn):
    """Round -> movetext without comments."""
    out = {}
    for g in re.split(r"\n(?=\[Event )", pgn):
        if not g.strip():
            continue
        rnd = int(re.search(r'\[Round "(\d+)"\]', g).group(1))
        moves = re.sub(r"\{[^}]*\}", "", g.split("\n\n", 1)[1])
        out[rnd] = " ".join(moves.split())
    return out


def closing(report):
    i = report.rfind("\nScore of")
    return report[i + 1:] if i >= 0 else report


def leftovers():
    """The runners' own temporary directories now in the temporary directory."""
    tmp = tempfile.gettempdir()
    return {d for d in os.listdir(tmp) if d.startswith(("tessera-ray-", "tessera-shard-"))}


def cancel_a_running_shard(tessera, runner, address):
    """A shard cancelled while its match plays (as the SPRT stops the shards still playing)
    stops at once and removes its directory, also when the match writes nothing for long."""
    import time

    import ray

    sys.path.insert(0, os.path.dirname(os.path.abspath(runner)))
    import ray_match

    ray.cloudpickle.register_pickle_by_value(ray_match)
    before = leftovers()
    ray.init(address=address, log_to_driver=False)
    try:
        long_match = [
            tessera, "match", "--variant", "chess", "--games", "1000", "--depth", "30",
            "--engine", f"cmd={tessera}", "--engine", f"cmd={tessera}",
        ]
        ref = ray.remote(ray_match.play_match).remote(long_match)
        deadline = time.time() + 120
        while not leftovers() - before:
            assert time.time() < deadline, "the shard never started"
            time.sleep(0.05)
        time.sleep(1.0)
        t = time.time()
        ray.cancel(ref, force=False)
        assert ray.get(ref, timeout=30) is None
        took = time.time() - t
        assert took < 10, took
        assert not leftovers() - before, leftovers() - before
        print(f"a running shard cancelled: stopped in {took:.1f} s, its directory removed")
    finally:
        ray.shutdown()


def main():
    tessera, runner, work = sys.argv[1:4]
    from ray.cluster_utils import Cluster

    before = leftovers()

    mem = 100 * 1024 * 1024
    cluster = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "include_dashboard": False, "object_store_memory": mem},
    )
    cluster.add_node(num_cpus=1, object_store_memory=mem)
    cluster.wait_for_nodes()
    try:
        match = [
            "--variant", "tictacchess", "--games", "12", "--depth", "2",
            "--random-plies", "3", "--seed", "4",
            "--sprt", "elo0=-1", "elo1=1", "alpha=0.001", "beta=0.001",
            "--engine", f"cmd={tessera}", "name=d2",
            "--engine", f"cmd={tessera}", "name=d3", "depth=3",
        ]
        whole_pgn = os.path.join(work, "whole.pgn")
        whole = subprocess.run(
            [tessera, "match", *match, "--pgn", whole_pgn],
            capture_output=True, text=True, check=True,
        ).stdout
        ray_pgn = os.path.join(work, "ray.pgn")
        ray = subprocess.run(
            [sys.executable, runner, "--address", cluster.address, "--tessera", tessera,
             "--shards", "4", "--", *match, "--pgn", ray_pgn],
            capture_output=True, text=True,
        )
        if ray.returncode != 0:
            sys.exit("the runner failed:\n" + ray.stdout + ray.stderr)
        assert "Cluster: 4 shards on 2 node(s)" in ray.stderr, ray.stderr
        assert closing(whole) == closing(ray.stdout), (whole, ray.stdout)
        a, b = games(open(whole_pgn).read()), games(open(ray_pgn).read())
        assert len(a) == 12 and a == b, (a, b)
        print(closing(ray.stdout))

        # An SPRT that decides early: the runner stops the shards still to play.
        sprt = match[:]
        i = sprt.index("--sprt")
        sprt[i + 1:i + 5] = ["elo0=0", "elo1=300", "alpha=0.2", "beta=0.2"]
        sprt[sprt.index("--games") + 1] = "24"
        early = subprocess.run(
            [sys.executable, runner, "--address", cluster.address, "--tessera", tessera,
             "--shards", "12", "--", *sprt],
            capture_output=True, text=True,
        )
        if early.returncode != 0:
            sys.exit("the runner failed:\n" + early.stdout + early.stderr)
        assert "H0 was accepted" in early.stdout, early.stdout
        print(closing(early.stdout))
        cancel_a_running_shard(tessera, runner, cluster.address)

        out = os.path.join(work, "search.json")
        env = dict(os.environ, TESSERA_PYTHON=sys.executable)
        tune = subprocess.run(
            [tessera, "tune", "spsa", "--iterations", "2", "--pairs", "2",
             "--params", "rfp_margin", "--nodes", "300", "--out", out, "--no-sprt",
             "--cluster", cluster.address, "--shards", "2"],
            capture_output=True, text=True, env=env,
        )
        if tune.returncode != 0:
            sys.exit("tune on the cluster failed:\n" + tune.stdout + tune.stderr)
        log = open(os.path.join(work, "search.spsa.csv")).read().splitlines()
        # Two iterations of two game pairs each, every game counted.
        assert len(log) == 3, log
        for row in log[1:]:
            w, l, d = (int(x) for x in row.split(",")[1:4])
            assert w + l + d == 4, row
        print("spsa on the cluster:", log)
        # Shards stopped by the SPRT and the tuner's runner leave no directory behind.
        left = leftovers() - before
        assert not left, left
    finally:
        cluster.shutdown()


if __name__ == "__main__":
    main()
