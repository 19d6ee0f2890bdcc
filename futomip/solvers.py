"""The solver registry: which (backend, solver) pairs exist, which run here, which is default.

A pair's availability is probed once per process (importing a backend and looking for a
solver program costs up to a few hundred milliseconds) and cached.  ``futomip solvers``
prints ``pairs()``.

Must not import ``models``, the puzzles or the CLI.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .backends import BACKEND_MODULES, backend_module
from .errors import SolverUnavailableError, UnknownNameError

__all__ = ["SOLVER_NAMES", "DEFAULT_ORDER", "Pair", "pairs", "probe", "require", "default_pair"]

# Every solver name futomip knows, in the order ``futomip solvers`` lists them.
SOLVER_NAMES = ("highs", "cbc", "glpk", "scip", "gurobi", "cplex")

# Pairs tried in this order when the user names none: measured fastest first (README,
# "Which pair is fastest").  A backend alone picks its first solver in this list.
DEFAULT_ORDER = (
    ("highspy", "highs"),
    ("pulp", "highs"),
    ("pyomo", "highs"),
    ("pulp", "cbc"),
    ("pyomo", "cbc"),
)


@dataclass(frozen=True)
class Pair:
    """One (backend, solver) pair and whether it runs here; ``how`` says how to get it."""

    backend: str
    solver: str
    available: bool
    how: str = ""


def _solvers_of(backend: str) -> tuple[str, ...]:
    return tuple(backend_module(backend).SOLVERS)


@functools.cache
def probe(backend: str, solver: str) -> Pair:
    """Whether ``solver`` runs through ``backend`` here (cached for the process)."""
    try:
        ok, how = backend_module(backend).available(solver)
    except ImportError as exc:
        ok, how = False, f"pip install {backend} ({exc})"
    return Pair(backend, solver, ok, how)


def pairs() -> list[Pair]:
    """Every known pair with its availability, backend by backend."""
    return [probe(backend, solver) for backend in BACKEND_MODULES for solver in _solvers_of(backend)]


def _check_names(backend: str | None, solver: str | None) -> None:
    if backend is not None and backend not in BACKEND_MODULES:
        raise UnknownNameError("backend", backend, list(BACKEND_MODULES))
    if solver is not None and solver not in SOLVER_NAMES:
        raise UnknownNameError("solver", solver, list(SOLVER_NAMES))
    if backend is not None and solver is not None and solver not in _solvers_of(backend):
        offered = ", ".join(_solvers_of(backend))
        raise SolverUnavailableError(
            f"the {backend} backend cannot drive {solver}; it offers {offered}. "
            f"Backends that drive {solver}: "
            + (", ".join(b for b in BACKEND_MODULES if solver in _solvers_of(b)) or "none")
        )


def require(backend: str, solver: str) -> Pair:
    """The pair, or ``SolverUnavailableError`` saying how to get it."""
    _check_names(backend, solver)
    pair = probe(backend, solver)
    if not pair.available:
        raise SolverUnavailableError(f"{solver} is not available through {backend} here; to get it: {pair.how}")
    return pair


def default_pair(backend: str | None = None, solver: str | None = None) -> Pair:
    """The pair to use when the user fixed at most one of backend and solver.

    The first available pair of ``DEFAULT_ORDER`` that agrees with what was fixed, then
    any other available pair that agrees; ``SolverUnavailableError`` when none does.
    """
    _check_names(backend, solver)
    if backend is not None and solver is not None:
        return require(backend, solver)
    candidates = list(DEFAULT_ORDER) + [
        (b, s) for b in BACKEND_MODULES for s in _solvers_of(b) if (b, s) not in DEFAULT_ORDER
    ]
    for b, s in candidates:
        if (backend is None or b == backend) and (solver is None or s == solver) and probe(b, s).available:
            return probe(b, s)
    wanted = " and ".join(x for x in (f"backend {backend}" if backend else "", f"solver {solver}" if solver else "") if x)
    hows = {probe(b, s).how for b, s in candidates if (backend is None or b == backend) and (solver is None or s == solver)}
    raise SolverUnavailableError(f"no available pair with {wanted or 'any backend'}; to get one: {'; '.join(sorted(hows))}")
