"""``SolutionFinder``: one verified solution of a puzzle after another.

The strategy between the whole model and the split search lives here, in one place.
The puzzle is reduced first (``futomip.reduction``, level from the options).  When the
kind can split what the reduction leaves (level "split"), the whole model gets the
split's ``root_slice`` seconds (some puzzles that defeat propagation are easy for the LP);
if that ends without an answer — or at once when ``root_slice`` is 0 — the sub-puzzles are
built and solved one after the other, each with the no-good rows of every grid found
before that its domains admit, until one has a solution or all are proved empty.  The
sub-puzzles are disjoint and together hold every solution, so uniqueness proofs and
enumeration stay exact.  Every grid is checked by the puzzle's independent ``verify``
before it is returned.

Must not import the CLI.
"""

from __future__ import annotations

import time
from typing import Callable

from .. import reduction, stopping
from ..backends.base import ADDITIVE_STATS
from ..errors import UnknownNameError, VerificationError
from ..kinds import kind_of
from ..puzzles import verify
from ..result import Result
from ..solvers import choose_pair, solver as solver_named
from ..status import INFEASIBLE, SOLVED, TIME_LIMIT
from .model_run import ModelRun

__all__ = ["SolutionFinder", "default_encoding"]


def default_encoding(puzzle, solver_name: str) -> str:
    """The encoding measured fastest with ``solver_name`` for the puzzle's kind."""
    encodings = kind_of(puzzle).model_module().ENCODINGS
    preferred = solver_named(solver_name).preferred_encodings.get(puzzle.kind)
    return preferred if preferred in encodings else encodings[0]


