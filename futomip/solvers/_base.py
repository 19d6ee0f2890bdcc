"""What a solver module declares: the ``Solver`` base class and a pair's ``Capabilities``.

A solver module (``highs.py``, ``cbc.py``, ...) holds every fact futomip knows about one
solver: its name, how to get it, which modelling layers drive it and what each such
(layer, solver) pair can do, how each layer is told its time limit, seed, threads and
options, its quirks, and the encodings measured fastest with it.  The backends in
``futomip.backends`` are generic and ask the solver module; adding a solver is one module
plus one registry line in ``futomip/solvers/__init__.py``.

Capabilities follow linopy's idea of declared solver features: a request a pair cannot
honour (``--seed`` where the layer has no way to pass a seed) is refused before anything
runs (``futomip.solvers.check_request``), never silently dropped.

Must not import ``models``, the puzzles, the pipeline or the CLI.
"""

from __future__ import annotations

import difflib
import functools
import math
import subprocess
from dataclasses import dataclass, fields
from typing import Any, Callable

from ..errors import UsageError

__all__ = ["Capabilities", "Solver", "CAPABILITY_TEXT", "first_available", "program_runs", "program_text",
           "unknown_option"]


@dataclass(frozen=True)
class Capabilities:
    """What one (modelling layer, solver) pair can do."""

    incremental: bool = False
    """A row added after a solve goes into the live solver model (no rebuild)."""
    seed: bool = False
    """A random seed can be passed (``--seed``)."""
    threads: bool = False
    """A thread count can be passed (``--threads``); without it only 1 is accepted."""
    time_limit: bool = True
    """The solver honours a time limit."""
    whole_seconds: bool = False
    """The time limit is taken in whole seconds only (GLPK's ``--tmlim``)."""
    write_lp: bool = True
    write_mps: bool = True
    own_process: bool = False
    """The solver runs as a separate program (ended by terminating it)."""
    solver_options: bool = False
    """``--solver-option NAME=VALUE`` is passed on in the solver's own vocabulary."""
    native_globals: bool = False
    """The models' global constraints can be built as the solver's own (``--globals native``)."""

    def as_dict(self) -> dict[str, bool]:
        return {field.name: getattr(self, field.name) for field in fields(self)}


CAPABILITY_TEXT = {
    "seed": "a random seed (--seed)",
    "threads": "a thread count other than 1 (--threads)",
    "solver_options": "solver options (--solver-option)",
    "write_lp": "writing LP files (--write-lp)",
    "write_mps": "writing MPS files (--write-mps)",
    "native_globals": "native global constraints (--globals native)",
}


def first_available(makers, runs: Callable[[str], bool]) -> Any:
    """The first solver object that the callables in ``makers`` build and that says it is
    available, or None (a maker that raises counts as unavailable).  A PuLP class that runs a
    program (it has the program's ``path``) says so when the file exists; it counts only when
    ``runs(path)`` (the solver's ``Solver.runs``) says the program also runs."""
    for make in makers:
        try:
            candidate = make()
        except Exception:  # noqa: BLE001 - a broken optional interface is just unavailable.
            continue
        if candidate is None or not candidate.available():
            continue
        program = getattr(candidate, "path", None)
        if program is None or runs(program):
            return candidate
    return None


