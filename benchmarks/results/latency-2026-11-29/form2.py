"""CP-SAT (futomip's native model, as in the worker) on the puzzle as given vs with the givens'
values removed from their rows and columns (forward checking only). In-process, one instance
per process (fresh), build and solve timed."""
import sys, time, json
from futomip.solvers.cpsat_import import allow_lean_import, cp_model
allow_lean_import(); cp_model()
from futomip import io, reduction
from futomip.reduction.latin import LatinDomains
from futomip.options import Options
from futomip.pipeline.model_run import ModelRun
from futomip.puzzles import verify
from collections import namedtuple
Pair = namedtuple("Pair", "backend solver")
f, form = sys.argv[1], sys.argv[2]
p = io.read(f); p = p[0] if isinstance(p, list) else p
d = reduction.as_given(p)
n = p.size
masks = list(d.masks)
if form == "checked":
    for r in range(n):
        for c in range(n):
            v = p.givens[r][c]
            if v:
                bit = ~(1 << (v - 1))
                for k in range(n):
                    if not p.givens[r][k]: masks[r * n + k] &= bit
                    if not p.givens[k][c]: masks[k * n + c] &= bit
    d = LatinDomains(n, tuple(masks), board=d.board)
if form == "lines":
    d = reduction.reduce(p, "lines")
t = time.perf_counter()
seconds = {"build": 0.0, "solve": 0.0}
m = ModelRun(p, Pair("ortools", "cpsat"), "tight", Options(globals="native"), d, seconds)
b = time.perf_counter() - t
raw = m.solve(60)
s = time.perf_counter() - t - b
ok = raw.status == "solved" and not verify(p, m.decode(raw.values))
print(json.dumps({"instance": f.split("/")[-1], "form": form, "build": round(b, 3), "solve": round(s, 3), "status": raw.status, "verified": ok,
                  "columns": m.formulation.model.num_vars}), flush=True)
