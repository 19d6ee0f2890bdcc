"""Native globals (``--globals``): CP-SAT's own constraints over integer views beside the rows.

The recorded globals must say exactly what their rows say (checked over every assignment of
the views they cover), and CP-SAT on the native form must find exactly the solutions that
brute force finds, as it does on the linear form, for every Latin-family kind, with and
without domain reduction, through the same no-good cuts (enumeration).  Every grid is
checked by the independent verifier.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import futoshiki_puzzles, latin_completion, str8ts_puzzles
from test_reduction_latin import _brute_force

pytest.importorskip("ortools")

from futomip import io, verify  # noqa: E402
from futomip.certainty import enumerate_all, explain  # noqa: E402
from futomip.errors import UnsupportedFeatureError  # noqa: E402
from futomip.kinds import kind_of  # noqa: E402
from futomip.options import Options  # noqa: E402
from futomip.pipeline import Task, run  # noqa: E402
from futomip.puzzles.str8ts import Str8ts  # noqa: E402
from futomip.puzzles.sudoku import Sudoku  # noqa: E402

CPSAT = {"backend": "ortools", "solver": "cpsat"}


def _solutions(puzzle, form: str, reduce: str) -> set:
    result = enumerate_all(puzzle, options=Options(reduce=reduce, globals=form, **CPSAT))
    assert result.complete
    for grid in result.solutions:
        assert not verify(puzzle, grid)
    # A model without globals (Str8ts whose lines have one white cell each) has no form to report;
    # nor has a split whose search took every solution as a whole-grid leaf (no model solved).
    if result.solutions and kind_of(puzzle).model_module().formulate(puzzle).model.globals:
        if reduce == "split" and not (result.stats or {}).get("solves"):
            assert result.globals == "", result.globals
        else:
            assert result.globals.startswith(form), result.globals
    return set(result.solutions)


def _str8ts_brute_force(puzzle: Str8ts) -> set:
    whites = puzzle.white_cells()
    found = set()
    for values in itertools.product(range(1, puzzle.size + 1), repeat=len(whites)):
        grid = [[0] * puzzle.size for _ in range(puzzle.size)]
        for (r, c), v in zip(whites, values):
            grid[r][c] = v
        grid = tuple(map(tuple, grid))
        if not verify(puzzle, grid):
            found.add(grid)
    return found


@st.composite
def _latin_completions(draw, max_size: int = 4):
    """A random Latin square of order <= max_size with random holes (so it has a solution)."""
    n = draw(st.integers(1, max_size))
    seed = draw(st.integers(0, 10 ** 6))
    return latin_completion(n, seed, draw(st.floats(0.3, 1.0)))


_sudoku_4x4 = st.lists(st.sampled_from([0, 0, 0, 0, 1, 2, 3, 4]), min_size=16, max_size=16).map(
    lambda cells: Sudoku(4, tuple(tuple(cells[4 * r:4 * r + 4]) for r in range(4))))


@settings(max_examples=40, deadline=None)
@given(st.one_of(futoshiki_puzzles(min_size=1, max_size=4), _latin_completions(), _sudoku_4x4),
       st.sampled_from(["none", "lines", "split"]))
def test_both_forms_enumerate_exactly_the_brute_force_solutions(puzzle, reduce):
    """Futoshiki, Latin completion and Sudoku: native and linear CP-SAT find the brute-force solutions."""
    expected = set(_brute_force(puzzle))
    # Without the split CP-SAT lists the solutions after the second in one run (an empty
    # order-4 square, 576 solutions, in 0.03 s of solving; 22 s a form when each was a solve).
    assert _solutions(puzzle, "native", reduce) == expected
    assert _solutions(puzzle, "linear", reduce) == expected


@settings(max_examples=30, deadline=None)
@given(str8ts_puzzles(min_size=1, max_size=3))
def test_str8ts_both_forms_enumerate_exactly_the_brute_force_solutions(puzzle):
    """Str8ts (black clues folded into the lines, straights as rows): both forms find the brute-force solutions."""
    expected = _str8ts_brute_force(puzzle)
    assert _solutions(puzzle, "native", "none") == expected
    assert _solutions(puzzle, "linear", "none") == expected


def _holds(con, point: dict) -> bool:
    lhs = sum(coef * point.get(var, 0) for var, coef in con.terms)
    return lhs <= con.rhs + 1e-9 if con.sense == "<=" else lhs >= con.rhs - 1e-9 if con.sense == ">=" else \
        abs(lhs - con.rhs) <= 1e-9


def _native_holds(name: str, chosen: tuple) -> bool:
    if name == "all_different":
        return len(set(chosen)) == len(chosen)
    return chosen[0] < chosen[1]


@settings(max_examples=40, deadline=None)
@given(st.one_of(futoshiki_puzzles(min_size=2, max_size=4), str8ts_puzzles(min_size=2, max_size=4)),
       st.sampled_from(["tight", "weighted", "start"]))
def test_recorded_rows_say_exactly_what_the_global_says(puzzle, encoding):
    """Over every assignment of a global's views, its recorded rows hold iff the native constraint does,
    beside the rows over the same columns that stay (a Str8ts digit shown in black)."""
    module = kind_of(puzzle).model_module()
    if encoding not in module.ENCODINGS:
        encoding = module.ENCODINGS[0]
    model = module.formulate(puzzle, encoding).model
    assert len(model.views) == sum(1 for view in model.views if view.row >= 0)
    own_rows = {view.row for view in model.views}
    for record in model.globals[:12]:
        views = [model.views[k].values for k in record.views]
        columns = {column for values in views for _, column in values}
        staying = [con for i, con in enumerate(model.constraints) if i not in record.rows and i not in own_rows
                   and con.terms and all(var in columns for var, _ in con.terms)]
        for chosen in itertools.product(*views):
            point = {column: 1 for _, column in chosen}
            others = all(_holds(con, point) for con in staying)
            rows_hold = all(_holds(model.constraints[i], point) for i in record.rows) and others
            native = _native_holds(record.name, tuple(value for value, _ in chosen)) and others
            assert rows_hold == native, (record, chosen)


def test_the_form_used_is_reported():
    """ortools/cpsat builds the Sudoku's 27 groups natively when asked, its rows by default, as highspy does."""
    puzzle = io.read("data/sudoku/easy.sdk")[0]
    native = run(puzzle, Task("unique"), Options(reduce="none", globals="native", **CPSAT))
    assert native.globals == "native (AddAllDifferent x27)" and native.unique is True
    assert not verify(puzzle, native.grid)
    for options in (Options(reduce="none", **CPSAT), Options(reduce="none", backend="highspy", solver="highs")):
        linear = run(puzzle, Task("solve"), options)
        assert linear.globals == "linear" and linear.grid == native.grid


