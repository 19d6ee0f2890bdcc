"""The loop of the compiled clause-learning search: analysis, decisions, restarts.

``search`` runs the search of ``nonogram_learning`` on the arrays laid out in
``nonogram_cdcl_kernels`` until it has made ``steps`` decisions and conflicts (then
``SLICE``: Python looks at the clock and the schedule and calls again), found a leaf
(``LEAF``: the next call first adds the leaf's blocking clause), proved that no solution is
left (``FINISHED``), or needs a larger clause store (``GROW``: nothing is lost, the caller
grows the arrays and calls again).  Each call may add at most one clause per step, and the
store must have room for one clause of every cell before a step starts.

The learnt clause is the first unique implication point of the conflict, minimised as in
``nonogram_clauses`` (a literal goes when every premise of its reason is in the clause,
fixed at level 0, or recursively goes too); ``scratch`` rows hold premises, the clause, the
cells marked, the cells proved redundant, the minimisation's stack and the cells it gave up on.

Every kernel of the search, down to the line solver and the explanations, allocates nothing
and keeps no array: numba compiles them without reference counting
(``@kernel(refcounts=False)``), which was half of the search's time (the atomic
increments and decrements of every array view and of every array passed to a call).  The
clause store is ``nonogram_cdcl_clauses``; the decision, with its scan of the blocking
clauses, is ``nonogram_cdcl_scan``.  Only ``futomip.compiled`` and the
``nonogram_cdcl`` kernel modules are imported.
"""

from __future__ import annotations

from ..compiled import inline_kernel, kernel
from .nonogram_cdcl_kernels import (BLOCKING_KIND, BUDGET, CAP, CLAUSES, CONFLICTS, DECAY, DECISIONS, DEPTH,
                                    FINISHED, GROW, LEAF, LEARNT, LEARNT_KIND, LEAVES, LEVEL, LEVEL_START, LEVELS,
                                    NO_CONFLICT, NONE, ON_TRAIL, PENDING_LEAF, PHASE, REASON, TARGET, TARGET_LEN, RESTARTS, RUN,
                                    SEEN, SLICE, TRAIL, USED, assign, backtrack, luby_term, premises,
                                    propagate)
from .nonogram_cdcl_clauses import add_clause, clean
from .nonogram_cdcl_scan import decision_cell, mark_every_blocking, mark_unsure, reopen

__all__ = ["search"]

PREMISES, CLAUSE, MARKED, FOUND, STACK, FAILED = range(6)
SCRATCH_ROWS = 6


@inline_kernel(refcounts=False)
def redundant(literal, n_found, n_failed, cell, why, masks, runs, first, count, height, width, layers, lits, start,
              size, scratch, level_mark):
    """Whether the clause literal ``literal`` follows from the others: (answer, cells proved
    redundant so far in ``scratch[FOUND]``, marked seen 1, cells given up on so far in
    ``scratch[FAILED]``, marked seen 2).  A walk that fails gives up on every cell it visited:
    some of them may follow after all, but a literal kept in the clause is never wrong, and
    no later walk explores them again (without this, minimising cost two thirds of the
    search's time on TAAI puzzles)."""
    seen, level, reason = cell[SEEN], cell[LEVEL], cell[REASON]
    if reason[literal >> 1] == NONE:
        return False, n_found, n_failed
    stack, found, out, failed = scratch[STACK], scratch[FOUND], scratch[PREMISES], scratch[FAILED]
    stack[0] = literal
    top, begin = 1, n_found
    while top > 0:
        top -= 1
        v = stack[top] >> 1
        n = premises(reason[v], v, cell, why, masks, runs, first, count, height, width, layers, lits, start, size,
                     out)
        for q in range(n):
            premise = out[q]
            u = premise >> 1
            if seen[u] == 1 or level[u] == 0:
                continue
            if seen[u] == 2 or reason[u] == NONE or level_mark[level[u]] == 0:
                for f in range(begin, n_found):
                    seen[found[f]] = 2
                    failed[n_failed] = found[f]
                    n_failed += 1
                return False, begin, n_failed
            seen[u] = 1
            found[n_found] = u
            n_found += 1
            stack[top] = premise
            top += 1
    return True, n_found, n_failed


