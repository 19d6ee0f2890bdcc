"""Nonogram lines as CP-SAT's ``AddAutomaton`` (``--globals native``) beside their 0/1 rows.

The recorded automaton of a line must accept exactly the lines that spell its clue, and the
columns its run sets must satisfy the line's decomposition rows; CP-SAT on the native form
must find exactly the brute-force solutions, as on the linear form, with every encoding
and every reduction level, through the same no-good cuts.  Every grid is checked by the
independent verifier.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_puzzles
from test_reduction_nonogram import _all_solutions

pytest.importorskip("ortools")

from futomip import io, verify  # noqa: E402
from futomip.backends.ortools_backend import OrtoolsSession  # noqa: E402
from futomip.certainty import enumerate_all  # noqa: E402
from futomip.models import nonogram as model_module  # noqa: E402
from futomip.options import Options  # noqa: E402
from futomip.pipeline import Task, run  # noqa: E402
from futomip.puzzles.nonogram import Nonogram, runs_of  # noqa: E402
from futomip.reduction import reduce  # noqa: E402
from futomip.solvers import solver  # noqa: E402

CPSAT = {"backend": "ortools", "solver": "cpsat"}


@st.composite
def _any_clues(draw, max_size: int = 4) -> Nonogram:
    """A nonogram with clues drawn on their own (often without a solution, sometimes with several)."""
    height, width = draw(st.integers(1, max_size)), draw(st.integers(1, max_size))
    clue = st.lists(st.integers(1, max_size), max_size=2).map(tuple)
    return Nonogram(tuple(draw(clue) for _ in range(height)), tuple(draw(clue) for _ in range(width)))


def _solutions(puzzle, form: str, reduce_level: str, encoding: str) -> set:
    result = enumerate_all(puzzle, options=Options(reduce=reduce_level, globals=form, encoding=encoding, **CPSAT))
    assert result.complete
    for grid in result.solutions:
        assert not verify(puzzle, grid)
    if result.solutions and result.globals:
        assert result.globals.startswith("native (AddAutomaton x" if form == "native" else "linear"), result.globals
    return set(result.solutions)


@settings(max_examples=40, deadline=None)
@given(st.one_of(nonogram_puzzles(min_size=1, max_size=4), _any_clues()),
       st.sampled_from(["none", "lines", "probing", "split"]), st.sampled_from(model_module.ENCODINGS))
def test_both_forms_enumerate_exactly_the_brute_force_solutions(puzzle, reduce_level, encoding):
    """Native (AddAutomaton) and linear CP-SAT find exactly the brute-force solutions, none twice."""
    expected = set(_all_solutions(puzzle))
    assert _solutions(puzzle, "native", reduce_level, encoding) == expected
    assert _solutions(puzzle, "linear", reduce_level, encoding) == expected


@settings(max_examples=30, deadline=None)
@given(st.one_of(nonogram_puzzles(min_size=2, max_size=4), _any_clues()), st.sampled_from(["none", "probing"]))
def test_unique_agrees_with_brute_force_on_both_forms(puzzle, reduce_level):
    """--unique says unique iff brute force finds one solution, and shows a second grid otherwise."""
    expected = set(_all_solutions(puzzle))
    for form in ("native", "linear"):
        result = run(puzzle, Task("unique"), Options(reduce=reduce_level, globals=form, **CPSAT))
        if not expected:
            assert result.status == "infeasible"
            continue
        assert result.status == "solved" and result.grid in expected and not verify(puzzle, result.grid)
        assert result.unique is (len(expected) == 1)
        if len(expected) > 1:
            assert result.second in expected and result.second != result.grid


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 3), max_size=3).map(tuple), st.integers(1, 7),
       st.sampled_from(model_module.ENCODINGS), st.booleans())
def test_automaton_accepts_the_clue_and_its_run_satisfies_the_rows(clue, length, encoding, reduced):
    """Over every 0/1 line, the recorded automaton accepts iff the line spells the clue, and the
    columns set from its run (on a reduced model too) satisfy every row of the line's decomposition."""
    puzzle = Nonogram((clue,), (None,) * length)
    domains = reduce(puzzle, "lines") if reduced else None
    model = model_module.formulate(puzzle, encoding, domains).model
    assert [record.name for record in model.globals] == ["regular"]
    record = model.globals[0]
    rows = [model.constraints[i] for i in record.rows]
    fixed = [con for con in model.constraints if con.family == "known"]
    for line in itertools.product((0, 1), repeat=length):
        states = record.automaton.run(line)
        spells = runs_of(line) == clue
        assert (states is not None) == spells
        if states is None or not all(con.is_satisfied(line) for con in fixed):
            continue
        values = [0.0] * model.num_vars
        for column, value in zip(record.columns, line):
            values[column] = float(value)
        for column, position, state, value in record.automaton.marks:
            values[column] = float(states[position] == state and line[position] == value)
        assert all(con.is_satisfied(values) for con in rows), line


