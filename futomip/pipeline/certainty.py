"""Certainty about a puzzle in the Python API: every solution, and why an infeasible one is.

    for grid in futomip.solutions(puzzle, limit=10): ...
    result = futomip.enumerate_all(puzzle)           # result.solutions, result.complete
    futomip.explain(infeasible_puzzle).conflict      # an irreducible set of clashing clues

Enumeration keeps one built model and adds a no-good row after each solution, so a
backend that can extend a live model (highspy, Pyomo's persistent HiGHS) rebuilds nothing;
a solver that lists solutions in one run (CP-SAT) is asked for the rest from the third on
(``SolutionFinder``).
The work is done by the pipeline (``futomip.pipeline``); this module gives it keyword form.

Must not import the CLI.
"""

from __future__ import annotations

from typing import Callable, Iterator

from ..errors import UsageError
from ..kinds import kind_of
from ..options import Deadline, Options
from .tasks import Task, run
from .finder import SolutionFinder
from ..result import Result
from ..status import SOLVED

__all__ = ["Enumeration", "solutions", "enumerate_all", "explain"]

_KEYWORDS = ("backend", "solver", "encoding", "reduce", "time_limit", "threads", "seed", "verbose", "schedule",
             "restarts")


def _options(options: Options | None, keywords: dict) -> Options:
    unknown = set(keywords) - set(_KEYWORDS)
    if unknown:
        raise TypeError(f"unknown option(s) {', '.join(sorted(unknown))}; valid: {', '.join(_KEYWORDS)}")
    return options if options is not None else Options(**keywords)


class Enumeration:
    """An iterator over the solutions of a puzzle, one solve per solution.

    ``rebuild`` loads the model into a fresh backend session before each solve instead of
    adding the cut to the live one; it exists to measure what incremental solving saves (and
    so makes one solve per solution also where CP-SAT would list the rest in one run).
    After iteration ``complete`` says whether every solution was found.
    """

    def __init__(self, puzzle, limit: int | None = None, rebuild: bool = False, options: Options | None = None,
                 progress: Callable[[str], None] | None = None, **keywords) -> None:
        kind_of(puzzle)  # a path or a grid where a puzzle belongs: a UsageError saying so
        self.options = _options(options, keywords)
        self.limit = limit
        self.rebuild = rebuild
        # A rebuilt model before each solve measures one solve a solution: no listing then.
        self.finder = SolutionFinder(puzzle, self.options, Deadline(self.options.time_limit), progress,
                                     wanted=limit, listing=not rebuild)
        self.found: list = []
        self.complete = False

    def __iter__(self) -> Iterator:
        try:
            while self.limit is None or len(self.found) < self.limit:
                status, grid = self.finder.next_solution()
                if status != SOLVED:
                    self.complete = status == "infeasible"
                    return
                self.found.append(grid)
                yield grid
                self.finder.exclude(grid)
                if self.rebuild:
                    self.finder.rebuild()
        finally:
            self.finder.close()


def solutions(puzzle, limit: int | None = None, **options) -> Iterator:
    """Every solution of ``puzzle`` (at most ``limit``, a whole number >= 1, as ``--limit``
    takes), one by one, each verified."""
    _check_limit(limit)
    return iter(Enumeration(puzzle, limit, **options))


def _check_limit(limit) -> None:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise UsageError(f"limit must be a whole number >= 1 (or None: every solution), not {limit!r}")


def enumerate_all(puzzle, limit: int | None = None, on_solution: Callable | None = None,
                  progress: Callable[[str], None] | None = None, options: Options | None = None,
                  deadline: Deadline | None = None, **keywords) -> Result:
    """Enumerate (up to ``limit``) and return a ``Result`` with ``solutions`` and ``complete``.

    ``on_solution(k, grid)`` is called as each solution is found.  A Ctrl-C ends the
    enumeration; the result then says what was found.
    """
    _check_limit(limit)
    return run(puzzle, Task("all", limit=limit), _options(options, keywords), deadline, progress, on_solution)


def explain(puzzle, progress: Callable[[str], None] | None = None, options: Options | None = None,
            deadline: Deadline | None = None, **keywords) -> Result:
    """Find an irreducible set of clues that cannot all hold, when ``puzzle`` is infeasible.

    The result has status "solved" (nothing to explain: ``message`` says so), "infeasible"
    with ``conflict`` (the clues) or "time_limit"/"error" when the search could not finish
    (then ``conflict`` holds the smallest infeasible clue set established so far, which is
    infeasible but not proven irreducible).  ``progress`` receives "testing clue k/N".
    """
    return run(puzzle, Task("explain"), _options(options, keywords), deadline, progress)
