"""HiGHS' "Solve error" is retried and never read as an answer.

``tests/data/highs_solve_error_n9_idx55_W_nogood.mps`` (from the project's solver notes) is a
hard 9x9 Futoshiki in the weighted encoding plus the no-good cut of its only solution, so it
is infeasible (CBC proves it too).  HiGHS 1.15.1 ends it with "Solve error" under its
default settings and other seeds; the highspy session must retry and say so, and must not
report a solution.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from futomip.backends.highspy_backend import open_session
from futomip.options import Options
from futomip.solvers import solver
from futomip.status import ERROR, INFEASIBLE
from futomip.linear import LinearModel

MPS = Path(__file__).resolve().parent / "data" / "highs_solve_error_n9_idx55_W_nogood.mps"


def _linear_model_from_mps(path: Path) -> LinearModel:
    """The MPS model as a futomip LinearModel (all its columns are binary)."""
    highspy = pytest.importorskip("highspy")
    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    highs.readModel(str(path))
    lp = highs.getLp()
    matrix = lp.a_matrix_
    assert matrix.format_ == highspy.MatrixFormat.kColwise
    rows: list[list[tuple[int, float]]] = [[] for _ in range(lp.num_row_)]
    for column in range(lp.num_col_):
        for k in range(matrix.start_[column], matrix.start_[column + 1]):
            rows[matrix.index_[k]].append((column, float(matrix.value_[k])))
    model = LinearModel(name="solve_error")
    model.binaries("c", range(lp.num_col_))
    # Givens are column bounds in this file; they become rows here.
    for column in range(lp.num_col_):
        lower, upper = float(lp.col_lower_[column]), float(lp.col_upper_[column])
        if (lower, upper) != (0.0, 1.0):
            assert lower == upper, "only fixed columns are expected besides binaries"
            model.add("fixed", column, [(column, 1.0)], "==", lower)
    for i, terms in enumerate(rows):
        lower, upper = float(lp.row_lower_[i]), float(lp.row_upper_[i])
        if lower == upper:
            model.add("row", i, terms, "==", lower)
            continue
        if lower > -highspy.kHighsInf:
            model.add("row_lower", i, terms, ">=", lower)
        if upper < highspy.kHighsInf:
            model.add("row_upper", i, terms, "<=", upper)
    return model


def test_solve_error_is_retried_and_not_taken_for_an_answer():
    """The session ends infeasible (the true answer) or error, says it retried, and returns no point."""
    model = _linear_model_from_mps(MPS)
    session = open_session(model, solver("highs"), Options())
    raw = session.solve(120)
    assert raw.status in (INFEASIBLE, ERROR)
    assert raw.values is None or raw.status != INFEASIBLE
    assert "retried" in raw.message
