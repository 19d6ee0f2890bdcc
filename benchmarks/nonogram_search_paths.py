"""Whether a nonogram's split search takes the same path in every fresh process.

    python benchmarks/nonogram_search_paths.py FILE... [--runs 3] [--limit 60] [--json OUT]

For each picture, ``--runs`` fresh processes run the split's learning search to its first
leaf as a fresh command does (in Python first, then handed over to the compiled kernels
once ``nonogram_compiled.SEARCH_KERNEL_AFTER`` seconds have passed), and one more process
loads the kernels first, so that the search is compiled from the start, as in a batch.  Each
prints the conflicts, decisions and restarts at the first leaf and the search's seconds.
The search is the same path in every run when the conflict counts agree; the compiled part
after a hand-over is the batch's path when the counts differ from it by the Python part's
conflicts alone.  Set ``FUTOMIP_COMPILE=1`` so that the kernels load from the cache.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = r'''
import json, sys, time
from futomip import compiled, io
from futomip.reduction import nonogram_split, reduce
path, eager, limit = sys.argv[1], sys.argv[2] == "eager", float(sys.argv[3])
puzzle = io.read(path)[0]
if eager:
    compiled.compiled()  # numba and the cached kernels loaded: the search is compiled from the start
root = reduce(puzzle, "split")
search = nonogram_split.Split(puzzle, root, stop_at=time.perf_counter() + limit)
start = time.perf_counter()
found = next(iter(search), None) is not None
print(json.dumps({"eager": eager, "found": found, "conflicts": search.conflicts, "decisions": search.nodes,
                  "restarts": search.restarts, "seconds": round(time.perf_counter() - start, 3)}))
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per picture (default 3)")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per search (default 60)")
    parser.add_argument("--json", help="write one JSON line per run here")
    args = parser.parse_args()
    rows = []
    for path in args.files:
        for mode in ["fresh"] * args.runs + ["eager"]:
            done = subprocess.run([sys.executable, "-c", RUN, path, mode, str(args.limit)], capture_output=True,
                                  text=True, cwd=ROOT)
            if done.returncode != 0:
                print(f"{path} {mode}: failed\n{done.stderr}", file=sys.stderr)
                continue
            row = {"file": path, **json.loads(done.stdout)}
            rows.append(row)
            print(f"{Path(path).name:24} {mode:6} found {str(row['found']):5} conflicts {row['conflicts']:>9} "
                  f"decisions {row['decisions']:>9} restarts {row['restarts']:>6} {row['seconds']:8.2f} s", flush=True)
        fresh = {row["conflicts"] for row in rows if row["file"] == path and not row["eager"]}
        print(f"{Path(path).name}: {'the same path in every fresh run' if len(fresh) == 1 else 'paths differ'}")
    if args.json:
        Path(args.json).write_text("".join(json.dumps(row) + "\n" for row in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
