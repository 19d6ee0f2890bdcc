"""Temporary files of the modelling layers are not left behind by the Python API either.

(The command's own scratch folder, removed after a signal too, is tested in
``test_solver_interrupts.py``.)
"""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import DATA, require_pair

CHECK_AND_SOLVE = """
import futomip
from futomip.solvers import check
assert check("pulp", "cbc").available
result = futomip.solve(futomip.load({path!r}), backend="pulp", solver="cbc", reduce="none")
assert result.status == "solved" and result.stats["lp_iterations"] >= 0, result
"""


def test_checking_and_solving_with_pulp_cbc_leaves_no_file_in_tmpdir(tmp_path):
    """The availability check built a PuLP CBC object, and with it an empty CBC log file in
    TMPDIR that nothing removed (hundreds piled up in /tmp); the solve's own log is read and
    removed as before."""
    require_pair("pulp", "cbc")
    code = CHECK_AND_SOLVE.format(path=str(DATA / "futoshiki.dat"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert sorted(tmp_path.iterdir()) == []
