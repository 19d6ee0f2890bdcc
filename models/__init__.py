"""The declarative formulations, one module per puzzle, written against ``futomip.linear``.

Installed as ``futomip.models``.  A formulation must not import a backend or a solver.
"""

from __future__ import annotations

from . import futoshiki
from . import nonogram
from . import str8ts

__all__ = ["MODULES", "FORMULATIONS", "ENCODINGS"]

# Puzzle kind -> module with formulate(puzzle, encoding) -> Formulation and ENCODINGS
# (the first encoding is the default unless a solver prefers another).  One line per kind.
MODULES = {
    "futoshiki": futoshiki,
    "nonogram": nonogram,
    "str8ts": str8ts,
}

FORMULATIONS = {kind: module.formulate for kind, module in MODULES.items()}
ENCODINGS = {kind: module.ENCODINGS for kind, module in MODULES.items()}
