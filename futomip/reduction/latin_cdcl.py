"""A Latin completion as a CNF, searched with clause learning: the learning side of the split.

The three-dimensional assignment formulation of a Latin-family puzzle whose rules are groups
only (Latin completion, Sudoku: no signs or pairs) is a CNF over one variable x[i, b] per
cell i and value bit b left in its mask:

    each cell holds one value:           exactly one of x[i, b] over b in mask(i)
    each group holds each value once:    exactly one of x[i, b] over the cells i of the
                                         group whose mask has b

"exactly one" is a clause "at least one" and the "at most one" pairs (not x or not y), the
pairs as the kernels' binary implications.  Fixed cells keep their variable (a unit clause),
so the models are exactly the puzzle's solutions within ``masks``, whatever propagation gave
those masks (Gomes and Shmoys's formulation; Kautz et al. call it the "extended" encoding of
quasigroup completion).  ``CdclCore`` runs ``latin_cdcl_kernels.search`` on it with the
interface of ``latin_core.Core`` that ``latin_split``'s turns use: ``search(budget)`` (PAUSED,
LEAF or DONE), ``masks()`` (the model as one bit per cell), ``control`` (nodes: decisions;
pruned: conflicts; depth), ``prefer`` (the root LP's values first), ``release``.  A learning
search restarts on its own and blocks each model it returns, so a ``C_FAIL_LIMIT`` set by the
split is ignored.

Only orders whose "at most one" pairs number at most ``MAX_PAIRS`` are encoded (``fits``):
a nearly empty order-60 square has some 19 million.  Only numpy, ``futomip.compiled`` and
the kernel module are imported.
"""

from __future__ import annotations

import time

import numpy as np

from .. import compiled
from . import latin_cdcl_kernels as k
from .latin_kernels import C_DEPTH, C_NODES, C_PRUNED
from .latin_search_kernels import DONE, LEAF, PAUSED

__all__ = ["MAX_PAIRS", "CdclCore", "fits"]

MAX_PAIRS = 3_000_000
"""The most "at most one" pairs (binary clauses) a CNF may have: 24 MB of implication lists."""

RESTARTS = k.RESTART_LUBY
"""When the learning search restarts: Luby's sequence of ``RESTART_UNIT`` conflicts (MiniSat's)
or Glucose's rule (``latin_cdcl_kernels.RESTART_GLUCOSE``)."""

TARGET_PHASES = 1
"""1: decisions take the target phase (the value on the longest conflict-free trail since the
last restart, as CaDiCaL does), else the saved one; 0: the saved phase (MiniSat's)."""

RESTART_UNIT = 100
"""Conflicts per unit of the Luby sequence of restarts (MiniSat's)."""

MINIMISE = k.MINIMISE_RECURSIVE
"""How a learnt clause is minimised: ``k.MINIMISE_LOCAL`` (a literal goes when its reason's
premises are in the clause) or ``k.MINIMISE_RECURSIVE`` (MiniSat's, through the premises'
own reasons; since the twenty-ninth session: alone 23 against 21 of 27 hard QWH completions,
in the pipeline with HiGHS 11 against 9 of 12 new ones of orders 50-60, docs/measurements.md)."""

FIRST_MAX_LEARNT = 2000
"""Learnt clauses kept before the first reduction (then ``LEARNT_STEP`` more after each)."""


def _sets(board, masks) -> list[list[tuple[int, int]]]:
    """The "exactly one" sets of (cell, bit): per cell, then per group and value."""
    sets = [[(i, 1 << b) for b in range(mask.bit_length()) if mask >> b & 1] for i, mask in enumerate(masks)]
    for group in board.groups:
        for b in range(board.n):
            bit = 1 << b
            sets.append([(i, bit) for i in group if masks[i] & bit])
    return sets


