"""exactly_one / at_most_one over binary variables.

    exactly_one(y_1..y_m):  sum_i y_i  = 1
    at_most_one(y_1..y_m):  sum_i y_i <= 1

These are the set-partitioning and set-packing rows; with binaries they are exact, and
they are the strongest single linear rows for these conditions (facets of the hull).
"""

from __future__ import annotations

from typing import Hashable, Iterable

from futomip.linear import LinearModel, Var


def exactly_one(model: LinearModel, family: str, key: Hashable, variables: Iterable[Var]) -> None:
    """Add ``family(key): sum(variables) = 1``."""
    model.add(family, key, [(var, 1.0) for var in variables], "==", 1)


def at_most_one(model: LinearModel, family: str, key: Hashable, variables: Iterable[Var]) -> None:
    """Add ``family(key): sum(variables) <= 1``."""
    model.add(family, key, [(var, 1.0) for var in variables], "<=", 1)
