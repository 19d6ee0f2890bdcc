"""Comparison methods: the ways the seed documents solved these puzzles, beside the MILP.

Each method is one module here, named in ``METHODS``, with

- ``KINDS``: the puzzle kinds it can take (``futomip.kinds`` names);
- ``EXACT``: True when it proves things (a complete search), False for local search;
- ``solve(puzzle, options, deadline, unique) -> Result``;
- ``PARAMS`` (local search only): the names of its tuning parameters, which ``solve`` takes
  as ``params={name: value}`` (``--method anneal:t0=5:cooling=0.95`` on the command line);
- optionally ``OPTIONS``: the ``Options`` fields it reads beyond the time limit (default none;
  ``run`` notes any other that was set, as a run notes ``--restarts`` where nothing restarts);
- optionally ``available()`` and ``MISSING`` (whether its library is installed, and the words
  saying it is not) and ``TASKS`` (the pipeline tasks it can carry out, default ``TASKS``
  below: solve and unique): what ``why_not`` reads, which the measured-defaults registry
  asks before it routes a kind's puzzles to a method (``default``, ``futomip.methods.default``).

Every method returns the same ``futomip.result.Result`` as the pipeline, made by
``finish`` below, which checks any grid with the kind's independent verifier
(``futomip.puzzles.verify``) and raises ``VerificationError`` on a broken one: a method
never returns a wrong grid.  Local-search methods that stop without a valid grid say
``heuristic_failed`` with their best ``cost``.  Every method honours the deadline
(``Options.time_limit`` / ``Deadline``) and a stop request (``futomip.stopping``).

``run(name, puzzle, options, deadline, unique)`` is the one entry the CLI and batch use;
``why_not(name, task)`` says whether a method can take a pipeline task here.
Must not import the CLI.
"""

from __future__ import annotations

import importlib
import time
from types import ModuleType
from typing import Iterator

from ..errors import UnknownNameError, UnsupportedFeatureError, VerificationError
from ..options import Deadline, Options
from ..puzzles import verify
from ..result import Result
from ..status import SOLVED

__all__ = ["METHODS", "DEFAULT", "TASKS", "method", "why_not", "run", "finish", "search_result", "Budget", "Enough",
           "depth_first", "parse", "unused_options"]

DEFAULT = "milp"

TASKS = ("solve", "unique")
"""The pipeline tasks (``futomip.pipeline.Task.action``) of a method whose module names no ``TASKS``."""

METHODS = {
    "milp": "futomip.methods.milp",
    "backtrack": "futomip.methods.backtrack",
    "propagate": "futomip.methods.propagate",
    "anneal": "futomip.methods.anneal",
    "genetic": "futomip.methods.genetic",
    "csp": "futomip.methods.csp",
    "cpsat": "futomip.methods.cpsat",
    "sat": "futomip.methods.sat",
    "default": "futomip.methods.default",
}


_OPTION_FLAGS = {"backend": "--backend", "solver": "--solver", "encoding": "--encoding", "reduce": "--reduce",
                 "globals": "--globals", "schedule": "--schedule", "restarts": "--restarts", "threads": "--threads",
                 "seed": "--seed", "solver_options": "--solver-option"}
"""The ``Options`` fields a user sets on the command line, and the option that sets each."""


def method(name: str) -> ModuleType:
    """The module of method ``name`` (``UnknownNameError`` lists the known ones)."""
    if name not in METHODS:
        raise UnknownNameError("method", name, list(METHODS))
    return importlib.import_module(METHODS[name])


def supports(name: str, puzzle) -> bool:
    return puzzle.kind in method(name).KINDS


def why_not(name: str, task, kind: str | None = None) -> str | None:
    """None when method ``name`` can carry out ``task`` (a ``futomip.pipeline.Task``: its
    ``action`` and the model files it ``writes``) here, on a puzzle of ``kind`` when given;
    else the words why not (no model files, a task outside its ``TASKS``, a kind outside its
    ``KINDS``, its library not installed)."""
    module = method(name)
    if task.writes:
        return f"it writes no model file (--write-{task.writes[0]})"
    if task.action not in getattr(module, "TASKS", TASKS):
        return {"all": "it does not enumerate (--all)", "explain": "it does not explain (--explain)"}.get(
            task.action, f"it does not do {task.action}")
    if kind is not None and kind not in module.KINDS:
        return f"it solves {', '.join(sorted(module.KINDS))} puzzles, not {kind}"
    available = getattr(module, "available", None)
    if available is not None and not available():
        return getattr(module, "MISSING", f"{name} is not installed")
    return None


def unused_options(name: str, options: Options) -> list[str]:
    """The command-line options set in ``options`` that method ``name`` does not read (its
    ``OPTIONS``), e.g. ``["--backend", "--solver"]`` for ``--method propagate --backend pulp``."""
    reads = getattr(method(name), "OPTIONS", ())
    return [flag for field, flag in _OPTION_FLAGS.items()
            if field not in reads and getattr(options, field) not in (None, ())]


