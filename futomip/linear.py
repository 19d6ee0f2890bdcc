"""The backend-neutral model that every formulation in ``models/`` is written against.

A formulation declares binary variable families over index sets and adds named linear
constraints; it never sees PuLP, Pyomo or highspy.  A backend (``futomip.backends``) then
turns the finished ``LinearModel`` into its own objects in one pass.  Keeping the model as
plain columns and rows also gives every backend the same names, the same row order and the
same counts, which the tests check.

Names: a variable is ``family(k1,k2,...)`` and a constraint ``family(k1,k2,...)`` with the
keys a formulation chose (1-based where they are cells or values, so LP files read like the
docstrings).  Parentheses and commas are legal in the CPLEX LP format read by HiGHS and CBC.

Global structure.  Beside its rows, a model may say what they decompose (MiniZinc's
globals): ``views`` are integer cells written as one-hot columns (value = sum v*x[v],
exactly one x[v] = 1) and ``globals`` name a constraint over views (``all_different``,
``strict_less``) or over 0/1 columns (``regular``: a line of cells read by an ``Automaton``,
MiniZinc's ``regular``) with the rows that are its linear decomposition.  A backend whose solver
has the constraint natively may build it and leave those rows out (``futomip.backends.
ortools_backend``); every other backend, and every LP/MPS file, uses the rows and ignores
the annotations.  The rows are always there and always complete: the annotations add,
they never replace.

Must not import: solvers, backends, ``models``, or anything that imports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Sequence

__all__ = ["Var", "Terms", "Constraint", "LinearModel", "Formulation", "RowMatrix", "row_matrix", "SENSES",
           "IntegerView", "Global", "Automaton"]

Var = int
"""A variable is its column index in the model."""

Terms = list[tuple[Var, float]]
"""A linear expression: (column, coefficient) pairs; a column may appear more than once."""

SENSES = ("<=", ">=", "==")


def _key_text(key: Hashable) -> str:
    if isinstance(key, tuple):
        return ",".join(map(str, key))  # a model names every column: map is 2x a generator here
    return str(key)


@dataclass(frozen=True)
class Constraint:
    """One named row ``family(key): sum(coef * column) sense rhs``; ``name`` is the full name."""

    name: str
    terms: tuple[tuple[Var, float], ...]
    sense: str
    rhs: float
    family: str = ""
    key: Hashable = ()

    def is_satisfied(self, values: Sequence[float], tol: float = 1e-6) -> bool:
        """Whether 0/1 values (indexed by column) satisfy the row, within ``tol``."""
        lhs = sum(coef * values[var] for var, coef in self.terms)
        if self.sense == "<=":
            return lhs <= self.rhs + tol
        if self.sense == ">=":
            return lhs >= self.rhs - tol
        return abs(lhs - self.rhs) <= tol


@dataclass(frozen=True)
class IntegerView:
    """An integer cell as one-hot columns: ``value = sum_v v*x[v]`` with exactly one x[v] = 1.

    ``values`` holds the (value, column) pairs in increasing value; ``row`` is the index of
    the exactly-one row (the view's own decomposition), or -1 when the view has none."""

    values: tuple[tuple[int, Var], ...]
    row: int = -1


@dataclass(frozen=True)
class Automaton:
    """A deterministic automaton reading 0/1 cells: MiniZinc's ``regular``.

    ``transitions`` holds (state, cell value, next state) triples (a missing one rejects),
    the run starts in ``start`` and must end in one of ``finals``.  ``marks`` names the
    decomposition's own columns as facts of the run: (column, position, state, value) says
    that column is 1 iff the run reads cell ``position`` (0-based) in ``state`` and that
    cell holds ``value``.  A solver that builds the automaton natively leaves those columns
    out and sets them afterwards by running the automaton over the cells (``run``), so the
    decomposition's rows can still be checked on its answer."""

    start: int
    finals: tuple[int, ...]
    transitions: tuple[tuple[int, int, int], ...]
    marks: tuple[tuple[Var, int, int, int], ...] = ()

    def run(self, cells: Sequence[int]) -> list[int] | None:
        """The states before each cell and after the last (``len(cells) + 1`` of them), or
        None when the automaton rejects ``cells``."""
        step = {(state, value): nxt for state, value, nxt in self.transitions}
        states = [self.start]
        for value in cells:
            nxt = step.get((states[-1], int(value)))
            if nxt is None:
                return None
            states.append(nxt)
        return states if states[-1] in self.finals else None


@dataclass(frozen=True)
class Global:
    """A global constraint ``name`` over the views ``views`` (indices into ``model.views``),
    decomposed by the rows ``rows`` (indices into ``model.constraints``).

    A global over 0/1 columns rather than views (``regular``) lists them in ``columns``
    and carries its ``automaton``."""

    name: str
    views: tuple[int, ...]
    rows: tuple[int, ...]
    columns: tuple[Var, ...] = ()
    automaton: Automaton | None = None


@dataclass
class LinearModel:
    """Columns (all binary), named constraint rows and an optional objective to minimise."""

    name: str = "futomip"
    var_names: list[str] = field(default_factory=list)
    constraints: list[Constraint] = field(default_factory=list)
    objective: dict[Var, float] = field(default_factory=dict)
    views: list[IntegerView] = field(default_factory=list)
    globals: list[Global] = field(default_factory=list)
    _families: dict[str, dict[Hashable, Var]] = field(default_factory=dict, repr=False)
    _row_families: dict[str, int] = field(default_factory=dict, repr=False)
    _view_of_column: dict[Var, int] = field(default_factory=dict, repr=False)
    _matrix_cache: tuple[int, "RowMatrix"] | None = field(default=None, repr=False, compare=False)

    @property
    def num_vars(self) -> int:
        return len(self.var_names)

    def binaries(self, family: str, keys: Iterable[Hashable]) -> dict[Hashable, Var]:
        """Declare one binary variable per key, named ``family(key)``; return key -> column."""
        if family in self._families:
            raise ValueError(f"variable family {family!r} declared twice")
        columns: dict[Hashable, Var] = {}
        names = self.var_names
        for key in keys:
            columns[key] = len(names)
            names.append(f"{family}({_key_text(key)})")
        self._families[family] = columns
        return columns

    def family(self, name: str) -> dict[Hashable, Var]:
        """The key -> column map of a declared variable family."""
        return self._families[name]

    @property
    def families(self) -> dict[str, dict[Hashable, Var]]:
        """Every variable family, name -> (key -> column), in declaration order."""
        return dict(self._families)

    def add(self, family: str, key: Hashable, terms: Iterable[tuple[Var, float]], sense: str, rhs: float) -> Constraint:
        """Add the row ``family(key): terms sense rhs`` and return it."""
        if sense not in SENSES:
            raise ValueError(f"sense must be one of {SENSES}, got {sense!r}")
        con = Constraint(f"{family}({_key_text(key)})", tuple(terms), sense, float(rhs), family, key)
        self.constraints.append(con)
        self._row_families[family] = self._row_families.get(family, 0) + 1
        return con

    def integer_view(self, values: Iterable[tuple[int, Var]], row: int = -1) -> int:
        """Declare the columns ``values`` ((value, column) pairs) one integer cell, whose
        exactly-one row is ``row``; return the view's index.  A column belongs to one view."""
        view = IntegerView(tuple(sorted(values)), row)
        taken = self._view_of_column
        for _, column in view.values:
            if column in taken:
                raise ValueError(f"column {self.var_names[column]} is already in an integer view")
            taken[column] = len(self.views)
        self.views.append(view)
        return len(self.views) - 1

    def view_of_column(self) -> dict[Var, int]:
        """Column -> index of the integer view it belongs to (columns in no view are absent)."""
        return self._view_of_column

    def add_global(self, name: str, views: Iterable[int], rows: Iterable[int], columns: Iterable[Var] = (),
                   automaton: Automaton | None = None) -> Global:
        """Record that the rows ``rows`` decompose the global ``name`` over ``views`` (or over
        the 0/1 ``columns``, read by ``automaton``)."""
        record = Global(name, tuple(views), tuple(rows), tuple(columns), automaton)
        self.globals.append(record)
        return record

    def global_counts(self) -> dict[str, int]:
        """How many globals of each name the model declares, in order of first appearance."""
        counts: dict[str, int] = {}
        for record in self.globals:
            counts[record.name] = counts.get(record.name, 0) + 1
        return counts

    def minimize(self, terms: Iterable[tuple[Var, float]]) -> None:
        """Set the objective to minimise (a feasibility model has none)."""
        self.objective = {}
        for var, coef in terms:
            self.objective[var] = self.objective.get(var, 0.0) + coef

    def row_counts(self) -> dict[str, int]:
        """How many rows each constraint family has, in the order families were first added."""
        return dict(self._row_families)

    def matrix(self) -> "RowMatrix":
        """The rows in CSR form, computed once and reused while no row is added."""
        if self._matrix_cache is None or self._matrix_cache[0] != len(self.constraints):
            self._matrix_cache = (len(self.constraints), row_matrix(self.constraints))
        return self._matrix_cache[1]

    def is_satisfied_by(self, values: Sequence[float]) -> list[str]:
        """Names of the rows that ``values`` violate (used by the model tests)."""
        return [con.name for con in self.constraints if not con.is_satisfied(values)]


@dataclass
class Formulation:
    """A finished model plus what the pipeline needs to read answers back.

    ``decode`` turns column values into the puzzle's grid; ``exclude`` gives the no-good
    row (terms, sense, rhs) that cuts off exactly one grid, for uniqueness proofs and
    enumeration.  ``encoding`` names the variant the formulation was built with.
    """

    model: LinearModel
    decode: Callable[[Sequence[float]], Any]
    exclude: Callable[[Any], tuple[Terms, str, float]]
    encoding: str = ""


@dataclass(frozen=True)
class RowMatrix:
    """The rows as a compressed sparse row matrix with bounds ``lower <= A x <= upper``."""

    start: "np.ndarray"
    index: "np.ndarray"
    value: "np.ndarray"
    lower: "np.ndarray"
    upper: "np.ndarray"


def row_matrix(constraints: Sequence[Constraint]) -> RowMatrix:
    """Pack ``constraints`` into CSR arrays (one pass, no per-row numpy calls)."""
    import numpy as np

    start = [0]
    index: list[int] = []
    value: list[float] = []
    lower: list[float] = []
    upper: list[float] = []
    inf = float("inf")
    for con in constraints:
        for var, coef in con.terms:
            index.append(var)
            value.append(coef)
        start.append(len(index))
        lower.append(con.rhs if con.sense in (">=", "==") else -inf)
        upper.append(con.rhs if con.sense in ("<=", "==") else inf)
    return RowMatrix(
        np.asarray(start, dtype=np.int32),
        np.asarray(index, dtype=np.int32),
        np.asarray(value, dtype=np.float64),
        np.asarray(lower, dtype=np.float64),
        np.asarray(upper, dtype=np.float64),
    )
