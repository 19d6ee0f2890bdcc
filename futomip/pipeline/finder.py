"""``SolutionFinder``: one verified solution of a puzzle after another.

The configuration (pair and reduction level) is the measured default for the kind where
the options leave it open (``futomip.solvers.defaults``).  The puzzle is reduced first
(``futomip.reduction``).  When the kind can split what the reduction leaves (level
"split"), two sides look for each next solution under the schedule of
``futomip.pipeline.schedule``: the split search, whose sub-puzzles (leaves) are built and
solved one after the other in this process (a leaf that fixes every cell is a grid: checked
and taken without a model), and the solver on the whole reduced model in a
worker process (``futomip.pipeline.whole_model``); the first answer wins.  Both sides get
the no-good row of every grid found before (a leaf only those its domains admit).  The
leaves are disjoint and together hold every solution, and the whole model holds every
solution, so either side's "no other solution" is exact and uniqueness proofs and
enumeration stay exact.  Every grid is checked by the puzzle's independent ``verify``
before it is returned.

Without a split, an enumeration asks a solver that lists solutions in one run (CP-SAT's
``enumerate_all_solutions``) for the rest from the third solution on: a run that ends its
enumeration has listed every solution of the model as it stood (every grid found before cut
off), so once the listed grids not found before are taken there is none left; a run stopped
earlier (its pool full, its share of the time spent) is followed by another one.

Must not import the CLI.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable

from .. import reduction, stopping
from ..backends.base import ADDITIVE_STATS
from ..errors import UnknownNameError, UsageError, VerificationError
from ..kinds import kind_of
from ..puzzles import verify
from ..result import Result
from ..solvers import check_request, solver as solver_named, wanted_capabilities
from ..solvers.defaults import configuration
from ..status import INFEASIBLE, SOLVED, TIME_LIMIT
from . import latin_relaxation, schedule, whole_model
from .found import FoundGrids
from .model_run import ModelRun, check_size_before_reduction
from .second_search import SecondSearchWorker

__all__ = ["SolutionFinder", "default_encoding", "impossible_message", "LISTING_BYTES", "LISTING_SHARE"]

LISTING_BYTES = 50_000_000
"""About how much memory one listing run's solutions may take (4 bytes a column each): an
enumeration asks a solver that lists solutions (CP-SAT) for that many in one run."""

LISTING_SHARE = 0.5
"""The share of the time left that a listing run may take: the rest is for taking the
solutions it lists (in Python, about half as long a solution as CP-SAT takes to list one)."""


def impossible_message(contradiction: str) -> str:
    """The note of a puzzle whose reduction found ``contradiction`` (a constraint in the
    puzzle's terms, "row 1") impossible; the sat route (``methods.sat``) says the same."""
    return f"no solution: the reduction found {contradiction} impossible"


def default_encoding(puzzle, solver_name: str) -> str:
    """The encoding measured fastest with ``solver_name`` for the puzzle's kind."""
    encodings = kind_of(puzzle).model_module().ENCODINGS
    preferred = solver_named(solver_name).preferred_encodings.get(puzzle.kind)
    return preferred if preferred in encodings else encodings[0]


def default_globals(puzzle, pair) -> str | None:
    """The form of the global constraints measured best for the puzzle's kind with ``pair``'s
    solver where its layer builds native ones (``Solver.preferred_globals``), else None."""
    if not pair.capabilities.native_globals:
        return None
    return solver_named(pair.solver).preferred_globals.get(puzzle.kind)


def globals_reason(puzzle, pair, options) -> str:
    """What the configuration's reason adds when ``default_globals`` chose the form of the
    global constraints (nothing when ``--globals`` was given or the pair builds none)."""
    if options.globals is not None or default_globals(puzzle, pair) != "native":
        return ""
    return (f"; {pair.solver}'s own global constraints for {puzzle.kind}, measured better beside the split "
            "(benchmarks/globals_ab.py, 2026-11-29)")


class SolutionFinder:
    """The solutions of ``puzzle`` under ``options`` within ``deadline``, one at a time."""

    def __init__(self, puzzle, options, deadline, progress: Callable[[str], None] | None = None,
                 writes: tuple[str, ...] = (), wanted: int | None = None, listing: bool = True) -> None:
        """``wanted``: how many solutions the caller takes at most (an enumeration's limit; None:
        all); ``listing`` False makes one solve per solution also where CP-SAT would list them."""
        start = time.perf_counter()
        # Checking the pair imports the backend and finds the solver: the "import" time.
        chosen = configuration(puzzle.kind, options.backend, options.solver, options.reduce,
                               wanted_capabilities(options, writes))
        self.pair, self.level = chosen.pair, chosen.reduce
        self.reason = chosen.reason + globals_reason(puzzle, self.pair, options)
        check_request(self.pair, options, writes)
        self.seconds = {"import": time.perf_counter() - start, "reduce": 0.0, "build": 0.0, "solve": 0.0}
        self.puzzle = puzzle
        form = None if options.globals is not None else default_globals(puzzle, self.pair)
        if form is not None:
            # As the encoding: the form measured best for the kind with this solver (the result's
            # ``globals`` says which was built).
            options = replace(options, globals=form)
        self.options = options
        self.deadline = deadline
        encodings = kind_of(puzzle).model_module().ENCODINGS
        self.encoding = options.encoding or default_encoding(puzzle, self.pair.solver)
        if self.encoding not in encodings:
            raise UnknownNameError("encoding", self.encoding, list(encodings))
        check_size_before_reduction(puzzle, kind_of(puzzle).model_module(), options.max_columns)
        self.found = FoundGrids()  # shared with the whole-model worker, which reads it by position
        self._verified = None  # the last grid the search side took, checked by ``verify`` there
        self.notes: list[str] = []
        self.stats: dict = {}
        self.last_message = ""
        self.worker: whole_model.WholeModelWorker | None = None
        mode = schedule.choose(options.schedule, options.threads) if self.level == "split" else None
        early = self._early_worker(puzzle, mode)
        try:
            self._prepare(puzzle, options, deadline, progress, wanted, listing, mode, early)
        finally:
            if early is not None and early is not self.worker:
                early.close()  # the reduction settled the puzzle, or failed: not needed

    def _early_worker(self, puzzle, mode: str | None) -> whole_model.WholeModelWorker | None:
        """Side by side, a worker whose model is the puzzle as given
        (``Solver.whole_model_as_given_for``) needs nothing from the reduction: it starts at
        once, so that it imports its solver and builds while this process reduces and sets up
        the split search (0.1-0.3 s of a Latin completion's first answer in a fresh command).
        None where the worker would wait for the reduction, or not run."""
        if mode != "parallel" or puzzle.kind in solver_named(self.pair.solver).second_search_for \
                or not whole_model.available(self.pair.backend, self.pair.solver):
            return None
        given = self._as_given(puzzle)
        if given is None:
            return None
        worker = whole_model.WholeModelWorker(puzzle, self.pair, self.encoding, self.options, given,
                                              self.deadline.end, self.found)
        worker.resume()
        return worker

    def _prepare(self, puzzle, options, deadline, progress, wanted, listing, mode, early) -> None:
        """The reduction, the split search and its schedule's worker (``early`` if started)."""
        start = time.perf_counter()
        # Reduction keeps every solution; under a time limit it may use half of what is left.
        self.domains = reduction.reduce(puzzle, self.level, deadline.fraction_end(0.5), progress)
        self.split = reduction.split(puzzle, self.domains, deadline.end, progress) \
            if self.level == "split" else None
        if hasattr(self.split, "restart_policy"):
            # The Latin search's restarts (latin_restarts): the command's, else the kind's default.
            self.split.restart_policy = options.restart_policy_for(puzzle.kind)
        elif options.restart_policy.on:
            self._note(f"restarts {options.restart_policy} unused: only the Latin split search restarts, and this "
                       f"run makes none (level {self.level}{'' if self.level == 'split' else '; --reduce split'})")
        if options.schedule is not None and self.level != "split":
            # As for --restarts: said, since the option has no effect (it orders the split's turns).
            self._note(f"schedule {options.schedule} unused: only the split shares its time with a solver "
                       f"(level {self.level}; --reduce split)")
        if hasattr(self.split, "relaxation") and latin_relaxation.available():
            # The Latin search dives on the LP relaxation once it has worked a while (latin_dive).
            self.split.relaxation = latin_relaxation.Relaxation
        self.seconds["reduce"] += time.perf_counter() - start
        self._out_of_time = ""
        # Solutions a solver listed beyond the one it returned (``_solve_whole``), and whether
        # they were all the model's; each is checked and taken only if not found before.
        self._listed = iter(())
        self._listed_all = False
        self.wanted, self.listing = wanted, listing
        self.globals_form = ""
        self._leaves = None
        self.model: ModelRun | None = None
        self.turns: schedule.Turns | None = None
        # At the split level (the default) a reduction that fixed every cell leaves one grid:
        # it is taken without a model, as the split's whole-grid leaves are, so a puzzle the
        # reduction settles never builds a model nor starts a solver.  Other levels keep theirs.
        self._settled = self.domains.solution() \
            if self.level == "split" and self.split is None and hasattr(self.domains, "solution") else None
        # Likewise a reduction that found a constraint impossible leaves no grid: the puzzle has
        # no solution, and the note names that constraint in the puzzle's terms (a model would
        # only report its first violated row).
        self._impossible = getattr(self.domains, "contradiction", None) \
            if self.level == "split" and self.split is None else None
        if self._impossible is not None:
            # As the reduction's summary names it (a nonogram's own is a 0-based (kind, index)).
            self._impossible = self.domains.summary().get("contradiction") or self._impossible
        if self.split is None:
            if self._settled is None and self._impossible is None:
                self.model = self._build(self.domains)
            return
        if mode == "solver" and not whole_model.available(self.pair.backend, self.pair.solver):
            raise UsageError(f"--schedule solver needs the solver on the whole model in a worker, which "
                             f"{self.pair.backend}/{self.pair.solver} cannot run; use --reduce probing instead")
        worker, built_on = "model", "reduced"
        if mode == "parallel" and puzzle.kind in solver_named(self.pair.solver).second_search_for \
                and whole_model.available(self.pair.backend, self.pair.solver) \
                and (other_path := self.split.another_path()) is not None:
            # Measured better on the free core than this solver on the whole model (second_search).
            self.worker = SecondSearchWorker(other_path, puzzle, self.pair, self.encoding, options, self.domains,
                                             deadline.end, self.found)
            worker = "search"
        elif early is not None:
            self.worker, built_on = early, "as given"
        elif mode != "search" and whole_model.available(self.pair.backend, self.pair.solver):
            domains, built_on = self._worker_domains(puzzle)
            self.worker = whole_model.WholeModelWorker(puzzle, self.pair, self.encoding, options, domains,
                                                       deadline.end, self.found)
        else:
            mode = "search"
        self.turns = schedule.Turns(mode, worker=worker, model=built_on)
        # The search's own waits (the dive's LP) may run beside it unless it takes turns on one core.
        self.split.others_beside = mode != "sequential"
        self._leaves = self.split.search()

    def _worker_domains(self, puzzle) -> tuple:
        """The domains of the whole model beside the split search and what they are: the
        reduced ones, or the puzzle as given where the solver's own propagation is measured the
        better start (``Solver.whole_model_as_given_for``)."""
        given = self._as_given(puzzle)
        return (given, "as given") if given is not None else (self.domains, "reduced")

    def _as_given(self, puzzle):
        """The puzzle's domains as given where this solver's whole model is built on them
        (``Solver.whole_model_as_given_for``), else None."""
        if puzzle.kind not in solver_named(self.pair.solver).whole_model_as_given_for:
            return None
        return reduction.as_given(puzzle)

    def _build(self, domains, bounded: bool = True) -> ModelRun | None:
        """A model on ``domains`` with a no-good row for each grid found so far that they
        admit; None if the time limit ran out while building it (``bounded``)."""
        try:
            model = ModelRun(self.puzzle, self.pair, self.encoding, self.options, domains, self.seconds,
                             self.deadline.end if bounded else None)
        except stopping.DeadlineReached as exc:
            self._out_of_time = str(exc)
            self._note(self._out_of_time)
            stopping.keep_until_exit(exc)  # the half-built model it holds is not freed now
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
        if self.split is None:
            return self._solve_whole()
        search = None if self.turns.mode == "solver" else self
        answer, _ = schedule.run(self.turns.mode, search, self.worker, quantum=schedule.QUANTUM, turns=self.turns)
        if self.turns.answered_by == "solver" and answer is not None:
            self.turns.worker_side = self.worker.answered_side
            self._count(self.worker.stats)
            self._note(self.worker.message)
            self.globals_form = self.globals_form or self.worker.globals_form
        if answer is None:
            if self.worker is not None and self.worker.message and "solver" in self.turns.gave_up:
                self._note(self.worker.message)
            self.last_message = self._out_of_time or self.last_message
            return TIME_LIMIT, None
        status, grid = answer
        return (SOLVED, self._checked(grid)) if status == SOLVED else (status, None)

    def _solve_whole(self):
        if self._impossible is not None:
            self.last_message = impossible_message(self._impossible)
            self._note(self.last_message)
            return INFEASIBLE, None
        if self._settled is not None:
            # The one grid the domains admit: the answer if it keeps every rule and is new,
            # else there is none (exact: the reduction keeps every solution).
            grid = self._settled
            if self._seen(grid) or verify(self.puzzle, grid):
                return INFEASIBLE, None
            return SOLVED, grid
        if self._out_of_time or self.model is None:
            self.last_message = self._out_of_time
            return TIME_LIMIT, None
        for values in self._listed:
            if self.deadline.expired:
                self.last_message = "the time limit ran out while taking the solutions CP-SAT listed"
                return TIME_LIMIT, None
            grid = self.model.decode(values)
            if not self._seen(grid):
                return SOLVED, self._checked(grid)
        if self._listed_all:
            # The run that listed them had every solution the model has: none is left.
            return INFEASIBLE, None
        pool, left = self._pool(), self.deadline.within(None)
        # A listing run leaves time to take what it lists (decode, verify, no-good rows).
        raw = self.model.solve(left if not pool or left is None else left * LISTING_SHARE, pool=pool)
        if pool and raw.status == TIME_LIMIT and not self.deadline.expired:
            self._count(raw.stats)  # nothing listed within its share: the rest for one solution
            raw = self.model.solve(self.deadline.within(None))
        self._count(raw.stats)
        self.last_message = raw.message
        self._note(raw.message)
        if raw.status == SOLVED:
            self._listed, self._listed_all = iter(raw.more), raw.exhausted
            return SOLVED, self._checked(self.model.decode(raw.values))
        return raw.status, None

    def _pool(self) -> int:
        """How many more solutions to ask of a solver that lists them in one run: none for a
        first solution or a uniqueness proof; from the third solution on (an enumeration) as
        many as the caller still wants, at most about ``LISTING_BYTES`` of them."""
        if len(self.found) < 2 or not self.listing:
            return 0
        most = max(64, LISTING_BYTES // (4 * max(1, self.model.formulation.model.num_vars)))
        return most if self.wanted is None else max(0, min(most, self.wanted - len(self.found) - 1))

    def step(self, until: float):
        """The search side of the schedule: search and solve leaves until ``until`` (a
        ``perf_counter`` reading); ``(status, grid)`` when it settles, None when paused,
        ``schedule.GAVE_UP`` when out of time."""
        # A stop whose Stopped was swallowed (a C extension initialising when it came, a
        # finaliser) is still requested: each turn ends the command then.
        stopping.check()
        while True:
            if self._out_of_time:
                # Once a build ran out of time the search stops here: skipping that model and
                # going on would break the exactness of uniqueness proofs and enumeration.
                self.last_message = self._out_of_time
                return schedule.GAVE_UP
            if self.model is None:
                start = time.perf_counter()
                self.split.pause_at = until
                leaf = next(self._leaves, False)
                self.seconds["reduce"] += time.perf_counter() - start
                if leaf is None:
                    return None
                if leaf is False:
                    return self._search_ended()
                grid = leaf.solution() if hasattr(leaf, "solution") else None
                if grid is None:
                    self.model = self._build(leaf)
                    continue
                # A leaf with every cell fixed admits one grid: no model needed.  Taken when it
                # keeps every rule and is new (a grid found before, by the solver side, is
                # excluded as the leaf's model would exclude it); else the leaf holds nothing.
                if not self._seen(grid) and not verify(self.puzzle, grid):
                    self._verified = grid
                    return SOLVED, grid
                if time.perf_counter() >= until:
                    return None
                continue
            raw = self.model.solve(self.deadline.within(None))
            self._count(raw.stats)
            self.last_message = raw.message
            if raw.status == SOLVED:
                self._note(raw.message)
                return SOLVED, self.model.decode(raw.values)
            if raw.status != INFEASIBLE:
                self._note(raw.message)
                return schedule.GAVE_UP
            self._drop_model()
            if time.perf_counter() >= until:
                return None

    def _seen(self, grid) -> bool:
        return grid in self.found

    def _search_ended(self):
        if self.split.finished:
            return INFEASIBLE, None
        self.last_message = f"time limit reached in the split search ({self.split.nodes} nodes)"
        self._note(self.last_message)
        return schedule.GAVE_UP

    def _checked(self, grid):
        if grid is self._verified:
            return grid  # a leaf's grid, verified when the search side took it
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
        except OSError as exc:
            # PuLP, Pyomo and OR-Tools open the file themselves: the same message for all of them.
            raise UsageError(f"{path}: the {file_format.upper()} file cannot be written there "
                             f"({exc.strerror or exc})") from None
        finally:
            if model is not self.model:
                model.close()
        return time.perf_counter() - start

    def result(self, status: str, grid=None, **fields) -> Result:
        reduction_summary = None
        if self.domains is not None:
            reduction_summary = {"level": self.level, **self.domains.summary()}
            reduction_summary["search"] = None
        if self.split is not None:
            self.split.root_slice, self.split.first_search = self.turns.solver_seconds, self.turns.first_search
            reduction_summary["search"] = self.split.summary()
        message = fields.pop("message", "") or "; ".join(self.notes)
        return Result(self.puzzle, status, grid, self.pair.backend, self.pair.solver, self.encoding,
                      dict(self.seconds), message, reduction=reduction_summary, stats=dict(self.stats) or None,
                      globals=self.globals_form, configuration=self.reason, schedule=self._schedule_summary(), **fields)

    def _schedule_summary(self) -> dict | None:
        """The JSON ``schedule`` object: None when nothing was split (one model, one solve)."""
        return None if self.turns is None else self.turns.summary()

    def close(self) -> None:
        self._drop_model()
        if self.worker is not None:
            self.worker.close()
