"""``futomip bench --against cpsat``: the native CP-SAT model, the comparison, the CLI contract.

The native model is checked as every solver is: its grids pass ``verify`` and agree with
futomip's on puzzles with one solution, and its uniqueness answers agree with futomip's.
Nothing here asserts a time.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futomip import io, solve, verify
from futomip.bench import NATIVE, run_benchmark
from futomip.bench.compare import compare, format_comparison
from futomip.cli import main
from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.latin import LatinSquare
from futomip.puzzles.sudoku import Sudoku
from futomip.solvers import check

if not check("ortools", "cpsat").available:
    pytest.skip(f"ortools/cpsat not available here ({check('ortools', 'cpsat').how})", allow_module_level=True)

from futomip.bench.cpsat import solve_native  # noqa: E402  (needs ortools)

DATA = Path(__file__).resolve().parent.parent / "data"
SAMPLE = DATA / "futoshiki.dat"
HARD = DATA / "futoshiki" / "hard9" / "hard9-seed100.txt"


@pytest.mark.parametrize("puzzle", [
    io.read(str(SAMPLE))[0],
    io.read(str(HARD))[0],
    LatinSquare(3, ((1, 2, 0), (0, 0, 1), (0, 0, 0))),
    Sudoku(4, ((1, 0, 0, 0), (0, 0, 3, 0), (0, 4, 0, 0), (0, 0, 0, 2))),
    io.read(str(DATA / "killer" / "small.kmap"))[0],
    io.read(str(DATA / "killer" / "cages.txt"))[0],
    io.read(str(DATA / "adjacent" / "tatham-7a.unequal"))[0],
], ids=["sample", "hard9", "latin3", "sudoku4", "killer4", "killer9", "adjacent7"])
def test_native_model_agrees_with_futomip(puzzle):
    ours = solve(puzzle, backend="highspy", solver="highs", unique=True)
    native = solve_native(puzzle, unique=True)
    assert native.status == ours.status == "solved"
    assert native.unique is ours.unique
    if ours.unique:
        assert native.grid == ours.grid


def test_native_model_finds_a_second_solution_and_infeasibility():
    several = solve_native(LatinSquare(3, ((1, 2, 0), (0, 0, 0), (0, 0, 0))), unique=True)
    assert several.status == "solved" and several.unique is False
    none = solve_native(Futoshiki.from_clues(3, {(0, 0): 3}, [((0, 0), (0, 1))]), unique=True)
    assert none.status == "infeasible" and none.proof is None and none.unique is None


def test_highspy_and_native_cpsat_solve_in_one_process_in_either_order():
    """Why the yardstick runs in-process (futomip.bench.cpsat): with highspy 1.16 and
    ortools 9.15 both import and solve in one process, whichever comes first."""
    code = (
        "import sys\n"
        "order = sys.argv[1].split(',')\n"
        "import futomip\n"
        "from futomip.bench.cpsat import solve_native\n"
        "p = futomip.load(sys.argv[2])\n"
        "for who in order:\n"
        "    if who == 'highspy':\n"
        "        import highspy\n"
        "        r = futomip.solve(p, backend='highspy', solver='highs', reduce='none')\n"
        "        assert r.status == 'solved', r.message\n"
        "    else:\n"
        "        import ortools\n"
        "        assert solve_native(p, unique=True).unique is True\n"
        "print('ok')\n"
    )
    for order in ("highspy,cpsat,highspy", "cpsat,highspy,cpsat"):
        done = subprocess.run([sys.executable, "-c", code, order, str(SAMPLE)], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0 and done.stdout.strip().endswith("ok"), (order, done.stderr[-2000:])


def test_comparison_pairs_each_puzzle_with_the_native_run():
    puzzles = [io.read(str(SAMPLE))[0], io.read(str(HARD))[0]]
    measured = run_benchmark(puzzles, [("highspy", "highs", None, "lines")], unique=True, repeat=2, against="cpsat")
    assert len(measured) == 8
    assert [m.index for m in measured[:4]] == [0, 0, 1, 1]
    assert sum((m.backend, m.solver, m.encoding, m.reduction) == NATIVE for m in measured) == 4
    rows = compare(measured)
    assert {row["task"] for row in rows} == {"first", "unique"}
    for row in rows:
        assert row["puzzles"] == 4 and row["solved"] == row["cpsat_solved"] == 4
        assert row["ratio_median"] > 0 and row["median"] <= row["p90"] <= row["p99"]
    assert "per-puzzle x median" in format_comparison(rows)


def test_cli_against_cpsat_json_and_refusals(capsys):
    code = main(["bench", str(SAMPLE), "--pairs", "highspy/highs", "--unique", "--against", "cpsat", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert {(row["backend"], row["solver"]) for row in data["summary"]} == {("highspy", "highs"), NATIVE[:2]}
    assert {row["task"] for row in data["against"]} == {"first", "unique"}
    assert {"first_median", "first_p99", "unique_median", "unique_p99", "solve_p99"} <= set(data["summary"][0])
    assert main(["bench", str(SAMPLE), "--pairs", "highspy/highs", "--against", "cpsat"]) == 0
    assert "Against a native CP-SAT model" in capsys.readouterr().out
    nonogram = DATA / "nonogram" / "seeds" / "notebook-sample.pattern"
    assert main(["bench", str(nonogram), "--against", "cpsat"]) == 2
    with pytest.raises(SystemExit) as refused:
        main(["bench", str(SAMPLE), "--against", "gurobi"])
    assert refused.value.code == 2


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 6))
def test_native_adjacent_model_agrees_with_futomip_on_small_boards(seed, givens):
    """On random 4x4 Adjacent boards (marks from a random Latin square, a few givens) the
    native model's answer (solved, and unique or not) is futomip's, and its grid verifies."""
    import random

    from futomip.puzzles.adjacent import Adjacent

    rng = random.Random(seed)
    n = 4
    shift = rng.sample(range(n), n)
    square = [[(shift[r] + c) % n + 1 for c in range(n)] for r in range(n)]
    rng.shuffle(square)
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], givens)
    puzzle = Adjacent.from_solution(tuple(map(tuple, square)), {cell: square[cell[0]][cell[1]] for cell in cells})
    ours = solve(puzzle, backend="highspy", solver="highs", unique=True)
    native = solve_native(puzzle, unique=True)
    assert native.status == ours.status == "solved"
    assert native.unique is ours.unique
    assert verify(puzzle, native.grid) == []
