"""strict_less natively: ``y_a < y_b`` on the two cells' integer variables.

The decompositions (``models/globals/strict_less.py``) state value(a) < value(b) over
one-hot binaries, with n threshold rows ("tight") or one weighted row ("weighted").  On
integer variables it is one linear inequality,

    y_b - y_a >= 1,

which CP-SAT propagates on the bounds (min(y_b) > min(y_a), max(y_a) < max(y_b)): exactly
what the tight rows' hull says, whichever encoding the model's rows use.
"""

from __future__ import annotations

LABEL = "<"


def build(model, variables, record=None) -> None:
    """``variables[0] < variables[1]`` on the CP-SAT ``model``."""
    smaller, larger = variables
    model.Add(smaller < larger)
