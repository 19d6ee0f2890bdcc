"""all_different natively: CP-SAT's ``AddAllDifferent`` over the cells' integer variables.

The decomposition (``models/globals/all_different.py``) says, for the cells' one-hot
binaries, ``sum_{c in group} x[c,v] <= 1`` (or ``= 1`` for a permutation) for every value
v.  With each cell an integer y_c whose domain is the values it may take
(``channel.py``) the same condition is

    AddAllDifferent(y_c : c in group)          i.e.  y_c != y_d  for c != d in the group,

and the permutation form needs nothing more: |group| = |V| cells with domains inside V that
are all different use every value of V once (pigeonhole); a value no cell can take makes
both forms infeasible.

Which propagates more.  CP-SAT propagates ``AddAllDifferent`` on the values taken (a fixed
cell's value leaves the others) and on bounds; the decomposition's permutation rows, read
by CP-SAT as exactly-one constraints over literals, also fix a cell when it is the last of
its group that can take a value (a "hidden single"), which the native constraint does not.
Measured (docs/measurements.md), the rows are as fast or faster on every Latin-family
kind, so the linear form is CP-SAT's default and this one is asked for with
``--globals native``.
"""

from __future__ import annotations

LABEL = "AddAllDifferent"


def build(model, variables, record=None) -> None:
    """``AddAllDifferent(variables)`` on the CP-SAT ``model``."""
    model.AddAllDifferent(variables)
