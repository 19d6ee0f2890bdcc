"""The integer view natively: one CP-SAT integer per cell, its one-hot columns as literals.

A view (``models/globals/one_hot.py``) is a cell with binaries x[v], v in its domain D,
``sum_v x[v] = 1`` and value ``sum_v v*x[v]``.  CP-SAT holds it as

    y in D                                   (the exactly-one row is the domain itself)

and a column x[v] that some remaining row needs (a given, a no-good cut, a black clue of
Str8ts) as a literal channelled to y,

    x[v]  =>  y == v,        not x[v]  =>  y != v,

which CP-SAT's presolve recognises as the value encoding of y, so the literal and y's own
encoding are one variable.  Columns no remaining row needs get no literal (building n^3 of
them measured 2-4x slower than the integer model on order-30 Latin completions); their
values are read from y after the solve.  A row with a single view column needs no
literal either: it fixes or removes one value of y.
"""

from __future__ import annotations

__all__ = ["integer", "literal", "fix", "holds"]


def integer(model, domain: list[int], name: str):
    """The integer variable of a view with values ``domain`` (infeasible when empty)."""
    from ...solvers.cpsat_import import cp_model as import_cp_model

    cp_model = import_cp_model()

    if not domain:
        # The view's exactly-one row is empty, so futomip decides infeasibility before a solve;
        # the model stays a valid, infeasible CP-SAT model all the same.
        model.AddBoolOr([])
        return model.NewConstant(0)
    return model.NewIntVarFromDomain(cp_model.Domain.FromValues(domain), name)


def literal(model, variable, value: int, name: str):
    """A Boolean equal to ``variable == value``."""
    flag = model.NewBoolVar(name)
    model.Add(variable == value).OnlyEnforceIf(flag)
    model.Add(variable != value).OnlyEnforceIf(flag.Not())
    return flag


def fix(model, variable, value: int, coefficient: float, sense: str, rhs: float) -> None:
    """The row ``coefficient * x sense rhs`` with x the literal ``variable == value``."""
    allowed = [t for t in (0, 1) if holds(coefficient * t, sense, rhs)]
    if allowed == [1]:
        model.Add(variable == value)
    elif allowed == [0]:
        model.Add(variable != value)
    elif not allowed:
        model.AddBoolOr([])


def holds(lhs: float, sense: str, rhs: float) -> bool:
    """Whether ``lhs sense rhs``."""
    return lhs <= rhs if sense == "<=" else lhs >= rhs if sense == ">=" else lhs == rhs
