"""The comparison methods (``futomip.methods``): every seed sample, exactness against brute
force on small puzzles, honest heuristics, time limits, and the CLI's ``--method``."""

from __future__ import annotations

import itertools
import json
import random
import time
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st

from futomip import io, methods
from futomip.cli import main
from futomip.errors import UnsupportedFeatureError, UsageError
from futomip.io.solutions import read_solutions, solutions_path
from futomip.options import Deadline, Options
from futomip.puzzles import verify
from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.nonogram import from_grid

from conftest import require_pair
from strategies import futoshiki_puzzles, str8ts_puzzles

DATA = Path(__file__).resolve().parent.parent / "data"
SEEDS = sorted((DATA / "futoshiki" / "seeds").glob("*.txt"))
EXACT_LATIN = ["backtrack", "propagate", "cpsat"]


def _run(name, puzzle, unique=False, time_limit=None, **params):
    if name == "cpsat":
        require_pair("ortools", "cpsat")
    return methods.run(name, puzzle, Options(time_limit=time_limit, seed=1), None, unique, params or None)


@pytest.mark.parametrize("name", EXACT_LATIN)
@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.stem)
def test_exact_methods_solve_every_seed_sample_and_settle_uniqueness(name, path):
    puzzle = io.load(str(path))
    known = read_solutions(solutions_path(path))
    result = _run(name, puzzle, unique=True)
    assert result.status == "solved" and verify(puzzle, result.grid) == [] and result.method == name
    if known.count == 1:
        assert result.unique is True and result.grid == known.grids[0]
    else:  # sample-5 has 39 solutions: a second, different and valid, one is shown
        assert result.unique is False and result.second != result.grid and verify(puzzle, result.second) == []


@lru_cache(maxsize=None)
def _latin_squares(n):
    """Every Latin square of order n, row by row (independent of the methods' code)."""
    squares = [()]
    for _ in range(n):
        squares = [rows + (row,) for rows in squares for row in itertools.permutations(range(1, n + 1))
                   if all(row[c] != other[c] for other in rows for c in range(n))]
    return squares


def _brute_force(puzzle):
    return [grid for grid in _latin_squares(puzzle.size) if not verify(puzzle, grid)]


@settings(max_examples=60, deadline=None)
@given(futoshiki_puzzles(min_size=1, max_size=4), st.sampled_from(EXACT_LATIN))
def test_exact_methods_agree_with_brute_force(puzzle, name):
    solutions = _brute_force(puzzle)
    result = _run(name, puzzle, unique=True)
    if not solutions:
        assert result.status == "infeasible" and result.grid is None
    else:
        assert result.status == "solved" and result.grid in solutions
        assert result.unique is (len(solutions) == 1)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(1, 4), st.data())
def test_csp_agrees_with_brute_force_on_nonograms(height, width, data):
    pixels = data.draw(st.lists(st.integers(0, 1), min_size=height * width, max_size=height * width))
    puzzle = from_grid([pixels[r * width:(r + 1) * width] for r in range(height)])
    grids = [tuple(tuple(cells[r * width:(r + 1) * width]) for r in range(height))
             for cells in itertools.product((0, 1), repeat=height * width)]
    solutions = [grid for grid in grids if not verify(puzzle, grid)]
    result = _run("csp", puzzle, unique=True)
    assert result.status == "solved" and result.grid in solutions
    assert result.unique is (len(solutions) == 1)


def test_csp_on_the_seed_pattern_finds_one_of_its_ten_solutions():
    puzzle = io.load(str(DATA / "nonogram" / "seeds" / "notebook-sample.pattern"))
    result = _run("csp", puzzle, unique=True)
    assert result.status == "solved" and verify(puzzle, result.grid) == [] and result.unique is False


@pytest.mark.parametrize("name", ["anneal", "genetic"])
def test_heuristics_solve_easy_samples_with_a_verified_grid(name):
    for path in SEEDS[:5]:  # 2x2 to 4x4
        puzzle = io.load(str(path))
        result = _run(name, puzzle)
        assert result.status == "solved" and verify(puzzle, result.grid) == [] and result.cost == 0


@pytest.mark.parametrize("name", ["anneal", "genetic"])
def test_heuristics_never_return_a_grid_for_an_infeasible_puzzle(name):
    # 3x3, a < b < c along the first row and c < a: no grid satisfies all three.
    puzzle = Futoshiki.from_clues(3, {}, [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 0))])
    result = _run(name, puzzle, time_limit=1)
    assert result.status == "heuristic_failed" and result.grid is None and result.cost >= 1
    assert "best cost" in result.message