@kernel(refcounts=False)
def analyse(conflict, ints, cell, why, activity, bump, masks, runs, first, count, height, width, layers, lits,
            start, size, scratch, level_mark):
    """The first-UIP clause of ``conflict`` in ``scratch[CLAUSE]`` (asserting literal first, the
    deepest other second): (its size, the level to jump back to, its LBD)."""
    seen, level, reason, trail = cell[SEEN], cell[LEVEL], cell[REASON], cell[ON_TRAIL]
    out, clause, marked = scratch[PREMISES], scratch[CLAUSE], scratch[MARKED]
    current = ints[LEVELS]
    n_clause, n_marked, pending, index = 1, 0, 0, ints[TRAIL] - 1
    n = premises(conflict, -1, cell, why, masks, runs, first, count, height, width, layers, lits, start, size, out)
    literal = 0
    while True:
        for q in range(n):
            v = out[q] >> 1
            if seen[v] == 0 and level[v] > 0:
                seen[v] = 1
                marked[n_marked] = v
                n_marked += 1
                if level[v] >= current:
                    pending += 1
                else:
                    clause[n_clause] = out[q] ^ 1
                    n_clause += 1
        while seen[trail[index] >> 1] == 0:
            index -= 1
        literal = trail[index]
        index -= 1
        pending -= 1
        if pending == 0:
            break
        n = premises(reason[literal >> 1], literal >> 1, cell, why, masks, runs, first, count, height, width,
                     layers, lits, start, size, out)
    clause[0] = literal ^ 1
    for k in range(1, n_clause):
        level_mark[level[clause[k] >> 1]] = 1
    n_found, n_failed, kept = 0, 0, 1
    for k in range(1, n_clause):
        other = clause[k]
        follows, n_found, n_failed = redundant(other, n_found, n_failed, cell, why, masks, runs, first, count,
                                               height, width, layers, lits, start, size, scratch, level_mark)
        if not follows:
            clause[kept] = other
            kept += 1
    for k in range(n_marked):
        level_mark[level[marked[k]]] = 0
    found, failed = scratch[FOUND], scratch[FAILED]
    for f in range(n_found):
        seen[found[f]] = 0
    for f in range(n_failed):
        seen[failed[f]] = 0
    cells = height * width
    for k in range(n_marked):
        v = marked[k]
        seen[v] = 0
        bumped = activity[v] + bump[0]
        activity[v] = bumped
        if bumped > 1e100:
            for u in range(cells):
                activity[u] *= 1e-100
            bump[0] *= 1e-100
    bump[0] *= DECAY
    if kept == 1:
        return 1, 0, 1
    deepest = 1
    for k in range(2, kept):
        if level[clause[k] >> 1] > level[clause[deepest] >> 1]:
            deepest = k
    clause[1], clause[deepest] = clause[deepest], clause[1]
    distinct = 1
    for k in range(1, kept):
        if level_mark[level[clause[k] >> 1]] == 0:
            level_mark[level[clause[k] >> 1]] = 1
            distinct += 1
    for k in range(1, kept):
        level_mark[level[clause[k] >> 1]] = 0
    return kept, level[clause[1] >> 1], distinct


@kernel(refcounts=False)
def search(ints, cell, why, activity, bump, masks, queue, queued, runs, first, count, height, width, table, layers,
           lits, start, size, kind, lbd, witness, head, link, scratch, level_mark, unsure, sat_next, sat_head, steps,
           restart_unit):
    """Run the search for ``steps`` decisions and conflicts at most: ``SLICE``, ``LEAF``,
    ``FINISHED`` or ``GROW`` (see the module text)."""
    cells = height * width
    trail, level_start = cell[ON_TRAIL], cell[LEVEL_START]
    while True:
        if ints[USED] + cells + 2 > len(lits) or ints[CLAUSES] + 2 > len(start):
            return GROW
        if ints[PENDING_LEAF] != 0:
            ints[PENDING_LEAF] = 0
            depth = ints[LEVELS]
            if depth == 0:
                return FINISHED
            blocking = scratch[CLAUSE]
            for k in range(depth):
                blocking[k] = trail[level_start[depth - 1 - k]] ^ 1
            reopen(ints, unsure, sat_next, sat_head, depth - 1)
            backtrack(ints, cell, masks, queued, height, width, depth - 1)
            ints[TARGET_LEN] = 0
            if depth > 1:
                mark_unsure(unsure, ints[CLAUSES])
            add_clause(ints, cell, masks, queue, queued, count, height, width, lits, start, size, kind, lbd,
                       witness, head, link, blocking, depth, BLOCKING_KIND, 0)
            continue
        conflict = propagate(ints, cell, why, masks, queue, queued, runs, first, count, height, width, table,
                             lits, start, size, head, link)
        if conflict != NO_CONFLICT:
            ints[CONFLICTS] += 1
            if ints[LEVELS] == 0:
                return FINISHED
            consistent = level_start[ints[LEVELS] - 1]
            if consistent > ints[TARGET_LEN]:
                ints[TARGET_LEN] = consistent
                for v in range(cells):
                    cell[TARGET, v] = cell[PHASE, v]
                for t in range(ints[TRAIL]):
                    cell[TARGET, trail[t] >> 1] = trail[t] & 1
            n, back, clause_lbd = analyse(conflict, ints, cell, why, activity, bump, masks, runs, first, count,
                                          height, width, layers, lits, start, size, scratch, level_mark)
            reopen(ints, unsure, sat_next, sat_head, back)
            backtrack(ints, cell, masks, queued, height, width, back)
            add_clause(ints, cell, masks, queue, queued, count, height, width, lits, start, size, kind, lbd,
                       witness, head, link, scratch[CLAUSE], n, LEARNT_KIND, clause_lbd)
            ints[BUDGET] -= 1
            steps -= 1
            if steps <= 0:
                return SLICE
            continue
        if ints[BUDGET] <= 0:
            ints[RUN] += 1
            ints[BUDGET] = restart_unit * luby_term(ints[RUN])
            ints[RESTARTS] += 1
            reopen(ints, unsure, sat_next, sat_head, 0)
            backtrack(ints, cell, masks, queued, height, width, 0)
            if ints[LEARNT] > ints[CAP]:
                clean(ints, cell, lits, start, size, kind, lbd, witness, head, link, cells)
                mark_every_blocking(ints, kind, unsure)
                ints[CAP] += ints[CAP] // 10
                ints[TARGET_LEN] = 0
            continue
        v = decision_cell(ints, cell, activity, lits, start, size, witness, unsure, sat_next, sat_head, cells)
        if v == -2:
            ints[LEAVES] += 1
            ints[PENDING_LEAF] = 1
            return LEAF
        ints[DECISIONS] += 1
        level_start[ints[LEVELS]] = ints[TRAIL]
        ints[LEVELS] += 1
        ints[DEPTH] = max(ints[DEPTH], ints[LEVELS])
        assign(ints, cell, masks, queue, queued, count, height, width, v, cell[TARGET, v], NONE)
        steps -= 1
        if steps <= 0:
            return SLICE