@functools.cache
def program_runs(program: str, *args: str) -> bool:
    """Whether ``program`` starts and exits 0 when run with ``args`` (no input, at most 5 s).

    Asked once per process.  A solver program that exists but does not run (a link to
    /bin/false, a build missing a library) would otherwise be listed as available and end
    every solve in the layer's own "error while trying to execute"; so it makes its pairs
    unavailable, with the hint how to get a working one."""
    try:
        done = subprocess.run((program, *args), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def program_text(*args: str) -> str | None:
    """What the program ``args[0]`` prints (output and errors together) when run with the
    other ``args`` and no input, or None when it cannot be run or takes more than 10 s."""
    try:
        done = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace",
                              timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout + done.stderr


LISTED_IN_FULL = 30
"""An unknown option's error lists every valid name when there are at most this many; longer
lists (HiGHS, CP-SAT, SCIP, CBC, GLPK: 60-2,700 names) are left to ``futomip solvers --options``."""


def unknown_option(solver_name: str, name: str, valid: list[str],
                   spellings: dict[str, str] | None = None, layer: str | None = None) -> UsageError:
    """The error for an option name ``solver_name`` does not know: the closest names and the
    names that contain it first, then every valid one, or for a long list the command that
    prints it.  ``spellings`` maps other ways to write a valid name to the name as listed
    (CBC's ``cuts(OnOff)`` as it lists it and ``cuts`` for ``cutsOnOff``), for the suggestions; ``layer``, the
    modelling layer that runs the solver, where the names depend on it (CBC: PuLP's and Pyomo's
    programs)."""
    spellings = spellings or {option: option for option in valid}
    close = [spellings[spelt] for spelt in difflib.get_close_matches(name, list(spellings), n=3, cutoff=0.6)]
    # A part of a name ("gap", "seed") finds the names that hold it, which difflib's ratio misses.
    close += [option for option in valid if name.lower() in option.lower()]
    close = list(dict.fromkeys(close))[:6]
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    if len(valid) <= LISTED_IN_FULL:
        listing = f"its {len(valid)} options: {', '.join(valid)}"
    else:
        where = f" --backend {layer}" if layer else ""
        listing = f"`futomip solvers --options {solver_name}{where}` lists its {len(valid)} options"
    return UsageError(f"{solver_name} has no option {name!r}{hint} (options go to the solver in use; --solver "
                      f"chooses another); {listing}")


class Solver:
    """One solver: subclasses set the class attributes and override the layer hooks they serve.

    ``layers`` maps each modelling layer that can drive the solver to the pair's
    ``Capabilities``; a layer not in it cannot drive the solver at all.
    """

    name: str = ""
    description: str = ""
    install: str = ""
    """How to get the solver when it is missing (shown by ``futomip solvers`` and errors)."""
    layers: dict[str, Capabilities] = {}
    preferred_encodings: dict[str, str] = {}
    """Puzzle kind -> the encoding measured fastest with this solver (docs/measurements.md)."""
    preferred_globals: dict[str, str] = {}
    """Puzzle kind -> the form of the global constraints (``--globals``) measured best with
    this solver where its layer builds native ones; other kinds get the linear rows."""
    first_choice_for: dict[str, str] = {}
    """Puzzle kind -> layer: when the user names no pair, this (layer, solver) pair, if
    available, is tried before ``DEFAULT_ORDER`` for puzzles of that kind (measured: docs/measurements.md
    "Which solver for which puzzle")."""
    second_search_for: frozenset[str] = frozenset()
    """Puzzle kinds for which, on a free core, a second path of the split search
    (``futomip.pipeline.second_search``) is the better worker than this solver on the whole
    model (measured: docs/measurements.md, "A second search path on the free core")."""
    whole_model_as_given_for: frozenset[str] = frozenset()
    """Puzzle kinds for which this solver's whole model beside the split search is built on
    the puzzle as given (``futomip.reduction.as_given``) instead of the reduced domains: its
    own propagation does the reduction's work, and on the reduced model its search takes other
    paths, measured slower at the tail (docs/measurements.md, "CP-SAT beside the split search
    on the puzzle as given")."""
    infeasible_near_limit_is_proof: bool = True
    """False where a solver stopped by its time limit has been reported as infeasible."""
    program_probe: tuple[str, ...] = ("--version",)
    """Where the solver is a separate program: the arguments with which it exits 0 at once
    (``runs``)."""

    def runs(self, program: str) -> bool:
        """Whether the solver's program at ``program`` runs (exits 0 with ``program_probe``;
        asked once per process)."""
        return program_runs(program, *self.program_probe)

    # ---- --solver-option NAME=VALUE ---------------------------------------------------
    def option_names(self, layer: str | None = None) -> list[str] | None:
        """Every option name the solver takes (run by ``layer``, where that matters), or None
        where futomip cannot ask it."""
        return None

    def check_option_value(self, name: str, value: str) -> None:
        """Raise ``UsageError`` when ``value`` is not a value ``name`` takes (where the
        solver can tell before it runs)."""

    def check_options(self, pairs, layer: str | None = None) -> None:
        """Refuse, before anything runs, an unknown option name (listing the valid ones) or a
        value of the wrong type."""
        names = self.option_names(layer)
        for name, value in pairs:
            if names is not None and name not in names:
                raise unknown_option(self.name, name, names)
            self.check_option_value(name, value)

    # ---- the time limit, as the solver takes it -------------------------------------
    def time_limit(self, seconds: float | None, capabilities: Capabilities) -> float | None:
        """The limit to pass for ``seconds`` left; whole-second solvers get the floor (at
        least 1 s, so a slice never becomes "no limit"; the deadline's watchdog ends an
        overrun)."""
        if seconds is None:
            return None
        if capabilities.whole_seconds:
            return max(1, math.floor(seconds))
        return max(seconds, 0.001)

    def trusts_infeasible(self, elapsed: float, time_limit: float | None) -> bool:
        """Whether an "infeasible" after ``elapsed`` seconds under ``time_limit`` is a proof."""
        if self.infeasible_near_limit_is_proof or time_limit is None:
            return True
        return elapsed < 0.95 * time_limit

    # ---- PuLP -----------------------------------------------------------------------
    def pulp_solver(self, options, time_limit: float | None, flag=None) -> Any:
        """A PuLP solver object for these options, or None when PuLP cannot run it here.

        ``flag`` (a ``futomip.backends.base.CancelFlag``) is set from another thread to stop
        an in-process solver; a solver run as a program is ended by terminating it instead."""
        return None

    def pulp_cancel(self, problem) -> None:
        """Stop an in-process solve that PuLP started for ``problem`` (called from the watchdog
        thread; nothing by default: a solver program is ended by terminating it)."""

    def pulp_stats(self, problem, pulp_solver) -> dict:
        """Statistics of the solve PuLP just ran (``futomip.backends.base.STATS`` keys)."""
        return {}

    # ---- Pyomo ----------------------------------------------------------------------
    pyomo_persistent: str | None = None
    """``module:Class`` of a ``pyomo.contrib.solver`` interface (new API), if any."""
    pyomo_factory: str | None = None
    """Name for ``pyomo.opt.SolverFactory`` (legacy API), used when there is no persistent one."""

    def pyomo_program(self) -> str | None:
        """The program the legacy Pyomo interface should run (None: Pyomo's own search)."""
        return None

    def pyomo_attach(self, persistent, model_block, flag) -> None:
        """Before a persistent Pyomo solve: wire ``flag`` so that setting it stops the solver
        (nothing by default: such a solve then ends at its own time limit)."""

    def pyomo_cancel(self, persistent) -> None:
        """Stop a running persistent Pyomo solve (watchdog thread; nothing by default)."""

    def pyomo_persistent_stats(self, persistent) -> dict:
        """Statistics of the solve a persistent Pyomo interface just ran."""
        return {}

    def pyomo_threads(self, options) -> int | None:
        """The ``threads`` a persistent Pyomo interface gets (None: the solver's own default)."""
        return int(options.threads) if options.threads else None

    def pyomo_threads_refused(self, persistent) -> bool:
        """Whether the solve just made refused its thread count (HiGHS: ``pyomo_threads_refused``)."""
        return False

    def pyomo_presolve_rejected(self, persistent) -> bool:
        """Whether the "infeasible" a persistent Pyomo interface just reported is no proof
        because the solver's presolve rejected its own points (HiGHS: ``presolve_rejected``)."""
        return False

    def pyomo_results_stats(self, results) -> dict:
        """Statistics from a legacy Pyomo ``SolverResults`` (nodes and iterations where the
        plugin parsed them from the solver's log)."""
        stats = {}
        statistics = results.solver.statistics
        for key, path in (("nodes", ("branch_and_bound", "number_of_created_subproblems")),
                          ("lp_iterations", ("black_box", "number_of_iterations"))):
            try:
                value = getattr(getattr(statistics, path[0]), path[1])
            except AttributeError:
                continue
            if isinstance(value, (int, float)) and value == value:
                stats[key] = int(value)
        return stats

    def pyomo_options(self, options) -> dict[str, Any]:
        """Solver options (name -> value) for Pyomo from futomip's options (seed, threads, ...)."""
        return dict(options.solver_options)

    def __repr__(self) -> str:
        return f"<solver {self.name}>"
