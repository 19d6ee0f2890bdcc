"""IBM CPLEX, through PuLP (``CPLEX_PY``, ``CPLEX_CMD``) and Pyomo (``cplex_direct``).

Needs the ``cplex`` package (a licence for large models); not tested on futomip's own
machines (see ``_commercial.py``).  Seed ``randomseed``, threads ``threads``.
"""

from __future__ import annotations

from ._commercial import Commercial

__all__ = ["SOLVER"]


class Cplex(Commercial):
    name = "cplex"
    description = "IBM CPLEX (commercial licence)"
    install = "pip install cplex (and a CPLEX licence for large models)"
    pulp_classes = ("CPLEX_PY", "CPLEX_CMD")
    program_probe = ("-c", "quit")  # the cplex program of PuLP's CPLEX_CMD
    pyomo_factory = "cplex_direct"
    seed_name, threads_name = "randomseed", "threads"


SOLVER = Cplex()
