"""Whole-puzzle wall time of the futomip command: a baseline checkout against this one.

    python benchmarks/latin_whole_puzzle.py FILE[#INDEX]... [--baseline REV] [--time-limit 60]
           [--repeat 1] [-- EXTRA FUTOMIP OPTIONS]

Each puzzle runs ``python -m futomip solve FILE --json`` plus the extra options (for
example ``--backend highspy --solver highs --unique``) once with the baseline's code (a git
revision exported to a temporary folder and imported instead of this checkout) and once
with this checkout, alternating puzzle by puzzle (the machine's load is noisy).  Each run is
a fresh process, so numba's import and kernel loading are inside the time, as a user sees
it.  Prints each pair of times and statuses, then medians, p90s and the median ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BASELINE = r'''
import runpy, sys
sys.meta_path[:] = [f for f in sys.meta_path if "ditable" not in type(f).__name__]
sys.path.insert(0, sys.argv.pop(1))
sys.argv[0] = "futomip"
runpy.run_module("futomip", run_name="__main__")
'''


def _run(command: list[str], limit: float) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=limit + 60)
    seconds = time.perf_counter() - start
    try:
        status = json.loads(done.stdout.splitlines()[-1])["status"]
    except (IndexError, ValueError, KeyError):
        status = f"exit {done.returncode}"
    return seconds, status


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--baseline", default="0e30007")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    times: dict[str, list[float]] = {"old": [], "new": []}
    with tempfile.TemporaryDirectory() as base:
        archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", base], input=archive.stdout, check=True)
        for path in args.files:
            path, _, index = path.partition("#")
            options = ["solve", path, "--json", "--time-limit", str(args.time_limit), *extra]
            options += ["--index", index] if index else []
            for _ in range(args.repeat):
                old = _run([sys.executable, "-c", BASELINE, base, *options], args.time_limit)
                new = _run([sys.executable, "-m", "futomip", *options], args.time_limit)
                times["old"].append(old[0])
                times["new"].append(new[0])
                print(f"{path}{'#' + index if index else ''}: old {old[0]:.2f}s {old[1]}, "
                      f"new {new[0]:.2f}s {new[1]}", flush=True)
    ratios = [new / old for old, new in zip(times["old"], times["new"])]
    print(f"\n{len(ratios)} runs, options {' '.join(extra)}:")
    for name, values in times.items():
        print(f"  {name}: median {statistics.median(values):.2f}s, p90 {_quantile(values, 0.9):.2f}s, "
              f"max {max(values):.2f}s")
    print(f"  new/old: median {statistics.median(ratios):.2f}x (p10 {_quantile(ratios, 0.1):.2f}x, "
          f"p90 {_quantile(ratios, 0.9):.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
