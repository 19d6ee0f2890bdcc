"""``futomip solvers [--json]``: every (layer, solver) pair, whether it runs here, how to get it,
and what it can do; ``futomip solvers --options SOLVER [--backend LAYER] [--json]``: the option
names ``--solver-option`` takes (JSON ``{"solver", "backend", "options"}``).

The text form is a table; ``--json`` prints one object (a contract like ``solve --json``:
fields are added, never renamed) ``{"default": "highspy/highs", "order": [...], "pairs":
[{"backend", "solver", "available", "how", "description", "capabilities": {...}, "hidden"}, ...],
"first_choice": {kind: "backend/solver"}, "defaults": {kind: {"method", "backend", "solver", "reduce",
"reason", "milp_reason"}}, "kernels": "...", "kernel_families": {family: "..."}}`` (``first_choice``: the pair tried first for a puzzle kind when it is
available, before ``order``; ``hidden``: unavailable only because ``FUTOMIP_HIDE_SOLVERS`` names the
solver, and ``how`` then names the variable; ``defaults``: what a solve of that kind runs
when the user names nothing, the measured best of what is installed
(``futomip.methods.default``, from ``futomip.solvers.measured``), the same for the command,
``futomip batch`` and ``futomip.solve``: ``method`` "milp" or a method beside it ("sat" for
nonograms where python-sat is installed), ``backend``/``solver``/``reduce`` the MILP's
configuration (for a method row: what --all, --explain and model files use, ``milp_reason``
saying why; otherwise ``milp_reason`` is null); ``kernels``: the compiled search kernels'
state, ``futomip.compiled.state``: "off", "cold", "warming up", "ready" or "compiled";
``kernel_families``: the same per family of kernels, ``{"latin": ..., "nonogram": ...}`` (the
background warm-up makes each family ready on its own, the one whose work started it first);
``command_methods``: {kind: {"method", "reason"}} for the kinds whose default is a method
other than the MILP, derived from ``defaults``).
"""

from __future__ import annotations

import json

from .. import compiled
from ..errors import SolverUnavailableError, UsageError
from ._output import say

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    parser = commands.add_parser("solvers", help="list every (backend, solver) pair and whether it runs here")
    parser.add_argument("--json", action="store_true", help="print the pairs and their capabilities as one JSON object")
    parser.add_argument("--options", metavar="SOLVER",
                        help="list the option names SOLVER takes through --solver-option NAME=VALUE, one a line "
                             "(with --json: {\"solver\", \"backend\", \"options\"})")
    parser.add_argument("--backend", metavar="LAYER",
                        help="with --options: the modelling layer whose program is asked (CBC's names can differ "
                             "between PuLP's and Pyomo's program); default: the first layer that runs SOLVER here")


PIP_SOLVERS = {"highs": "HiGHS", "cbc": "CBC", "scip": "SCIP", "cpsat": "CP-SAT", "kissat": "Kissat (python-sat)"}
"""What ``pip install 'futomip[all]'`` brings (Kissat is not a pair: the nonograms' ``--method sat``)."""


def _capability_words(capabilities) -> str:
    short = {"incremental": "incremental", "seed": "seed", "threads": "threads", "whole_seconds": "whole-second limit",
             "own_process": "own process", "solver_options": "options"}
    return ",".join(word for name, word in short.items() if getattr(capabilities, name))


