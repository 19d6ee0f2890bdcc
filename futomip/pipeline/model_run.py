"""``ModelRun``: one model (a whole puzzle or one sub-puzzle) on one (layer, solver) pair.

It formulates the puzzle on the given domains (``models/``), checks the size against the
memory guard, loads it into the backend (``futomip.backends``), and then solves, takes
no-good rows that cut off grids found before, and writes LP/MPS files.  Time spent is
added to the caller's ``seconds`` ("build", "solve").

Must not import the CLI.
"""

from __future__ import annotations

import time

from .. import stopping
from ..backends import backend_module
from ..errors import ModelTooLargeError
from ..kinds import kind_of
from ..linear import Constraint
from ..solvers import solver as solver_named

__all__ = ["ModelRun", "check_size", "check_size_before_reduction"]


class ModelRun:
    """The model of ``puzzle`` on ``domains`` (None: unreduced), loaded for ``pair``."""

    def __init__(self, puzzle, pair, encoding: str, options, domains, seconds: dict,
                 deadline_end: float | None = None) -> None:
        """Raises ``stopping.DeadlineReached`` if building runs past ``deadline_end``."""
        self.seconds = seconds
        start = time.perf_counter()
        module = kind_of(puzzle).model_module()
        check_size(puzzle, module, options.max_columns)
        self.pair, self.options = pair, options
        self.cut_rows: list[Constraint] = []
        self.session = None
        try:
            with stopping.deadline_bound(deadline_end):
                self.formulation = module.formulate(puzzle, encoding) if domains is None else \
                    module.formulate(puzzle, encoding, domains)
                self.session = self._open_session()
        except stopping.DeadlineReached:
            if self.session is not None:
                self.session.close()
            raise
        finally:
            self.seconds["build"] += time.perf_counter() - start

    def _open_session(self):
        return backend_module(self.pair.backend).open_session(self.formulation.model, solver_named(self.pair.solver),
                                                              self.options)

    def reconnect(self) -> None:
        """Load the model into a fresh backend session with every cut so far (what a
        non-persistent interface does on each solve); used to measure what incremental
        solving saves."""
        start = time.perf_counter()
        self.session.close()
        self.session = self._open_session()
        for con in self.cut_rows:
            self.session.add_constraint(con)
        self.seconds["build"] += time.perf_counter() - start

    def exclude(self, grid, number: int) -> None:
        """Add the no-good row ``exclude(number)`` that cuts off ``grid``."""
        start = time.perf_counter()
        terms, sense, rhs = self.formulation.exclude(grid)
        con = Constraint(f"exclude({number})", tuple(terms), sense, rhs, "exclude", (number,))
        self.cut_rows.append(con)
        self.session.add_constraint(con)
        self.seconds["build"] += time.perf_counter() - start

    def solve(self, time_limit: float | None, pool: int = 0):
        """One solve (``futomip.backends.RawSolution``); its seconds count as "solve".
        ``pool``: up to that many further solutions in the same run, where the solver lists them."""
        raw = self.session.solve(time_limit, pool)
        self.seconds["solve"] += raw.seconds
        return raw

    def decode(self, values):
        return self.formulation.decode(values)

    def write(self, path: str, file_format: str) -> None:
        self.session.write(str(path), file_format)

    def close(self) -> None:
        self.session.close()


def check_size_before_reduction(puzzle, module, limit: int | None) -> None:
    """For boards with a grid of givens (the Latin family: Futoshiki, Latin, Sudoku, Killer,
    Adjacent; and Str8ts), ``check_size`` before the reduction.  An empty 200x200 Futoshiki
    spent its whole time limit (30 s and more) in the reduction, whose passes cost about n^3
    there too, and only then met the guard in the solver's worker, ending with ``time_limit``
    where ``--reduce none`` refused it at once.  The price: a board over the guard that the
    reduction alone would settle is refused too (raising ``--max-columns`` gives it its
    chance).  Nonograms meet the guard when built: their line reductions are fast and often
    settle large pictures."""
    if isinstance(getattr(puzzle, "givens", None), tuple):
        check_size(puzzle, module, limit)


def check_size(puzzle, module, limit: int | None) -> None:
    """Refuse, before anything is built, a model with more binary columns than ``limit``."""
    estimate = getattr(module, "column_estimate", None)
    if limit is None or estimate is None:
        return
    columns = estimate(puzzle)
    if columns > limit:
        raise ModelTooLargeError(
            f"the model of this {puzzle.kind} would have about {columns:,} binary columns, more than the "
            f"memory guard's {limit:,} (roughly 1 GB of model objects per million columns in PuLP or Pyomo); "
            "raise the guard with --max-columns N (or max_columns=N in the Python API) if this machine has the memory"
        )
