"""LP and MPS files written by each backend are solved by the stand-alone HiGHS, CBC and GLPK programs.

The programs come from the ``highsbox`` and ``cbcbox`` packages (test dependencies); the
values they print are mapped back to the grid through the variable names ``x(r,c,v)``
(Pyomo writes ``x(r_c_v)``) and must give the grid futomip itself finds.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import futomip
from standalone import solve_with

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "futoshiki.dat"
X_NAME = re.compile(r"^x\((\d+)[,_](\d+)[,_](\d+)\)$")


def _grid_from(values: dict[str, float], n: int):
    grid = [[0] * n for _ in range(n)]
    for name, value in values.items():
        match = X_NAME.match(name)
        if match and round(value) == 1:
            r, c, v = map(int, match.groups())
            grid[r - 1][c - 1] = v
    return tuple(map(tuple, grid))


@pytest.mark.parametrize("program", ["highs", "cbc", "glpsol"])
@pytest.mark.parametrize("file_format", ["lp", "mps"])
@pytest.mark.parametrize("backend", ["highspy", "pulp", "pyomo"])
@pytest.mark.parametrize("encoding", ["tight", "weighted"])
def test_written_model_is_solved_by_the_standalone_programs(backend, file_format, program, encoding, tmp_path):
    """The model file of each backend, solved by the highs or cbc program, decodes to futomip's grid.

    The weighted encoding matters here: its LP relaxation is fractional, so a reader that
    lost the binary declarations would return a grid that does not decode.
    """
    puzzle = futomip.load(SAMPLE)
    solver = "highs"
    path = tmp_path / f"model.{file_format}"
    kwargs = {"write_lp": str(path)} if file_format == "lp" else {"write_mps": str(path)}
    # The full model: domain reduction fixes every cell of this sample, which would leave the
    # programs nothing to branch on.
    result = futomip.solve(puzzle, backend=backend, solver=solver, encoding=encoding, reduce="none", **kwargs)
    assert result.status == "solved"
    if file_format == "mps" and backend == "pyomo":
        # Pyomo's MPS writer names columns x1, x2, ... unless labels are kept; ours keeps them.
        assert "x(1_1_1)" in path.read_text()
    values = solve_with(program, path, tmp_path)
    assert _grid_from(values, puzzle.size) == result.grid