def run_command(args, started: float) -> int:
    if args.options is not None:
        return _list_options(args.options, args.backend, args.json)
    if args.backend is not None:
        raise UsageError("--backend goes with --options SOLVER")
    from ..kinds import KINDS
    from ..solvers import DEFAULT_ORDER, default_pair, first_choices, pairs, solver
    from ..methods import sat as sat_method
    from ..methods.default import choose

    try:
        default_text = default_pair().name
    except SolverUnavailableError:
        default_text = None
    order = [f"{b}/{s}" for b, s in DEFAULT_ORDER]
    found = pairs()
    first = {kind: "/".join(first_choices(kind)[0]) for kind in KINDS if first_choices(kind)}
    defaults = {}
    for kind in KINDS:
        try:
            chosen = choose(kind)
        except SolverUnavailableError:
            continue
        defaults[kind] = {"method": chosen.method, "backend": chosen.pair.backend, "solver": chosen.pair.solver,
                          "reduce": chosen.reduce, "reason": chosen.reason, "milp_reason": chosen.milp_reason or None}
    kernels = compiled.state()
    families = {family: compiled.state(family) for family in compiled.FAMILIES}
    command_methods = {kind: {"method": chosen["method"], "reason": chosen["reason"]}
                       for kind, chosen in defaults.items() if chosen["method"] != "milp"}
    if args.json:
        say(json.dumps({"default": default_text, "order": order, "pairs": [
            {"backend": pair.backend, "solver": pair.solver, "available": pair.available, "how": pair.how or None,
             "description": solver(pair.solver).description, "capabilities": pair.capabilities.as_dict(),
             "hidden": pair.hidden}
            for pair in found], "first_choice": first, "defaults": defaults, "kernels": kernels,
            "command_methods": command_methods, "kernel_families": families}))
        return 0
    say(f"{'backend':<9} {'solver':<8} {'status':<10} {'can take':<42} how to get it")
    for pair in found:
        status = "available" if pair.available else "hidden" if pair.hidden else "missing"
        say(f"{pair.backend:<9} {pair.solver:<8} {status:<10} {_capability_words(pair.capabilities):<42} "
            f"{pair.how}".rstrip())
    if any(not pair.available and not pair.hidden and pair.solver in PIP_SOLVERS for pair in found) \
            or not sat_method.available():
        say(f"every solver pip can bring ({', '.join(PIP_SOLVERS.values())}): pip install 'futomip[all]'")
    # The per-kind first choices (JSON "first_choice") are not listed: the defaults below, measured
    # per kind, are what a solve runs, and they say so.
    say(f"\ndefault pair: {default_text or 'none'} (preference order: {', '.join(order)})")
    say("defaults (the futomip command, futomip batch and futomip.solve alike, when nothing is pinned):")
    for kind, chosen in defaults.items():
        say(_default_line(kind, chosen["reason"]))
        if chosen["milp_reason"]:
            say(f"  where the MILP runs (--all, --explain, model files, --method milp): "
                f"{_default_line(kind, chosen['milp_reason'])}")
    apart = "" if set(families.values()) == {kernels} else "; by family: " + ", ".join(
        f"{family} {word}" + (" (its searches use them now)" if word in ("ready", "compiled") else "")
        for family, word in families.items())
    say(f"\ncompiled search kernels: {kernels} ({_KERNEL_WORDS[kernels]}{apart})")
    return 0


def _list_options(solver_name: str, backend: str | None, as_json: bool) -> int:
    """``futomip solvers --options SOLVER``: the names ``--solver-option`` takes (exit 3, with
    the install hint, when no layer runs the solver here)."""
    from ..solvers import check, layers_of, require, solver

    found = solver(solver_name)  # an unknown name: UnknownNameError, exit 2, with the known ones
    if backend is None:
        available = [layer for layer in layers_of(solver_name) if check(layer, solver_name).available]
        backend = available[0] if available else layers_of(solver_name)[0]
    # A layer that cannot drive the solver, or a solver not installed: the pipeline's own error
    # (exit 3) with the install hint.
    layer = require(backend, solver_name).backend
    names = found.option_names(layer)
    if names is None:
        raise SolverUnavailableError(f"futomip cannot ask {solver_name} for its options here; "
                                     f"its options go to it unchecked")
    if as_json:
        say(json.dumps({"solver": solver_name, "backend": layer, "options": names}))
    else:
        for name in names:
            say(name)
    return 0


def _default_line(kind: str, reason: str) -> str:
    return reason if reason.startswith("default for") else f"default for {kind}: {reason}"


_KERNEL_WORDS = {
    "off": "FUTOMIP_COMPILE=0 or no numba: the searches run in Python",
    "compiled": "loaded in this process",
    "ready": "compiled on this machine; a search loads them from the cache",
    "warming up": "being compiled in the background once after installing; searches run in Python until then",
    "cold": "not compiled yet; the first search that wants them starts their compilation in the background",
}
