"""Ratios of nodes per CPU second from ``latin_search_speed.py --json`` files (docs/notes/kern.md).

    python benchmarks/results/kern-2026-11-27/summarize.py final-sudoku1.json ...

Per file and per set (the 5 hard 9x9 Sudoku, the generated ones, or all rows), the median, p90
and min over the puzzles of old-compiled / python, compiled / python and compiled / old-compiled,
whether both compiled variants visited the same trees (nodes, pruned, leaves), and the median
CPU µs per search; for the hard five, each puzzle's nodes (compiled / Python), ratio and µs.
"""
import json, statistics, sys
def q(v, p):
    v = sorted(v); return v[min(len(v)-1, int(p*len(v)))]
for path in sys.argv[1:]:
    rows = json.load(open(path))
    groups = {}
    for r in rows:
        f = r["file"]
        key = "hard5" if ("top5" in f or "hardest" in f or "more" in f) else ("gen" if "/gen/" in f else "all")
        groups.setdefault(key, []).append(r)
    for key, rs in groups.items():
        out = []
        same = all((r["compiled"]["nodes"], r["compiled"]["pruned"], r["compiled"]["leaves"]) == (r["old-compiled"]["nodes"], r["old-compiled"]["pruned"], r["old-compiled"]["leaves"]) for r in rs)
        for a, b in (("old-compiled", "python"), ("compiled", "python"), ("compiled", "old-compiled")):
            rat = [(r[a]["nodes"]/r[a]["cpu"])/(r[b]["nodes"]/r[b]["cpu"]) for r in rs if r[a]["cpu"] > 0 and r[b]["nodes"] > 0]
            out.append(f"{a}/{b} {statistics.median(rat):.1f}x (p90 {q(rat,.9):.1f}, min {min(rat):.1f})")
        us = lambda v: statistics.median([r[v]["cpu"]*1e6 for r in rs])
        print(f"{path.split('/')[-1]:22} {key:6} n={len(rs):3} same_trees={same} | " + " | ".join(out) + f" | med us old {us('old-compiled'):.0f} new {us('compiled'):.0f} py {us('python'):.0f}")
        if key == "hard5":
            print("    per puzzle nodes c/py, us old/new/py, ratio new/py:", "; ".join(f"{r['compiled']['nodes']}/{r['python']['nodes']}n {(r['compiled']['nodes']/r['compiled']['cpu'])/(r['python']['nodes']/r['python']['cpu']):.1f}x {r['old-compiled']['cpu']*1e6:.0f}/{r['compiled']['cpu']*1e6:.0f}/{r['python']['cpu']*1e6:.0f}" for r in rs))
