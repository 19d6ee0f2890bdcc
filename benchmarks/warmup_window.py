"""The first minute after installing: how a command fares while the background warm-up compiles.

    python benchmarks/warmup_window.py PUZZLE [--index K] [--tree DIR] [--after 3] [--time-limit 60] [--json OUT]

Starts from an empty kernel cache (a fresh ``FUTOMIP_KERNEL_CACHE`` folder) with
``FUTOMIP_COMPILE`` unset, as a fresh install has it, and solves PUZZLE with HiGHS
(``futomip PUZZLE --json --backend highspy --solver highs``) in a fresh process again and
again: the first command starts the warm-up (``futomip.compiled``), the later ones show when
the split search gets its compiled kernels (``reduction.search.compiled``) and what each
command cost.  It stops ``--after`` commands after every kernel is ready (``ready-KEY``).
``--tree DIR`` runs the package found in DIR instead (``PYTHONPATH``, which the warm-up child
inherits): a ``git archive`` of another revision, for the same measure side by side.

One line per command: seconds since the first command started, the command's wall time,
status, whether the search ran compiled (the Latin family's search says; a nonogram's does not,
its time does), its nodes, and which families were ready when it ended (``ready-KEY-FAMILY`` files; none before the warm-up wrote families).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle")
    parser.add_argument("--index", help="the puzzle's index in a file of several")
    parser.add_argument("--tree", help="a folder holding another futomip package to run instead")
    parser.add_argument("--after", type=int, default=3, help="commands to run once every kernel is ready")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--json")
    args = parser.parse_args()
    puzzle = str(Path(args.puzzle).resolve())
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k not in ("FUTOMIP_COMPILE", "NUMBA_CACHE_DIR")}
        env["FUTOMIP_KERNEL_CACHE"] = cache
        if args.tree:
            env["PYTHONPATH"] = str(Path(args.tree).resolve())
        command = [sys.executable, "-m", "futomip", puzzle, "--json", "--time-limit", str(args.time_limit),
                   "--backend", "highspy", "--solver", "highs"] + (["--index", args.index] if args.index else [])
        began, after = time.perf_counter(), 0
        while after < args.after:
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
            took = time.perf_counter() - start
            result = json.loads(done.stdout.splitlines()[0])
            search = (result.get("reduction") or {}).get("search") or {}
            files = os.listdir(cache)
            ready = sorted(name.rsplit("-", 1)[1] for name in files if name.startswith("ready-") and name.count("-") == 2)
            every = any(name.startswith("ready-") and name.count("-") == 1 for name in files)
            row = {"at": round(start - began, 1), "seconds": round(took, 2), "status": result["status"],
                   "compiled": search.get("compiled"), "nodes": search.get("nodes"), "families_ready": ready,
                   "all_ready": every}
            rows.append(row)
            print(json.dumps(row), flush=True)
            after += every
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
