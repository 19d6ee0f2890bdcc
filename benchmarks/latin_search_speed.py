"""Nodes and fixpoints per second of the Latin split search: a baseline checkout against this one.

    python benchmarks/latin_search_speed.py FILE[#INDEX]... [--baseline REV] [--limit 10]
           [--variants old,old-compiled,python,interpreted,compiled,compiled-norestart,compiled-restart1000]
           [--first] [--warm] [--json OUT]

Each variant is one long-lived worker process (so numba's import and the loading of its
cached kernels are paid once, in a first search of the first file outside the measure); the puzzles go to the workers one by
one, every variant on a puzzle before the next puzzle (the machine's load is noisy).  A
worker reduces the puzzle to the split's root ("lines"), then runs ``Split`` to its end or
``--limit`` seconds and reports nodes, pruned children (nodes + pruned = fixpoints run),
restarts, leaves, whether it finished, the wall and CPU seconds, and the nodes and CPU
seconds to the first leaf.  Rates are per CPU second of the worker: on a shared machine the
wall clock also counts the time other processes had the core.

Variants: ``old`` is the search of ``--baseline`` (a git revision, exported to a temporary
folder and imported instead of this checkout) as it runs by default, ``old-compiled`` the
same with its kernels compiled from the first node, ``old-python`` its Python search (as ``python``
below); ``python`` is this checkout's search
in Python (``latin_core.COMPILE_AFTER`` and ``futomip.compiled.PAYS_AFTER`` infinite: the hand-over never comes); ``interpreted`` runs this checkout with
``FUTOMIP_COMPILE=0``; ``compiled`` with the kernels compiled from the first node;
``compiled-norestart`` the same with the restart policy off, ``compiled-restartK`` with
``Restarts("plain", K)`` (``futomip.options.Restarts``, given to the ``Split``).  ``--first`` stops each search at its first leaf (the time to a
first solution's sub-puzzle).  ``--warm`` runs each search once more, unmeasured, right before
the measured one in the same worker: the rate of a search whose code and data are in the
caches, against the default's rate of a search that follows other work (its own reduction in
this process, the other variants' searches in theirs), as a search in use does.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKER = r'''
import json, sys, time
if {old!r}:
    sys.meta_path[:] = [f for f in sys.meta_path if "ditable" not in type(f).__name__]
    sys.path.insert(0, {base!r})
from futomip import io
from futomip.reduction import reduce
from futomip.reduction import latin_core, latin_split
mode = {mode!r}
if {python!r}:
    from futomip import compiled
    latin_core.COMPILE_AFTER = compiled.PAYS_AFTER = float("inf")
policy = {{}}
if {restarts!r} != "default":
    from futomip.options import Restarts
    policy = {{"restart_policy": Restarts() if {restarts!r} == "norestart" else Restarts("plain", int({restarts!r}))}}
for line in sys.stdin:
    path, limit = line.rstrip("\n").rsplit(" ", 1)
    path, _, index = path.partition("#")
    puzzle = io.read(path)[int(index or 0)]
    root = reduce(puzzle, "split")
    if {warm!r}:
        warm = latin_split.Split(puzzle, root, stop_at=time.perf_counter() + float(limit),
                                 **(({{}} if mode is None else {{"mode": mode}}) | policy))
        for _ in (warm if warm.needed else ()):
            pass
    start, cpu = time.perf_counter(), time.process_time()
    kwargs = ({{}} if mode is None else {{"mode": mode}}) | policy
    search = latin_split.Split(puzzle, root, stop_at=start + float(limit), **kwargs)
    leaves = 0
    first = None
    for _ in (search if search.needed else ()):
        leaves += 1
        if first is None:
            first = {{"nodes": search.nodes, "cpu": time.process_time() - cpu}}
            if {first_only!r}:
                break
    print(json.dumps({{"nodes": search.nodes, "pruned": search.pruned, "restarts": search.restarts,
                      "leaves": leaves, "finished": search.finished, "seconds": time.perf_counter() - start,
                      "cpu": time.process_time() - cpu, "first": first}}), flush=True)
'''


def _worker(variant: str, base: str, first_only: bool, warm: bool) -> subprocess.Popen:
    env = dict(os.environ)
    old = variant.startswith("old")
    mode = {"old": None, "python": "auto", "old-python": "auto", "interpreted": "interpreted"}.get(variant, "compiled")
    if variant == "interpreted":
        env["FUTOMIP_COMPILE"] = "0"
    restarts = variant.split("-", 1)[1].removeprefix("restart") \
        if variant.startswith("compiled-") else "default"
    code = WORKER.format(old=old, base=base, mode=mode, restarts=restarts, first_only=first_only, warm=warm,
                         python=variant in ("python", "old-python"))
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--baseline", default="0e30007")
    parser.add_argument("--limit", type=float, default=10.0)
    parser.add_argument("--variants", default="old,interpreted,compiled,compiled-norestart")
    parser.add_argument("--first", action="store_true", help="stop each search at its first leaf")
    parser.add_argument("--warm", action="store_true",
                        help="run each search once, unmeasured, right before the measured run")
    parser.add_argument("--json")
    args = parser.parse_args()
    variants = args.variants.split(",")
    with tempfile.TemporaryDirectory() as base:
        if any(variant.startswith("old") for variant in variants):
            archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, capture_output=True, check=True)
            subprocess.run(["tar", "-x", "-C", base], input=archive.stdout, check=True)
        workers = {variant: _worker(variant, base, args.first, args.warm) for variant in variants}
        for worker in workers.values():
            # A first search outside the measure: imports, and numba's loading of the cached
            # kernels.  A puzzle the reduction settles searches nothing (and loads no kernels),
            # so the files are tried in turn until one has searched.
            for path in args.files:
                worker.stdin.write(f"{path} {args.limit}\n")
                worker.stdin.flush()
                if json.loads(worker.stdout.readline())["nodes"]:
                    break
        rows = []
        for path in args.files:
            row = {"file": path}
            for variant, worker in workers.items():
                worker.stdin.write(f"{path} {args.limit}\n")
                worker.stdin.flush()
                row[variant] = json.loads(worker.stdout.readline())
            rows.append(row)
            print(path, " ".join(f"{v}: {r['nodes']}n {r['cpu']:.2f}s{'' if r['finished'] else ' (limit)'}"
                                 f" first {r['first']['nodes'] if r['first'] else '-'}n"
                                 for v, r in row.items() if v != "file"), flush=True)
        for worker in workers.values():
            worker.stdin.close()
            worker.wait()
    print(f"\n{len(rows)} puzzles; rates over each variant's own run (median / p10 / p90):")
    for variant in variants:
        nodes = [r[variant]["nodes"] / r[variant]["cpu"] for r in rows if r[variant]["cpu"] > 0]
        fixpoints = [(r[variant]["nodes"] + r[variant]["pruned"]) / r[variant]["cpu"] for r in rows
                     if r[variant]["cpu"] > 0]
        seconds = [r[variant]["cpu"] for r in rows]
        firsts = [r[variant]["first"]["cpu"] if r[variant]["first"] else float("inf") for r in rows]
        done = sum(r[variant]["finished"] for r in rows)
        print(f"  {variant:20} nodes/s {statistics.median(nodes):9.0f} / {_quantile(nodes, 0.1):9.0f} / "
              f"{_quantile(nodes, 0.9):9.0f}   fixpoints/s {statistics.median(fixpoints):9.0f}   "
              f"CPU s to the end median {statistics.median(seconds):.3f} p90 {_quantile(seconds, 0.9):.3f}   "
              f"to the first leaf median {statistics.median(firsts):.3f} p90 {_quantile(firsts, 0.9):.3f}   "
              f"finished {done}/{len(rows)}")
    for reference in ("old", "old-compiled", "old-python", "python"):
        if reference not in variants:
            continue
        for variant in variants:
            if variant == reference:
                continue
            ratios = [(r[variant]["nodes"] / r[variant]["cpu"]) / (r[reference]["nodes"] / r[reference]["cpu"])
                      for r in rows if r[variant]["cpu"] > 0 and r[reference]["nodes"] > 0]
            if ratios:
                print(f"  {variant:20} nodes/s over {reference}: median {statistics.median(ratios):.1f}x "
                      f"(p10 {_quantile(ratios, 0.1):.1f}x, p90 {_quantile(ratios, 0.9):.1f}x, "
                      f"min {min(ratios):.1f}x, max {max(ratios):.1f}x)")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
