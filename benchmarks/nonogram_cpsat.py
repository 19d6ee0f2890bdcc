"""The comparison model: a nonogram in OR-Tools CP-SAT, one automaton constraint per line, one worker.

    python benchmarks/nonogram_cpsat.py PUZZLE_FILE [--time-limit 60]

Prints one JSON object like futomip's ``--json`` (``status``, ``solution``, ``seconds``:
``import`` (OR-Tools), ``build``, ``solve``, ``total``).  The model: a Boolean per cell and,
for every row and column, ``AddAutomaton`` over the line's cells with the pattern
automaton of ``models/globals/blocks.py`` (states 0..m for the pattern
1^{b_1} 0 1^{b_2} ... 1^{b_k}: black advances on a 1, white advances on the compulsory
0 and stays in state 0, in state m and after a compulsory 0; state m accepts).  This is
the "regular constraint per line" model of the CP literature; CP-SAT propagates it and
learns from its explanations (lazy clause generation).  It runs in a process of its own:
OR-Tools and highspy both ship ``libhighs`` and cannot share one.  Needs ``pip install
ortools`` (not a futomip dependency).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import futomip.io  # noqa: E402


def transitions(clue) -> tuple[list[tuple[int, int, int]], int]:
    """The automaton of one clue as (state, cell value, next state) triples, and its final state."""
    pattern: list[int] = []
    for run in clue:
        pattern += [0] * bool(pattern) + [1] * run
    m = len(pattern)
    moves = []
    for q in range(m + 1):
        if q < m:
            moves.append((q, pattern[q], q + 1))
        if q == 0 or q == m or pattern[q - 1] == 0:
            moves.append((q, 0, q))
    return moves, m


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    from ortools.sat.python import cp_model

    imported = time.perf_counter()
    puzzle = futomip.io.load(args.file)
    model = cp_model.CpModel()
    cells = [[model.NewBoolVar(f"black_{r}_{c}") for c in range(puzzle.width)] for r in range(puzzle.height)]
    lines = [(clue, row) for clue, row in zip(puzzle.rows, cells)]
    lines += [(clue, [row[c] for row in cells]) for c, clue in enumerate(puzzle.cols)]
    for clue, line in lines:
        moves, final = transitions(clue)
        model.AddAutomaton(line, 0, [final], moves)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = args.time_limit
    built = time.perf_counter()
    status = solver.Solve(model)
    solved = time.perf_counter()
    outcome = {cp_model.OPTIMAL: "solved", cp_model.FEASIBLE: "solved", cp_model.INFEASIBLE: "infeasible"}
    grid = None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        grid = [[int(solver.Value(cell)) for cell in row] for row in cells]
    print(json.dumps({"status": outcome.get(status, "time_limit"), "solution": grid,
                      "seconds": {"import": imported - start, "build": built - imported, "solve": solved - built,
                                  "total": solved - start}}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
