"""Brute-force check of the straight linearisation in ``models/globals/straight.py``."""

from __future__ import annotations

import itertools

import pytest

from futomip.linear import LinearModel
from futomip.models.globals import exactly_one, straight, straight_starts

CASES = [(length, n) for n in (3, 4) for length in (1, 2, 3)]


def _run_model(length: int, n: int) -> LinearModel:
    """One run of ``length`` cells over 1..n: cell rows plus the straight rows."""
    model = LinearModel()
    x = model.binaries("x", ((c, v) for c in range(length) for v in range(1, n + 1)))
    cells = [{v: x[c, v] for v in range(1, n + 1)} for c in range(length)]
    starts = model.binaries("start", straight_starts(length, n))
    for c, cell in enumerate(cells):
        exactly_one(model, "cell_one_value", (c,), cell.values())
    straight(model, ("run",), cells, starts, n)
    return model


def _expected(values: tuple[int, ...], length: int, n: int) -> bool:
    """Whether the 0/1 vector is one-hot per cell, a straight, and starts at its smallest value."""
    cell_bits = [values[c * n:(c + 1) * n] for c in range(length)]
    start_bits = values[length * n:]
    if any(sum(bits) != 1 for bits in cell_bits):
        return False
    held = sorted(bits.index(1) + 1 for bits in cell_bits)
    is_straight = held == list(range(held[0], held[0] + length))
    chosen = [s for s, bit in zip(straight_starts(length, n), start_bits) if bit]
    return is_straight and chosen == [held[0]]


@pytest.mark.parametrize("length, n", CASES)
def test_straight_rows_accept_exactly_the_straights(length, n):
    """Over every 0/1 vector, the rows hold iff the cells form a straight and y marks its start."""
    model = _run_model(length, n)
    accepted = 0
    for values in itertools.product((0, 1), repeat=model.num_vars):
        ok = not model.is_satisfied_by(values)
        assert ok == _expected(values, length, n), values
        accepted += ok
    # Each straight is a window (n - length + 1 of them) in any order (length! of them).
    assert accepted == (n - length + 1) * len(list(itertools.permutations(range(length))))


@pytest.mark.parametrize("length, n", CASES)
def test_straight_has_one_start_row_and_one_row_per_value(length, n):
    """A run gets one straight_start row, n straight_value rows and n - length + 1 start binaries."""
    model = _run_model(length, n)
    counts = model.row_counts()
    assert counts["straight_start"] == 1
    assert counts["straight_value"] == n
    assert len(model.family("start")) == n - length + 1
    assert model.constraints[length].name == "straight_start(run)"
    assert model.constraints[-1].name == f"straight_value(run,{n})"
