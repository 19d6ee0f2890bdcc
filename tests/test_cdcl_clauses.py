"""The clause store of the compiled learning search (``nonogram_cdcl_clauses``) against a plain reference.

``clean`` ranks the learnt clauses without allocating (a heap sort in the watch links); it
must keep exactly the clauses that a stable sort by (LBD, size) keeps, compacted in their
order with their witness literals, every kept clause watched on its first two literals and
nothing else watched, compiled and interpreted alike.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futomip.reduction import nonogram_cdcl_kernels as k
from futomip.reduction.nonogram_cdcl_clauses import clean

MODES = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])

CELLS = 12

clause_lists = st.lists(st.tuples(st.sampled_from([k.LEARNT_KIND, k.BLOCKING_KIND]), st.integers(1, 6),
                                  st.lists(st.integers(0, 2 * CELLS - 1), min_size=2, max_size=6, unique=True)),
                        max_size=40)


def _store(clauses):
    """The arrays of a clause store holding ``clauses`` ((kind, lbd, literals) each), watched."""
    capacity = len(clauses) + 2
    lits = np.zeros(sum(len(literals) for _, _, literals in clauses) + 1, dtype=np.int32)
    start, size, lbd = (np.zeros(capacity, dtype=np.int32) for _ in range(3))
    kind = np.zeros(capacity, dtype=np.int8)
    witness = np.zeros(capacity, dtype=np.int32)
    head, link = np.full(2 * CELLS, -1, dtype=np.int32), np.full(2 * capacity, -1, dtype=np.int32)
    ints = np.zeros(k.INTS, dtype=np.int64)
    used = 0
    for c, (clause_kind, clause_lbd, literals) in enumerate(clauses):
        lits[used:used + len(literals)] = literals
        start[c], size[c], kind[c], lbd[c], witness[c] = used, len(literals), clause_kind, clause_lbd, literals[-1]
        for s in range(2):
            link[2 * c + s], head[literals[s]] = head[literals[s]], 2 * c + s
        used += len(literals)
    ints[k.CLAUSES], ints[k.USED] = len(clauses), used
    ints[k.LEARNT] = sum(clause_kind == k.LEARNT_KIND for clause_kind, _, _ in clauses)
    cell = np.zeros((k.CELL_ROWS, CELLS + 1), dtype=np.int32)
    return ints, cell, lits, start, size, kind, lbd, witness, head, link


def _kept(clauses):
    """The rule, by a stable sort: every blocking clause, learnt ones of LBD <= 2, and the
    better half of the learnt ones by (LBD, size)."""
    learnt = [c for c, (clause_kind, _, _) in enumerate(clauses) if clause_kind == k.LEARNT_KIND]
    ranked = sorted(learnt, key=lambda c: (clauses[c][1], len(clauses[c][2])))
    better = set(ranked[:len(ranked) // 2])
    return [clause for c, clause in enumerate(clauses)
            if clause[0] != k.LEARNT_KIND or clause[1] <= 2 or c in better]


@MODES
@settings(max_examples=80, deadline=None)
@given(clauses=clause_lists)
def test_clean_keeps_what_a_stable_sort_keeps_and_watches_each_kept_clause(interpreted, clauses):
    """``clean`` keeps the clauses of the (LBD, size) rule in order, moves their witnesses with
    them and rebuilds the watches."""
    ints, cell, lits, start, size, kind, lbd, witness, head, link = _store(clauses)
    run = clean.interpreted if interpreted else clean
    run(ints, cell, lits, start, size, kind, lbd, witness, head, link, CELLS)
    expected = _kept(clauses)
    assert int(ints[k.CLAUSES]) == len(expected)
    assert int(ints[k.USED]) == sum(len(literals) for _, _, literals in expected)
    assert int(ints[k.LEARNT]) == sum(clause_kind == k.LEARNT_KIND for clause_kind, _, _ in expected)
    got = [(int(kind[c]), int(lbd[c]), lits[start[c]:start[c] + size[c]].tolist()) for c in range(len(expected))]
    assert got == [(clause_kind, clause_lbd, list(literals)) for clause_kind, clause_lbd, literals in expected]
    assert witness[:len(expected)].tolist() == [literals[-1] for _, _, literals in expected]
    watched = {}
    for literal in range(2 * CELLS):
        w = head[literal]
        while w >= 0:
            watched[int(w)] = literal
            w = link[w]
    assert watched == {2 * c + s: int(lits[start[c] + s]) for c in range(len(expected)) for s in range(2)}
