"""Reusable constraint pieces ("globals"), one linearisation per module.

Each module writes its linearisation out in its docstring and is checked against brute
force in ``tests/test_globals.py``.  They only use ``futomip.linear``.  Where a global is
stated over integer views (``one_hot.py``), its rows are recorded as its decomposition;
the native forms for CP-SAT are in ``futomip/backends/cpsat_globals/``, one file each.
"""

from .exactly_one import exactly_one, at_most_one
from .one_hot import one_hot_cell
from .all_different import all_different_onehot
from .strict_less import strict_less_tight, strict_less_weighted
from .blocks import arc_keys, block_starts, line_automaton, start_keys
from .straight import straight, straight_starts

__all__ = [
    "exactly_one",
    "at_most_one",
    "one_hot_cell",
    "all_different_onehot",
    "strict_less_tight",
    "strict_less_weighted",
    "block_starts", "start_keys", "line_automaton", "arc_keys",
    "straight",
    "straight_starts",
]
