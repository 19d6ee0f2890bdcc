"""Every maker's puzzles have exactly one solution by a check that shares no code with futomip:
CP-SAT called directly through ortools on a model written here (all-different rows and
columns, the kind's clues; a nonogram line as an automaton over its cells), asked for two
solutions, plus a plain line-by-line enumeration for nonograms; and each carries the grade
asked for."""

from __future__ import annotations

from itertools import product

import pytest

from futomip.make.grade import human_grade
from futomip.make.makers import make
from futomip.puzzles import str8ts, sudoku, verify
from futomip.puzzles.nonogram import runs_of

cp_model = pytest.importorskip("ortools.sat.python.cp_model")


def _two_solutions(model, cells: dict) -> list[dict]:
    """Up to two solutions of ``model`` (values of ``cells``) by CP-SAT's enumeration."""

    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = []

        def on_solution_callback(self):
            self.found.append({key: self.Value(var) for key, var in cells.items()})
            if len(self.found) == 2:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collect = Collect()
    status = solver.Solve(model, collect)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
    return collect.found


def _digit_grid(puzzle, extra=None) -> list[dict]:
    """Solutions of a digit puzzle: cells 1..n, givens, all-different rows and columns
    (over ``puzzle.black``'s white cells and black clues for Str8ts), then ``extra(model, x)``."""
    n = puzzle.size
    black = getattr(puzzle, "black", None)
    model = cp_model.CpModel()
    x = {(r, c): model.NewIntVar(1, n, f"x{r}_{c}") for r in range(n) for c in range(n)
         if not (black and black[r][c])}
    for (r, c), var in x.items():
        if puzzle.givens[r][c]:
            model.Add(var == puzzle.givens[r][c])
    for i in range(n):
        for line in ([(i, j) for j in range(n)], [(j, i) for j in range(n)]):
            model.AddAllDifferent([x[cell] for cell in line if cell in x]
                                  + [puzzle.givens[r][c] for r, c in line if black and black[r][c] and puzzle.givens[r][c]])
    if extra is not None:
        extra(model, x)
    return _two_solutions(model, x)


def _futoshiki_signs(puzzle):
    def extra(model, x):
        for a, b in puzzle.less:
            model.Add(x[a] < x[b])
    return extra


def _sudoku_boxes(puzzle):
    def extra(model, x):
        for _, cells in sudoku.units(puzzle.size):
            model.AddAllDifferent([x[cell] for cell in cells])
    return extra


def _str8ts_straights(puzzle):
    def extra(model, x):
        for run in str8ts.compartments(puzzle):
            # All different (the row or column says so) and spanning len - 1: consecutive.
            for a in run:
                for b in run:
                    model.Add(x[a] - x[b] <= len(run) - 1)
    return extra


def _nonogram_solutions(puzzle) -> list[dict]:
    """Solutions of a nonogram: 0/1 cells, each line accepted by the automaton of its clue."""
    model = cp_model.CpModel()
    x = {(r, c): model.NewBoolVar(f"b{r}_{c}") for r in range(puzzle.height) for c in range(puzzle.width)}
    lines = [(clue, [x[r, c] for c in range(puzzle.width)]) for r, clue in enumerate(puzzle.rows)]
    lines += [(clue, [x[r, c] for r in range(puzzle.height)]) for c, clue in enumerate(puzzle.cols)]
    for clue, cells in lines:
        blocks = [b for b in (clue or ()) if b]
        # States: 0 = before anything; a state per black cell of the clue read so far, and
        # one "gap done" state after each block; the last block's last cell or state 0
        # (empty clue) accepts.
        transitions, state = [(0, 0, 0)], 0
        for k, length in enumerate(blocks):
            for i in range(length):
                transitions.append((state, 1, state + 1))
                state += 1
                if i < length - 1:
                    continue
                if k < len(blocks) - 1:
                    transitions.append((state, 0, state + 1))
                    state += 1
                    transitions.append((state, 0, state))
                else:
                    transitions.append((state, 0, state))
        model.AddAutomaton(cells, 0, [state], transitions)
    return _two_solutions(model, x)


