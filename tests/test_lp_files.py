"""LP and MPS files written by each backend are solved by the stand-alone HiGHS and CBC programs.

The programs come from the ``highsbox`` and ``cbcbox`` packages (test dependencies); the
values they print are mapped back to the grid through the variable names ``x(r,c,v)``
(Pyomo writes ``x(r_c_v)``) and must give the grid futomip itself finds.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

import futomip

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "futoshiki.dat"
X_NAME = re.compile(r"^x\((\d+)[,_](\d+)[,_](\d+)\)$")


def _highs_command():
    highsbox = pytest.importorskip("highsbox", reason="the highs program comes from the highsbox package")
    env = dict(os.environ)
    # highsbox's program looks for libhighs.so in ../lib64 only; its library is in ../lib.
    env["LD_LIBRARY_PATH"] = highsbox.highs_lib_dir() + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    return highsbox.highs_bin_path(), env


def _cbc_command():
    cbcbox = pytest.importorskip("cbcbox", reason="the cbc program comes from the cbcbox package")
    return cbcbox.cbc_bin_path(), dict(os.environ)


def _grid_from(values: dict[str, float], n: int):
    grid = [[0] * n for _ in range(n)]
    for name, value in values.items():
        match = X_NAME.match(name)
        if match and round(value) == 1:
            r, c, v = map(int, match.groups())
            grid[r - 1][c - 1] = v
    return tuple(map(tuple, grid))


def _solve_with_highs(model: Path, tmp_path: Path) -> dict[str, float]:
    program, env = _highs_command()
    solution = tmp_path / "highs.sol"
    # The highs program writes Highs.log into its working directory.
    done = subprocess.run([program, str(model), "--solution_file", str(solution)], capture_output=True, text=True,
                          env=env, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    values, in_columns = {}, False
    for line in solution.read_text().splitlines():
        if line.startswith("# Columns"):
            in_columns = True
            continue
        if in_columns:
            if line.startswith("#"):
                break
            name, value = line.split()[:2]
            values[name] = float(value)
    return values


def _solve_with_cbc(model: Path, tmp_path: Path) -> dict[str, float]:
    program, env = _cbc_command()
    solution = tmp_path / "cbc.sol"
    done = subprocess.run([program, str(model), "-solve", "-solu", str(solution)], capture_output=True, text=True,
                          env=env, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = solution.read_text().splitlines()
    assert lines[0].startswith("Optimal"), lines[0]
    values = {}
    for line in lines[1:]:
        fields = line.split()
        if len(fields) >= 3:
            values[fields[1]] = float(fields[2])
    return values


@pytest.mark.parametrize("program", ["highs", "cbc"])
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
    result = futomip.solve(puzzle, backend=backend, solver=solver, encoding=encoding, **kwargs)
    assert result.status == "solved"
    if file_format == "mps" and backend == "pyomo":
        # Pyomo's MPS writer names columns x1, x2, ... unless labels are kept; ours keeps them.
        assert "x(1_1_1)" in path.read_text()
    values = (_solve_with_highs if program == "highs" else _solve_with_cbc)(path, tmp_path)
    assert _grid_from(values, puzzle.size) == result.grid
