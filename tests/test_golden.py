"""Golden data: every bundled puzzle with known solutions is solved by every pair and checked.

A puzzle file ``data/**/name.ext`` has its known solutions in ``name.sol``.  When the
``.sol`` file says the puzzle has one solution, the solver's grid must equal it; otherwise
it must pass the independent verifier (which every returned grid does anyway).  Puzzles
of a kind with domain reduction are solved with it and without it.  The core pairs solve
every file, except the folders of ``LONG_UNREDUCED`` without reduction (the first file in the
default suite); the optional pairs solve the first file of each folder in the default suite
and every file under ``pytest -m slow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import futomip
from futomip.io.solutions import read_solutions, solutions_path
from futomip.kinds import kind_of

from conftest import ALL_PAIRS, CORE_PAIRS, require_pair

DATA = Path(__file__).resolve().parent.parent / "data"


def _golden_files() -> list[tuple[Path, Path]]:
    found = []
    for solution in sorted(DATA.rglob("*.sol")):
        puzzles = [p for p in solution.parent.glob(solution.stem + ".*")
                   if p.suffix != ".sol" and p.is_file() and solutions_path(p) == solution]
        assert len(puzzles) == 1, f"{solution}: expected one puzzle file beside it, found {puzzles}"
        found.append((puzzles[0], solution))
    return found


GOLDEN = _golden_files()


def test_there_is_golden_data():
    """The data folder holds the bundled puzzles (a broken checkout would make the golden tests vacuous)."""
    assert len(GOLDEN) >= 40


# Folders whose full model (no reduction) takes seconds per file on every core pair: the
# generated hard 9x9 Futoshiki need a search, and without the reduction they were three
# quarters of the golden data's time in the default suite (docs/notes/citime.md).  Their
# first file keeps the full model checked there; ``pytest -m slow`` solves them all.
LONG_UNREDUCED = {DATA / "futoshiki" / "hard9"}


def _golden_cases() -> list:
    """Every golden file with the default reduction, and those of kinds with a reduction also
    without it, so that the full model keeps being solved on every pair; on the optional
    pairs, and without reduction in the folders of ``LONG_UNREDUCED``, all but the first
    file of each folder are marked slow."""
    cases = []
    sampled_folders: set[Path] = set()
    for puzzle_path, solution_path in GOLDEN:
        name = str(puzzle_path.relative_to(DATA))
        sampled = puzzle_path.parent not in sampled_folders
        sampled_folders.add(puzzle_path.parent)
        reductions = ["probing"] + (["none"] if kind_of(futomip.load(puzzle_path)).reduce is not None else [])
        for reduction in reductions:
            suffix = "" if reduction == "probing" else "-reduce-none"
            for backend, solver in ALL_PAIRS:
                long_run = reduction == "none" and puzzle_path.parent in LONG_UNREDUCED
                default = sampled or ((backend, solver) in CORE_PAIRS and not long_run)
                marks = [] if default else [pytest.mark.slow]
                cases.append(pytest.param(puzzle_path, solution_path, reduction, backend, solver, marks=marks,
                                          id=f"{name}{suffix}-{backend}-{solver}"))
    return cases


@pytest.mark.parametrize("puzzle_path,solution_path,reduction,backend,solver", _golden_cases())
def test_golden_puzzle_solved_by_every_pair(puzzle_path, solution_path, reduction, backend, solver):
    """The solver's grid passes the verifier and equals the known solution when that is unique."""
    require_pair(backend, solver)
    puzzle = futomip.load(puzzle_path)
    known = read_solutions(solution_path)
    for grid in known.grids:
        assert futomip.verify(puzzle, grid) == [], f"{solution_path} holds a grid that breaks the rules"
    result = futomip.solve(puzzle, backend=backend, solver=solver, reduce=reduction)
    assert result.status == "solved", result.message
    assert futomip.verify(puzzle, result.grid) == []
    if known.count == 1:
        assert result.grid == known.grids[0]
    elif known.count is None or known.count == len(known.grids):
        # Only listed solutions exist when the list is complete; otherwise any verified grid.
        if known.count is not None:
            assert result.grid in known.grids
