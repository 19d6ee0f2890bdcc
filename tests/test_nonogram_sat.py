"""The ``sat`` method for nonograms: the CNF of ``models/nonogram_cnf.py``, the probing
implications of ``futomip.reduction.nonogram_implied`` and the method around them, each
against brute-force enumeration on small puzzles (every grid checked by ``futomip.verify``)."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_puzzles

from futomip import methods
from futomip._children import child_pids
from futomip.io import load
from futomip.models import nonogram_cnf
from futomip.options import Deadline, Options
from futomip.puzzles import verify
from futomip.puzzles.nonogram import Nonogram, runs_of
from futomip.reduction import nonogram_implied
from futomip.reduction.nonogram_compiled import reduce
from futomip.status import INFEASIBLE, SOLVED, TIME_LIMIT

pysat = pytest.importorskip("pysat.solvers")


def _all_solutions(puzzle: Nonogram) -> set[tuple]:
    """Every solution grid, by enumerating each row's valid lines and checking the columns."""
    rows = [[line for line in product((0, 1), repeat=puzzle.width) if clue is None or runs_of(line) == clue]
            for clue in puzzle.rows]
    return {tuple(grid) for grid in product(*rows)
            if all(clue is None or runs_of([grid[r][c] for r in range(puzzle.height)]) == clue
                   for c, clue in enumerate(puzzle.cols))}


@st.composite
def _small_puzzles(draw) -> Nonogram:
    """A puzzle of at most 5x5 cells from a random grid, sometimes with a row left unconstrained
    (so it may have many solutions)."""
    puzzle = draw(nonogram_puzzles(1, 5))
    if draw(st.booleans()):
        rows = list(puzzle.rows)
        rows[draw(st.integers(0, len(rows) - 1))] = None
        puzzle = Nonogram(rows, puzzle.cols)
    return puzzle


def _models(puzzle: Nonogram, cnf: nonogram_cnf.Cnf) -> set[tuple]:
    """Every grid the clauses allow, by enumeration with blocking clauses over the cells."""
    grids = set()
    with pysat.Solver(name="cadical195", bootstrap_with=cnf.clauses) as sat:
        while sat.solve():
            grid = nonogram_cnf.decode(puzzle, sat.get_model())
            grids.add(grid)
            sat.add_clause(nonogram_cnf.exclude(grid))
    return grids


@settings(max_examples=150, deadline=None)
@given(_small_puzzles(), st.sampled_from(["lines", "probing"]), st.booleans())
def test_cnf_models_are_exactly_the_solutions(puzzle, level, with_implications):
    """The cell projections of the CNF's models are the brute-force solutions, with or without implications."""
    domains = reduce(puzzle, level)
    implied = None
    if with_implications and domains.contradiction is None:
        units, pairs, complete = nonogram_implied.implications(puzzle, domains)
        assert complete
        implied = (units, pairs)
    grids = _models(puzzle, nonogram_cnf.encode(puzzle, domains, implied))
    assert all(not verify(puzzle, grid) for grid in grids)
    assert grids == _all_solutions(puzzle)


