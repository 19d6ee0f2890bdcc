"""Solve Adjacent puzzles with a uniqueness proof under five configurations, interleaved puzzle
by puzzle: python benchmarks/adjacent_solve.py FILE... (every grid verified, every proof
checked); prints median, p90 and max seconds per configuration (docs/measurements.md).
"""

import statistics
import sys
import time

import futomip
from futomip import io

files = sys.argv[1:]
puzzles = []
for f in files:
    puzzles += io.read(f)
configs = [("highspy", "highs", "split"), ("highspy", "highs", "probing"), ("highspy", "highs", "none"),
           ("ortools", "cpsat", "split"), ("ortools", "cpsat", "none")]
times = {c: [] for c in configs}
for p in puzzles:
    for c in configs:
        t = time.perf_counter()
        r = futomip.solve(p, unique=True, backend=c[0], solver=c[1], reduce=c[2], time_limit=60)
        times[c].append(time.perf_counter() - t)
        assert r.unique is True and futomip.verify(p, r.grid) == [], (c, r.status, r.unique)
def q(xs, p):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(p * len(xs)))]
for c, xs in times.items():
    print(f"{'/'.join(c[:2])} --reduce {c[2]}: median {statistics.median(xs):.3f} s, p90 {q(xs,.9):.3f} s, max {max(xs):.3f} s ({len(xs)} puzzles)")
