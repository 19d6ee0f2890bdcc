"""The leaves of the compiled learning search as ``NonogramDomains``, rebuilt only where they changed.

(A leaf that fixes every cell, the split's usual leaf since its leaves are whole grids, skips
all this: it is a ``nonogram_whole.WholeGrid``.  What follows serves leaves with open cells.)

A leaf of ``nonogram_cdcl.CompiledLearner`` is the search's line masks at a fixpoint; the
split needs it as ``NonogramDomains``: the grid as tuples and every constrained line's block
starts as tuples (``nonogram_line.start_lists``).  Building that from scratch for each leaf
cost 30-70 microseconds of Python, as much as the compiled search spent finding the leaf
on leaf-heavy puzzles (TAAI 2011 ``$1000``: a leaf every three decisions).  Consecutive
leaves differ in a few lines (on ``$1000`` a median of 11 of 50 lines between one leaf and
the next), and a line's starts and cells depend on its two masks only.  So ``LeafBuilder``
keeps the masks of the previous leaf: its kernel ``leaf_lines`` works out the start masks of
the lines whose masks changed and lists them, and Python rebuilds only those lines' tuples
(each leaf still gets its own dict and grid: the previous leaf's objects are never changed),
through a memo keyed by the line and its two masks (a line's masks come back often: a
lookup costs a fraction of turning a numpy row into tuples).

``start_tuples`` (every line at once) and ``start_layout`` are the from-scratch version, kept
for callers that have the start masks of a whole grid.  Only numpy, ``futomip.compiled`` and
the nonogram reduction modules are imported.
"""

from __future__ import annotations

import numpy as np

from ..compiled import kernel
from .nonogram import NonogramDomains
from .nonogram_line import start_lists
from .nonogram_line_kernels import ZERO, _reverse, settle_bits

__all__ = ["MEMO_SIZE", "LeafBuilder", "leaf_lines", "start_layout", "start_tuples"]

MEMO_SIZE = 1 << 16
"""Most lines' start tuples a memo keeps (then it forgets them all and starts again)."""

FORGOTTEN = ~ZERO
"""The masks ``leaf_lines`` remembers for a line it must rebuild (a cell both black and
white: no leaf has them)."""


def start_layout(clues: list, height: int, columns: int) -> tuple[np.ndarray, list]:
    """What ``start_tuples`` needs to know of the clues: the flat indices ``line * columns + j``
    of every block, and per constrained line its key and its blocks' range among them."""
    blocks, keys = [], []
    for line, clue in enumerate(clues):
        if clue is not None:
            key = ("row", line) if line < height else ("column", line - height)
            keys.append((key, len(blocks), len(blocks) + len(clue)))
            blocks.extend(line * columns + j for j in range(len(clue)))
    return np.array(blocks, dtype=np.int64), keys


def _remembered(memo: dict, line: tuple) -> tuple:
    """``start_lists(line)`` through ``memo`` (cleared once it holds ``MEMO_SIZE`` lines)."""
    runs = memo.get(line)
    if runs is None:
        if len(memo) > MEMO_SIZE:
            memo.clear()
        runs = memo[line] = start_lists(line)
    return runs


def start_tuples(starts: np.ndarray, layout: tuple[np.ndarray, list], memo: dict | None = None) -> dict:
    """``NonogramDomains.starts`` from the start masks ``starts[line, j]``: ``start_lists`` of
    every constrained line.  ``memo`` (kept by the caller from call to call) maps a line's
    masks to their tuples."""
    blocks, keys = layout
    memo = {} if memo is None else memo
    masks = starts.reshape(-1)[blocks].tolist()
    return {key: _remembered(memo, tuple(masks[first:last])) for key, first, last in keys}


