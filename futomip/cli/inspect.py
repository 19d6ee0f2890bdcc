"""``futomip inspect FILE``: what the model of a puzzle looks like, without reading its LP file.

For one puzzle (``--index`` picks one of a multi-puzzle file) and one encoding (or, with
``--compare-encodings``, every encoding of the kind side by side) it reports:

- rows and nonzeros per constraint family and columns per variable family, under the names
  the model's docstring uses (``cell_one_value``, ``less_than``, ...), after the domain
  reduction futomip applies before building (``--reduce``, as for ``solve``);
- what HiGHS' presolve leaves (rows, columns, nonzeros; or that presolve alone decided it);
- the root LP bound: the LP relaxation's status, objective and how many columns it leaves
  fractional (every formulation is a feasibility model, so the bound is 0 when the
  relaxation is feasible; the fractional count says how far the LP is from a grid);
- the global structure: the globals the model declares over its integer views, how many
  rows are their decompositions (the rows every MILP layer and LP file keeps), and what
  CP-SAT builds instead with native globals (``--globals native``).

``--json`` prints one object: ``{"file", "puzzle", "name", "reduction", "encodings":
{encoding: {"rows", "nonzeros", "columns", "total", "presolve", "root_lp", "globals"}},
"stopped", "index", "puzzles"}`` (``index``: the puzzle shown, of ``puzzles`` in the file), ``globals`` being ``{"declared": {name: count}, "views", "rows", "cpsat"}``.

``--time-limit S`` bounds the whole command: the reduction may take half of what is left, and
HiGHS' presolve and root LP stop at the limit (their ``status`` then says "timeout" or "time
limit reached"; a large nonogram's root LP alone can take half a minute).  Building a model and
handing it to HiGHS are seconds of Python on a large nonogram, so they are cut at the limit too
(``stopping.deadline_bound``): a model whose build the limit cut is not shown, the JSON field
``stopped`` says where it stopped (null otherwise), and the command exits 1, as a solve the
limit stopped does.
"""

from __future__ import annotations

import json

from .. import io, reduction, stopping
from ..errors import UnknownNameError
from ..kinds import kind_of
from ..options import Deadline
from ..pipeline.finder import default_encoding
from ..reduction import LEVELS
from ._args import non_negative_int, seconds
from ._output import say, say_error

__all__ = ["add_parser", "run_command", "describe"]


