"""Certainty about a puzzle: enumerate all its solutions, and explain infeasible ones.

Enumeration keeps one built model and adds a no-good row after each solution, so a
backend that can extend a live model (highspy, Pyomo's persistent HiGHS) does not rebuild
anything.  Explanation is a deletion filter over the puzzle's clues: a clue is dropped
whenever the puzzle stays infeasible without it, so what remains is irreducible (dropping
any one clue makes it feasible), because feasibility only grows as clues are removed.

Must not import the CLI.
"""

from __future__ import annotations

import time
from typing import Callable, Iterator

from . import puzzles
from .backends import INFEASIBLE, SOLVED, TIME_LIMIT, SolveOptions
from .solve import Deadline, PuzzleSession, Result

__all__ = ["Enumeration", "solutions", "enumerate_all", "explain"]


class Enumeration:
    """An iterator over the solutions of a puzzle, one solve per solution.

    ``rebuild`` builds the backend model afresh before each solve instead of adding the cut
    to the live one; it exists to measure what incremental solving saves.  ``reduce`` is
    the domain-reduction level (``futomip.reduction.LEVELS``).

    After iteration ``complete`` says whether every solution was found (the last solve
    proved no other exists) and ``status`` how the last solve ended.
    """

    def __init__(self, puzzle, limit: int | None = None, backend: str | None = None, solver: str | None = None,
                 encoding: str | None = None, time_limit: float | None = None, threads: int | None = None,
                 verbose: bool = False, seed: int | None = None, rebuild: bool = False,
                 reduce: str = "split", progress: Callable[[str], None] | None = None) -> None:
        self.puzzle = puzzle
        self.limit = limit
        self.rebuild = rebuild
        self.options = SolveOptions(time_limit, threads, verbose, seed)
        self.deadline = Deadline(time_limit)
        self.run = PuzzleSession(puzzle, backend, solver, encoding, self.options, self.deadline, reduce, progress)
        self.found: list = []
        self.complete = False
        self.status = ""

    def __iter__(self) -> Iterator:
        try:
            while self.limit is None or len(self.found) < self.limit:
                status, grid = self.run.next_solution()
                self.status = status
                if status != SOLVED:
                    self.complete = status == INFEASIBLE
                    return
                self.found.append(grid)
                yield grid
                self.run.exclude(grid)
                if self.rebuild:
                    self.run.rebuild()
            # The limit stopped the search, so whether more exist is not known.
            self.complete = False
        finally:
            self.run.close()

    def result(self) -> Result:
        """The enumeration so far as a ``Result`` (status solved once one solution exists)."""
        if self.found:
            status = SOLVED
        elif self.status == INFEASIBLE:
            status = INFEASIBLE
        else:
            status = self.status or TIME_LIMIT
        unique = None
        if self.complete or len(self.found) > 1:
            unique = len(self.found) == 1
        message = ""
        if not self.complete and self.status not in (SOLVED, INFEASIBLE, ""):
            message = f"stopped by {self.status}" + (f" ({self.run.last_message})" if self.run.last_message else "")
        elif not self.complete:
            message = f"stopped at the limit of {self.limit} solutions"
        return self.run.result(status, self.found[0] if self.found else None, solutions=list(self.found),
                               complete=self.complete, unique=unique, message=message)


def solutions(puzzle, limit: int | None = None, **options) -> Iterator:
    """Every solution of ``puzzle`` (at most ``limit``), one by one, each verified."""
    return iter(Enumeration(puzzle, limit, **options))


def enumerate_all(puzzle, limit: int | None = None, on_solution: Callable | None = None, **options) -> Result:
    """Enumerate (up to ``limit``) and return a ``Result`` with ``solutions`` and ``complete``.

    ``on_solution(k, grid)`` is called as each solution is found, so callers can show
    progress.  A Ctrl-C ends the enumeration; the result then says what was found.
    """
    start = time.perf_counter()
    enumeration = Enumeration(puzzle, limit, **options)
    interrupted = False
    try:
        for grid in enumeration:
            if on_solution is not None:
                on_solution(len(enumeration.found), grid)
    except KeyboardInterrupt:
        interrupted = True
    result = enumeration.result()
    if interrupted:
        result.message = "interrupted (Ctrl-C)"
    result.seconds["total"] = time.perf_counter() - start
    return result


def explain(puzzle, backend: str | None = None, solver: str | None = None, encoding: str | None = None,
            time_limit: float | None = None, threads: int | None = None, verbose: bool = False,
            seed: int | None = None, progress: Callable | None = None, reduce: str = "split") -> Result:
    """Find an irreducible set of clues that cannot all hold, when ``puzzle`` is infeasible.

    The result has status "solved" (nothing to explain: ``message`` says so), "infeasible"
    with ``conflict`` (the clues) or "time_limit"/"error" when the search could not finish
    (then ``conflict`` holds the smallest infeasible clue set established so far, which is
    infeasible but not proven irreducible).  ``progress(done, total)`` reports the filter.
    """
    start = time.perf_counter()
    module = puzzles.PUZZLE_MODULES[puzzle.kind]
    options = SolveOptions(time_limit, threads, verbose, seed)
    deadline = Deadline(time_limit)
    totals = {"import": 0.0, "reduce": 0.0, "build": 0.0, "solve": 0.0}

    def feasibility(candidate) -> tuple[str, PuzzleSession]:
        run = PuzzleSession(candidate, backend, solver, encoding, options, deadline, reduce)
        try:
            status, _ = run.next_solution()
        finally:
            run.close()
        for key in totals:
            totals[key] += run.seconds[key]
        return status, run

    status, run = feasibility(puzzle)

    def finish(result_status: str, conflict, message: str) -> Result:
        result = run.result(result_status, None, conflict=conflict, message=message)
        result.seconds.update(totals)
        result.seconds["total"] = time.perf_counter() - start
        return result

    if status == SOLVED:
        return finish(SOLVED, None, "the puzzle has a solution: there is no conflict to explain")
    if status != INFEASIBLE:
        return finish(status, None, f"could not decide feasibility: {run.last_message or status}")
    clash = module.grid_clash(puzzle)
    if clash:
        return finish(INFEASIBLE, clash, "the givens alone break the grid rules: " + "; ".join(c.text for c in clash))
    keep = list(module.clues(puzzle))
    total = len(keep)
    for done, clue in enumerate(list(keep), start=1):
        trial = [other for other in keep if other != clue]
        trial_status, _ = feasibility(module.restrict(puzzle, trial))
        if progress is not None:
            progress(done, total)
        if trial_status == INFEASIBLE:
            keep = trial
        elif trial_status != SOLVED:
            return finish(trial_status, keep, f"search stopped ({trial_status}); these {len(keep)} clues conflict "
                          "but may not be irreducible")
    return finish(INFEASIBLE, keep, f"{len(keep)} clues cannot all hold; dropping any one of them leaves a solvable puzzle")
