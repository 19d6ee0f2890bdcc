"""A portfolio of value orders over the restarts of the Latin search (``latin_split``).

Gomes, Selman and Kautz found the run times of a randomised backtracking search on
quasigroup completion heavy-tailed: one value order is stuck where another finishes at
once, and restarts with randomisation cut the tail.  On the order-25 QCP and order 30-45
QWH completions the root LP's value order (``latin_dive``) and the plain smallest-value
order each solve instances the other does not (docs/measurements.md).  So, under the
restart policy "portfolio" (``futomip.options.Restarts``, applied by ``latin_restarts``), the
search restarts after ``failures`` x luby(run) failures (pruned children) and run k takes
the k-th order of the cycle

    "lp":     the value the root relaxation puts highest first (only when the split has one)
    "plain":  the smallest value first
    "random": a value drawn once per cell and run from its root mask first, by a
              ``random.Random`` seeded from ``seed`` and the run: runs reproduce

with seeded noise on the cell scores (``latin_search_kernels``: C_NOISE) from the second
time an order comes round on ("random" has it from the start).  The failure weights of
dom/wdeg are kept across runs, as by the split's other restarts, and so are the run's
*root facts*: when a run restarts, levels 1..k of its search whose first child "cell = v"
has been searched to its end (phase 1) with no leaf proved "cell != v" under the levels
above them, which are themselves such refutations; so each "cell != v" of that prefix
holds at the root and is put back (with the fixpoint) after every later restart.  Without
them the portfolio's restarts redo the same refutations, which costs most where nothing is
found at all: a proof of infeasibility (docs/notes/portfolio.md).

Exactness: an order only decides which of a node's two children is tried first, so every
run explores the same tree; a restart comes only before the first leaf (``latin_split``
lets a run that yielded a leaf run to its end), so the leaves are all the solutions, each
once.  A root fact removes a value no solution has at the root (the subtree that holds
every solution with it was searched and gave no leaf); nothing else learnt is kept.  When
the fixpoint of the root facts fails, the puzzle has no solution and the search is done.

Must not import anything from futomip but ``latin_kernels`` (its control indices).
"""

from __future__ import annotations

import random

from .latin_kernels import C_LEVEL, C_NOISE, C_VALUE_ORDER, W_LEV_BIT, W_LEV_CELL, W_LEV_PHASE

__all__ = ["ORDERS", "order_of", "random_prefer", "configure", "root_facts"]

ORDERS = ("lp", "plain", "random")
"""The value orders the runs cycle through (without a root LP, "lp" is left out)."""

_VALUE_ORDER = {"lp": 2, "plain": 0, "random": 2}
"""C_VALUE_ORDER per order: 0 smallest value, 2 the cell's preferred value (W_PREFER)."""


def order_of(run: int, has_lp: bool) -> str:
    """The value order of run ``run`` (1 is the first run)."""
    cycle = ORDERS if has_lp else tuple(order for order in ORDERS if order != "lp")
    return cycle[(run - 1) % len(cycle)]


def random_prefer(masks, seed: int, run: int) -> list[int]:
    """One value bit per open cell of ``masks``, drawn uniformly from its mask (0 for a
    fixed cell); the same ``seed`` and ``run`` give the same draw."""
    rng = random.Random(seed * 1_000_003 + run)
    prefer = []
    for mask in masks:
        mask = int(mask)
        if mask & (mask - 1):
            bits = [1 << v for v in range(mask.bit_length()) if mask >> v & 1]
            prefer.append(rng.choice(bits))
        else:
            prefer.append(0)
    return prefer


def configure(core, run: int, lp_prefer, root_masks, seed: int) -> str:
    """Set ``core`` (a ``latin_core.Core`` at its root) for run ``run``: value order,
    preferred values and noise; ``lp_prefer`` is the root LP's value per cell or None.
    Returns the order's name."""
    has_lp = lp_prefer is not None
    order = order_of(run, has_lp)
    cycle = len(ORDERS) if has_lp else len(ORDERS) - 1
    if order == "lp":
        core.prefer(lp_prefer)
    elif order == "random":
        core.prefer(random_prefer(root_masks, seed, run))
    core.set_control(C_VALUE_ORDER, _VALUE_ORDER[order])
    core.set_control(C_NOISE, int(order == "random" or run > cycle))
    return order


def root_facts(core) -> list[tuple[int, int]]:
    """The run's refutations that hold at the root, as (cell, mask to keep): "cell != v" for
    each of the levels 1, 2, ... in a row whose first child is searched to its end (see the
    module text).  Read before ``core.restart()``; only valid while no leaf has come."""
    ws = core.ws
    phase, cell, bit = ws[W_LEV_PHASE], ws[W_LEV_CELL], ws[W_LEV_BIT]
    facts = []
    for level in range(1, core.control(C_LEVEL) + 1):
        if phase[level] != 1:
            break
        facts.append((int(cell[level]), ~int(bit[level])))
    return facts