@settings(max_examples=150, deadline=None)
@given(_small_puzzles(), st.sampled_from(["lines", "probing"]))
def test_every_implication_holds_in_every_solution(puzzle, level):
    """Each unit and two-literal clause that probing proves is satisfied by every brute-force solution."""
    domains = reduce(puzzle, level)
    if domains.contradiction is not None:
        return
    units, pairs, _ = nonogram_implied.implications(puzzle, domains)
    w = puzzle.width

    def holds(grid, literal: int) -> bool:
        v = abs(literal) - 1
        return bool(grid[v // w][v % w]) == (literal > 0)

    for grid in _all_solutions(puzzle):
        assert all(holds(grid, unit) for unit in units)
        assert all(holds(grid, a) or holds(grid, b) for a, b in pairs)


@pytest.mark.parametrize("name", ["non_micro", "dom_06", "dom_08"])
def test_compiled_and_interpreted_boards_prove_the_same_implications(name, monkeypatch):
    """The implications from the compiled array board equal those from the plain mask board."""
    puzzle = load(f"data/nonogram/minizinc/{name}.dzn")
    domains = reduce(puzzle, "lines")
    compiled = nonogram_implied.implications(puzzle, domains)
    monkeypatch.setattr(nonogram_implied, "use_kernels", lambda puzzle: False)
    assert nonogram_implied._board(puzzle).__class__.__name__ == "Board"
    assert nonogram_implied.implications(puzzle, domains) == compiled


@settings(max_examples=40, deadline=None)
@given(_small_puzzles(), st.sampled_from(["auto", "search", "solver", "sequential", "parallel"]))
def test_method_finds_a_solution_and_decides_uniqueness(puzzle, schedule):
    """With --unique the method returns a verified solution, says unique iff brute force finds one,
    and otherwise shows a second, different solution: under every schedule, so the line search
    alone, the SAT solver alone and the two racing each decide exactly."""
    every = _all_solutions(puzzle)
    result = methods.run("sat", puzzle, Options(schedule=schedule), Deadline(60), unique=True)
    assert result.status == SOLVED
    assert result.grid in every and not verify(puzzle, result.grid)
    assert result.unique == (len(every) == 1)
    if len(every) > 1:
        assert result.second in every and result.second != result.grid


def test_method_reports_a_puzzle_without_solution():
    """A clue that no line can hold makes the method answer infeasible, and the message names
    the line, as the MILP pipeline's does."""
    puzzle = Nonogram([(1,), (1,)], [(1, 1), ()])
    result = methods.run("sat", puzzle, Options(), Deadline(30))
    assert result.status == INFEASIBLE
    assert result.message == "no solution: the reduction found column 1 impossible"
    assert methods.run("milp", puzzle, Options(backend="highspy", solver="highs"), Deadline(30)).message == result.message


def test_time_limit_ends_and_reaps_the_sat_child():
    """At the deadline the method stops with time_limit and leaves no child process behind."""
    puzzle = load("data/nonogram/wolter/knotty.nin")
    before = set(child_pids())  # earlier tests may have left a fork server or resource tracker
    result = methods.run("sat", puzzle, Options(), Deadline(3), unique=True)
    assert result.status == TIME_LIMIT
    assert set(child_pids()) - before == set()


def _answer(side, seconds: float = 60.0):
    """The side's next answer, polling in turns of a second (None: none within ``seconds``)."""
    for _ in range(int(seconds)):
        answer = side.poll(1.0)
        if answer is not None:
            return answer
    return None


@pytest.mark.parametrize("side", ["SatSlices", "SatChild"])
def test_solver_sides_answer_exclude_and_stop_at_the_deadline(side):
    """Each SAT solver side (the child, and the in-process slices for daemonic workers) finds a
    verified grid, proves that no other exists once it is found, and gives up at the deadline."""
    from futomip.methods import sat, sat_sides
    from futomip.pipeline.schedule import GAVE_UP

    make = getattr(sat_sides, side)
    puzzle = load("data/nonogram/minizinc/dom_06.dzn")
    domains, found = reduce(puzzle, "probing"), []
    solver = make(sat.solver_name(), puzzle, domains, found, Deadline(60), None)
    try:
        solver.resume()
        status, grid = _answer(solver)
        assert status == SOLVED and not verify(puzzle, grid)
        found.append(grid)
        assert _answer(solver) == (INFEASIBLE, None)
    finally:
        solver.close()
    knotty = load("data/nonogram/wolter/knotty.nin")
    solver = make(sat.solver_name(), knotty, reduce(knotty, "probing"), [], Deadline(2), None)
    try:
        solver.resume()
        assert _answer(solver, 10) == GAVE_UP
    finally:
        solver.close()


def test_the_search_skips_a_grid_the_solver_found():
    """A grid already found (by the other side) is never the line search's answer: on a puzzle
    with two solutions it answers the other one, then that no third exists."""
    from futomip.methods.sat_sides import LineSearch

    puzzle = Nonogram([(1,), (1,)], [(1,), (1,)])  # two solutions: the diagonals
    first, second = sorted(_all_solutions(puzzle))
    search = LineSearch(puzzle, reduce(puzzle, "probing"), [first], None)
    assert search.step(float("inf")) == (SOLVED, second)
    search.found.append(second)
    assert search.step(float("inf")) == (INFEASIBLE, None)


def test_a_stop_during_the_uniqueness_proof_keeps_the_first_grid(monkeypatch):
    """Ctrl-C or SIGTERM while the second solve runs gives the verified first grid, uniqueness
    unknown and the interrupt in ``stopped``, as the MILP pipeline does (not an exception)."""
    import signal

    from futomip.methods import sat
    from futomip.stopping import Stopped

    real, calls = sat.schedule.run, []

    def interrupted_second_solve(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise Stopped(signal.SIGTERM)  # what the signal handler raises in the main thread
        return real(*args, **kwargs)

    monkeypatch.setattr(sat.schedule, "run", interrupted_second_solve)
    puzzle = Nonogram([(1,), (1,)], [(1,), (1,)])  # two solutions: the diagonals
    result = methods.run("sat", puzzle, Options(), Deadline(30), unique=True)
    assert result.status == SOLVED and not verify(puzzle, result.grid)
    assert result.unique is None and isinstance(result.stopped, Stopped)
    assert result.message == f"uniqueness unknown: {result.stopped.reason}"
    assert len(calls) == 2


def test_lines_longer_than_the_compiled_search_go_to_the_sat_solver_alone():
    """A puzzle with 64-cell rows (beyond the compiled search) is decided by the SAT solver
    alone: both diagonals of its open 2x2 corner found, each verified, no search made."""
    grid = [[1, 0] + [0] * 62, [0, 1] + [0] * 62]
    puzzle = Nonogram([(1,), (1,)], [(1,), (1,)] + [()] * 62)
    result = methods.run("sat", puzzle, Options(), Deadline(60), unique=True)
    assert result.status == SOLVED and result.unique is False
    assert {result.grid, result.second} == {tuple(map(tuple, grid)), tuple(map(tuple, grid[::-1]))}
    assert result.schedule["answers"] == {"search": 0, "solver": 2} and "search_decisions" not in result.stats
    assert result.schedule["mode"] == "solver"


def test_the_text_report_names_the_side_that_answered():
    """The status report's schedule line speaks of the line search and the SAT solver, and the
    JSON record carries the same schedule object."""
    from futomip.batch.records import text_report, to_json

    puzzle = Nonogram([(1,), (1,)], [(1,), (1,)] + [()] * 62)  # lines beyond the search: the SAT solver
    result = methods.run("sat", puzzle, Options(), Deadline(60))
    assert "schedule: the SAT solver alone (--schedule solver); the SAT solver answered" in text_report(result)
    assert to_json(result)["schedule"]["answered_by"] == "solver"


RANDOM_25 = Path(__file__).resolve().parent / "data" / "random-25x25.nin"
"""Clues of a random 25x25 grid (half black), so it has a solution; made by a QA round."""


@pytest.mark.parametrize("limit", ["0.15", "0.25"])
def test_a_tight_time_limit_on_the_sat_route_is_never_infeasible_nor_silent(limit):
    """With probing cut short by the limit, the line search took the unfinished root for a
    leaf, found no whole grid in it and called the puzzle infeasible; and a SIGTERM that
    reached the Kissat child while it was being forked ran the parent's handler there, so the
    parent ended with nothing printed (exit 1) and a traceback on stderr.  Several runs, as
    the second depended on timing: each must print JSON saying solved or time_limit."""
    for _ in range(4):
        done = subprocess.run([sys.executable, "-m", "futomip", str(RANDOM_25), "--time-limit", limit, "--json"],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode in (0, 1) and "Traceback" not in done.stderr, done.stderr
        data = json.loads(done.stdout)
        assert data["status"] in ("solved", "time_limit"), data
        if data["status"] == "solved":
            assert verify(load(str(RANDOM_25)), data["solution"]) == []
