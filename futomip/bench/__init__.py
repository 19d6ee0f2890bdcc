"""Benchmarks: time per puzzle for (backend, solver, encoding, reduction) combinations, side by side.

Every combination solves every puzzle in one interleaved run (puzzle by puzzle, all
combinations in turn), so that load from other programs on a shared machine hits all of
them alike; the report gives medians, 90th percentiles, maxima and ratios to the fastest
combination.  With ``unique`` each run also proves uniqueness, and the report gives the
cost of that proof relative to the first solve.  Nothing here asserts a time.
``compare`` sets the runs beside the native CP-SAT model of ``cpsat`` (``--against cpsat``).

One-off costs are not a puzzle's time: each solver's import is left out of the totals, and
when the puzzles include a kind with a split search, the compiled search kernels are loaded
before the first measured run (``load_kernels``: numba's import and its cache, 0.5-1 s,
which a long-lived process such as ``batch`` or the Python API pays once).  A fresh
``futomip FILE`` per puzzle pays that load in the first search that runs long enough to
hand over to the kernels.

Must not import the CLI.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Callable

from ..options import Deadline, Options
from ..pipeline.finder import SolutionFinder
from ..batch.table import markdown_table, percentile
from ..status import SOLVED

__all__ = ["load_kernels", "Measurement", "NATIVE", "run_benchmark", "summarise", "format_table", "percentile"]


@dataclass
class Measurement:
    """One puzzle solved once by one combination."""

    puzzle: str
    backend: str
    solver: str
    encoding: str
    status: str
    build: float
    first_solve: float
    proof: float | None = None
    total: float = 0.0
    extra: dict = field(default_factory=dict)
    reduction: str = "split"
    reduce: float = 0.0
    index: int = -1
    """Position of the puzzle in the benchmark's list (names may repeat across files)."""
    first: float = 0.0
    """Seconds of reduction, build and solve until the first grid (or the first answer)."""
    unique_total: float | None = None
    """Seconds of reduction, build and solve until the uniqueness proof ended (``unique``)."""
    globals: str = ""
    """The global-constraint form asked for (``--globals``: native, linear), "" for the default."""


NATIVE = ("ortools-native", "cpsat", "intvar", "none")
"""The (backend, solver, encoding, reduction) label of the native CP-SAT yardstick."""


def _measure_race(puzzle, solver, encoding, reduction, time_limit, unique, seed) -> Measurement:
    """A race (``race:...``) timed as a whole: its "solve" is the wall time from the first
    fork to the winner's answer (workers' start and model build included)."""
    from ..pipeline import Task, run

    start = time.perf_counter()
    result = run(puzzle, Task("unique" if unique else "solve"), Options(None, solver, encoding, reduction, time_limit,
                                                                       seed=seed))
    total = time.perf_counter() - start
    return Measurement(puzzle.name, "race", solver, result.encoding, result.status, 0.0, total, None, total,
                       extra={"winner": f"{result.backend}/{result.solver}"}, reduction=reduction)


def _measure(puzzle, backend, solver, encoding, reduction, time_limit, unique, seed, form=None) -> Measurement:
    if backend == "race":
        return _measure_race(puzzle, solver, encoding, reduction, time_limit, unique, seed)
    start = time.perf_counter()
    options = Options(backend, solver, encoding, reduction, time_limit, seed=seed, globals=form)
    run = SolutionFinder(puzzle, options, Deadline(time_limit))
    try:
        status, grid = run.next_solution()
        first = run.seconds["solve"]
        spent = run.seconds["reduce"] + run.seconds["build"] + first
        proof = unique_total = None
        if unique and status == SOLVED:
            run.exclude(grid)
            run.next_solution()
            proof = run.seconds["solve"] - first
            unique_total = run.seconds["reduce"] + run.seconds["build"] + run.seconds["solve"]
    finally:
        run.close()
    return Measurement(puzzle.name, run.pair.backend, run.pair.solver, run.encoding, status, run.seconds["build"], first,
                       proof, time.perf_counter() - start, reduction=reduction, reduce=run.seconds["reduce"],
                       first=spent, unique_total=unique_total, globals=form or "")


