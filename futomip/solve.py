"""The one pipeline from a puzzle to a checked answer, used by the CLI, the API, batch and bench.

    puzzle --reduce--> domains --formulate--> LinearModel --backend--> Session --solve--> values
           --decode--> grid --verify (independent of the MILP)--> Result

``PuzzleSession`` holds the built model and can be asked for one solution after another
(each found grid is cut off by its no-good row).  When the reduction can split a puzzle
(nonograms, level "split") and the solver does not settle the whole model within the
split's ``root_slice``, the session goes on over the sub-puzzles of ``futomip.reduction.split``,
one model each.  ``solve`` is the everyday entry point and the uniqueness check.
Enumeration and conflict explanation build on ``PuzzleSession`` in ``futomip.certainty``.

Must not import the CLI.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from . import puzzles
from .backends import INFEASIBLE, SOLVED, TIME_LIMIT, SolveOptions
from .errors import UnknownNameError, VerificationError
from .linear import Constraint
from .solvers import default_pair

__all__ = ["Result", "Deadline", "PuzzleSession", "solve", "default_encoding"]


class Deadline:
    """Seconds left of a time limit shared by every solve of one command (None = no limit)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._end = None if seconds is None else time.perf_counter() + seconds

    @property
    def end(self) -> float | None:
        """The ``time.perf_counter()`` reading at which the time is up (None = no limit)."""
        return self._end

    def remaining(self) -> float | None:
        if self._end is None:
            return None
        return max(0.0, self._end - time.perf_counter())

    @property
    def expired(self) -> bool:
        left = self.remaining()
        return left is not None and left <= 0


@dataclass
class Result:
    """What a command established about one puzzle.

    ``status`` is "solved", "infeasible", "time_limit" or "error".  ``unique`` is None
    unless a uniqueness proof was asked for and finished; ``solutions``/``complete`` are
    set by enumeration; ``conflict`` by explanation; ``second`` is a second solution found
    by the uniqueness check; ``reduction`` says what domain reduction did before the model
    was built (``level`` plus the kind's counts, e.g. nonogram cells fixed and open), None
    for a kind without one or with level "none".  ``seconds`` holds "read", "import" (loading the backend and
    probing the solver, once per process), "reduce" (domain reduction), "build", "solve",
    "total" (and "write" when a model file was written).
    """

    puzzle: Any
    status: str
    grid: Any = None
    backend: str = ""
    solver: str = ""
    encoding: str = ""
    seconds: dict[str, float] = field(default_factory=dict)
    message: str = ""
    unique: bool | None = None
    second: Any = None
    solutions: list | None = None
    complete: bool | None = None
    conflict: list | None = None
    file: str | None = None
    reduction: dict | None = None

    @property
    def solved(self) -> bool:
        return self.status == SOLVED


def default_encoding(kind: str, solver: str) -> str:
    """The encoding measured fastest for ``solver`` on this puzzle kind (README table)."""
    from .models import MODULES

    module = MODULES[kind]
    return getattr(module, "PREFERRED_ENCODING", {}).get(solver, module.ENCODINGS[0])


