"""one_hot_cell: an integer cell written as one-hot binaries, declared as an integer view.

A cell that takes one value from a set V is the binaries ``x[v]`` (v in V) with

    family(key):   sum_{v in V} x[v] = 1          (``exactly_one``)

and its integer value is the linear expression ``value = sum_v v * x[v]``.  The row is the
cell's decomposition; the model also records the columns as an integer view
(``LinearModel.integer_view``), so that a solver with integer variables can hold the cell
as one integer with domain V and read ``x[v]`` as the literal ``value == v``
(``futomip/backends/cpsat_globals/channel.py``).  The globals over cells
(``all_different``, ``strict_less``) are stated over these views.
"""

from __future__ import annotations

from typing import Hashable, Mapping

from futomip.linear import LinearModel, Var

from .exactly_one import exactly_one


def one_hot_cell(model: LinearModel, family: str, key: Hashable, cell: Mapping[int, Var]) -> int:
    """Add ``family(key): sum_v x[v] = 1`` over ``cell`` (value -> column) and declare the
    columns an integer view; return the view's index."""
    exactly_one(model, family, key, cell.values())
    return model.integer_view(cell.items(), len(model.constraints) - 1)
