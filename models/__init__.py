"""The declarative formulations, one module per puzzle kind, written against ``futomip.linear``.

Installed as ``futomip.models``; which kind uses which module is one line of
``futomip.kinds``.  Each module has ``formulate(puzzle, encoding, domains=None) ->
Formulation`` and ``ENCODINGS`` (the first is the default unless a solver prefers another:
``futomip.solvers``' ``preferred_encodings``).  A formulation must not import a backend or
a solver.
"""

from __future__ import annotations

__all__ = ["formulation_module"]


def formulation_module(puzzle):
    """The module that formulates ``puzzle``'s kind."""
    from futomip.kinds import kind_of

    return kind_of(puzzle).model_module()