class PuzzleSession:
    """One puzzle on one (backend, solver) pair, solved as often as needed.

    The model of the whole (reduced) puzzle is built first.  At reduction level "split",
    when the reduction can split the puzzle into sub-puzzles, the MILP first gets
    the split's ``root_slice`` seconds on the whole model; if that ends without an answer, the
    sub-puzzles are built and solved one after the other, each with the no-good rows of
    every grid found before, until one has a solution or all are proved empty.
    """

    def __init__(
        self,
        puzzle,
        backend: str | None = None,
        solver: str | None = None,
        encoding: str | None = None,
        options: SolveOptions = SolveOptions(),
        deadline: Deadline | None = None,
        reduce: str = "split",
        progress: Callable[[str], None] | None = None,
    ) -> None:
        from .models import MODULES
        from .reduction import reduce as reduce_domains
        from .reduction import split

        start = time.perf_counter()
        # Probing the pair imports the backend and finds the solver: the "import" time.
        pair = default_pair(backend, solver)
        import_seconds = time.perf_counter() - start
        self.puzzle = puzzle
        self.backend, self.solver = pair.backend, pair.solver
        encodings = MODULES[puzzle.kind].ENCODINGS
        self.encoding = encoding or default_encoding(puzzle.kind, self.solver)
        if self.encoding not in encodings:
            raise UnknownNameError("encoding", self.encoding, list(encodings))
        self.deadline = deadline or Deadline(options.time_limit)
        self.seconds = {"import": import_seconds, "reduce": 0.0, "build": 0.0, "solve": 0.0}
        self.options = options
        self.cut_rows: list[Constraint] = []
        self.cuts = 0
        self.found: list = []
        self.last_message = ""
        # Every solver remark (retries, time-outs) is kept so that the result can say it.
        self.notes: list[str] = []
        start = time.perf_counter()
        # Domain reduction keeps every solution, so it is on unless a measurement turns it off.
        # Under a time limit it may use half of what is left, so that the solver keeps the rest.
        self.reduction = reduce
        left = self.deadline.remaining()
        stop_at = None if left is None else start + left / 2
        self.domains = reduce_domains(puzzle, reduce, stop_at, progress)
        self.split = split(puzzle, self.domains, self.deadline.end, progress) if reduce == "split" else None
        self._leaves = None
        self.seconds["reduce"] = time.perf_counter() - start
        self.formulation = self.session = None
        self._open(self.domains)

    def _open(self, domains) -> None:
        """Build the model on ``domains`` (None: unreduced) with a no-good row per grid found so
        far that the domains admit (the others cannot be solutions here anyway)."""
        from .models import MODULES

        start = time.perf_counter()
        formulate = MODULES[self.puzzle.kind].formulate
        self.formulation = formulate(self.puzzle, self.encoding) if domains is None else \
            formulate(self.puzzle, self.encoding, domains)
        self.cut_rows = []
        self._connect()
        for grid in self.found:
            if domains is None or domains.admits(grid):
                self._cut(grid)
        self.seconds["build"] += time.perf_counter() - start

    def _connect(self) -> None:
        """Open the backend session on the current formulation with every cut row so far."""
        from .backends import backend_module

        self.session = backend_module(self.backend).open_session(self.formulation.model, self.solver, self.options)
        for con in self.cut_rows:
            self.session.add_constraint(con)

    def _cut(self, grid) -> None:
        terms, sense, rhs = self.formulation.exclude(grid)
        self.cuts += 1
        con = Constraint(f"exclude({self.cuts})", tuple(terms), sense, rhs, "exclude", (self.cuts,))
        self.cut_rows.append(con)
        self.session.add_constraint(con)

    def rebuild(self) -> None:
        """Build the backend model afresh with every cut so far (what a non-persistent
        interface does on each solve); used to measure what incremental solving saves."""
        start = time.perf_counter()
        self.session.close()
        self._connect()
        self.seconds["build"] += time.perf_counter() - start

    def next_solution(self):
        """Solve once: ``(status, grid)``; a grid is verified before it is returned.

        Raises ``VerificationError`` if the solver's grid breaks a rule (a bug somewhere).
        """
        while True:
            if self.session is None:
                # The whole model gave up its slice: the next sub-puzzle, if any is left.
                start = time.perf_counter()
                leaf = next(self._leaves, None)
                self.seconds["reduce"] += time.perf_counter() - start
                if leaf is None:
                    if self.split.finished:
                        return INFEASIBLE, None
                    self.last_message = f"time limit reached in the split search ({self.split.nodes} nodes probed)"
                    self._note(self.last_message)
                    return TIME_LIMIT, None
                self._open(leaf)
            left = self.deadline.remaining()
            sliced = self.split is not None and self._leaves is None
            start = time.perf_counter()
            # Reading the slice may run the split's first search (reduction time); 0 = no slice.
            root_slice = self.split.root_slice if sliced else None
            self.seconds["reduce"] += time.perf_counter() - start
            if sliced and not root_slice:
                self._leaves = iter(self.split)
                self.session.close()
                self.session = None
                continue
            limit = left if not sliced else root_slice if left is None else min(left, root_slice)
            raw = self.session.solve(limit)
            self.seconds["solve"] += raw.seconds
            self.last_message = raw.message
            if raw.status == SOLVED:
                break
            if sliced and raw.status == TIME_LIMIT and not self.deadline.expired:
                self._leaves = iter(self.split)
            elif raw.status == INFEASIBLE and self._leaves is not None:
                pass
            else:
                self._note(raw.message)
                return raw.status, None
            self.session.close()
            self.session = None
        self._note(raw.message)
        grid = self.formulation.decode(raw.values)
        problems = puzzles.verify(self.puzzle, grid)
        if problems:
            raise VerificationError(problems)
        return SOLVED, grid

    def _note(self, message: str) -> None:
        """Keep a solver remark for the result, once."""
        if message and message not in self.notes:
            self.notes.append(message)

    def exclude(self, grid) -> None:
        """Cut off ``grid`` so that the next solve must find another one."""
        self.found.append(grid)
        self._cut(grid)

    def write(self, path: str, file_format: str) -> float:
        """Write the model (LP or MPS) with the backend's writer; returns the seconds spent."""
        start = time.perf_counter()
        self.session.write(str(path), file_format)
        return time.perf_counter() - start

    def result(self, status: str, grid=None, **fields) -> Result:
        seconds = dict(self.seconds)
        reduction = None if self.domains is None else {"level": self.reduction, **self.domains.summary()}
        if reduction is not None:
            reduction["search"] = None if self._leaves is None else self.split.summary()
        return Result(self.puzzle, status, grid, self.backend, self.solver, self.encoding, seconds,
                      fields.pop("message", "") or "; ".join(self.notes), reduction=reduction, **fields)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()


