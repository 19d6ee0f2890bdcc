"""The solver registry: every solver, every (modelling layer, solver) pair, which run here.

One line per solver in ``SOLVER_MODULES``; each module (``highs.py``, ``cbc.py``, ...) holds
all its facts (``futomip.solvers._base``).  A pair is a modelling layer from
``futomip.backends`` that the solver lists in its ``layers``.  Whether a pair runs here is
checked once per process (importing a layer and finding a program costs up to a few
hundred milliseconds) and cached.  ``futomip solvers`` prints ``pairs()``.  Solvers named in
``FUTOMIP_HIDE_SOLVERS`` count as not installed (``futomip.solvers._hidden``).

A request is refused in this order: an unknown name; then what no pair that agrees with the
user's choice could ever honour (``--threads 4`` with ``pulp/glpk``), whatever is installed,
since that is a usage error on every machine; then a pair that is not installed here.

Must not import ``models``, the puzzles, the pipeline or the CLI.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass, field

from ..errors import SolverUnavailableError, UnknownNameError, UnsupportedFeatureError
from ._base import CAPABILITY_TEXT, Capabilities, Solver
from .layers import BACKEND_MODULES, backend_module
from ._hidden import VARIABLE as HIDE_VARIABLE
from ._hidden import hidden_reason, hidden_solvers

__all__ = ["SOLVER_MODULES", "SOLVER_NAMES", "DEFAULT_ORDER", "Pair", "Capabilities", "Solver", "solver",
           "layers_of", "pair_names", "pairs", "check", "require", "default_pair", "first_choices", "check_request",
           "choose_pair", "wanted_capabilities", "hidden", "HIDE_VARIABLE"]

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
    hidden: bool = False
    """Unavailable only because ``FUTOMIP_HIDE_SOLVERS`` names the solver."""

    @property
    def name(self) -> str:
        return f"{self.backend}/{self.solver}"


def hidden(solver_name: str) -> bool:
    """Whether ``FUTOMIP_HIDE_SOLVERS`` hides the solver (``UnknownNameError`` for a name in
    it that is no solver)."""
    return solver_name in hidden_solvers(SOLVER_NAMES)


def check(backend: str, solver_name: str) -> Pair:
    """Whether ``solver_name`` runs through ``backend`` here: found once per process, and
    unavailable while ``FUTOMIP_HIDE_SOLVERS`` names it."""
    pair = _installed(backend, solver_name)
    if hidden(solver_name):
        return Pair(backend, solver_name, False, hidden_reason(solver_name), pair.capabilities, hidden=True)
    return pair


@functools.cache
def _installed(backend: str, solver_name: str) -> Pair:
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
    return default_pair(backend, solver_name)


def first_choices(kind: str | None) -> list[tuple[str, str]]:
    """The pairs that solvers declare first choice for puzzles of ``kind`` (``first_choice_for``)."""
    if kind is None:
        return []
    return [(solver(name).first_choice_for[kind], name) for name in SOLVER_NAMES
            if kind in solver(name).first_choice_for]


def default_pair(backend: str | None = None, solver_name: str | None = None, kind: str | None = None,
                 wanted: tuple[str, ...] = ()) -> Pair:
    """The pair to use when the user fixed at most one of layer and solver (both fixed: that
    pair), among those that can honour the capabilities ``wanted`` ("threads", "seed", ...).

    The first available pair that agrees with what was fixed among: the pairs declared first
    choice for puzzles of ``kind``, then ``DEFAULT_ORDER``, then any other pair.  When no
    agreeing pair could honour ``wanted``, installed or not, ``UnsupportedFeatureError``
    (this does not depend on the machine); else ``SolverUnavailableError`` when none of
    those that could is available.
    """
    _check_names(backend, solver_name)
    ordered = first_choices(kind) + [key for key in DEFAULT_ORDER if key not in first_choices(kind)]
    candidates = ordered + [key for key in pair_names() if key not in ordered]
    agreeing = [(b, s) for b, s in candidates
                if (backend is None or b == backend) and (solver_name is None or s == solver_name)]
    for capability in wanted:
        able = [(b, s) for b, s in agreeing if getattr(solver(s).layers[b], capability)]
        if not able:
            raise _unable(agreeing, backend, solver_name, capability)
        agreeing = able
    for b, s in agreeing:
        if check(b, s).available:
            return check(b, s)
    if backend is not None and solver_name is not None:
        pair = check(backend, solver_name)
        raise SolverUnavailableError(f"{solver_name} is not available through {backend} here; to get it: {pair.how}")
    wanted_pair = " and ".join(x for x in (f"backend {backend}" if backend else "",
                                           f"solver {solver_name}" if solver_name else "") if x)
    hows = sorted({check(b, s).how for b, s in agreeing})
    raise SolverUnavailableError(f"no available pair with {wanted_pair or 'any backend'}; to get one: {'; '.join(hows)}")


def _unable(agreeing, backend, solver_name, capability: str) -> UnsupportedFeatureError:
    if len(agreeing) == 1:
        subject = "/".join(agreeing[0])
    else:
        subject = f"no pair with {' and '.join(x for x in (backend, solver_name) if x)} " \
                  f"({', '.join(f'{b}/{s}' for b, s in agreeing)})"
    able = [f"{b}/{s}" for b, s in pair_names() if getattr(solver(s).layers[b], capability)]
    verb = "cannot take" if len(agreeing) == 1 else "can take"
    return UnsupportedFeatureError(f"{subject} {verb} {CAPABILITY_TEXT[capability]}; leave it out or use a pair "
                                   f"that can: {', '.join(able)}")


def wanted_capabilities(options, writes: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The capabilities ``options`` and ``writes`` ("lp", "mps") ask of a pair."""
    wanted = []
    if options.seed is not None:
        wanted.append("seed")
    if options.threads is not None and options.threads != 1:
        wanted.append("threads")
    if options.solver_options:
        wanted.append("solver_options")
    if options.globals == "native":
        wanted.append("native_globals")
    return tuple(wanted + [f"write_{kind}" for kind in writes])


def choose_pair(options, kind: str | None = None, writes: tuple[str, ...] = ()) -> Pair:
    """The pair that runs ``options`` (its ``backend`` and ``solver``, either may be None) on a
    puzzle of ``kind``, refusing before anything runs what it cannot honour (see
    ``default_pair`` for the order of the refusals) and solver options it does not know."""
    pair = default_pair(options.backend, options.solver, kind, wanted_capabilities(options, writes))
    if options.solver_options:
        solver(pair.solver).check_options(options.solver_options, pair.backend)
    return pair


def check_request(pair: Pair, options, writes: tuple[str, ...] = ()) -> None:
    """Refuse, before anything runs, what ``pair`` cannot honour of ``options`` and ``writes``
    ("lp", "mps"): an ``UnsupportedFeatureError`` naming the pairs that can."""
    for capability in wanted_capabilities(options, writes):
        if not getattr(pair.capabilities, capability):
            raise _unable([(pair.backend, pair.solver)], pair.backend, pair.solver, capability)
    if options.solver_options:
        solver(pair.solver).check_options(options.solver_options, pair.backend)
