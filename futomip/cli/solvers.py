"""``futomip solvers``: every (layer, solver) pair, whether it runs here, and how to get it."""

from __future__ import annotations

from ..errors import SolverUnavailableError
from ._output import say

__all__ = ["add_parser", "run_command"]


def add_parser(commands) -> None:
    commands.add_parser("solvers", help="list every (backend, solver) pair and whether it runs here")


def run_command(args, started: float) -> int:
    from ..solvers import DEFAULT_ORDER, default_pair, pairs

    try:
        default = default_pair()
        default_text = default.name
    except SolverUnavailableError:
        default_text = "none"
    say(f"{'backend':<9} {'solver':<8} {'status':<10} how to get it")
    for pair in pairs():
        status = "available" if pair.available else "missing"
        say(f"{pair.backend:<9} {pair.solver:<8} {status:<10} {pair.how}".rstrip())
    say(f"\ndefault pair: {default_text} (preference order: " + ", ".join(f"{b}/{s}" for b, s in DEFAULT_ORDER) + ")")
    return 0
