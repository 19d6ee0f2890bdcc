"""Where a short compiled Latin search spends its CPU time cold (a fresh board after a pause) and warm.

    FUTOMIP_COMPILE=1 python benchmarks/latin_cold_start.py FILE[#INDEX]... [--rounds 9] [--pause-ms 50]
                      [--sweep-mb 8]

The interleaved benchmark (``latin_search_speed.py``) runs each search in a worker that was
idle while other processes ran, on a root the reduction has just made: its caches are cold
but for what the reduction touched, and its board is new.  This one reproduces that in one
process: per round the process sleeps ``--pause-ms`` and then reads ``--sweep-mb`` of memory
(as another process would have filled the caches), the puzzle is reduced again (a fresh
``Board``), and ``latin_split.Split`` runs in mode "compiled" to its end.  Printed per puzzle, median CPU
µs over the rounds: the whole search, the part inside ``Core()``, the kernel calls
(``Core.search``) and the Python around them; then the same searches warm (the same root
back to back).  Wall-clock pieces are read with ``time.perf_counter`` (a vDSO call), the
whole with ``time.process_time``.  Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import time


def main() -> int:
    import numpy as np

    from futomip import io
    from futomip.reduction import latin_core, latin_split, reduce

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--pause-ms", type=float, default=50.0)
    parser.add_argument("--sweep-mb", type=float, default=8.0)
    args = parser.parse_args()
    sweep = np.ones(int(args.sweep_mb * 2 ** 20) // 8, dtype=np.int64)
    pieces = {"core": 0.0, "kernels": 0.0}
    core_init, core_search = latin_core.Core.__init__, latin_core.Core.search

    def timed_init(core, *a, **k):
        started = time.perf_counter()
        core_init(core, *a, **k)
        pieces["core"] += time.perf_counter() - started

    def timed_search(core, budget):
        started = time.perf_counter()
        try:
            return core_search(core, budget)
        finally:
            pieces["kernels"] += time.perf_counter() - started

    def run(puzzle, root) -> tuple[float, float, float, int]:
        pieces.update(core=0.0, kernels=0.0)
        started = time.process_time()
        search = latin_split.Split(puzzle, root, mode="compiled")
        for _ in (search if search.needed else ()):
            pass
        whole = time.process_time() - started
        return whole, pieces["core"], pieces["kernels"], search.nodes

    latin_core.Core.__init__, latin_core.Core.search = timed_init, timed_search
    print("puzzle | nodes | cold: whole / Core() / kernel calls / other Python µs | "
          "warm: whole / Core() / kernel calls / other Python µs")
    per_node = {"cold": [], "warm": []}
    try:
        for spec in args.files:
            path, _, index = spec.partition("#")
            puzzle = io.read(path)[int(index or 0)]
            run(puzzle, reduce(puzzle, "split"))  # numba's loading, outside the measure
            cold, warm = [], []
            for _ in range(args.rounds):
                time.sleep(args.pause_ms / 1000)
                int(sweep.sum())
                root = reduce(puzzle, "split")  # as in the interleaved benchmark: just before the search
                cold.append(run(puzzle, root))
            for _ in range(args.rounds):
                warm.append(run(puzzle, root))
            nodes = cold[0][3]
            line = [spec, str(nodes)]
            for name, rows in (("cold", cold), ("warm", warm)):
                whole, core, kernels = (statistics.median(r[k] for r in rows) * 1e6 for k in range(3))
                other = statistics.median((r[0] - r[1] - r[2]) for r in rows) * 1e6
                line.append(f"{whole:.0f} / {core:.0f} / {kernels:.0f} / {other:.0f}")
                if nodes:
                    per_node[name].append(whole / nodes)
            print(" | ".join(line), flush=True)
    finally:
        latin_core.Core.__init__, latin_core.Core.search = core_init, core_search
    for name, values in per_node.items():
        if values:
            print(f"{name}: median µs per node {statistics.median(values):.1f} over {len(values)} searches")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
