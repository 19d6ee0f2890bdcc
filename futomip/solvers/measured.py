"""Measured default configurations per puzzle kind: written by ``benchmarks/choose_defaults.py``.

Each kind lists (backend, solver, reduce, reason) rows, best first; the registry takes the
first row whose pair is available here (``futomip.solvers.defaults``).  Rerun the benchmark
when a solver, the search or a model changes; do not edit the rows by hand.

Must not import anything.
"""

MEASURED = "placeholder: not measured yet"

DEFAULTS: dict[str, tuple[tuple[str, str, str, str], ...]] = {}