def test_a_latin_completion_gets_cp_sats_native_globals_unless_asked_otherwise():
    """CP-SAT builds a Latin completion's rows and columns as AddAllDifferent by default (the
    form measured best for the kind, ``CpSat.preferred_globals``); ``--globals linear`` still
    gives the rows, another kind keeps its rows, and HiGHS has no native form to take."""
    puzzle = io.read("data/latin/completion-12.pls")[0]
    default = run(puzzle, Task("unique"), Options(reduce="none", **CPSAT))
    assert default.globals.startswith("native (AddAllDifferent") and default.unique is True
    assert not verify(puzzle, default.grid)
    linear = run(puzzle, Task("unique"), Options(reduce="none", globals="linear", **CPSAT))
    assert linear.globals == "linear" and linear.grid == default.grid and linear.unique is True
    highs = run(puzzle, Task("solve"), Options(reduce="none", backend="highspy", solver="highs"))
    assert highs.globals == "linear" and highs.grid == default.grid
    sudoku = io.read("data/sudoku/easy.sdk")[0]
    assert run(sudoku, Task("solve"), Options(reduce="none", **CPSAT)).globals == "linear"


def test_the_configuration_says_why_a_latin_completion_got_native_globals(capsys):
    """The status line's configuration names the measured choice of CP-SAT's own constraints
    (it named the pair and level only); pinned or on another pair it says nothing of it."""
    from futomip.cli import main

    path = "data/latin/completion-12.pls"
    assert main([path, "--backend", "ortools", "--solver", "cpsat", "--reduce", "lines", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert "cpsat's own global constraints for latin, measured better" in record["configuration"]
    assert record["globals"].startswith("native") and not verify(io.read(path)[0], record["solution"])
    for pinned in (["--globals", "linear"], ["--backend", "highspy", "--solver", "highs"]):
        assert main([path, *(pinned if pinned[0] == "--backend" else ["--backend", "ortools", "--solver", "cpsat",
                                                                      *pinned]), "--json"]) == 0
        assert "own global constraints" not in json.loads(capsys.readouterr().out)["configuration"]


def test_native_globals_are_refused_where_the_pair_has_none():
    """--globals native on highspy/highs is refused before anything runs, naming ortools/cpsat."""
    puzzle = io.read("data/sudoku/easy.sdk")[0]
    with pytest.raises(UnsupportedFeatureError, match="ortools/cpsat"):
        run(puzzle, Task("solve"), Options(backend="highspy", solver="highs", globals="native"))


@pytest.mark.parametrize("puzzle_file, families", [("data/futoshiki/hard9/hard9-seed100.txt", ("row_has_value", "less_than")),
                                                    ("data/nonogram/minizinc/dom_06.dzn", ("block_once", "cover"))])
def test_model_files_keep_the_linear_decomposition(tmp_path, puzzle_file, families):
    """The LP file written by the ortools backend is the same with native and with linear globals
    (Futoshiki's all-different and <, a nonogram's lines)."""
    puzzle = io.read(puzzle_file)[0]
    texts = []
    for form in ("native", "linear"):
        path = tmp_path / f"{form}.lp"
        run(puzzle, Task("solve", write_lp=str(path), solve=False), Options(reduce="none", globals=form, **CPSAT))
        texts.append(path.read_text())
    assert texts[0] == texts[1] and all(family in texts[0] for family in families)


def test_explain_finds_the_same_conflict_on_both_forms():
    """--explain on a contradictory 4x4 (a < b < c < d < a around a square) gives one conflict on both forms."""
    from futomip.puzzles.futoshiki import Futoshiki

    cycle = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0)), ((1, 0), (0, 0))]
    puzzle = Futoshiki.from_clues(4, {(3, 3): 1}, cycle)
    conflicts = [explain(puzzle, options=Options(globals=form, **CPSAT)) for form in ("native", "linear")]
    assert [result.status for result in conflicts] == ["infeasible", "infeasible"]
    assert conflicts[0].conflict == conflicts[1].conflict and len(conflicts[0].conflict) == 4


