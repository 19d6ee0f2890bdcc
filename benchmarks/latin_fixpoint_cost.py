"""Microseconds per fixpoint of the compiled Latin search on a fixed amount of work (same tree).

    FUTOMIP_COMPILE=1 python benchmarks/latin_fixpoint_cost.py FILE[#INDEX]... [--nodes 20000] [--repeat 2]

Each puzzle is reduced to the split's root ("lines"), then the compiled kernels' search
(``latin_core.Core`` in mode "compiled", no restarts) runs for ``--nodes`` nodes or to its
end; the line gives the nodes, the fixpoints (nodes + pruned children) and the least CPU time
per fixpoint over ``--repeat`` runs.  Two revisions whose propagation is the same run the
same tree (equal fixpoint counts), so their times compare directly, without the noise of
searches that stop on the clock.  To measure another revision, export it and put it first on
the path: ``git archive REV futomip | tar -x -C /tmp/rev && PYTHONPATH=/tmp/rev python ...``
(the script imports ``futomip`` from wherever the path finds it).
"""

from __future__ import annotations

import argparse
import sys
import time


def main() -> int:
    from futomip import io
    from futomip.reduction import latin_core, reduce
    from futomip.reduction.latin import board_of
    from futomip.reduction.latin_kernels import C_FAIL_LIMIT, C_NODES
    from futomip.reduction.latin_search_kernels import DONE

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--nodes", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    for spec in args.files:
        path, _, index = spec.partition("#")
        puzzle = io.read(path)[int(index or 0)]
        root = reduce(puzzle, "split")
        board = board_of(puzzle)
        latin_core.Core(board, root.masks, "compiled").search(1)  # numba loads its cached kernels here
        best = None
        for _ in range(args.repeat):
            core = latin_core.Core(board, root.masks, "compiled")
            core.set_control(C_FAIL_LIMIT, -1)
            started = time.process_time()
            while core.control(C_NODES) < args.nodes:
                if core.search(args.nodes - core.control(C_NODES)) == DONE:
                    break
            cpu = time.process_time() - started
            counters = core.counters()
            fixpoints = counters["nodes"] + counters["pruned"]
            best = cpu / fixpoints if best is None else min(best, cpu / fixpoints)
        print(f"{spec}: {counters['nodes']} nodes, {fixpoints} fixpoints, {best * 1e6:.2f} us per fixpoint"
              f"{'' if core.compiled else ' (interpreted: numba missing or FUTOMIP_COMPILE=0)'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
