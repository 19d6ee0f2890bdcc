"""Per-puzzle seconds of one ``futomip generate ... --count N -o PATTERN`` command.

    python benchmarks/timed_generate.py --out times.jsonl -- futomip generate 9 --kind sudoku --count 100 -o 'su{seed}.sdk'

Runs the command as given, stamps each ``wrote PATH and its .sol: ...`` line it prints on
stderr as it arrives, and takes a puzzle's seconds as the time since the previous line (the
first since the start, so it carries the interpreter's start-up), and its CPU seconds as the
rise of the command's user + system time (its own and its waited-for children's, from
``/proc/PID/stat``) over the same span: on a loaded machine, or under ``nice``, the wall
seconds measure the load as much as the maker.  Then reads each written
``.sol`` for the grade the maker put in its comment line and prints the count, median, p90 and
max seconds, the grades, and how the command ended (exit code and its last stderr line, which
says why when a maker stopped early).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import time
from collections import Counter
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", help="one JSON line per written puzzle")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    start = last = time.perf_counter()
    rows, tail, last_cpu = [], "", 0.0
    with subprocess.Popen(command, stderr=subprocess.PIPE, text=True) as process:
        for line in process.stderr:
            line = line.rstrip("\n")
            tail = line or tail
            found = re.match(r"wrote (\S+) and its \.sol: (.*)", line)
            if not found:
                continue
            now, cpu = time.perf_counter(), _cpu(process.pid)
            path = found.group(1)
            rows.append({"path": path, "seconds": round(now - last, 3), "cpu": round(cpu - last_cpu, 3),
                         "about": found.group(2), "grade": _grade(Path(path))})
            last, last_cpu = now, cpu
    out = open(args.out, "w") if args.out else None
    for row in rows:
        if out:
            out.write(json.dumps(row) + "\n")
    for what in ("seconds", "cpu"):
        times = sorted(row[what] for row in rows)
        if times:
            p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
            print(f"{what}: {len(times)} puzzles in {time.perf_counter() - start:.1f} s wall: median "
                  f"{statistics.median(times):.2f} s, p90 {p90:.2f} s, max {times[-1]:.2f} s")
    print(f"grades {dict(Counter(row['grade'] for row in rows))}")
    print(f"exit {process.returncode}" + (f": {tail}" if process.returncode else ""))


def _cpu(pid: int) -> float:
    """User + system seconds of process ``pid`` and its waited-for children so far."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _grade(path: Path) -> str | None:
    """The grade the maker wrote in the comment line of the puzzle's ``.sol``."""
    solution = path.with_suffix(".sol")
    for line in solution.read_text().splitlines() if solution.exists() else ():
        if "human grade:" in line:
            return line.split("human grade:", 1)[1].strip()
    return None


if __name__ == "__main__":
    main()