def test_bench_measures_both_forms_side_by_side():
    """bench's combinations may carry the form: each measurement and comparison row is keyed by it."""
    from futomip.bench import run_benchmark, summarise
    from futomip.bench.compare import compare

    puzzles = io.read("data/sudoku/easy.sdk") + io.read("data/sudoku/hardest.txt")[:1]
    combinations = [("ortools", "cpsat", None, "lines", form) for form in ("native", "linear")]
    measured = run_benchmark(puzzles, combinations, against="cpsat")
    assert [m.globals for m in measured if m.backend == "ortools"] == ["native", "linear"] * 2
    assert all(m.status == "solved" for m in measured)
    assert sorted(row["globals"] for row in summarise(measured) if row["backend"] == "ortools") == ["linear", "native"]
    rows = compare(measured)
    assert sorted((row["globals"], row["task"]) for row in rows) == [("linear", "first"), ("native", "first")]
    assert all(row["puzzles"] == 2 for row in rows)


def test_inspect_reports_the_global_structure(capsys):
    """inspect --json counts the declared globals, their views and rows, and CP-SAT's native form."""
    import json

    from futomip.cli import main

    assert main(["inspect", "data/futoshiki/hard9/hard9-seed100.txt", "--reduce", "none", "--encoding", "tight",
                 "--json"]) == 0
    structure = json.loads(capsys.readouterr().out)["encodings"]["tight"]["globals"]
    assert structure["declared"] == {"all_different": 18, "strict_less": 35}
    assert structure["views"] == 81 and structure["cpsat"] == "AddAllDifferent x18, < x35"
    assert structure["rows"] == 81 + 2 * 81 + 315


@pytest.mark.parametrize("schedule", ["auto", "solver"])
def test_split_proves_uniqueness_on_both_forms(schedule):
    """A hard 9x9 split with CP-SAT is solved and proved unique on both forms; with the whole
    model alone (--schedule solver, in its worker) the form it built is reported."""
    puzzle = io.read("data/futoshiki/hard9/hard9-seed100.txt")[0]
    results = [run(puzzle, Task("unique"), Options(reduce="split", globals=form, schedule=schedule, **CPSAT))
               for form in ("native", "linear")]
    for result in results:
        assert result.reduction["search"] is not None and result.unique is True
        assert not verify(puzzle, result.grid)
    assert results[0].grid == results[1].grid
    if schedule == "solver":
        assert results[0].globals.startswith("native") and results[1].globals == "linear"


def test_bench_refuses_native_globals_for_pairs_without_them(capsys):
    """bench --globals native with highspy/highs exits 2 naming the pair, before any measurement."""
    from futomip.cli import main

    assert main(["bench", "data/sudoku/easy.sdk", "--pairs", "highspy/highs,ortools/cpsat", "--globals", "native"]) == 2
    assert "highspy/highs cannot build native global" in capsys.readouterr().err
