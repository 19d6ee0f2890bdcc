"""OR-Tools CP-SAT as a solver of the neutral 0/1 linear model (``pip install ortools``).

CP-SAT is a lazy-clause-generation SAT solver with an LP relaxation among its workers; on
pure 0/1 linear models it propagates the rows as pseudo-Boolean constraints and learns
clauses from conflicts, which suits the puzzles' exactly-one rows.  The ``ortools``
backend (``futomip.backends.ortools_backend``) turns the ``LinearModel`` into a CP-SAT
model directly: one Boolean per column, one linear constraint per row.

**In this process.**  highspy 1.15 and ortools (which links its own HiGHS) could not share
a process; with highspy 1.16 (futomip's lower bound) and ortools 9.15 they do: both are
imported and both solve, in either order, in one process (``tests/test_backend_conformance.py``
keeps that so).  In-process solving costs no start-up of a worker (about 0.3 s of Python
and OR-Tools imports per process) and no copy of the model, and CP-SAT's ``StopSearch``
stops it from the watchdog thread on Ctrl-C, SIGTERM or an overrun deadline.

Options are ``SatParameters`` field names (``num_workers=8``,
``search_branching=FIXED_SEARCH``, ``linearization_level=2``); an unknown name or a value of
the wrong type is refused with the valid names.  The seed is ``random_seed``; ``--threads``
is ``num_workers``, and futomip runs **one worker by default** (CP-SAT's own default uses
every core, which on a shared 2-core machine makes times unrepeatable; ``--threads N``
asks for N workers).  Coefficients must be whole numbers (every futomip formulation's are).
"""

from __future__ import annotations

from ..errors import UsageError
from ._base import Capabilities, Solver

__all__ = ["SOLVER", "parameter_fields"]


def parameter_fields() -> dict:
    """``SatParameters`` field name -> protobuf field descriptor."""
    from ortools.sat import sat_parameters_pb2

    return dict(sat_parameters_pb2.SatParameters.DESCRIPTOR.fields_by_name)


def _text_value(field, name: str, value: str) -> str:
    """``value`` in protobuf text format for ``field`` (raises ``ValueError`` with what is accepted)."""
    from google.protobuf.descriptor import FieldDescriptor as F

    if field.type == F.TYPE_MESSAGE:
        raise ValueError(f"CP-SAT parameter {name} is a structured field; it cannot be set as NAME=VALUE")
    if field.type == F.TYPE_BOOL:
        lowered = value.strip().lower()
        if lowered not in ("true", "false", "1", "0"):
            raise ValueError(f"CP-SAT parameter {name} takes true or false, got {value!r}")
        return "true" if lowered in ("true", "1") else "false"
    if field.type == F.TYPE_ENUM:
        names = [item.name for item in field.enum_type.values]
        if value.strip() not in names:
            raise ValueError(f"CP-SAT parameter {name} takes one of {', '.join(names)}, got {value!r}")
        return value.strip()
    if field.type == F.TYPE_STRING:
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if field.type in (F.TYPE_DOUBLE, F.TYPE_FLOAT):
        try:
            return repr(float(value))
        except ValueError:
            raise ValueError(f"CP-SAT parameter {name} takes a number, got {value!r}") from None
    try:
        return str(int(value))
    except ValueError:
        raise ValueError(f"CP-SAT parameter {name} takes a whole number, got {value!r}") from None


class CpSat(Solver):
    name = "cpsat"
    description = "OR-Tools CP-SAT (Apache 2.0 licence), in this process"
    install = "pip install ortools (or pip install 'futomip[cpsat]')"
    layers = {"ortools": Capabilities(incremental=True, seed=True, threads=True, solver_options=True,
                                      native_globals=True)}
    # Weighted rows: total median 132 ms against 196 ms for tight over hard 9x9 and Latin
    # completions, slowest 0.65 s against 0.80 s (docs/measurements.md, "Solvers side by side").
    preferred_encodings = {"futoshiki": "weighted"}
    # Latin completion: AddAllDifferent, CP-SAT's own model (the yardstick's), on the whole model
    # beside the split search.  Fresh commands, 60 s each (docs/measurements.md, 29 Nov): on 10
    # QWH of orders 40-45 it completed 9 against 7 with the rows (the search answers the rest
    # either way); on the 60 QCP of order 10-25 all decided both ways, 0.29 s against 0.19 s at
    # the median.  Futoshiki and Sudoku keep the rows, faster there (the same page, 26 Nov).
    preferred_globals = {"latin": "native"}
    # Beside the split search, on the puzzle as given rather than the reduced domains: CP-SAT's
    # own model then, whose search it repeats.  On 56 QWH of orders 40-60, 60 s each, the default
    # completed all 50 that CP-SAT alone completes against 48 on the reduced domains, 1.18x slower
    # at the median on easy ones (docs/measurements.md, 29 Nov, thirtieth session).
    whole_model_as_given_for = frozenset({"latin"})
    # Hard 9x9 and Latin-square completions: every puzzle within 0.3 s where HiGHS takes up
    # to 12 s (docs/measurements.md, "Solvers side by side").  Not nonograms (the MiniZinc "dom" puzzles,
    # which the LP settles, defeat it) nor Str8ts (no faster than HiGHS).
    first_choice_for = {"futoshiki": "ortools"}

    def option_names(self, layer: str | None = None) -> list[str]:
        return sorted(parameter_fields())

    def check_option_value(self, name: str, value: str) -> None:
        try:
            _text_value(parameter_fields()[name], name, value)
        except ValueError as exc:
            raise UsageError(str(exc)) from None

    def check_options(self, pairs, layer: str | None = None) -> None:
        super().check_options(pairs, layer)
        if not pairs:
            return
        # Ranges are CP-SAT's own (max_time_in_seconds >= 0, num_workers in [0, 10000], ...): a
        # solve of the empty model with the options says whether it takes them, in its words,
        # where the real solve would only answer MODEL_INVALID.
        from ortools.sat.python import cp_model

        trial = cp_model.CpSolver()
        trial.parameters.merge_text_format("\n".join(_option_lines(pairs)))
        if trial.solve(cp_model.CpModel()) == cp_model.MODEL_INVALID:
            raise UsageError(f"CP-SAT does not take these options: {trial.solution_info()}")

    def parameter_text(self, options) -> str:
        """futomip's seed, threads (default 1) and ``--solver-option`` values as one
        ``SatParameters`` text (raises ``UsageError`` on a bad name or value)."""
        self.check_options(options.solver_options)
        # CP-SAT would otherwise take over SIGINT, and futomip.stopping could not stop it.
        lines = [f"num_workers: {int(options.threads or 1)}", "catch_sigint_signal: false"]
        if options.seed is not None:
            lines.append(f"random_seed: {int(options.seed)}")
        lines += _option_lines(options.solver_options)
        return "\n".join(lines)


def _option_lines(pairs) -> list[str]:
    """``--solver-option`` pairs as ``SatParameters`` text lines (names and types checked)."""
    fields = parameter_fields()
    return [f"{name}: {_text_value(fields[name], name, value)}" for name, value in pairs]


SOLVER = CpSat()