def test_native_model_builds_cells_only_and_fixes_the_reduced_cells():
    """With native lines CP-SAT gets one Boolean per cell (no start columns), one AddAutomaton per
    line, and every cell line solving fixed as a constant rather than a row."""
    puzzle = io.read("data/nonogram/minizinc/non_micro.dzn")[0]
    domains = reduce(puzzle, "lines")
    model = model_module.formulate(puzzle, "blocks", domains).model
    session = OrtoolsSession(model, solver("cpsat"), Options(globals="native"))
    proto = session._model.proto
    cells = puzzle.height * puzzle.width
    assert len(proto.variables) == cells
    assert len(proto.constraints) == puzzle.height + puzzle.width
    assert all(constraint.has_automaton() for constraint in proto.constraints)
    known = sum(state != -1 for row in domains.cells for state in row)
    assert known > 0
    assert sum(variable.domain[0] == variable.domain[1] for variable in proto.variables) == known
    assert session.globals_form() == f"native (AddAutomaton x{puzzle.height + puzzle.width})"


def test_inspect_names_the_automata(capsys):
    """inspect --json counts one regular global per line and names CP-SAT's form of them."""
    import json

    from futomip.cli import main

    assert main(["inspect", "data/nonogram/minizinc/dom_06.dzn", "--reduce", "none", "--json"]) == 0
    structure = json.loads(capsys.readouterr().out)["encodings"]["blocks"]["globals"]
    assert structure["declared"] == {"regular": 26} and structure["cpsat"] == "AddAutomaton x26"


def test_batch_takes_the_form(tmp_path):
    """batch --globals native runs nonograms on ortools/cpsat with AddAutomaton lines and records the form."""
    import json

    from futomip.cli import main

    out = tmp_path / "r.jsonl"
    puzzles = ["data/nonogram/minizinc/dom_06.dzn", "data/nonogram/minizinc/non_micro.dzn"]
    # At --reduce probing CP-SAT builds the whole model (the split's search may settle a puzzle
    # with no model at all, and then no form is reported).
    assert main(["batch", *puzzles, "-o", str(out), "--pairs", "ortools/cpsat", "--globals", "native",
                 "--reduce", "probing", "--jobs", "1", "-q"]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(record["globals"] for record in records) == ["native (AddAutomaton x10)", "native (AddAutomaton x26)"]
    assert all(record["status"] == "solved" for record in records)


def test_a_row_over_a_start_column_is_refused_in_the_native_form():
    """A row that reads a start column (which the native form sets from the automaton's run) is
    refused with the fix named, never built over an unconstrained Boolean."""
    from futomip.errors import UnsupportedFeatureError

    puzzle = io.read("data/nonogram/minizinc/non_micro.dzn")[0]
    model = model_module.formulate(puzzle, "blocks").model
    starts = list(model.family("start").values())[:2]
    model.add("extra", (1,), [(column, 1.0) for column in starts], "<=", 1)
    with pytest.raises(UnsupportedFeatureError, match="--globals linear"):
        OrtoolsSession(model, solver("cpsat"), Options(globals="native"))
