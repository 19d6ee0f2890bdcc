"""CP-SAT's Python layer without pandas in the futomip program (``futomip.solvers.cpsat_import``).

Each case runs in a fresh interpreter, since the point is what a process imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ortools")

ROOT = Path(__file__).resolve().parent.parent

SOLVES = """
model = cp_model.CpModel()
cells = [model.new_int_var(1, 3, f"x{i}") for i in range(3)]
model.add_all_different(cells)
model.add(cells[0] < cells[1])
solver = cp_model.CpSolver()
assert solver.solve(model) == cp_model.OPTIMAL
assert sorted(solver.value(x) for x in cells) == [1, 2, 3]
"""


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_lean_import_solves_and_leaves_pandas_to_a_later_import():
    out = _run("import sys\nfrom futomip.solvers.cpsat_import import allow_lean_import, cp_model\n"
               "allow_lean_import()\ncp_model = cp_model()\n" + SOLVES +
               "print('pandas' in sys.modules)\nimport pandas\nprint(hasattr(pandas, 'DataFrame'))\n")
    assert out.split() == ["False", "True"]


def test_without_permission_the_import_is_the_ordinary_one():
    """The Python API (nothing allowed): cp_model with the real pandas, its Series API intact."""
    out = _run("import sys\nfrom futomip.solvers.cpsat_import import cp_model\ncp_model = cp_model()\n" + SOLVES +
               "print('pandas' in sys.modules, cp_model.pd.Series.__module__.startswith('pandas'))\n")
    assert out.split() == ["True", "True"]


def test_an_ortools_that_needs_more_of_pandas_gets_the_ordinary_import():
    """A cp_model whose import fails beside the stand-in is imported again with pandas."""
    out = _run("import sys, importlib.abc\n"
               "class FailOnce(importlib.abc.MetaPathFinder):\n"
               "    failed = False\n"
               "    def find_spec(self, name, path, target=None):\n"
               "        if name == 'ortools.sat.python.cp_model' and not FailOnce.failed:\n"
               "            FailOnce.failed = True\n"
               "            sys.modules['pandas'].DataFrame  # what a newer cp_model might touch\n"
               "        return None\n"
               "sys.meta_path.insert(0, FailOnce())\n"
               "from futomip.solvers.cpsat_import import allow_lean_import, cp_model\n"
               "allow_lean_import()\ncp_model = cp_model()\n" + SOLVES +
               "print(FailOnce.failed, 'pandas' in sys.modules)\n")
    assert out.split() == ["True", "True"]


def test_a_command_that_solves_with_cpsat_does_not_import_pandas():
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "futomip", "data/killer/cages.txt", "--backend",
                           "ortools", "--solver", "cpsat", "-q"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "ortools.sat.python.cp_model" in imported
    assert "pandas" not in imported
