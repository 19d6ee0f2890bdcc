"""``futomip.certainty``: the public name of the certainty calls (every solution, why not).

    from futomip.certainty import solutions, enumerate_all, explain, Enumeration

The work lives in the pipeline (``futomip.pipeline.certainty``: it steps a
``SolutionFinder``); this module only keeps the documented import path.  It sits in the
floor of the pipeline's uses (import-linter's ``layers`` contract in ``pyproject.toml``), so
nothing below the pipeline can import it.
"""

from __future__ import annotations

from .pipeline.certainty import Enumeration, enumerate_all, explain, solutions

__all__ = ["Enumeration", "solutions", "enumerate_all", "explain"]
