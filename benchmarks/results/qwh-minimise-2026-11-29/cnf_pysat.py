"""Export the CNF of a Latin completion (as CdclCore builds it) and run pysat solvers on it."""
import sys, time, os
from futomip.io import load
from futomip.reduction.latin import board_of
from futomip.reduction.latin_cdcl import _sets
from pysat.solvers import Solver
from threading import Timer
names = sys.argv[1].split(",")
for path in sys.argv[2:]:
    p = load(path); board = board_of(p); dom = list(board.initial()); board.propagate(dom, range(len(dom)))
    index = {}
    for i, m in enumerate(dom):
        for b in range(m.bit_length()):
            if m >> b & 1: index[i, 1 << b] = len(index) + 1
    clauses = []
    for members in _sets(board, dom):
        vs = [index[m] for m in members]
        clauses.append(vs)
        clauses.extend([-x, -y] for j, x in enumerate(vs) for y in vs[j+1:])
    for name in names:
        s = Solver(name=name, bootstrap_with=clauses, use_timer=True)
        t = Timer(60, lambda: s.interrupt()); t.start()
        r = s.solve_limited(expect_interrupt=True)
        t.cancel()
        st = s.accum_stats()
        print(os.path.basename(path), name, len(index), r, f"{s.time():.2f}", st, flush=True)
        s.delete()
