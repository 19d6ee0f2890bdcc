"""all_different natively: CP-SAT's ``AddAllDifferent`` over the cells' integer variables.

The decomposition (``models/globals/all_different.py``) says, for the cells' one-hot
binaries, ``sum_{c in group} x[c,v] <= 1`` (or ``= 1`` for a permutation) for every value
v.  With each cell an integer y_c whose domain is the values it may take
(``channel.py``) the same condition is

    AddAllDifferent(y_c : c in group)          i.e.  y_c != y_d  for c != d in the group,

and the permutation form needs nothing more: |group| = |V| cells with domains inside V that
are all different use every value of V once (pigeonhole); a value no cell can take makes
both forms infeasible.  CP-SAT propagates it with bounds reasoning and, on fully encoded
variables (ours are, through the channel), with its value-based filtering, and learns
clauses from it in conflicts: what the decomposition's 2n rows per group give only through
the LP and pseudo-Boolean propagation.
"""

from __future__ import annotations

LABEL = "AddAllDifferent"


def build(model, variables) -> None:
    """``AddAllDifferent(variables)`` on the CP-SAT ``model``."""
    model.AddAllDifferent(variables)
