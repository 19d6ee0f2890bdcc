"""The LP relaxation of a Latin-family board's assignment formulation, on highspy, for dives.

Variables x[c,v] in [0, 1] for each open cell c of the root masks and each value v left in
its mask; rows

    sum_v x[c,v] = 1                 for each open cell c
    sum_{c in g} x[c,v] = 1          for each group g and each value v some open cell of g
                                     still admits (the fixpoint has taken the values of
                                     g's fixed cells out of its open cells)

and objective 0 (any vertex of the polytope; Gomes and Shmoys' observation is that its
vertices are mostly integral on completion problems).  The signs of a Futoshiki are left
out: a relaxation of the relaxation, still a relaxation.  The model is built once on the
root masks; ``method`` "simplex" (for dives) or "ipm" (interior point without crossover:
marginals near the centre of the optimal face, for the value order; on order-30 QWH 0.26 s
against 1.7 s for the simplex).  Each ``solve(masks)`` only moves column bounds (a value a mask has lost: upper
bound 0; a fixed cell: lower bound 1), so HiGHS' dual simplex starts from the last basis.

Used by ``futomip.reduction.latin_dive`` through ``latin_split.Split.relaxation``: the
reduction stays solver-independent and the pipeline brings the LP.  Must not import the CLI.
"""

from __future__ import annotations

import time

from ..solvers.highs import new_highs, pass_arrays, run_highs

__all__ = ["Relaxation", "available"]


def available() -> bool:
    """Whether highspy (a base dependency) can be imported here."""
    try:
        import highspy  # noqa: F401
    except ImportError:
        return False
    return True


class Relaxation:
    """The relaxation of ``board`` on the root ``masks`` (see the module text); ``solve`` stops
    at ``stop_at`` (a ``perf_counter`` reading) and answers None then, or when infeasible."""

    def __init__(self, board, masks, stop_at: float | None = None, method: str = "simplex") -> None:
        import highspy
        import numpy as np

        self.stop_at = stop_at
        n = board.n
        cell_groups = [[] for _ in masks]
        for g, group in enumerate(board.groups):
            for cell in group:
                cell_groups[cell].append(g)
        open_cells = [c for c, mask in enumerate(masks) if mask & (mask - 1)]
        cell_row = {c: k for k, c in enumerate(open_cells)}
        group_row: dict = {}
        cols_cell, cols_bit, starts, index = [], [], [0], []
        for c in open_cells:
            mask = masks[c]
            for v in range(n):
                bit = 1 << v
                if not mask & bit:
                    continue
                cols_cell.append(c)
                cols_bit.append(bit)
                index.append(cell_row[c])
                for g in cell_groups[c]:
                    key = (g, v)
                    if key not in group_row:
                        group_row[key] = len(open_cells) + len(group_row)
                    index.append(group_row[key])
                starts.append(len(index))
        self.cols_cell = np.array(cols_cell, dtype=np.int64)
        self.cols_bit = np.array(cols_bit, dtype=np.int64)
        rows = len(open_cells) + len(group_row)
        self.highs = new_highs()
        self.highs.setOptionValue("solver", method)
        if method == "ipm":
            # The interior point's own solution (no crossover to a vertex): near the centre of
            # the optimal face, so each x reads as how strongly the relaxation favours a value.
            self.highs.setOptionValue("run_crossover", "off")
        pass_arrays(self.highs, "columns", starts, index, np.ones(len(index)), np.ones(rows), np.ones(rows),
                    np.zeros(len(cols_cell)), integer=False)
        self._np = np
        self._optimal = highspy.HighsModelStatus.kOptimal
        self.seconds = 0.0

    def out_of_time(self) -> bool:
        return self.stop_at is not None and time.perf_counter() >= self.stop_at

    def solve(self, masks):
        """(cell, bit, x) for every column with x > 0 under ``masks``, or None."""
        np = self._np
        started = time.perf_counter()
        if self.stop_at is not None:
            left = self.stop_at - started
            if left <= 0:
                return None
            self.highs.setOptionValue("time_limit", float(left))
        dom = np.array(masks, dtype=np.int64)[self.cols_cell]
        upper = ((dom & self.cols_bit) != 0).astype(np.float64)
        lower = (dom == self.cols_bit).astype(np.float64)
        count = len(self.cols_cell)
        self.highs.changeColsBounds(count, np.arange(count, dtype=np.int32), lower, upper)
        run_highs(self.highs)
        self.seconds += time.perf_counter() - started
        if self.highs.getModelStatus() != self._optimal and not self.highs.getSolution().value_valid:
            return None
        x = np.asarray(self.highs.getSolution().col_value)
        chosen = np.nonzero(x > 1e-9)[0]
        return list(zip(self.cols_cell[chosen].tolist(), self.cols_bit[chosen].tolist(), x[chosen].tolist()))
