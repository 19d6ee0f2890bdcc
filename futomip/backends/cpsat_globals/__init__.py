"""CP-SAT's own forms of the models' globals (MiniZinc's solver-specific library, for CP-SAT).

A formulation states its globals over integer views (``futomip.linear``: ``IntegerView``,
``Global``) beside their linear decompositions (``models/globals/``).  For CP-SAT the
``ortools`` backend holds each view as one integer variable (``channel.py``) and builds each
global listed in ``NATIVE`` with CP-SAT's constraint, leaving the decomposition's rows out;
every other row is written over the views' literals.  A global over 0/1 columns (``regular``:
a nonogram line) is built on the columns' Booleans, and the decomposition's auxiliary
columns are set from the solution afterwards.  One module per global, its maths in its
docstring: ``all_different.py``, ``strict_less.py``, ``regular.py``.  ``layout.py`` puts it
together.

Importing this package does not import OR-Tools (the modules take the ``CpModel``).
Must not import ``models``, the puzzles or the pipeline.
"""

from __future__ import annotations

from . import all_different, regular, strict_less

__all__ = ["NATIVE"]

NATIVE = {"all_different": all_different, "strict_less": strict_less, "regular": regular}
"""Global name -> module with ``LABEL`` (how the status line names the native constraint)
and ``build(cp_model, variables, record)`` (``record``: the model's ``Global``)."""


