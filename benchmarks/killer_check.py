"""Check made Killer Sudoku files outside futomip's models: each has exactly one solution by
CP-SAT on one integer per cell (AddAllDifferent per row, column, box and cage, a sum per
cage), and that solution is the one in its ``.sol``.

    python benchmarks/killer_check.py FOLDER     # every *.txt / *.kmap there

Prints one line per file and a summary: unique, matching the .sol, human grades.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from ortools.sat.python import cp_model

from futomip import io
from futomip.io.solutions import read_solutions
from futomip.puzzles.sudoku import units


def solutions(puzzle, limit: int = 2) -> list:
    n = puzzle.size
    model = cp_model.CpModel()
    x = {(r, c): model.NewIntVar(1, n, "") for r in range(n) for c in range(n)}
    for _, cells in units(n):
        model.AddAllDifferent([x[cell] for cell in cells])
    for cage in puzzle.cages:
        model.AddAllDifferent([x[cell] for cell in cage.cells])
        model.Add(sum(x[cell] for cell in cage.cells) == cage.total)
    for cell, v in puzzle.given_cells():
        model.Add(x[cell] == v)
    found = []

    class Keep(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.append(tuple(tuple(self.Value(x[r, c]) for c in range(n)) for r in range(n)))
            if len(found) >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.Solve(model, Keep())
    return found


def main() -> int:
    folder = Path(sys.argv[1])
    files = sorted(list(folder.glob("*.txt")) + list(folder.glob("*.kmap")))
    unique = matching = 0
    grades: Counter = Counter()
    for path in files:
        puzzle = io.load(path)
        found = solutions(puzzle)
        sol = path.with_suffix(".sol")
        grade = next((line.split(":", 1)[1].strip() for line in sol.read_text().splitlines()
                      if line.startswith("% human grade")), "?")
        grades[grade] += 1
        unique += len(found) == 1
        matching += len(found) == 1 and found[0] == read_solutions(sol).grids[0]
        print(f"{path.name}: {len(found)} solution(s), {len(puzzle.cages)} cages, "
              f"{len(puzzle.given_cells())} givens, grade {grade}")
    print(f"{len(files)} files: {unique} unique, {matching} matching their .sol; grades {dict(grades)}")
    return 0 if unique == matching == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