def _measure_native(puzzle, time_limit, unique, seed) -> Measurement:
    from .cpsat import solve_native

    start = time.perf_counter()
    run = solve_native(puzzle, unique, time_limit, seed=seed)
    total = time.perf_counter() - start
    unique_total = None if run.proof is None else run.build + run.first + run.proof
    backend, solver, encoding, reduction = NATIVE
    return Measurement(puzzle.name, backend, solver, encoding, run.status, run.build, run.first, run.proof, total,
                       reduction=reduction, first=run.build + run.first, unique_total=unique_total)


def load_kernels(puzzles, progress: Callable[[str], None] | None = None) -> bool:
    """Load the compiled search kernels of the families the puzzles' split searches use into
    this process, if those families are compiled on this machine (or ``FUTOMIP_COMPILE=1``
    asks to compile here), by the background warm-up's small solves; whether they are loaded.
    A family compiled while the other is still warming up is loaded alone, as a command would
    use it.  Does nothing when they are loaded already, and never waits for a warm-up."""
    from .. import compiled
    from ..kinds import KINDS

    families = {compiled.family_of(KINDS[puzzle.kind].split.split(":")[0])
                for puzzle in puzzles if KINDS[puzzle.kind].split}
    if not families:
        return compiled.loaded()
    if all(compiled.loaded(family) for family in families):
        return True
    if any(compiled.state(family) != "ready" for family in families):
        return False  # off, or not compiled yet: the searches run as a fresh process's would
    if progress is not None:
        progress("loading the compiled search kernels (once, outside the measure)")
    from ..pipeline.kernel_warmup import warm_up

    warm_up(say=lambda line: None, families=families)
    return all(compiled.loaded(family) for family in families)


def run_benchmark(puzzles, combinations, time_limit=None, unique=False, repeat=1, seed=None,
                  progress: Callable[[str], None] | None = None,
                  measurements: list | None = None, against: str | None = None) -> list[Measurement]:
    """Solve every puzzle with every (backend, solver, encoding, reduction), interleaved, ``repeat`` times.

    A combination may carry a fifth item, the global-constraint form (``--globals``).

    With ``against="cpsat"`` the native CP-SAT model solves each puzzle after the
    combinations.  Each measurement is appended to ``measurements`` (a new list by default)
    as soon as it is taken, so a caller that is interrupted keeps what was finished."""
    measurements = [] if measurements is None else measurements
    load_kernels(puzzles, progress)
    steps = list(combinations) + ([NATIVE] if against == "cpsat" else [])
    total = len(puzzles) * len(steps) * repeat
    done = 0
    for _ in range(repeat):
        for index, puzzle in enumerate(puzzles):
            for step in steps:
                backend, solver, encoding, reduction, *form = step
                if tuple(step) == NATIVE:
                    measurement = _measure_native(puzzle, time_limit, unique, seed)
                else:
                    measurement = _measure(puzzle, backend, solver, encoding, reduction, time_limit, unique, seed,
                                           *form)
                measurement.index = index
                measurements.append(measurement)
                done += 1
                if progress is not None:
                    progress(f"{done}/{total} {puzzle.name} {backend}/{solver}/{encoding}/{reduction}"
                             + (f"/{form[0]}" if form and form[0] else ""))
    return measurements


def summarise(measurements: list[Measurement]) -> list[dict]:
    """One row per combination: counts, medians, p90, max, and ratios to the fastest median."""
    groups: dict[tuple, list[Measurement]] = {}
    for m in measurements:
        groups.setdefault((m.backend, m.solver, m.encoding, m.reduction, m.globals), []).append(m)
    rows = []
    for (backend, solver, encoding, reduction, form), group in groups.items():
        solves = [m.first_solve for m in group]
        row = {
            "backend": backend, "solver": solver, "encoding": encoding, "reduction": reduction, "runs": len(group),
            "globals": form,
            "solved": sum(m.status == SOLVED for m in group),
            "reduce_median": statistics.median(m.reduce for m in group),
            "build_median": statistics.median(m.build for m in group),
            "solve_median": statistics.median(solves), "solve_p90": percentile(solves, 0.9), "solve_max": max(solves),
            "total_median": statistics.median(m.total for m in group),
            "solve_p99": percentile(solves, 0.99),
        }
        firsts = [m.first for m in group]
        row.update(first_median=statistics.median(firsts), first_p90=percentile(firsts, 0.9),
                   first_p99=percentile(firsts, 0.99))
        uniques = [m.unique_total for m in group if m.unique_total is not None]
        if uniques:
            row.update(unique_median=statistics.median(uniques), unique_p90=percentile(uniques, 0.9),
                       unique_p99=percentile(uniques, 0.99))
        proofs = [(m.proof, m.first_solve) for m in group if m.proof is not None]
        if proofs:
            row["proof_median"] = statistics.median(p for p, _ in proofs)
            row["proof_ratio_median"] = statistics.median(p / max(f, 1e-9) for p, f in proofs)
        rows.append(row)
    fastest = min(row["total_median"] for row in rows)
    for row in rows:
        row["ratio_to_fastest"] = row["total_median"] / max(fastest, 1e-9)
    rows.sort(key=lambda row: row["total_median"])
    return rows


