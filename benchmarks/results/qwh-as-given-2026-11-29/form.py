"""Build time and CP-SAT solve of futomip's model on reduced / given-only / no domains."""
import sys, time
from dataclasses import replace
from futomip.io import load
from futomip.options import Options
from futomip import reduction
from futomip.reduction.latin import board_of, LatinDomains
from futomip.pipeline.model_run import ModelRun
from futomip.solvers.defaults import configuration
path, forms, limit = sys.argv[1], sys.argv[2].split(','), float(sys.argv[3])
p = load(path); p = p[0] if isinstance(p, list) else p
chosen = configuration(p.kind, 'ortools', 'cpsat', 'split', set())
opts = replace(Options(backend='ortools', solver='cpsat'), globals='native')
for form in forms:
    t = time.perf_counter()
    if form == 'reduced':
        d = reduction.reduce(p, 'lines')
    elif form == 'given':
        b = board_of(p); d = LatinDomains(b.n, tuple(b.initial()), board=b)
    else:
        d = None
    secs = {'build': 0.0, 'solve': 0.0}
    m = ModelRun(p, chosen.pair, 'tight', opts, d, secs)
    tb = time.perf_counter() - t
    out = m.solve(limit)
    print(path.split('/')[-1], form, 'build %.3f' % tb, 'solve %.2f' % secs['solve'], str(out)[:60], flush=True)
    m.close()