def test_anneal_parameters_change_the_run_and_are_checked():
    puzzle = io.load(str(DATA / "futoshiki" / "seeds" / "sample-7.txt"))
    short = _run("anneal", puzzle, t0=1, cooling=0.5)
    assert short.stats["iterations"] <= 10  # 1 * 0.5^k < 0.01 after 7 iterations
    assert methods.parse("anneal:cooling=1.5") == ("anneal", {"cooling": 1.5})  # a number: parsed
    with pytest.raises(UsageError):
        _run("anneal", puzzle, cooling=1.5)  # out of range: refused when used
    with pytest.raises(UsageError):
        methods.parse("anneal:colling=0.9")
    assert methods.parse("genetic:population=20") == ("genetic", {"population": 20.0})


@pytest.mark.parametrize("name", ["backtrack", "propagate", "anneal", "genetic"])
def test_every_python_method_honours_its_time_limit(name):
    # An open 9x9 with one sign: backtrack and propagate go on proving uniqueness for long.
    puzzle = Futoshiki.from_clues(9, {}, [((0, 0), (0, 1))]) if name != "genetic" else \
        Futoshiki.from_clues(9, {}, [((0, 0), (0, 1)), ((0, 1), (0, 0))])
    start = time.perf_counter()
    result = methods.run(name, puzzle, Options(time_limit=0.3), None, unique=name in ("backtrack", "propagate"),
                         params={"generations": 1e9} if name == "genetic" else None)
    assert time.perf_counter() - start < 1.5
    assert result.status in ("solved", "time_limit", "heuristic_failed")
    if result.grid is not None:
        assert verify(puzzle, result.grid) == []


def test_a_method_refuses_a_kind_it_cannot_take():
    puzzle = io.load(str(DATA / "str8ts" / "seeds" / "blog-sample.txt"))
    with pytest.raises(UnsupportedFeatureError):
        methods.run("propagate", puzzle)
    assert methods.supports("milp", puzzle) and not methods.supports("csp", puzzle)


def test_generation_with_propagate_checks_gives_a_puzzle_the_milp_proves_unique():
    from futomip.make.generate import generate_futoshiki

    puzzle, square = generate_futoshiki(5, 1, 8, seed=3, method="propagate")
    assert methods.run("milp", puzzle, unique=True).unique is True
    assert verify(puzzle, square) == []


