"""Gurobi, through PuLP (``GUROBI``, ``GUROBI_CMD``) and Pyomo (``gurobi_direct``).

Needs ``gurobipy`` and a licence for models of real size; not tested on futomip's own
machines (see ``_commercial.py``).  Seed ``Seed``, threads ``Threads``.
"""

from __future__ import annotations

from ._commercial import Commercial

__all__ = ["SOLVER"]


class Gurobi(Commercial):
    name = "gurobi"
    description = "Gurobi (commercial licence)"
    install = "pip install gurobipy (and a Gurobi licence)"
    pulp_classes = ("GUROBI", "GUROBI_CMD")
    pyomo_factory = "gurobi_direct"
    seed_name, threads_name = "Seed", "Threads"


SOLVER = Gurobi()
