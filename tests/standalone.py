"""The stand-alone solver programs the tests read model files with: ``highs`` (package
``highsbox``), ``cbc`` (package ``cbcbox``) and ``glpsol`` (GLPK, where installed).

Each ``solve_with_*`` runs one program on an LP or MPS file and returns the column values it
prints, by name; a program that is missing skips the calling test with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

__all__ = ["PROGRAMS", "solve_with"]


def _highs_command():
    highsbox = pytest.importorskip("highsbox", reason="the highs program comes from the highsbox package")
    env = dict(os.environ)
    # highsbox's program looks for libhighs.so in ../lib64 only; its library is in ../lib.
    env["LD_LIBRARY_PATH"] = highsbox.highs_lib_dir() + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    return highsbox.highs_bin_path(), env


def solve_with_highs(model: Path, folder: Path) -> dict[str, float]:
    program, env = _highs_command()
    solution = folder / "highs.sol"
    # The highs program writes Highs.log into its working directory.
    done = subprocess.run([program, str(model), "--solution_file", str(solution)], capture_output=True, text=True,
                          env=env, timeout=120, cwd=folder)
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


def solve_with_cbc(model: Path, folder: Path) -> dict[str, float]:
    cbcbox = pytest.importorskip("cbcbox", reason="the cbc program comes from the cbcbox package")
    solution = folder / "cbc.sol"
    done = subprocess.run([cbcbox.cbc_bin_path(), str(model), "-solve", "-solu", str(solution)], capture_output=True,
                          text=True, timeout=120, cwd=folder)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = solution.read_text().splitlines()
    assert lines[0].startswith("Optimal"), lines[0]
    values = {}
    for line in lines[1:]:
        fields = line.split()
        if len(fields) >= 3:
            values[fields[1]] = float(fields[2])
    return values


def solve_with_glpsol(model: Path, folder: Path) -> dict[str, float]:
    if "glpk" in os.environ.get("FUTOMIP_HIDE_SOLVERS", "").lower():
        # The hidden-solver run stands for a machine without GLPK: its program too.
        pytest.skip("glpsol hidden by FUTOMIP_HIDE_SOLVERS (as on a machine without glpk-utils)")
    program = shutil.which("glpsol")
    if program is None:
        pytest.skip("glpsol is not installed (apt-get install glpk-utils)")
    solution = folder / "glpsol.txt"
    reader = "--lp" if model.suffix == ".lp" else "--freemps"
    done = subprocess.run([program, reader, str(model), "-o", str(solution)], capture_output=True, text=True,
                          timeout=120, cwd=folder)
    assert done.returncode == 0 and "INTEGER OPTIMAL" in solution.read_text(), done.stdout + done.stderr
    values, in_columns = {}, False
    lines = solution.read_text().splitlines()
    for i, line in enumerate(lines):
        fields = line.split()
        if fields[:2] == ["No.", "Column"]:
            in_columns = True
            continue
        # An entry starts with its number right-aligned in six places; a continuation line
        # (the rest of an entry with a long name) starts with blanks only.
        if in_columns and line[:6].strip().isdigit() and line[7:8] not in ("", " "):
            # A long name puts the rest of the entry on the next line.
            rest = fields[2:] if len(fields) > 2 else lines[i + 1].split()
            values[fields[1]] = float(rest[1] if rest[0] == "*" else rest[0])
    return values


PROGRAMS = {"highs": solve_with_highs, "cbc": solve_with_cbc, "glpsol": solve_with_glpsol}


def solve_with(program: str, model: Path, folder: Path) -> dict[str, float]:
    """Column name -> value printed by ``program`` for the model file ``model``."""
    return PROGRAMS[program](model, folder)
