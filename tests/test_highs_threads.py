"""HiGHS' thread count: one thread unless the command asks for more, and a solve that still runs
when HiGHS was started with another count in the process.

HiGHS fixes its thread count at the first ``run()`` in a thread; a later ``run()`` there that
asks for another count ends at once with an error (highspy 1.16; its ``startSolve``, which
the MILP solves use, runs in a thread of its own and is not refused).  futomip asks for
``HIGHS_THREADS`` (1), so a process whose first solve was someone else's (a user's highspy
work before calling futomip) must run with HiGHS' count instead of failing.  Each case runs
in a fresh process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from futomip.options import Options
from futomip.solvers.highs import HIGHS_THREADS, highs_options, new_highs

ROOT = Path(__file__).resolve().parent.parent

FIRST_SOLVE_WITH_TWO_THREADS = """
import highspy, numpy as np
h = highspy.Highs()
h.setOptionValue("output_flag", False)
h.setOptionValue("threads", 2)
h.addVars(2, np.array([0.0, 0.0]), np.array([1.0, 1.0]))
h.changeColsIntegrality(2, np.array([0, 1], dtype=np.int32), np.array([highspy.HighsVarType.kInteger] * 2))
h.addRow(1, 2, 2, np.array([0, 1], dtype=np.int32), np.array([1.0, 1.0]))
assert h.run() == highspy.HighsStatus.kOk
"""


def test_highs_runs_on_one_thread_unless_asked():
    assert HIGHS_THREADS == 1
    assert highs_options(Options())["threads"] == 1
    assert highs_options(Options(threads=2))["threads"] == 2
    # A thread count given as a HiGHS option stays.
    assert highs_options(Options(solver_options=(("threads", "2"),)))["threads"] == 2
    assert new_highs().getOptionValue("threads")[1] == 1


@pytest.mark.parametrize("backend", ["highspy", "pulp", "pyomo"])
def test_a_process_whose_first_solve_had_two_threads_still_solves(backend):
    """The user's own highspy solve with two threads comes first; futomip's solve of the
    bundled Futoshiki without reduction (one thread asked) must still be solved and verified."""
    code = FIRST_SOLVE_WITH_TWO_THREADS + f"""
import futomip
from futomip import io
puzzle = io.read({str(ROOT / "data" / "futoshiki.dat")!r})[0]
result = futomip.solve(puzzle, backend={backend!r}, solver="highs", reduce="none")
assert result.status == "solved", (result.status, result.message)
assert futomip.verify(puzzle, result.grid) == []
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr


def test_the_latin_relaxation_runs_after_a_solve_with_two_threads():
    """The LP relaxation of the Latin search (``latin_relaxation``), a plain ``run()``, asks
    for one thread too; after a solve with two it runs with two (it failed before the
    fallback of ``run_highs``)."""
    code = FIRST_SOLVE_WITH_TWO_THREADS + """
from futomip.pipeline.latin_relaxation import Relaxation
from futomip.reduction.latin import board_of
from futomip.puzzles.latin import LatinSquare
puzzle = LatinSquare(3, ((1, 0, 0), (0, 0, 0), (0, 0, 0)))
board = board_of(puzzle)
masks = [1, 7 & ~1, 7 & ~1, 7 & ~1, 7, 7, 7 & ~1, 7, 7]
picked = Relaxation(board, masks).solve(masks)
assert picked is not None and len(picked) >= 9, picked
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr


def test_inspect_presolves_and_solves_the_root_lp_after_a_solve_with_two_threads():
    """``futomip inspect`` runs HiGHS' presolve and the root LP with plain calls: both still
    answer after a solve with two threads in the process (they said "not set" before)."""
    code = FIRST_SOLVE_WITH_TWO_THREADS + f"""
import json, contextlib, io
from futomip.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    assert main(["inspect", {str(ROOT / "data" / "futoshiki.dat")!r}, "--json", "--reduce", "none"]) == 0
data = json.loads(out.getvalue())
form = next(iter(data["encodings"].values())) if "encodings" in data else data
assert form["root_lp"]["status"] == "optimal", form["root_lp"]
assert form["presolve"]["status"] != "not_presolved", form["presolve"]
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-2000:] + done.stdout[-500:]


def test_pyomo_asking_for_two_threads_after_a_one_thread_run_still_solves():
    """futomip's own plain run (the Latin relaxation, ``inspect``) fixes one thread in the main
    thread; Pyomo's HiGHS asked for two (``--threads 2``, or HiGHS' default on a machine with
    four cores or more) was refused and ended "termination unknown".  It runs again with
    HiGHS' count and solves."""
    code = f"""
import highspy
import futomip
from futomip import io
from futomip.solvers.highs import new_highs, run_highs
first = new_highs()
first.setOptionValue("output_flag", False)
first.passModel(highspy.HighsLp())
run_highs(first)
puzzle = io.read({str(ROOT / "data" / "futoshiki.dat")!r})[0]
result = futomip.solve(puzzle, backend="pyomo", solver="highs", reduce="none", threads=2)
assert result.status == "solved", (result.status, result.message)
assert futomip.verify(puzzle, result.grid) == []
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr
