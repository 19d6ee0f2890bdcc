"""Where each column of a ``LinearModel`` lives in a CP-SAT model built with native globals.

``NativeLayout(cp_model_object, model)`` creates one integer per integer view
(``channel.py``), builds every global of ``NATIVE`` natively (``all_different.py``,
``strict_less.py``, ``regular.py``), and records which rows that makes redundant: the
decompositions of the native globals and the views' exactly-one rows.  The auxiliary
columns of an automaton's decomposition get no variable (``regular.py``); a row with one
plain column becomes that Boolean's domain (a cell fixed by the reduction, a constant).  Every other row is written by the backend
over ``index(column)``: a plain Boolean for a column in no view, the channel literal (made
on first use) for a view's column.  ``values(solution)`` gives back one value per column,
so decoding, the row check of every solve (``Session.solve``) and the no-good cuts work on
the columns as in the linear form: a native model whose answer broke a row would be caught
there.
"""

from __future__ import annotations

from ...errors import UnsupportedFeatureError
from ...linear import Constraint, LinearModel
from . import NATIVE
from .channel import fix, holds, integer, literal

__all__ = ["NativeLayout"]


class NativeLayout:
    """The native form of ``model`` inside the CP-SAT model ``cp`` (a ``CpModel``)."""

    def __init__(self, cp, model: LinearModel) -> None:
        self.cp = cp
        self.model = model
        self.view_of = model.view_of_column()
        self.value_of = {column: value for view in model.views for value, column in view.values}
        self.integers = [integer(cp, [value for value, _ in view.values], f"view{k}")
                         for k, view in enumerate(model.views)]
        native = [(record, NATIVE[record.name]) for record in model.globals if record.name in NATIVE]
        # The automata's auxiliary columns are facts of their runs: set after the solve, never built.
        self._runs = [record for record, _ in native if record.automaton is not None]
        self.derived = {mark[0] for record in self._runs for mark in record.automaton.marks}
        self._plain = {column: cp.NewBoolVar(name).Index() for column, name in enumerate(model.var_names)
                       if column not in self.view_of and column not in self.derived}
        self._literals: dict[int, int] = {}
        self.skipped = {view.row for view in model.views if view.row >= 0}
        self.built: dict[str, int] = {}
        for record, form in native:
            if record.automaton is not None:
                variables = [cp.GetBoolVarFromProtoIndex(self._plain[column]) for column in record.columns]
            else:
                variables = [self.integers[k] for k in record.views]
            form.build(cp, variables, record)
            self.skipped.update(record.rows)
            self.built[form.LABEL] = self.built.get(form.LABEL, 0) + 1

    def index(self, column: int) -> int:
        """The CP-SAT variable index standing for ``column``."""
        if column in self._plain:
            return self._plain[column]
        if column in self.derived:
            # Only the automaton's own (left out) rows read these columns in every futomip model.
            raise UnsupportedFeatureError(f"column {self.model.var_names[column]} is set from an automaton's run and "
                                          "cannot appear in a row of a native model; use --globals linear")
        found = self._literals.get(column)
        if found is None:
            view = self.view_of[column]
            found = literal(self.cp, self.integers[view], self.value_of[column], self.model.var_names[column]).Index()
            self._literals[column] = found
        return found

    def takes_alone(self, con: Constraint) -> bool:
        """Build ``con`` on a view's integer, or as the domain of a plain Boolean, when it has
        one such column (True), else leave it to the backend's linear row (False)."""
        if len(con.terms) != 1:
            return False
        column, coefficient = con.terms[0]
        if column in self._plain:
            # A cell fixed by the reduction becomes a constant, which the automaton's
            # expansion prunes by before the search.
            domain = self.cp.proto.variables[self._plain[column]].domain
            allowed = [t for t in (0, 1) if domain[0] <= t <= domain[1] and holds(coefficient * t, con.sense, con.rhs)]
            if allowed:
                domain[0], domain[1] = allowed[0], allowed[-1]  # a Boolean's domain is [lo, hi]
            else:
                self.cp.AddBoolOr([])  # an empty domain would be an invalid model, not an infeasible one
            return True
        if column not in self.view_of:
            return False
        fix(self.cp, self.integers[self.view_of[column]], self.value_of[column], coefficient, con.sense, con.rhs)
        return True

    def values(self, solution) -> list[float]:
        """One value per column from CP-SAT's solution vector (indexed by variable)."""
        out = [0.0] * self.model.num_vars
        for column, index in self._plain.items():
            out[column] = float(solution[index])
        for k, view in enumerate(self.model.views):
            chosen = solution[self.integers[k].Index()]
            for value, column in view.values:
                out[column] = float(chosen == value)
        for record in self._runs:
            states = record.automaton.run([int(out[column]) for column in record.columns])
            if states is None:
                continue  # left at 0: the row check of the solve reports the broken rows
            for column, position, state, value in record.automaton.marks:
                out[column] = float(states[position] == state and out[record.columns[position]] == value)
        return out

    def summary(self) -> str:
        """``native (AddAllDifferent x18, < x30)``: the native constraints built."""
        if not self.built:
            return "linear"
        return "native (" + ", ".join(f"{label} x{count}" for label, count in self.built.items()) + ")"