def test_solve_method_json_and_exit_codes(capsys):
    sample = str(DATA / "futoshiki" / "seeds" / "sample-5.txt")
    assert main([sample, "--method", "propagate", "--unique", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["method"] == "propagate" and out["unique"] is False and "second_solution" in out
    small = DATA / "futoshiki" / "seeds" / "comment-3x3.txt"
    assert main([str(small), "--method", "anneal", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cost"] == 0
    assert main([sample, "--method", "propagate", "--all"]) == 2
    assert main([sample, "--method", "nope"]) == 2


@pytest.mark.parametrize("path", sorted((DATA / "str8ts").glob("*/*.txt"))[:8], ids=lambda p: p.stem)
def test_cpsat_str8ts_table_model_settles_uniqueness_like_the_solutions_file(path):
    puzzle = io.load(str(path))
    known = read_solutions(solutions_path(path))
    result = _run("cpsat", puzzle, unique=True)
    assert result.status == "solved" and verify(puzzle, result.grid) == []
    if known.count is not None:
        assert result.unique is (known.count == 1)
    if result.unique is False:
        assert result.second != result.grid and verify(puzzle, result.second) == []


@settings(max_examples=25, deadline=None)
@given(str8ts_puzzles(min_size=1, max_size=3))
def test_cpsat_str8ts_agrees_with_brute_force(puzzle):
    require_pair("ortools", "cpsat")
    n, white = puzzle.size, puzzle.white_cells()
    assume(len(white) <= 6)  # keeps the brute force (n^white grids) quick
    solutions = []
    for values in itertools.product(range(1, n + 1), repeat=len(white)):
        placed = dict(zip(white, values))
        grid = tuple(tuple(placed.get((r, c), 0) for c in range(n)) for r in range(n))
        if not verify(puzzle, grid):
            solutions.append(grid)
    result = _run("cpsat", puzzle, unique=True)
    if not solutions:
        assert result.status == "infeasible"
    else:
        assert result.status == "solved" and result.grid in solutions and result.unique is (len(solutions) == 1)


def test_cpsat_str8ts_long_compartments_use_max_minus_min():
    from futomip.methods.cpsat import TABLE_UP_TO
    from futomip.puzzles.str8ts import Str8ts

    n = TABLE_UP_TO + 1  # every row and column one white run longer than the tables go
    puzzle = Str8ts.from_cells(n, [], {(0, c): c + 1 for c in range(n)})
    result = _run("cpsat", puzzle)
    assert result.status == "solved" and verify(puzzle, result.grid) == []


def test_run_refuses_parameters_the_method_does_not_take():
    """``methods.run("anneal", p, params={"bogus": 1})`` ignored the key, and a method without
    parameters raised a TypeError; both are UsageErrors now, as ``--method anneal:bogus=1`` is."""
    import futomip
    from futomip import methods

    puzzle = futomip.load(str(Path(__file__).resolve().parent.parent / "data" / "futoshiki" / "seeds" / "sample-4.txt"))
    with pytest.raises(futomip.UsageError, match="'t0' unknown; it takes: none"):
        methods.run("propagate", puzzle, params={"t0": 5})
    with pytest.raises(futomip.UsageError, match="'bogus' unknown; it takes: t0, cooling, t_min"):
        methods.run("anneal", puzzle, params={"bogus": 1})


@pytest.mark.parametrize("name, options, unused", [
    ("propagate", Options(backend="pulp", solver="cbc"), "--backend, --solver unused"),
    ("backtrack", Options(solver_options=(("threads", "2"),), reduce="none"), "--reduce, --solver-option unused"),
    ("anneal", Options(seed=3, globals="native"), "--globals unused"),
])
def test_options_a_method_does_not_read_are_named_in_its_note(name, options, unused):
    """An option the method ignores is said, not silently dropped (QA, twentieth session);
    one it reads (anneal's --seed) is not named."""
    puzzle = io.load(SEEDS[0])
    result = methods.run(name, puzzle, options, None)
    assert unused in result.message and f"--method {name}" in result.message
    assert "--seed" not in result.message
    if result.grid is not None:
        assert verify(puzzle, result.grid) == []


def test_a_method_with_nothing_set_has_no_unused_note():
    puzzle = io.load(SEEDS[0])
    assert "unused" not in methods.run("propagate", puzzle, Options(), None).message


def test_unused_options_of_the_cli():
    """The command line says it too, for --method sat's --threads and the CP-SAT method's --globals."""
    assert methods.unused_options("sat", Options(threads=2, schedule="sequential")) == ["--threads"]
    assert methods.unused_options("cpsat", Options(globals="native", threads=2, seed=1)) == ["--globals"]
    assert methods.unused_options("milp", Options(backend="pulp", seed=1, threads=2)) == []


def test_depth_first_goes_deeper_than_python_recursion():
    """The searches recursed once per cell and raised RecursionError (exit 70) from 32x32 on;
    ``depth_first`` keeps the stack itself, in the order a recursion would take."""
    visited: list[int] = []

    def node(depth: int):
        visited.append(depth)
        if depth < 5000:
            yield node(depth + 1)
            yield node(depth + 1) if depth == 4999 else iter(())

    methods.depth_first(node(0))
    assert visited[:3] == [0, 1, 2] and visited[-2:] == [5000, 5000] and len(visited) == 5002


def test_backtrack_and_csp_search_boards_deeper_than_the_recursion_limit():
    """A 34x34 Latin square with a few holes takes backtrack one level per cell (1,156), and
    a 36x36 blank nonogram takes csp one level per cell (1,296) to its first grid: both raised
    RecursionError.  (csp checks a line only when it is complete, so its uniqueness proof here
    would be exponential: one solution is asked of it.)"""
    from futomip.make.squares import latin_square
    from futomip.puzzles.latin import LatinSquare

    square = latin_square(34, random.Random(3))
    board = tuple(tuple(0 if (r + c) % 17 == 0 and r < 3 else v for c, v in enumerate(row))
                  for r, row in enumerate(square))
    puzzle = LatinSquare(34, board, name="holes")
    result = methods.run("backtrack", puzzle, Options(time_limit=60), None, unique=True)
    assert result.status == "solved" and result.unique is True and result.grid == square
    picture = from_grid([[0] * 36 for _ in range(36)])
    result = methods.run("csp", picture, Options(time_limit=60), None)
    assert result.status == "solved" and verify(picture, result.grid) == []


def test_propagate_branches_on_boards_of_99_and_more():
    """Its branching cell had to have fewer than 99 candidates (a fixed bound), so on an empty
    100x100 no cell qualified and the untouched sets were read as a grid of 100s: the verifier
    turned it into an error.  Now it branches, and the run ends at its limit or with a grid."""
    puzzle = Futoshiki.from_clues(100, {}, [])
    result = methods.run("propagate", puzzle, Options(time_limit=1), None)
    assert result.status in ("time_limit", "solved")
    if result.grid is not None:
        assert verify(puzzle, result.grid) == []
