"""The solver registry: every solver, every (modelling layer, solver) pair, which run here.

One line per solver in ``SOLVER_MODULES``; each module (``highs.py``, ``cbc.py``, ...) holds
all its facts (``futomip.solvers._base``).  A pair is a modelling layer from
``futomip.backends`` that the solver lists in its ``layers``.  Whether a pair runs here is
checked once per process (importing a layer and finding a program costs up to a few
hundred milliseconds) and cached.  ``futomip solvers`` prints ``pairs()``.

Must not import ``models``, the puzzles, the pipeline or the CLI.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass, field

from ..errors import SolverUnavailableError, UnknownNameError, UnsupportedFeatureError
from ._base import CAPABILITY_TEXT, Capabilities, Solver
from .layers import BACKEND_MODULES, backend_module

__all__ = ["SOLVER_MODULES", "SOLVER_NAMES", "DEFAULT_ORDER", "Pair", "Capabilities", "Solver", "solver",
           "layers_of", "pair_names", "pairs", "check", "require", "default_pair", "first_choices", "check_request"]

# Solver name -> module (exposing ``SOLVER``), one line per solver, in the order listed.
SOLVER_MODULES = {
    "highs": "futomip.solvers.highs",
    "cbc": "futomip.solvers.cbc",
    "glpk": "futomip.solvers.glpk",
    "scip": "futomip.solvers.scip",
    "cpsat": "futomip.solvers.cpsat",
    "gurobi": "futomip.solvers.gurobi",
    "cplex": "futomip.solvers.cplex",
}
SOLVER_NAMES = tuple(SOLVER_MODULES)

# Pairs tried in this order when the user names none: measured fastest first (docs/measurements.md,
# "Which pair is fastest").  A layer or solver named alone picks its first pair here.
DEFAULT_ORDER = (
    ("highspy", "highs"),
    ("pulp", "highs"),
    ("pyomo", "highs"),
    ("pulp", "cbc"),
    ("pyomo", "cbc"),
)


@functools.cache
def solver(name: str) -> Solver:
    """The ``Solver`` called ``name`` (``UnknownNameError`` lists the known ones)."""
    if name not in SOLVER_MODULES:
        raise UnknownNameError("solver", name, list(SOLVER_NAMES))
    return importlib.import_module(SOLVER_MODULES[name]).SOLVER


def layers_of(name: str) -> tuple[str, ...]:
    """The modelling layers that can drive solver ``name``."""
    return tuple(layer for layer in BACKEND_MODULES if layer in solver(name).layers)


@dataclass(frozen=True)
class Pair:
    """One (modelling layer, solver) pair: whether it runs here, ``how`` to get it if not,
    and what it can do."""

    backend: str
    solver: str
    available: bool
    how: str = ""
    capabilities: Capabilities = field(default_factory=Capabilities)

    @property
    def name(self) -> str:
        return f"{self.backend}/{self.solver}"


@functools.cache
def check(backend: str, solver_name: str) -> Pair:
    """Whether ``solver_name`` runs through ``backend`` here (cached for the process)."""
    found = solver(solver_name)
    capabilities = found.layers[backend]
    try:
        ok, how = backend_module(backend).available(found)
    except ImportError as exc:
        ok, how = False, f"pip install {backend} ({exc})"
    return Pair(backend, solver_name, ok, "" if ok else (how or found.install), capabilities)


def pair_names() -> list[tuple[str, str]]:
    """Every known (layer, solver) pair, layer by layer, without checking availability."""
    return [(layer, name) for layer in BACKEND_MODULES for name in SOLVER_NAMES if layer in solver(name).layers]


def pairs() -> list[Pair]:
    """Every known pair with its availability, layer by layer."""
    return [check(layer, name) for layer, name in pair_names()]


def _check_names(backend: str | None, solver_name: str | None) -> None:
    if backend is not None and backend not in BACKEND_MODULES:
        raise UnknownNameError("backend", backend, list(BACKEND_MODULES))
    if solver_name is None:
        return
    found = solver(solver_name)
    if backend is not None and backend not in found.layers:
        offered = ", ".join(name for name in SOLVER_NAMES if backend in solver(name).layers)
        raise SolverUnavailableError(
            f"the {backend} backend cannot drive {solver_name}; it drives {offered}. "
            f"Backends that drive {solver_name}: {', '.join(layers_of(solver_name)) or 'none'}"
        )


def require(backend: str, solver_name: str) -> Pair:
    """The pair, or ``SolverUnavailableError`` saying how to get it."""
    _check_names(backend, solver_name)
    pair = check(backend, solver_name)
    if not pair.available:
        raise SolverUnavailableError(f"{solver_name} is not available through {backend} here; to get it: {pair.how}")
    return pair


def first_choices(kind: str | None) -> list[tuple[str, str]]:
    """The pairs that solvers declare first choice for puzzles of ``kind`` (``first_choice_for``)."""
    if kind is None:
        return []
    return [(solver(name).first_choice_for[kind], name) for name in SOLVER_NAMES
            if kind in solver(name).first_choice_for]


def default_pair(backend: str | None = None, solver_name: str | None = None, kind: str | None = None) -> Pair:
    """The pair to use when the user fixed at most one of layer and solver.

    The first available pair that agrees with what was fixed among: the pairs declared first
    choice for puzzles of ``kind``, then ``DEFAULT_ORDER``, then any other pair;
    ``SolverUnavailableError`` when none does.
    """
    _check_names(backend, solver_name)
    if backend is not None and solver_name is not None:
        return require(backend, solver_name)
    ordered = first_choices(kind) + [key for key in DEFAULT_ORDER if key not in first_choices(kind)]
    candidates = ordered + [key for key in pair_names() if key not in ordered]
    agreeing = [(b, s) for b, s in candidates
                if (backend is None or b == backend) and (solver_name is None or s == solver_name)]
    for b, s in agreeing:
        if check(b, s).available:
            return check(b, s)
    wanted = " and ".join(x for x in (f"backend {backend}" if backend else "",
                                      f"solver {solver_name}" if solver_name else "") if x)
    hows = sorted({check(b, s).how for b, s in agreeing})
    raise SolverUnavailableError(f"no available pair with {wanted or 'any backend'}; to get one: {'; '.join(hows)}")


def check_request(pair: Pair, options, writes: tuple[str, ...] = ()) -> None:
    """Refuse, before anything runs, what ``pair`` cannot honour of ``options`` and ``writes``
    ("lp", "mps"): an ``UnsupportedFeatureError`` naming the pairs that can."""
    wanted = []
    if options.seed is not None:
        wanted.append("seed")
    if options.threads is not None and options.threads != 1:
        wanted.append("threads")
    if options.solver_options:
        wanted.append("solver_options")
    if options.globals == "native":
        wanted.append("native_globals")
    wanted += [f"write_{kind}" for kind in writes]
    for capability in wanted:
        if not getattr(pair.capabilities, capability):
            able = [f"{b}/{s}" for b, s in pair_names() if getattr(solver(s).layers[b], capability)]
            raise UnsupportedFeatureError(
                f"{pair.name} cannot take {CAPABILITY_TEXT[capability]}; leave it out or use a pair "
                f"that can: {', '.join(able)}"
            )
    if options.solver_options:
        solver(pair.solver).check_options(options.solver_options, pair.backend)
