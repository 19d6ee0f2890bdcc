"""When a fresh command should load the compiled Latin kernels: after ``COMPILE_AFTER`` seconds
of Python search (the rule), or at once (``--after 0``), in fresh processes as a user runs them.

    python benchmarks/latin_compile_after.py FILE... [--after 0.5,0] [--pairs highspy/highs,ortools/cpsat]
                 [--rounds 1] [--time-limit 60] [--jsonl OUT]

Each (file, pair, value of ``latin_core.COMPILE_AFTER``) is one ``futomip solve FILE --backend B
--solver S --reduce split --json`` in a new interpreter that sets the constant before the
command runs; the values run back to back per file and pair, so that the machine's load falls
on all of them alike.  Printed per pair: each file's wall seconds by value (median over the
rounds), and the ratio of each value to the first, median / p10 / p90 over the files, with the
totals.  The kernels' cache must be ready (``futomip solvers``); nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

# The command with the constant set first (the CLI reads it when the split hands over).
_RUN = ("import sys; import futomip.reduction.latin_core as core; core.COMPILE_AFTER = float(sys.argv[1]); "
        "from futomip.cli import main; sys.exit(main(sys.argv[2:]))")


def _solve(path: str, pair: str, after: str, limit: float) -> tuple[float, str]:
    backend, solver = pair.split("/")
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _RUN, after, "solve", path, "--backend", backend, "--solver", solver,
                           "--reduce", "split", "--json", "--time-limit", str(limit)],
                          capture_output=True, text=True)
    seconds = time.perf_counter() - began
    try:
        status = json.loads(done.stdout)["status"]
    except (ValueError, KeyError):
        status = f"exit {done.returncode}"
    return seconds, status


def _quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--after", default="0.5,0", help="values of COMPILE_AFTER, the first is the reference")
    parser.add_argument("--pairs", default="highspy/highs,ortools/cpsat")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--jsonl", help="append one line per run to this file")
    args = parser.parse_args()
    values, pairs = args.after.split(","), args.pairs.split(",")
    seconds: dict = {}
    out = open(args.jsonl, "a") if args.jsonl else None
    for round_ in range(args.rounds):
        for path in args.files:
            for pair in pairs:
                for after in values:
                    wall, status = _solve(path, pair, after, args.time_limit)
                    # An unsolved run counts twice the limit (PAR2), as the registry does.
                    seconds.setdefault((pair, path), {}).setdefault(after, []).append(
                        wall if status == "solved" else 2 * args.time_limit)
                    if out:
                        out.write(json.dumps({"file": path, "pair": pair, "after": float(after), "round": round_,
                                              "seconds": round(wall, 3), "status": status}) + "\n")
                        out.flush()
    for pair in pairs:
        print(f"== {pair}: wall seconds by COMPILE_AFTER ({', '.join(values)}), median of {args.rounds} round(s)")
        ratios: dict = {after: [] for after in values[1:]}
        totals = {after: 0.0 for after in values}
        for path in args.files:
            medians = {after: statistics.median(seconds[pair, path][after]) for after in values}
            for after in values:
                totals[after] += medians[after]
            for after in values[1:]:
                ratios[after].append(medians[after] / medians[values[0]])
            print(f"  {Path(path).name:24} " + "  ".join(f"{medians[after]:7.2f}" for after in values))
        for after, found in ratios.items():
            print(f"  {after} / {values[0]}: median {statistics.median(found):.2f}, p10 {_quantile(found, 0.1):.2f}, "
                  f"p90 {_quantile(found, 0.9):.2f} over {len(found)} files; totals "
                  f"{totals[values[0]]:.1f} s against {totals[after]:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