def parse(text: str) -> tuple[str, dict[str, float]]:
    """``name`` or ``name:key=value:key=value`` -> (name, params), checked against ``PARAMS``."""
    from ..errors import UsageError

    name, *parts = text.split(":")
    module = method(name)
    params = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or key not in getattr(module, "PARAMS", ()):
            known = ", ".join(getattr(module, "PARAMS", ())) or "none"
            raise UsageError(f"method {name}: expected key=value with a key from: {known}; got {part!r}")
        try:
            params[key] = float(value)
        except ValueError:
            raise UsageError(f"method {name}: {key} must be a number, got {value!r}") from None
    return name, params


def run(name: str, puzzle, options: Options = Options(), deadline: Deadline | None = None,
        unique: bool = False, params: dict | None = None) -> Result:
    """Solve ``puzzle`` with method ``name`` (tuning ``params`` for local search);
    ``UnsupportedFeatureError`` for a kind it cannot take."""
    module = method(name)
    if puzzle.kind not in module.KINDS:
        raise UnsupportedFeatureError(f"method {name!r} solves {', '.join(sorted(module.KINDS))} puzzles, "
                                      f"not {puzzle.kind}")
    if params:
        # As ``parse`` checks the command line's ``name:key=value``: an unknown key would be
        # ignored silently, and a method without parameters would fail with a TypeError.
        from ..errors import UsageError

        known = getattr(module, "PARAMS", ())
        unknown = sorted(set(params) - set(known))
        if unknown:
            raise UsageError(f"method {name}: parameters {', '.join(map(repr, unknown))} unknown; "
                             f"it takes: {', '.join(known) or 'none'}")
    start = time.perf_counter()
    extra = {"params": params} if params else {}
    result = module.solve(puzzle, options, deadline or Deadline(options.time_limit), unique, **extra)
    result.seconds.setdefault("total", time.perf_counter() - start)
    unused = unused_options(name, options)
    if unused:
        # Said, not refused: batch passes one set of options to several methods at once.
        note = f"{', '.join(unused)} unused: --method {name} does not read {'it' if len(unused) == 1 else 'them'}"
        result.message = f"{result.message}; {note}" if result.message else note
    return result


def finish(puzzle, name: str, status: str, grid=None, *, solver: str = "python", seconds: dict | None = None,
           unique: bool | None = None, second=None, cost: int | None = None, message: str = "",
           stats: dict | None = None) -> Result:
    """The ``Result`` of a comparison method, every grid verified first."""
    for candidate in (grid, second):
        if candidate is not None:
            problems = verify(puzzle, candidate)
            if problems:
                raise VerificationError(problems)
    grid = None if grid is None else tuple(tuple(row) for row in grid)
    second = None if second is None else tuple(tuple(row) for row in second)
    return Result(puzzle, status, grid, backend=name, solver=solver, encoding="", seconds=dict(seconds or {}),
                  message=message, unique=unique if status == SOLVED else None, second=second, stats=stats,
                  method=name, cost=cost)


def search_result(puzzle, name: str, found: list, finished: bool, unique: bool, seconds: dict,
                  stats: dict) -> Result:
    """The result of a complete search that stopped after ``found`` (one solution wanted, or
    two with ``unique``), or that ran out of time (``finished`` False)."""
    from ..status import INFEASIBLE, TIME_LIMIT

    nodes = stats.get("nodes", 0)
    if not found:
        return finish(puzzle, name, INFEASIBLE if finished else TIME_LIMIT, seconds=seconds, stats=stats,
                      message="" if finished else f"time limit reached after {nodes} nodes")
    is_unique = (len(found) == 1 if finished else False if len(found) > 1 else None) if unique else None
    return finish(puzzle, name, SOLVED, found[0], seconds=seconds, stats=stats, unique=is_unique,
                  second=found[1] if len(found) > 1 else None,
                  message="uniqueness unknown: time limit" if unique and is_unique is None else "")


class Enough(Exception):
    """Raised by a search node once the search has found all the solutions it was asked for."""


def depth_first(root: Iterator) -> None:
    """Run a depth-first search given as generators, on an explicit stack.

    A node is a generator that yields its children (generators too) one at a time and may do
    work between them (undo a move); each child's subtree is searched before the parent goes
    on, exactly as a recursive search would.  A recursive search of one frame per cell passed
    Python's limit of 1,000 frames on boards of 32x32 and more (``RecursionError``, exit 70).
    A node ends the whole search by raising (``Enough``, or the search's out-of-time error)."""
    stack = [root]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        else:
            stack.append(child)


class Budget:
    """The time a pure-Python search may run: the deadline, polled cheaply.

    ``spent()`` is called at every search node; it looks at the clock and at stop requests
    only every ``every`` calls, since a node costs microseconds and the clock does not."""

    def __init__(self, deadline: Deadline, every: int = 512) -> None:
        from .. import stopping

        self._stopping = stopping
        self.deadline = deadline
        self.every = every
        self.nodes = 0
        self.out = False

    def spent(self) -> bool:
        self.nodes += 1
        if self.nodes % self.every == 0:
            self._stopping.check()
            if self.deadline.expired:
                self.out = True
        return self.out
