"""Whole-puzzle wall time with and without the LP value order, same checkout, fresh processes.

    python benchmarks/latin_lp_order_ab.py FILES... [--time-limit 20] [-- EXTRA FUTOMIP OPTIONS]

Each puzzle runs ``python -m futomip solve FILE --json`` twice, alternating: "plain" with
``latin_split.DIVE_ROUNDS = 0`` (no LP is solved; the search keeps its smallest-value
order) and "lporder" with the default.  Both use this checkout's kernels and numba cache, so
neither pays a compilation the other does not.  Prints each pair and the counts and medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from latin_whole_puzzle import _run as run  # noqa: E402  (one fresh futomip process, timed)

PLAIN = "import sys; from futomip.reduction import latin_split; latin_split.DIVE_ROUNDS = 0; " \
        "sys.argv[0] = 'futomip'; from futomip.cli import program; program()"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--time-limit", type=float, default=20.0)
    args = parser.parse_args(argv)
    times: dict = {"plain": [], "lporder": []}
    for path in args.files:
        options = ["solve", path, "--json", "--time-limit", str(args.time_limit), *extra]
        plain = run([sys.executable, "-c", PLAIN, *options], args.time_limit)
        lporder = run([sys.executable, "-m", "futomip", *options], args.time_limit)
        for name, (seconds, status) in (("plain", plain), ("lporder", lporder)):
            times[name].append(seconds if status in ("solved", "infeasible") else float("inf"))
        print(f"{path}: plain {plain[0]:.2f}s {plain[1]}, lporder {lporder[0]:.2f}s {lporder[1]}", flush=True)
    for name, values in times.items():
        done = sorted(values)
        print(f"{name}: {sum(v != float('inf') for v in done)}/{len(done)} decided, "
              f"median {statistics.median(done):.2f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
