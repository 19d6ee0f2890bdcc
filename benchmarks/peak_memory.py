"""Peak memory (maximum resident set size) of futomip on the largest bundled puzzles.

    python benchmarks/peak_memory.py [--pairs highspy/highs,pulp/cbc,pyomo/highs] [--time-limit 60]
        [--extra FILE[:INDEX] ...]

For every puzzle kind, the bundled puzzle (under ``data/``) whose unreduced model has the
most binary columns (the models' ``column_estimate``, which the memory guard reads) is
solved by the installed ``futomip`` program, one process per run, once with the default
reduction and once with ``--reduce none``; the peak resident memory of the process and of
its solver programs (CBC and GLPK run as children) is read with ``os.wait4``.  ``--extra``
adds puzzles of your own (e.g. a generated 30x30 Latin completion).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def program() -> list[str]:
    script = Path(sys.executable).with_name("futomip")
    return [str(script)] if script.exists() else [sys.executable, "-m", "futomip"]


def largest_per_kind() -> list[tuple[str, Path, int, int]]:
    """(kind, file, index, columns) of the largest bundled puzzle of each kind."""
    from futomip import io
    from futomip.errors import DataFormatError
    from futomip.kinds import kind_of

    best: dict[str, tuple[int, Path, int]] = {}
    for path in sorted((ROOT / "data").rglob("*")):
        if not path.is_file() or path.suffix in (".sol", ".md", ".out", ".png", ".svg"):
            continue
        try:
            puzzles = io.read(path)
        except (DataFormatError, UnicodeDecodeError):
            continue
        for index, puzzle in enumerate(puzzles):
            columns = kind_of(puzzle).model_module().column_estimate(puzzle)
            if columns > best.get(puzzle.kind, (-1,))[0]:
                best[puzzle.kind] = (columns, path, index)
    return [(kind, path, index, columns) for kind, (columns, path, index) in sorted(best.items())]


def measure(path: Path, index: int, pair: str, reduce: str, limit: float) -> tuple[float, float, str]:
    """(peak MiB of the process and its children, wall seconds, status)."""
    backend, solver = pair.split("/")
    command = program() + [str(path), "--index", str(index), "--backend", backend, "--solver", solver,
                           "--reduce", reduce, "--time-limit", str(limit), "--json", "-q"]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = process.stdout.read()
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0  # reaped by wait4 above; Popen must not wait for it again
    wall = time.perf_counter() - started
    status = out.decode().split('"status": "', 1)[1].split('"', 1)[0] if b'"status"' in out else "?"
    # Linux reports for a reaped process the larger of its own peak and that of the children
    # it reaped itself (the solver programs), so one figure covers both.
    return usage.ru_maxrss / 1024, wall, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="highspy/highs,pulp/cbc,pyomo/highs")
    parser.add_argument("--time-limit", type=float, default=60)
    parser.add_argument("--extra", action="append", default=[])
    args = parser.parse_args()
    cases = [(kind, path, index, columns) for kind, path, index, columns in largest_per_kind()]
    for extra in args.extra:
        file, _, index = extra.partition(":")
        cases.append(("extra", Path(file), int(index or 0), 0))
    print("| kind | puzzle | columns (unreduced) | pair | reduce | status | wall | peak memory |")
    print("|---|---|---|---|---|---|---|---|")
    for kind, path, index, columns in cases:
        for pair in args.pairs.split(","):
            for reduce in ("split", "none"):
                peak, wall, status = measure(path, index, pair, reduce, args.time_limit)
                shown = f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}#{index}"
                print(f"| {kind} | {shown} | {columns:,} | {pair} | {reduce} | {status} | {wall:.1f} s | "
                      f"{peak:.0f} MiB |", flush=True)


if __name__ == "__main__":
    main()
