"""Shared fixtures: one parametrised fixture over every known (backend, solver) pair.

A pair that cannot run here is a visible skip with the reason and how to get it, never a
silent pass.  The five core pairs must run everywhere; the optional ones (GLPK, SCIP, CP-SAT,
Gurobi, CPLEX) run the conformance suite, the certainty facts and a sample of the golden
data in the default suite, and every golden file under ``pytest -m slow`` (so that CI's
time does not grow with each optional pair installed).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# The suite compiles kernels in its own processes on first use (as benchmarks do), instead of
# waiting for the background warm-up a cold cache starts by default (futomip.compiled):
# tests that compare compiled and interpreted kernels need them compiled when they run.
# tests/test_compiled.py checks the default behaviour in processes of its own.
os.environ.setdefault("FUTOMIP_COMPILE", "1")

from futomip.solvers import check, pair_names

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SHARED = ROOT.parent / "shared"

ALL_PAIRS = pair_names()

# The five pairs the project promises to work on every machine after `pip install`.
CORE_PAIRS = [("highspy", "highs"), ("pulp", "highs"), ("pulp", "cbc"), ("pyomo", "highs"), ("pyomo", "cbc")]


OPTIONAL_PAIRS = [key for key in ALL_PAIRS if key not in CORE_PAIRS]


def hide_packages(monkeypatch, *packages: str) -> None:
    """Make importing ``packages`` (and their submodules) fail for the rest of the test, as on
    an install without them."""
    import builtins

    real_import = builtins.__import__

    def hidden(name, *args, **kwargs):
        if name.split(".")[0] in packages:
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", hidden)


def require_pair(backend: str, solver: str) -> tuple[str, str]:
    """The pair, or a failure (core pair) or visible skip (optional pair, or any pair hidden by
    ``FUTOMIP_HIDE_SOLVERS``) saying how to get it."""
    pair = check(backend, solver)
    if not pair.available:
        if (backend, solver) in CORE_PAIRS and not pair.hidden:
            pytest.fail(f"{backend}/{solver} is a core pair and must be available after install: {pair.how}")
        pytest.skip(f"{backend}/{solver} not available here ({pair.how})")
    return backend, solver


@pytest.fixture(params=ALL_PAIRS, ids=[f"{b}-{s}" for b, s in ALL_PAIRS])
def pair(request) -> tuple[str, str]:
    """Every (backend, solver) pair; skipped visibly when it cannot run here."""
    return require_pair(*request.param)


@pytest.fixture(params=CORE_PAIRS, ids=[f"{b}-{s}" for b, s in CORE_PAIRS])
def core_pair(request) -> tuple[str, str]:
    """The five pairs that must run everywhere (a missing one fails the test)."""
    return require_pair(*request.param)
