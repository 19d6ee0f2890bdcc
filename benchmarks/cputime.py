"""Run a command and print its wall seconds and the CPU seconds of it and its waited-for children.

    python benchmarks/cputime.py futomip batch taai2011.txt -o runs.jsonl --jobs 1 --time-limit 60 -q

On a shared, loaded machine the wall clock measures the load as much as the program; the CPU
seconds of a single-threaded run (one CP-SAT worker, or HiGHS with the schedule's worker
taking turns) stand for the wall time on an idle core.  The line goes to stderr, after the
command's own output; the exit code is the command's.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    started = time.perf_counter()
    code = subprocess.call(sys.argv[1:])
    wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"exit {code} wall {wall:.1f} s cpu {usage.ru_utime + usage.ru_stime:.1f} s "
          f"(user {usage.ru_utime:.1f}, sys {usage.ru_stime:.1f})", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