def labelled_encoding(row: dict) -> str:
    """The encoding with the global-constraint form when one was asked for: ``weighted (native)``."""
    return f"{row['encoding']} ({row['globals']})" if row.get("globals") else row["encoding"]


def format_table(rows: list[dict]) -> str:
    """The summary as a Markdown table (times in milliseconds)."""
    has_proof = any("proof_median" in row for row in rows)
    head = ["backend/solver", "encoding", "reduction", "solved", "reduce ms", "build ms", "solve ms median", "p90", "max", "total ms median", "x fastest"]
    if has_proof:
        head += ["proof ms median", "proof / first solve"]
    body = []
    for row in rows:
        cells = [f"{row['backend']}/{row['solver']}", labelled_encoding(row), row["reduction"], f"{row['solved']}/{row['runs']}",
                 f"{row['reduce_median'] * 1000:.1f}", f"{row['build_median'] * 1000:.1f}", f"{row['solve_median'] * 1000:.1f}",
                 f"{row['solve_p90'] * 1000:.1f}", f"{row['solve_max'] * 1000:.1f}",
                 f"{row['total_median'] * 1000:.1f}", f"{row['ratio_to_fastest']:.2f}"]
        if has_proof:
            cells += [f"{row.get('proof_median', float('nan')) * 1000:.1f}", f"{row.get('proof_ratio_median', float('nan')):.2f}"]
        body.append(cells)
    return markdown_table(head, body)


def enumeration_costs(puzzle, pairs, repeat: int = 3, levels=("none",), encodings=(None,),
                      time_limit: float | None = None, seed: int | None = None) -> list[dict]:
    """Seconds to enumerate every solution of ``puzzle`` per pair, reduction level and
    encoding, adding each cut to the live model versus rebuilding the backend model before
    every solve (medians of ``repeat`` interleaved runs); ``time_limit`` bounds each
    enumeration (``complete`` says whether every run found every solution).

    The split level enumerates by its search (a whole-grid leaf needs no model), so it would
    measure no cut: the caller refuses it.  With CP-SAT the live column lists the solutions
    after the second in one run (``SolutionFinder``), the rebuilt one solves once a solution."""
    from ..options import Options
    from ..pipeline.certainty import Enumeration

    times: dict[tuple, list[float]] = {}
    counts: dict[tuple, int] = {}
    complete: dict[tuple, bool] = {}
    combinations = [(b, s, level, e) for b, s in pairs for level in levels for e in encodings]
    for _ in range(repeat):
        for combination in combinations:
            backend, solver, level, encoding = combination
            options = Options(backend, solver, encoding, level, time_limit, seed=seed)
            for rebuild in (False, True):
                start = time.perf_counter()
                enumeration = Enumeration(puzzle, rebuild=rebuild, options=options)
                count = sum(1 for _ in enumeration)
                key = (*combination, rebuild)
                times.setdefault(key, []).append(time.perf_counter() - start)
                counts[key] = count
                complete[key] = complete.get(key, True) and enumeration.complete
    rows = []
    for combination in combinations:
        backend, solver, level, encoding = combination
        live = statistics.median(times[(*combination, False)])
        fresh = statistics.median(times[(*combination, True)])
        rows.append({"backend": backend, "solver": solver, "reduction": level, "encoding": encoding or "",
                     "solutions": counts[(*combination, False)],
                     "complete": complete[(*combination, False)] and complete[(*combination, True)],
                     "live_seconds": live, "rebuild_seconds": fresh, "rebuild_over_live": fresh / max(live, 1e-9)})
    return rows
