"""Time ``generate --kind adjacent``: python benchmarks/adjacent_generate.py N COUNT [FOLDER].

Makes COUNT puzzles of size N (seeds 0..COUNT-1), prints each with its wall and CPU seconds,
writes them to FOLDER (default /tmp/adjacent-bench) as tatham-adjacent IDs, and ends with the
median, p90 and max of both times (docs/measurements.md).
"""

import statistics
import sys
import time
from pathlib import Path

from futomip import io
from futomip.make.makers import make

n, count = int(sys.argv[1]), int(sys.argv[2])
folder = Path(sys.argv[3] if len(sys.argv) > 3 else "/tmp/adjacent-bench")
folder.mkdir(parents=True, exist_ok=True)
walls, cpus = [], []
for seed in range(count):
    w, c = time.perf_counter(), time.process_time()
    made = make("adjacent", n, seed)
    walls.append(time.perf_counter() - w); cpus.append(time.process_time() - c)
    (folder / f"g{n}-{seed}.unequal").write_text(io.write_text(made.puzzle, "tatham-adjacent"))
    print(n, seed, made.about, round(walls[-1], 2), round(cpus[-1], 2), flush=True)
def q(xs, p):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(p * len(xs)))]
print(f"n={n} count={count} wall median {statistics.median(walls):.2f} p90 {q(walls,.9):.2f} max {max(walls):.2f}; "
      f"cpu median {statistics.median(cpus):.2f} p90 {q(cpus,.9):.2f} max {max(cpus):.2f}")
