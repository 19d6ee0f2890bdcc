"""The LP heat map (futomip.draw.lp) against independent LP solves: its point lies in the
relaxation, and a weight is exactly 0 or 1 when, and only when, the relaxation forces it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from strategies import futoshiki_puzzles, nonogram_puzzles, str8ts_puzzles

from futomip import draw, io
from futomip.draw.lp import TOLERANCE, relax
from futomip.kinds import kind_of
from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.str8ts import Str8ts

DATA = Path(__file__).resolve().parent.parent / "data"


def column_ranges(model, columns):
    """(min, max) of each column over the LP relaxation, two LPs per column, built row by
    row through highspy's incremental API (not through ``LinearModel.matrix``); None when
    the relaxation is infeasible."""
    import highspy

    # A row without terms reads "0 sense rhs": a false one makes the relaxation infeasible
    # on its own (HiGHS, given no columns at all, reports an empty model instead).
    for row in model.constraints:
        if not row.terms and not row.is_satisfied([]):
            return None
    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    inf = highspy.kHighsInf
    for _ in range(model.num_vars):
        highs.addVar(0.0, 1.0)
    for row in model.constraints:
        merged: dict[int, float] = {}
        for column, coefficient in row.terms:
            merged[column] = merged.get(column, 0.0) + coefficient
        lower = row.rhs if row.sense in (">=", "==") else -inf
        upper = row.rhs if row.sense in ("<=", "==") else inf
        highs.addRow(lower, upper, len(merged), list(merged), list(merged.values()))
    # One solve with no objective first: a puzzle with no drawn column (every Str8ts cell
    # black, say) can still have an infeasible relaxation, from rows over constants alone.
    highs.run()
    if highs.getModelStatus() == highspy.HighsModelStatus.kInfeasible:
        return None
    ranges = {}
    for column in columns:
        ends = []
        for sense in (highspy.ObjSense.kMinimize, highspy.ObjSense.kMaximize):
            highs.changeColCost(column, 1.0)
            highs.changeObjectiveSense(sense)
            highs.run()
            if highs.getModelStatus() == highspy.HighsModelStatus.kInfeasible:
                return None
            assert highs.getModelStatus() == highspy.HighsModelStatus.kOptimal
            ends.append(highs.getInfo().objective_function_value)
            highs.changeColCost(column, 0.0)
        ranges[column] = tuple(ends)
    return ranges


def check_against_independent_lps(puzzle, encoding=None):
    relaxation = relax(puzzle, encoding)
    model = kind_of(puzzle).model_module().formulate(puzzle, relaxation.encoding).model
    drawn = list(model.family("x" if "x" in model.families else "black").values())
    ranges = column_ranges(model, drawn)
    if ranges is None:
        assert relaxation.status == "infeasible"
        return
    assert relaxation.status == "optimal"
    assert model.is_satisfied_by(relaxation.values) == []
    for column in drawn:
        low, high = ranges[column]
        value = relaxation.values[column]
        assert (value == 0.0) == (high <= TOLERANCE), model.var_names[column]
        assert (value == 1.0) == (low >= 1 - TOLERANCE), model.var_names[column]
    assert relaxation.forced == sum(1 for column in drawn if ranges[column][1] <= TOLERANCE
                                    or ranges[column][0] >= 1 - TOLERANCE)


_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(futoshiki_puzzles(min_size=2, max_size=4, adjacent_only=True))
def test_futoshiki_heat_is_0_or_1_exactly_where_the_lp_forces_it(puzzle):
    """For both encodings, the heat point satisfies every row and its 0/1 weights are the forced columns."""
    for encoding in ("tight", "weighted"):
        check_against_independent_lps(puzzle, encoding)


@_SETTINGS
@given(str8ts_puzzles(min_size=2, max_size=4))
# All black with two 1s in a column: no column to draw, and the rows over constants clash.
@example(Str8ts(2, ((True, True), (True, True)), ((1, 0), (1, 0))))
def test_str8ts_heat_is_0_or_1_exactly_where_the_lp_forces_it(puzzle):
    """The Str8ts heat point lies in the relaxation and its 0/1 weights are the forced columns."""
    check_against_independent_lps(puzzle)


@_SETTINGS
@given(nonogram_puzzles(min_size=1, max_size=4))
def test_nonogram_heat_is_0_or_1_exactly_where_the_lp_forces_it(puzzle):
    """The fraction black is 0 or 1 exactly on the cells the relaxation forces."""
    check_against_independent_lps(puzzle)


def test_symmetric_nonogram_has_no_forced_cell():
    """Two diagonal solutions: the relaxation forces no cell, so no cell is drawn all black or all white."""
    from futomip.puzzles.nonogram import Nonogram

    relaxation = relax(Nonogram(((1,), (1,)), ((1,), (1,))))
    assert relaxation.forced == 0
    assert all(0 < weight < 1 for weight in relaxation.heat.values())


def test_infeasible_relaxation_is_said_in_the_picture():
    """A puzzle whose LP relaxation is infeasible gets a picture saying so, with no heat drawn."""
    puzzle = Futoshiki.from_clues(2, {(0, 0): 1, (0, 1): 1})
    assert relax(puzzle).status == "infeasible"
    scene = draw.lp_picture(puzzle)
    assert scene.of_role("heat") == [] and scene.of_role("heat-value") == []
    assert any("infeasible" in item.text for item in scene.of_role("caption"))


def test_tight_encoding_decides_the_bundled_sample_and_weighted_does_not():
    """The README's claim: on the bundled 7x7 the tight LP fixes every cell, the weighted LP none."""
    puzzle = io.load(DATA / "futoshiki.dat")
    tight, weighted = relax(puzzle, "tight"), relax(puzzle, "weighted")
    assert tight.forced == tight.drawn == 7 ** 3
    open_cells = [(r, c) for r in range(7) for c in range(7) if not puzzle.givens[r][c]]
    assert not any(max(weighted.heat[cell].values()) == 1.0 for cell in open_cells)


def test_unknown_encoding_is_refused():
    """An encoding the kind does not have is an UnknownNameError listing the valid ones."""
    from futomip.errors import UnknownNameError

    with pytest.raises(UnknownNameError, match="tight, weighted"):
        relax(Futoshiki.from_clues(2), "loose")
