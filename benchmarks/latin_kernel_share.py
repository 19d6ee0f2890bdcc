"""Where a short compiled Latin search spends its CPU time: in the kernels, in their dispatch, or in Python.

    FUTOMIP_COMPILE=1 python benchmarks/latin_kernel_share.py FILE[#INDEX]... [--rounds 5]

Each puzzle is reduced to the split's root ("lines"); then ``latin_split.Split`` runs in mode
"compiled" to its end, ``--rounds`` times back to back (warm: numba loaded, the board's
arrays kept), and the least CPU time of a whole search is printed beside the CPU time spent
inside ``Core.search`` (the kernel calls, dispatch included), the number of those calls, and
the CPU time of one call with a budget of 0 nodes (numba's dispatch: unboxing ``dom``, the
8 arrays of ``st`` and the 22 of the workspace, and returning at once).  So

    Python around the kernels = whole search - kernel calls
    dispatch                  = calls x one empty call

Nothing here asserts a time; the interleaved nodes-per-second comparison is
``latin_search_speed.py``.
"""

from __future__ import annotations

import argparse
import statistics
import time


def main() -> int:
    from futomip import io
    from futomip.reduction import latin_core, latin_split, reduce
    from futomip.reduction.latin import board_of

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    inside = [0.0, 0]
    timed_search = latin_core.Core.search

    def counted(core, budget):
        started = time.process_time()
        try:
            return timed_search(core, budget)
        finally:
            inside[0] += time.process_time() - started
            inside[1] += 1

    print("puzzle | nodes | search us | kernel calls us | calls | empty call us | Python us | dispatch us")
    shares = []
    for spec in args.files:
        path, _, index = spec.partition("#")
        puzzle = io.read(path)[int(index or 0)]
        root = reduce(puzzle, "split")
        core = latin_core.Core(root.board or board_of(puzzle), root.masks, "compiled")
        core.search(0)  # numba loads its cached kernels here
        started = time.process_time()
        for _ in range(2000):
            core.search(0)
        empty = (time.process_time() - started) / 2000
        best = None
        latin_core.Core.search = counted
        try:
            for _ in range(args.rounds + 1):  # the first round warms the board's arrays
                inside[:] = [0.0, 0]
                search = latin_split.Split(puzzle, root, mode="compiled")
                started = time.process_time()
                for _ in (search if search.needed else ()):
                    pass
                whole = time.process_time() - started
                if best is None or whole < best[0]:
                    best = (whole, inside[0], inside[1], search.nodes)
        finally:
            latin_core.Core.search = timed_search
        whole, kernels, calls, nodes = best
        shares.append(kernels / whole if whole else 1.0)
        print(f"{spec} | {nodes} | {whole * 1e6:.0f} | {kernels * 1e6:.0f} | {calls} | {empty * 1e6:.2f} | "
              f"{(whole - kernels) * 1e6:.0f} | {calls * empty * 1e6:.0f}")
    print(f"share of a search inside the kernel calls: median {statistics.median(shares):.0%}, "
          f"least {min(shares):.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
