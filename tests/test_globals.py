"""Brute-force checks of the reusable constraint pieces in ``models/globals``."""

from __future__ import annotations

import itertools

import pytest

from futomip.linear import LinearModel
from futomip.models.globals import all_different_onehot, at_most_one, exactly_one, strict_less_tight, strict_less_weighted


def _assignments(count: int):
    return itertools.product((0, 1), repeat=count)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_exactly_one_and_at_most_one_accept_exactly_the_right_vectors(size):
    """exactly_one accepts the vectors with one 1; at_most_one those with at most one."""
    model = LinearModel()
    y = model.binaries("y", range(size))
    exactly_one(model, "one", (), y.values())
    other = LinearModel()
    z = other.binaries("z", range(size))
    at_most_one(other, "most", (), z.values())
    for values in _assignments(size):
        assert (not model.is_satisfied_by(values)) == (sum(values) == 1)
        assert (not other.is_satisfied_by(values)) == (sum(values) <= 1)


def _onehot_pairs(n: int):
    """All pairs of values (a, b) as one-hot vectors of the 2n variables xa[1..n], xb[1..n]."""
    for a in range(1, n + 1):
        for b in range(1, n + 1):
            yield a, b, [int(v == a) for v in range(1, n + 1)] + [int(v == b) for v in range(1, n + 1)]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("encoding", ["tight", "weighted"])
def test_strict_less_accepts_exactly_the_pairs_with_a_below_b(n, encoding):
    """On one-hot cells both encodings accept (a, b) iff a < b."""
    model = LinearModel()
    x = model.binaries("x", ((cell, v) for cell in "ab" for v in range(1, n + 1)))
    xa = {v: x["a", v] for v in range(1, n + 1)}
    xb = {v: x["b", v] for v in range(1, n + 1)}
    if encoding == "tight":
        strict_less_tight(model, "less", ("a", "b"), xa, xb, n)
    else:
        strict_less_weighted(model, "less", ("a", "b"), xa, xb)
    for a, b, values in _onehot_pairs(n):
        assert (not model.is_satisfied_by(values)) == (a < b), (a, b)


def test_tight_encoding_cuts_a_fractional_point_the_weighted_one_keeps():
    """The tight rows are stronger: a half/half point with E[a] < E[b] but a = 3 = b possible is cut."""
    n = 3
    # a is 1 or 3 with weight 1/2 each (mean 2), b is 3 (value 3): weighted holds (3 - 2 >= 1).
    values = [0.5, 0.0, 0.5, 0.0, 0.0, 1.0]
    tight, weighted = LinearModel(), LinearModel()
    for model, add in ((tight, "tight"), (weighted, "weighted")):
        x = model.binaries("x", ((cell, v) for cell in "ab" for v in range(1, n + 1)))
        xa = {v: x["a", v] for v in range(1, n + 1)}
        xb = {v: x["b", v] for v in range(1, n + 1)}
        if add == "tight":
            strict_less_tight(model, "less", (), xa, xb, n)
        else:
            strict_less_weighted(model, "less", (), xa, xb)
    assert weighted.is_satisfied_by(values) == []
    assert tight.is_satisfied_by(values) != []


@pytest.mark.parametrize("cells,values,permutation", [(2, 2, True), (3, 3, True), (2, 3, False), (3, 3, False)])
def test_all_different_accepts_exactly_the_distinct_assignments(cells, values, permutation):
    """The one-hot all-different rows accept an assignment iff no value repeats (and, as a
    permutation, every value is used)."""
    model = LinearModel()
    x = model.binaries("x", ((c, v) for c in range(cells) for v in range(1, values + 1)))
    groups = [{v: x[c, v] for v in range(1, values + 1)} for c in range(cells)]
    all_different_onehot(model, "diff", lambda v: (v,), groups, range(1, values + 1), permutation)
    for assignment in itertools.product(range(1, values + 1), repeat=cells):
        vector = [int(assignment[c] == v) for c in range(cells) for v in range(1, values + 1)]
        distinct = len(set(assignment)) == cells
        expected = distinct and (not permutation or set(assignment) == set(range(1, values + 1)))
        assert (not model.is_satisfied_by(vector)) == expected, assignment
