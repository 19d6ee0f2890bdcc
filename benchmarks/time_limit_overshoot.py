"""How far past ``--time-limit`` each pair's command ends, measured as a user meets it.

    python benchmarks/time_limit_overshoot.py [--limits 1,3,10] [--repeats 3] [--pairs a/b,c/d]

Each run starts the installed ``futomip`` program on a puzzle that no pair finishes within
the limits (Knotty, a 25x25 nonogram from Jan Wolter's survey, with ``--reduce none``) and
times it from the moment the process is spawned to its exit, so Python's start-up, the
imports, the model build and the clean-up all count, as they do for the user.  Runs are
interleaved (limit by limit, repeat by repeat, pair by pair) because the machine is shared.
The table gives, per pair and limit, the median and the largest overshoot and the allowance
the project promises: 10% of the limit or 0.5 s, whichever is larger.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KNOTTY = ROOT / "data" / "nonogram" / "wolter" / "knotty.nin"
DEFAULT_PAIRS = "highspy/highs,pulp/highs,pulp/cbc,pyomo/highs,pyomo/cbc,pulp/glpk,pyomo/glpk,pulp/scip,pyomo/scip,ortools/cpsat"


def program() -> list[str]:
    script = Path(sys.executable).with_name("futomip")
    return [str(script)] if script.exists() else [sys.executable, "-m", "futomip"]


def available(pair: str) -> bool:
    backend, solver = pair.split("/")
    sys.path.insert(0, str(ROOT))
    from futomip.solvers import check

    return check(backend, solver).available


def run_once(pair: str, limit: float) -> tuple[float, int]:
    backend, solver = pair.split("/")
    started = time.perf_counter()
    done = subprocess.run(program() + [str(KNOTTY), "--reduce", "none", "--backend", backend, "--solver", solver,
                                       "--time-limit", str(limit), "--json", "-q"],
                          capture_output=True, text=True, timeout=limit + 120)
    return time.perf_counter() - started, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limits", default="1,3,10")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--pairs", default=DEFAULT_PAIRS)
    args = parser.parse_args()
    limits = [float(x) for x in args.limits.split(",")]
    pairs = [pair for pair in args.pairs.split(",") if available(pair)]
    walls: dict[tuple[str, float], list[float]] = {}
    for limit in limits:
        for repeat in range(args.repeats):
            for pair in pairs:
                wall, code = run_once(pair, limit)
                walls.setdefault((pair, limit), []).append(wall)
                print(f"{pair:15} limit {limit:5.1f} s  run {repeat + 1}: {wall:6.2f} s (exit {code})",
                      file=sys.stderr, flush=True)
    print("| pair | limit | median overshoot | largest | allowance | within |")
    print("|---|---|---|---|---|---|")
    for pair in pairs:
        for limit in limits:
            over = [wall - limit for wall in walls[(pair, limit)]]
            allowance = max(0.1 * limit, 0.5)
            within = "yes" if max(over) <= allowance else "no"
            print(f"| {pair} | {limit:g} s | {statistics.median(over):+.2f} s | {max(over):+.2f} s | "
                  f"{allowance:.1f} s | {within} |")


if __name__ == "__main__":
    main()