def _nonogram_by_rows(puzzle) -> int:
    """Solutions (up to 2) by backtracking over each row's valid lines, checking column prefixes."""
    width, height = puzzle.width, puzzle.height
    options = [[line for line in product((0, 1), repeat=width) if runs_of(line) == tuple(b for b in (clue or ()) if b)]
               for clue in puzzle.rows]
    col_clues = [tuple(b for b in (clue or ()) if b) for clue in puzzle.cols]

    def fits(prefix, clue, done):
        runs = runs_of(prefix)
        if done:
            return runs == clue
        if len(runs) > len(clue) or any(a != b for a, b in zip(runs[:-1], clue)):
            return False
        if not runs:
            return True
        last = len(runs) - 1
        # A run still open at the bottom may grow; a closed one must match exactly.
        return runs[last] <= clue[last] if prefix[-1] else runs[last] == clue[last]

    found, chosen = 0, []

    def place(r):
        nonlocal found
        if found >= 2:
            return
        if r == height:
            found += 1
            return
        for line in options[r]:
            chosen.append(line)
            if all(fits([row[c] for row in chosen], col_clues[c], r == height - 1) for c in range(width)):
                place(r + 1)
            chosen.pop()

    place(0)
    return found


def made_by_climb(difficulty: str, seed: int):
    """A 10x10 nonogram from ``nonogram_climb.climb`` (the maker climbs for "search" only)."""
    import random

    from futomip.make.makers import Made
    from futomip.options import Deadline, Options
    from futomip.make.nonogram_climb import climb

    puzzle, grid, level = climb(10, 10, difficulty, 0.55, random.Random(seed), Options(), Deadline(None))
    return Made(puzzle, grid, level, "")


CHECKS = {"futoshiki": lambda p: _digit_grid(p, _futoshiki_signs(p)), "latin": _digit_grid,
          "sudoku": lambda p: _digit_grid(p, _sudoku_boxes(p)), "str8ts": lambda p: _digit_grid(p, _str8ts_straights(p)),
          "nonogram": _nonogram_solutions}


@pytest.mark.parametrize("kind, size", [("futoshiki", 5), ("sudoku", 9), ("latin", 8), ("str8ts", 6), ("nonogram", 10)])
def test_made_puzzles_are_unique_by_cpsat_called_directly(kind, size):
    """Three made puzzles of each kind: the hidden grid passes the verifier and CP-SAT on a
    model written here finds it and no second solution."""
    for seed in range(3):
        made = make(kind, size, seed)
        assert verify(made.puzzle, made.solution) == []
        found = CHECKS[kind](made.puzzle)
        assert len(found) == 1, (kind, seed)
        grid = tuple(tuple(found[0].get((r, c), made.solution[r][c]) for c in range(len(made.solution[0])))
                     for r in range(len(made.solution)))
        assert grid == tuple(map(tuple, made.solution)), (kind, seed)


def test_the_independent_nonogram_checks_see_a_second_solution():
    """A picture with two solutions (a 2x2 diagonal swap) is seen as such by both checks here."""
    from futomip.puzzles.nonogram import from_grid

    swap = from_grid(((1, 0, 0), (0, 1, 0), (0, 0, 0)))
    assert len(_nonogram_solutions(swap)) == 2 and _nonogram_by_rows(swap) == 2


@pytest.mark.parametrize("difficulty, seeds", [("probing", range(3)), ("search", range(2))])
def test_climbed_nonograms_have_the_grade_and_one_solution_by_independent_checks(difficulty, seeds):
    """10x10 nonograms made by the climb at "probing" and "search": graded as asked, and
    unique by CP-SAT on the automaton model and by the row-by-row enumeration."""
    for seed in seeds:
        made = made_by_climb(difficulty, seed)
        assert made.grade == difficulty == human_grade(made.puzzle)[0]
        assert verify(made.puzzle, made.solution) == []
        found = _nonogram_solutions(made.puzzle)
        assert len(found) == 1 and all(found[0][r, c] == made.solution[r][c] for r, c in found[0])
        assert _nonogram_by_rows(made.puzzle) == 1


def test_four_cells_open_after_probing_always_mean_two_solutions():
    """The climb's shortcut (``nonogram_climb.SWAP``): every random 6x6 picture whose puzzle
    probing leaves with exactly four open cells has two solutions, by the row enumeration."""
    import random

    from futomip.make.nonogram_climb import SWAP
    from futomip.puzzles.nonogram import from_grid

    rng, seen = random.Random(5), 0
    for _ in range(3000):
        grid = tuple(tuple(int(rng.random() < 0.5) for _ in range(6)) for _ in range(6))
        puzzle = from_grid(grid)
        if human_grade(puzzle)[2] == SWAP:
            seen += 1
            assert _nonogram_by_rows(puzzle) == 2 and len(_nonogram_solutions(puzzle)) == 2
    assert seen >= 5
