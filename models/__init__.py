"""The declarative formulations, one module per puzzle, written against ``futomip.linear``.

Installed as ``futomip.models``.  A formulation must not import a backend or a solver.
"""

from __future__ import annotations

from . import futoshiki

__all__ = ["FORMULATIONS", "ENCODINGS"]

# Puzzle kind -> formulate(puzzle, encoding) -> Formulation.
FORMULATIONS = {"futoshiki": futoshiki.formulate}

# Puzzle kind -> the encodings it offers (the first is used when nothing else is known).
ENCODINGS = {"futoshiki": futoshiki.ENCODINGS}
