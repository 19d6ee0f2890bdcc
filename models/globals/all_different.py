"""all_different over cells with one-hot value variables.

Cells ``c`` in a group take values from a set V through binaries ``x[c,v]`` (with
``sum_v x[c,v] = 1`` elsewhere).  "No value twice in the group" is, for every value v,

    sum_{c in group} x[c,v] <= 1        (at most once), or
    sum_{c in group} x[c,v]  = 1        (exactly once, when |group| = |V|: a permutation).

The equality form is the assignment-polytope description of a permutation and is
integral on its own; it is used for Latin-square rows and columns.

When the cells are integer views (``one_hot.py``), the rows are recorded as the
decomposition of the global ``all_different(views)``: a solver that has the constraint
builds it natively instead (CP-SAT's ``AddAllDifferent``,
``futomip/backends/cpsat_globals/all_different.py``) and leaves these rows out.  The value
rows of the permutation form say more than "no value twice" only through the counting
argument |group| = |V| (every value then appears once), which the native constraint over
cells with domains inside V implies as well.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from futomip.linear import LinearModel, Var


def all_different_onehot(
    model: LinearModel,
    family: str,
    key_of_value,
    cells: Sequence[Mapping[int, Var]],
    values: Sequence[int],
    permutation: bool,
    views: Sequence[int] | None = None,
) -> None:
    """For each value v add ``family(key_of_value(v))`` over the cells' x[c,v].

    ``cells`` holds, per cell, a map value -> variable (a missing value means the cell
    cannot take it).  With ``permutation`` the rows are equalities (every value used once).
    ``views`` (the cells' integer views, in the same order) records the rows as the global.
    """
    first = len(model.constraints)
    for v in values:
        terms = [(cell[v], 1.0) for cell in cells if v in cell]
        if not terms and not permutation:
            continue
        model.add(family, key_of_value(v), terms, "==" if permutation else "<=", 1)
    if views is not None:
        model.add_global("all_different", views, range(first, len(model.constraints)))