@kernel(refcounts=False)
def leaf_lines(runs, first, count, height, width, masks, table, starts, last, changed):
    """Each block's valid starts (``starts[line, j]``, a mask, as ``nonogram_line.solve_masks``
    gives them) on every line whose masks differ from ``last``, which then gets them; the
    numbers of those lines (constrained or not) in ``changed``, in order.  Returns how many,
    or -1 when a line has no placement (then every line of ``last`` is forgotten).
    ``settle_bits`` leaves both sweeps in ``table``; its last step is repeated per block."""
    lines = height + width
    n = 0
    for line in range(lines):
        black, white = masks[1, line], masks[0, line]
        if black == last[1, line] and white == last[0, line]:
            continue
        k = count[line]
        if k >= 0:
            length = width if line < height else height
            feasible, _, _ = settle_bits(runs, first[line], k, length, black, white, table)
            if not feasible:
                for other in range(lines):
                    last[0, other] = last[1, other] = FORGOTTEN
                return -1
            to_boundary = np.uint64(63 - length)
            for j in range(k):
                run = np.uint64(runs[first[line] + j])
                starts[line, j] = table[1, j] & (_reverse(table[3, k - 1 - j]) >> to_boundary) >> run
        last[1, line], last[0, line] = black, white
        changed[n] = line
        n += 1
    return n


class LeafBuilder:
    """The ``NonogramDomains`` of successive leaves of one puzzle (see the module text);
    ``interpreted=True`` runs the kernel's Python source."""

    def __init__(self, clues: list, height: int, width: int, interpreted: bool = False) -> None:
        self.height, self.width = height, width
        lines = len(clues)
        most_runs = max((len(clue) for clue in clues if clue is not None), default=0)
        self.keys = [None if clue is None else (("row", line) if line < height else ("column", line - height),
                                                len(clue)) for line, clue in enumerate(clues)]
        self.starts = np.zeros((lines, most_runs + 1), dtype=np.uint64)
        self.last = np.full((2, lines), FORGOTTEN, dtype=np.uint64)
        self.changed = np.zeros(lines, dtype=np.int32)
        self.rows: list = [()] * height
        self.domains: dict = {}
        self.memo: dict = {}
        """(line, black mask, white mask) -> (the row's cells or None, the start tuples or None)."""
        self.start_memo: dict = {}
        """A line's start masks -> their tuples: different masks often leave the same starts."""
        self._lines = leaf_lines.interpreted if interpreted else leaf_lines

    def leaf(self, values: np.ndarray, masks: np.ndarray, runs: np.ndarray, first: np.ndarray, count: np.ndarray,
             table: np.ndarray) -> NonogramDomains | None:
        """The domains of the cell ``values`` (-1 open, row by row) and line ``masks`` of a
        leaf, at their line fixpoint; None when a line has no placement (not a fixpoint)."""
        n = self._lines(runs, first, count, self.height, self.width, masks, table, self.starts, self.last,
                        self.changed)
        if n < 0:
            return None
        domains, rows, height, memo = dict(self.domains), self.rows, self.height, self.memo
        if len(memo) > MEMO_SIZE:
            memo.clear()
        white, black = self.last.tolist()
        for line in self.changed[:n].tolist():
            # A line's cells and starts depend on its two masks only: most come back often.
            seen = (line, black[line], white[line])
            known = memo.get(seen)
            if known is None:
                known = memo[seen] = self._line(line, values)
            row, starts = known
            if row is not None:
                rows[line] = row
            if starts is not None:
                domains[self.keys[line][0]] = starts
        self.domains = domains
        return NonogramDomains(tuple(rows), domains)

    def _line(self, line: int, values: np.ndarray) -> tuple[tuple | None, tuple | None]:
        """The cells of ``line`` if it is a row, and its start tuples if it has a clue."""
        width = self.width
        row = tuple(values[line * width:(line + 1) * width].tolist()) if line < self.height else None
        entry = self.keys[line]
        if entry is None:
            return row, None
        return row, _remembered(self.start_memo, tuple(self.starts[line, :entry[1]].tolist()))
