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

from futomip import io
from futomip.io.solutions import read_solutions

# The independent model lives with the maker's test, which checks made puzzles the same way.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_make_killer import cpsat_solutions  # noqa: E402


def main() -> int:
    folder = Path(sys.argv[1])
    files = sorted(list(folder.glob("*.txt")) + list(folder.glob("*.kmap")))
    unique = matching = 0
    grades: Counter = Counter()
    for path in files:
        puzzle = io.load(path)
        found = cpsat_solutions(puzzle)
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