def pair_count(board, masks) -> int:
    """The "at most one" pairs of the CNF of ``masks`` (the sizes of ``_sets`` counted on a
    0/1 matrix of cells by values, without building the sets: ``CdclCore`` builds them)."""
    bits = (np.asarray(masks, dtype=np.int64)[:, None] >> np.arange(board.n)) & 1
    sizes = np.concatenate([bits.sum(axis=1), bits[np.asarray(board.groups)].sum(axis=1).ravel()])
    return int((sizes * (sizes - 1) // 2).sum())


def fits(board, masks) -> bool:
    """Whether the board's rules are groups only and its CNF is small enough (``MAX_PAIRS``)."""
    rules_beyond_groups = board.less or board.near or board.apart or not getattr(board, "kernels", True)
    return not rules_beyond_groups and pair_count(board, masks) <= MAX_PAIRS


class CdclCore:
    """The CNF of ``board`` within ``masks`` and the clause-learning search on it (module text).
    ``mode``: "compiled" runs the kernels compiled when the compiled layer is on, "interpreted"
    (for tests: slow) runs their Python source."""

    def __init__(self, board, masks, mode: str = "compiled") -> None:
        self.board = board
        self.compiled = mode != "interpreted" and compiled.compiled("latin")
        self.kernels = k if self.compiled else compiled.interpreted_namespace((k,))
        self.cells = len(masks)
        cell_of, bit_of, index = [], [], {}
        for i, mask in enumerate(masks):
            for b in range(mask.bit_length()):
                if mask >> b & 1:
                    index[i, 1 << b] = len(cell_of)
                    cell_of.append(i)
                    bit_of.append(1 << b)
        self.cell_of = np.array(cell_of, dtype=np.int64)
        self.bit_of = np.array(bit_of, dtype=np.int64)
        n_vars = len(cell_of)
        self.empty = False  # a set with no variable: no model at all
        units, long_sets, pairs = [], [], []
        for members in _sets(board, masks):
            variables = [index[member] for member in members]
            if not variables:
                self.empty = True
            elif len(variables) == 1:
                units.append(variables[0])
            else:
                long_sets.append(variables)
                pairs.extend((x, y) for j, x in enumerate(variables) for y in variables[j + 1:])
        # The binary implications: x true forces y false and y true forces x false.
        pair_array = np.array(pairs, dtype=np.int64).reshape(-1, 2)
        source = np.concatenate([2 * pair_array[:, 0], 2 * pair_array[:, 1]])
        target = np.concatenate([2 * pair_array[:, 1] + 1, 2 * pair_array[:, 0] + 1])
        codes = np.unique(source * (2 * n_vars) + target)  # a pair in a row and a box comes once
        source, target = codes // (2 * n_vars), codes % (2 * n_vars)
        self.bstart = np.searchsorted(source, np.arange(2 * n_vars + 1)).astype(np.int64)
        self.blits = target.astype(np.int64)
        long_lits = sum(len(s) for s in long_sets)
        self.ints = np.zeros(k.INTS, dtype=np.int64)
        self.fl = np.ones(k.FLOATS, dtype=np.float64)
        self.var = np.zeros((k.VAR_ROWS, n_vars), dtype=np.int64)
        self.var[k.V_VALUE] = k.UNSET
        self.var[k.V_REASON] = k.NO_REASON
        self.var[k.V_TARGET] = -1
        self.act = np.zeros(n_vars, dtype=np.float64)
        self.trail = np.zeros(n_vars, dtype=np.int64)
        self.lim = np.zeros(n_vars + 2, dtype=np.int64)
        self.heap = np.arange(n_vars, dtype=np.int64)
        self.var[k.V_HPOS] = np.arange(n_vars)
        self.cl = np.zeros((k.CL_ROWS, len(long_sets) + 1024), dtype=np.int64)
        self.lits = np.zeros(long_lits + 8 * n_vars + 64, dtype=np.int64)
        self.whead = np.full(2 * n_vars, -1, dtype=np.int64)
        self.wlink = np.full(2 * self.cl.shape[1], -1, dtype=np.int64)
        self.out = np.zeros(max(n_vars, k.LBD_BUCKETS) + 1, dtype=np.int64)
        self.stamp = np.zeros(n_vars + 2, dtype=np.int64)
        self.scratch = np.zeros(2 * n_vars + 2, dtype=np.int64)
        self.queue = np.zeros(k.QUEUE, dtype=np.int64)
        ints = self.ints
        ints[k.I_VARS] = n_vars
        ints[k.I_HEAP] = n_vars
        ints[k.I_RUN] = 1
        ints[k.I_UNIT] = RESTART_UNIT
        ints[k.I_RESTART_MODE] = RESTARTS
        ints[k.I_TARGETS] = TARGET_PHASES
        ints[k.I_MAX_LEARNT] = FIRST_MAX_LEARNT
        ints[k.I_MINIMISE] = MINIMISE
        # The "at least one" clauses, watched at their first two literals (as ``add_clause`` does).
        start = 0
        for c, variables in enumerate(long_sets):
            self.lits[start:start + len(variables)] = [2 * x for x in variables]
            self.cl[:, c] = (start, len(variables), 0, k.KIND_PROBLEM)
            for position in range(2):
                literal, entry = 2 * variables[position], 2 * c + position
                self.wlink[entry] = self.whead[literal]
                self.whead[literal] = entry
            start += len(variables)
        ints[k.I_CLAUSES] = len(long_sets)
        ints[k.I_LITS_USED] = start
        # Units on the trail at level 0 (the first search call propagates them).
        for x in dict.fromkeys(units):
            self.var[k.V_VALUE, x] = 1
            self.var[k.V_LEVEL, x] = 0
            self.trail[ints[k.I_TRAIL]] = 2 * x
            ints[k.I_TRAIL] += 1
        self.solve_time = 0.0

    # -- the interface of ``latin_core.Core`` that the split's turns use --------------------
    def control(self, index: int) -> int:
        counter = {C_NODES: k.I_DECISIONS, C_PRUNED: k.I_CONFLICTS, C_DEPTH: k.I_DEPTH}.get(index)
        return 0 if counter is None else int(self.ints[counter])

    def set_control(self, index: int, value: int) -> None:
        """Ignored: the learning search restarts on its own (module text)."""

    def counters(self) -> dict:
        ints = self.ints
        return {"decisions": int(ints[k.I_DECISIONS]), "conflicts": int(ints[k.I_CONFLICTS]),
                "restarts": int(ints[k.I_RESTARTS]), "learnt": int(ints[k.I_LEARNT]),
                "propagations": int(ints[k.I_PROPAGATIONS]), "reductions": int(ints[k.I_REDUCTIONS])}

    def prefer(self, bits) -> None:
        """Decide the variables of ``bits`` (a value bit per cell, 0: none) first, each true;
        the others false first (MiniSat's phase)."""
        preferred = np.asarray(bits, dtype=np.int64)[self.cell_of] == self.bit_of
        self.var[k.V_PHASE] = preferred.astype(np.int64)
        self.act[:] = preferred.astype(np.float64)
        unset = self.var[k.V_VALUE] == k.UNSET
        # A sorted array is a heap: the preferred first; variables already set stay out.
        order = np.argsort(-self.act, kind="stable")
        order = order[unset[order]]
        self.var[k.V_HPOS] = -1
        self.heap[:len(order)] = order
        self.var[k.V_HPOS, order] = np.arange(len(order))
        self.ints[k.I_HEAP] = len(order)

    def search(self, budget: int) -> int:
        """At most ``budget`` decisions and conflicts: PAUSED, LEAF (``masks()`` is a model)
        or DONE (every model has been returned)."""
        if self.empty:
            return DONE
        started = time.perf_counter()
        while True:
            outcome = int(self.kernels.search(self.ints, self.fl, self.var, self.act, self.trail, self.lim,
                                              self.heap, self.bstart, self.blits, self.cl, self.lits, self.whead,
                                              self.wlink, self.out, self.stamp, self.scratch, self.queue,
                                              budget))
            if outcome != k.GROW:
                break
            self._grow()
        self.solve_time += time.perf_counter() - started
        return {k.PAUSED: PAUSED, k.LEAF: LEAF, k.DONE: DONE}[outcome]

    def masks(self) -> tuple[int, ...]:
        """The model just returned, as one value bit per cell."""
        chosen = self.var[k.V_VALUE] == 1
        masks = np.zeros(self.cells, dtype=np.int64)
        masks[self.cell_of[chosen]] = self.bit_of[chosen]
        return tuple(masks.tolist())

    def release(self) -> None:
        """Nothing pooled to give back (the arrays go with the core)."""

    def _grow(self) -> None:
        """Twice the clause store (``GROW``: the kernels stopped before a step, nothing lost)."""
        self.cl = np.concatenate([self.cl, np.zeros_like(self.cl)], axis=1)
        self.wlink = np.concatenate([self.wlink, np.full_like(self.wlink, -1)])
        self.lits = np.concatenate([self.lits, np.zeros_like(self.lits)])
