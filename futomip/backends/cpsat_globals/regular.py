"""regular natively: CP-SAT's ``AddAutomaton`` over a line's cell Booleans (nonogram lines).

The decomposition (``models/globals/blocks.py``: block starts, or the layered automaton
graph) says, through auxiliary start or arc columns, that the cells z_1..z_L of a line
spell its clue.  The model records the same condition as the clue's pattern automaton
(``models/globals/regular.py``: states 0..m, start 0, final m, moves (q, value, q')), and
CP-SAT states it directly on the cells,

    AddAutomaton([z_1, ..., z_L], 0, [m], moves)

which its presolve expands into one literal per reachable (position, state) and per move,
pruned by the cells' domains (so cells that line solving or probing fixed, and that the
layout makes constants, shrink it before the search).  The auxiliary columns are not built:
each is a fact of the line's one run (``Automaton.marks``), set after the solve by running
the automaton over the cells, and the decomposition's rows are then checked on the answer
like every other row (``Session.solve``), so a native answer that broke them is caught.

Which is faster.  Both are exact.  The expansion is larger than the rows: (m+1)(L-m+1)
transition literals per line against k(L-m+1) block starts, and CP-SAT's presolve probing
spends most of its time on them; the rows' block starts are also the better decisions.
Measured (docs/measurements.md): the automata win the MiniZinc "dom" puzzles and lose the
TAAI sample (48/50 against 49/50, PAR2 215 s against 128 s), so the rows stay CP-SAT's
default for nonograms and this form is asked for with ``--globals native``.
"""

from __future__ import annotations

LABEL = "AddAutomaton"


def build(model, variables, record) -> None:
    """``AddAutomaton(variables, ...)`` for the record's automaton on the CP-SAT ``model``."""
    automaton = record.automaton
    model.AddAutomaton(variables, automaton.start, list(automaton.finals), list(automaton.transitions))