def solve(
    puzzle,
    backend: str | None = None,
    solver: str | None = None,
    encoding: str | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    verbose: bool = False,
    unique: bool = False,
    seed: int | None = None,
    write_lp: str | None = None,
    write_mps: str | None = None,
    reduce: str = "split",
    progress: Callable[[str], None] | None = None,
) -> Result:
    """Solve ``puzzle`` and return a verified ``Result``.

    ``backend``/``solver`` default to the fastest available pair; ``encoding`` to the one
    measured fastest for that solver.  With ``unique`` a second solve under a no-good cut
    proves the solution unique (``unique=True``) or finds another (``unique=False`` and
    ``second``); if the time limit ends that second solve, ``unique`` stays None.
    ``time_limit`` covers every solve of the call together.  ``reduce`` is the level of
    domain reduction before the model is built (``futomip.reduction.LEVELS``; "none" for
    measurements);
    ``progress`` receives a line of text about once a second during a long reduction.
    """
    start = time.perf_counter()
    options = SolveOptions(time_limit, threads, verbose, seed)
    run = PuzzleSession(puzzle, backend, solver, encoding, options, reduce=reduce, progress=progress)
    try:
        extra_seconds = {}
        if write_lp:
            extra_seconds["write"] = run.write(write_lp, "lp")
        if write_mps:
            extra_seconds["write"] = extra_seconds.get("write", 0.0) + run.write(write_mps, "mps")
        status, grid = run.next_solution()
        fields: dict = {}
        if status == SOLVED and unique:
            run.exclude(grid)
            second_status, second = run.next_solution()
            if second_status == INFEASIBLE:
                fields["unique"] = True
            elif second_status == SOLVED:
                fields.update(unique=False, second=second)
            else:
                fields["message"] = "; ".join([f"uniqueness unknown: the second solve ended with {second_status}"]
                                              + run.notes)
        result = run.result(status, grid, **fields)
    finally:
        run.close()
    result.seconds.update(extra_seconds)
    result.seconds["total"] = time.perf_counter() - start
    return result
