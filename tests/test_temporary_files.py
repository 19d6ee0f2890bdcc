"""Temporary files of the modelling layers are not left behind by the Python API either.

(The command's own scratch folder, removed after a signal too, is tested in
``test_solver_interrupts.py``; the race's fork-server folder, which goes with it, here.)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import futomip
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


def _race(tmpdir) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "futomip", str(DATA / "futoshiki.dat"), "--solver",
                           "race:highs,cbc", "--reduce", "none", "--json"], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, TMPDIR=str(tmpdir)))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["status"] == "solved"
    assert futomip.verify(futomip.load(DATA / "futoshiki.dat"), result["solution"]) == []
    return done


def test_a_solver_race_from_the_program_leaves_nothing_in_tmpdir():
    """multiprocessing's fork server, which starts the race's workers, keeps its socket in a
    ``pymp-`` folder that only an interpreter exit removes; the program leaves with
    ``os._exit``, so every race left such a folder in /tmp.  The command's scratch folder is now
    its temporary folder too, and goes with it."""
    require_pair("highspy", "highs")
    require_pair("pulp", "cbc")
    # A short folder, as /tmp is: the socket's path must fit 107 bytes (pytest's tmp_path is long).
    folder = Path(tempfile.mkdtemp(prefix="fm-", dir="/tmp" if os.path.isdir("/tmp") else None))
    try:
        _race(folder)
        assert sorted(folder.iterdir()) == []
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_solver_race_behind_a_long_tmpdir_still_runs(tmp_path):
    """Behind a TMPDIR too long for the fork server's socket inside the scratch folder, the fork
    server keeps its own folder in TMPDIR (the first try ended with "AF_UNIX path too long")."""
    require_pair("highspy", "highs")
    require_pair("pulp", "cbc")
    long = tmp_path / ("x" * 40)
    long.mkdir()
    _race(long)
    assert [path.name for path in long.iterdir() if path.name.startswith("futomip-scratch-")] == []