def add_parser(commands) -> None:
    parser = commands.add_parser("inspect", help="rows, columns and nonzeros per constraint family, presolve, root LP")
    parser.add_argument("file", help="puzzle file (format detected from its content)")
    parser.add_argument("--format", help="read the file in this format instead of detecting it")
    parser.add_argument("--index", type=non_negative_int, default=0,
                        help="puzzle K (0-based) of a multi-puzzle file (default: the first, named in the first line)")
    parser.add_argument("--encoding", help="model variant (default: the one a HiGHS solve uses, as the presolve and root LP shown are HiGHS')")
    parser.add_argument("--compare-encodings", action="store_true", help="every encoding of the kind side by side")
    parser.add_argument("--reduce", choices=LEVELS, default=LEVELS[0],
                        help="domain reduction before the model is built, as for solve (default: %(default)s)")
    parser.add_argument("--time-limit", type=seconds, metavar="S",
                        help="seconds for the whole command (presolve and root LP stop at it and say so)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def describe(model, deadline: Deadline | None = None) -> dict:
    """Rows, nonzeros and columns per family, totals, HiGHS presolve and the root LP of
    ``model``; HiGHS stops at ``deadline`` (None: no limit)."""
    from ..backends.highspy_backend import presolve_summary, root_lp

    deadline = deadline or Deadline(None)

    rows = model.row_counts()
    nonzeros = dict.fromkeys(rows, 0)
    for con in model.constraints:
        nonzeros[con.family] += len(con.terms)
    columns = {family: len(keys) for family, keys in model.families.items()}
    total = {"rows": len(model.constraints), "columns": model.num_vars, "nonzeros": sum(nonzeros.values())}
    # Handing the model to HiGHS is Python work as long as the build on a large nonogram: a
    # conversion the limit cuts reads as the HiGHS status a spent limit gives.
    presolve = _within(deadline, lambda: presolve_summary(model, deadline.remaining()))
    root = _within(deadline, lambda: root_lp(model, deadline.remaining()))
    return {"rows": rows, "nonzeros": nonzeros, "columns": columns, "total": total,
            "presolve": presolve or {"status": "timeout", **total},
            "root_lp": root or {"status": "time limit reached", "bound": None, "fractional": None},
            "globals": global_structure(model)}


def _within(deadline: Deadline, work):
    """``work()``, or None if the deadline came while it ran in Python."""
    try:
        with stopping.deadline_bound(deadline.end):
            return work()
    except stopping.DeadlineReached as exc:
        stopping.keep_until_exit(exc)  # the half-built model it holds is not freed now
        return None


def global_structure(model) -> dict:
    """The globals ``model`` declares, the rows that decompose them (the views' exactly-one
    rows included), and CP-SAT's native form of them."""
    from ..backends.cpsat_globals import NATIVE

    rows = {view.row for view in model.views if view.row >= 0}
    native: dict[str, int] = {}
    for record in model.globals:
        rows.update(record.rows)
        if record.name in NATIVE:
            label = NATIVE[record.name].LABEL
            native[label] = native.get(label, 0) + 1
    return {"declared": model.global_counts(), "views": len(model.views), "rows": len(rows),
            "cpsat": ", ".join(f"{label} x{count}" for label, count in native.items())}


def run_command(args, started: float) -> int:
    from . import EXIT_SOLVED, EXIT_UNSOLVED

    puzzles = io.read(args.file, args.format)
    if args.index >= len(puzzles):
        io.load(args.file, args.format, args.index)  # the index out of range, said as load says it
    puzzle = puzzles[args.index]
    module = kind_of(puzzle).model_module()
    # The presolve and root LP shown are HiGHS': by default the encoding a HiGHS solve builds.
    encodings = list(module.ENCODINGS) if args.compare_encodings else \
        [args.encoding or default_encoding(puzzle, "highs")]
    for encoding in encodings:
        if encoding not in module.ENCODINGS:
            raise UnknownNameError("encoding", encoding, list(module.ENCODINGS))
    deadline = Deadline(args.time_limit, start=started)
    domains = reduction.reduce(puzzle, args.reduce, deadline.fraction_end(0.5))
    reduced = None if domains is None else {"level": args.reduce, **domains.summary()}
    described, stopped = {}, None
    for encoding in encodings:
        formulation = _within(deadline, lambda: module.formulate(puzzle, encoding) if domains is None else
                              module.formulate(puzzle, encoding, domains))
        if formulation is None:
            stopped = f"the time limit ended while the {encoding} model was built"
            break
        described[encoding] = describe(formulation.model, deadline)
    if args.json:
        say(json.dumps({"file": args.file, "puzzle": puzzle.kind, "name": puzzle.name or None, "reduction": reduced,
                        "encodings": described, "stopped": stopped, "index": args.index, "puzzles": len(puzzles)}))
        return EXIT_UNSOLVED if stopped else EXIT_SOLVED
    which = f" (puzzle {args.index} of {len(puzzles)} in the file; --index K shows another)" if len(puzzles) > 1 else ""
    impossible = reduced and reduced.get("contradiction")
    say(f"{puzzle.kind} {puzzle.name or ''}".rstrip() + which + (
        f"; reduction {reduced['level']} fixed {reduced.get('fixed')} of {reduced.get('cells')} cells"
        if reduced and reduced.get("cells") else "")
        + (f"; no solution: the reduction found {impossible} impossible" if impossible else ""))
    if described:
        say(_table(described))
    if stopped:
        say_error(f"futomip: {stopped} (a longer --time-limit shows it)")
        return EXIT_UNSOLVED
    return EXIT_SOLVED


def _table(described: dict) -> str:
    """The encodings side by side: one line per family and summary row."""
    encodings = list(described)
    head = ["", *(f"{encoding}" for encoding in encodings)]
    lines: list[list[str]] = []

    def add(label: str, cell) -> None:
        lines.append([label, *(cell(described[encoding]) for encoding in encodings)])

    families = list(dict.fromkeys(f for info in described.values() for f in info["rows"]))
    for family in families:
        add(f"rows {family}", lambda info, f=family: _count_pair(info["rows"].get(f), info["nonzeros"].get(f)))
    for family in dict.fromkeys(f for info in described.values() for f in info["columns"]):
        add(f"columns {family}", lambda info, f=family: str(info["columns"].get(f, "-")))
    add("total rows / columns / nonzeros",
        lambda info: f"{info['total']['rows']} / {info['total']['columns']} / {info['total']['nonzeros']}")
    add("after HiGHS presolve", lambda info: _presolved(info["presolve"]))
    add("root LP", lambda info: _root(info["root_lp"]))
    add("globals (rows they decompose)", lambda info: _globals(info["globals"]))
    add("CP-SAT native form", lambda info: info["globals"]["cpsat"] or "-")
    widths = [max(len(row[i]) for row in [head] + lines) for i in range(len(head))]
    text = [" | ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [head] + lines]
    text.insert(1, "-+-".join("-" * width for width in widths))
    return "\n".join(text) + "\n(rows: count (nonzeros))"


def _globals(structure: dict) -> str:
    if not structure["declared"]:
        return "none"
    declared = ", ".join(f"{name} x{count}" for name, count in structure["declared"].items())
    if not structure["views"]:  # globals over 0/1 cells (nonogram lines)
        return f"{declared} ({structure['rows']} rows)"
    return f"{declared}, {structure['views']} views ({structure['rows']} rows)"


def _count_pair(rows, nonzeros) -> str:
    return "-" if rows is None else f"{rows} ({nonzeros})"


def _presolved(presolve: dict) -> str:
    if presolve["status"] == "reduced_to_empty":
        return "nothing left: presolve decides it"
    if presolve["status"] in ("infeasible", "timeout"):
        return "stopped by the time limit" if presolve["status"] == "timeout" else "infeasible"
    return f"{presolve['rows']} / {presolve['columns']} / {presolve['nonzeros']}"


def _root(root: dict) -> str:
    if root["status"] != "optimal":
        return root["status"]
    return f"bound {root['bound']:g}, {root['fractional']} fractional columns"