class SolutionFinder:
    """The solutions of ``puzzle`` under ``options`` within ``deadline``, one at a time."""

    def __init__(self, puzzle, options, deadline, progress: Callable[[str], None] | None = None,
                 writes: tuple[str, ...] = ()) -> None:
        start = time.perf_counter()
        # Checking the pair imports the backend and finds the solver: the "import" time.
        self.pair = choose_pair(options, puzzle.kind, writes)
        self.seconds = {"import": time.perf_counter() - start, "reduce": 0.0, "build": 0.0, "solve": 0.0}
        self.puzzle = puzzle
        self.options = options
        self.deadline = deadline
        encodings = kind_of(puzzle).model_module().ENCODINGS
        self.encoding = options.encoding or default_encoding(puzzle, self.pair.solver)
        if self.encoding not in encodings:
            raise UnknownNameError("encoding", self.encoding, list(encodings))
        self.found: list = []
        self.notes: list[str] = []
        self.stats: dict = {}
        self.last_message = ""
        start = time.perf_counter()
        # Reduction keeps every solution; under a time limit it may use half of what is left.
        self.domains = reduction.reduce(puzzle, options.reduce, deadline.fraction_end(0.5), progress)
        self.split = reduction.split(puzzle, self.domains, deadline.end, progress) \
            if options.reduce == "split" else None
        self.seconds["reduce"] += time.perf_counter() - start
        self._leaves = None
        self._out_of_time = ""
        self.globals_form = ""
        self.model: ModelRun | None = None
        if self.split is None or self._root_slice() > 0:
            self.model = self._build(self.domains)
        else:
            self._leaves = iter(self.split)

    def _root_slice(self) -> float:
        """The split's slice for the whole model; reading it may run the split's first search
        (a kind may search a little before deciding), so its time counts as "reduce"."""
        start = time.perf_counter()
        try:
            return self.split.root_slice
        finally:
            self.seconds["reduce"] += time.perf_counter() - start

    def _build(self, domains, bounded: bool = True) -> ModelRun | None:
        """A model on ``domains`` with a no-good row for each grid found so far that they
        admit; None if the time limit ran out while building it (``bounded``)."""
        try:
            model = ModelRun(self.puzzle, self.pair, self.encoding, self.options, domains, self.seconds,
                             self.deadline.end if bounded else None)
        except stopping.DeadlineReached as exc:
            self._out_of_time = str(exc)
            self._note(self._out_of_time)
            return None
        for number, grid in enumerate(self.found, start=1):
            if domains is None or domains.admits(grid):
                model.exclude(grid, number)
        self.globals_form = model.session.globals_form()
        return model

    def _drop_model(self) -> None:
        if self.model is not None:
            self.model.close()
            self.model = None

    def next_solution(self):
        """Solve on: ``(status, grid)``, the grid verified.

        Raises ``VerificationError`` if a solver's grid breaks a rule (a bug somewhere).
        """
        while True:
            if self._out_of_time:
                # Once a build ran out of time the search stops here: skipping that model and
                # going on would break the exactness of uniqueness proofs and enumeration.
                self.last_message = self._out_of_time
                return TIME_LIMIT, None
            if self.model is None:
                start = time.perf_counter()
                leaf = next(self._leaves, None)
                self.seconds["reduce"] += time.perf_counter() - start
                if leaf is None:
                    return self._search_ended()
                self.model = self._build(leaf)
                continue
            on_whole = self._leaves is None
            slice_ = self._root_slice() if on_whole and self.split is not None else None
            if slice_ == 0:
                self._leaves = iter(self.split)
                self._drop_model()
                continue
            raw = self.model.solve(self.deadline.within(slice_))
            self._count(raw.stats)
            self.last_message = raw.message
            if raw.status == SOLVED:
                self._note(raw.message)
                return SOLVED, self._checked(self.model.decode(raw.values))
            if on_whole and self.split is not None and raw.status == TIME_LIMIT and not self.deadline.expired:
                self._leaves = iter(self.split)
            elif raw.status != INFEASIBLE or self._leaves is None:
                self._note(raw.message)
                return raw.status, None
            self._drop_model()

    def _search_ended(self):
        if self.split.finished:
            return INFEASIBLE, None
        self.last_message = f"time limit reached in the split search ({self.split.nodes} nodes)"
        self._note(self.last_message)
        return TIME_LIMIT, None

    def _checked(self, grid):
        problems = verify(self.puzzle, grid)
        if problems:
            raise VerificationError(problems)
        return grid

    def _count(self, stats: dict) -> None:
        for key, value in stats.items():
            self.stats[key] = self.stats.get(key, 0) + value if key in ADDITIVE_STATS else value
        if stats:
            self.stats["solves"] = self.stats.get("solves", 0) + 1

    def _note(self, message: str) -> None:
        """Keep a solver remark for the result, once."""
        if message and message not in self.notes:
            self.notes.append(message)

    def exclude(self, grid) -> None:
        """Cut off ``grid`` so that the next solve must find another one."""
        self.found.append(grid)
        if self.model is not None:
            self.model.exclude(grid, len(self.found))

    def rebuild(self) -> None:
        """Load the current model into a fresh backend session (``ModelRun.reconnect``)."""
        if self.model is not None:
            self.model.reconnect()

    def write(self, path: str, file_format: str) -> float:
        """Write the whole (reduced) puzzle's model with the backend's writer; the seconds spent."""
        start = time.perf_counter()
        model = self.model if self.model is not None and self._leaves is None else \
            self._build(self.domains, bounded=False)
        try:
            model.write(path, file_format)
        finally:
            if model is not self.model:
                model.close()
        return time.perf_counter() - start

    def result(self, status: str, grid=None, **fields) -> Result:
        reduction_summary = None
        if self.domains is not None:
            reduction_summary = {"level": self.options.reduce, **self.domains.summary()}
            reduction_summary["search"] = None if self._leaves is None else self.split.summary()
        message = fields.pop("message", "") or "; ".join(self.notes)
        return Result(self.puzzle, status, grid, self.pair.backend, self.pair.solver, self.encoding,
                      dict(self.seconds), message, reduction=reduction_summary, stats=dict(self.stats) or None,
                      globals=self.globals_form, **fields)

    def close(self) -> None:
        self._drop_model()
