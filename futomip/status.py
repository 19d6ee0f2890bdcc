"""The one status vocabulary of futomip: how a solve, a search or a whole command ended.

Every backend maps its solver's outcome onto these words, every ``Result`` carries one, and
the JSON field ``status`` prints them.  This module imports nothing.
"""

from __future__ import annotations

__all__ = ["SOLVED", "INFEASIBLE", "TIME_LIMIT", "ERROR", "STATUSES", "WRITTEN", "HEURISTIC_FAILED"]

SOLVED = "solved"
"""A solution was found (and verified, once it reaches a ``Result``)."""

INFEASIBLE = "infeasible"
"""Proved: no solution exists (under the cuts added so far)."""

TIME_LIMIT = "time_limit"
"""The time ran out before either of the above was established."""

ERROR = "error"
"""The solver failed, or returned something that could not be trusted."""

STATUSES = (SOLVED, INFEASIBLE, TIME_LIMIT, ERROR)

WRITTEN = "written"
"""Not a solve outcome, so not in ``STATUSES``: the command wrote the model files it was
asked for and, as asked (``--no-solve``), did not solve (JSON ``status``, exit code 0)."""

HEURISTIC_FAILED = "heuristic_failed"
"""A local-search method (``anneal``, ``genetic``) stopped without a valid grid: it proves
nothing about the puzzle, so it is neither infeasible nor a time limit; the result carries
its best cost (rules broken by its best grid), never that grid (JSON ``status``, exit 1)."""
