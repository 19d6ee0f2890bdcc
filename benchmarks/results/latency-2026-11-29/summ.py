"""Summarise clibench jsonl: per instance times; the bound of each default config vs min(lines, search)."""
import json, sys, statistics
import os
recs = [json.loads(l) for f in sys.argv[1:] for l in open(f)]
by = {}
for r in recs:
    t = r["wall"] if r["status"] == "solved" else float("inf")
    by.setdefault(r["instance"], {})[r["config"]] = (t, r.get("total") if r["status"] == "solved" else float("inf"))
configs = sorted({r["config"] for r in recs})
print("instance " + " ".join(configs))
for inst, d in by.items():
    print(inst, " ".join(f"{d.get(c, (float('nan'),))[0]:.2f}" for c in configs))
def q(xs, p):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(p * (len(xs) - 1) + 0.5))]
for c in configs:
    if not c.startswith("default"): continue
    for which, idx in (("wall", 0), ("after read", 1)):
        ratios, comp, tot, beyond, beyond2 = [], 0, 0.0, 0, 0
        for inst, d in by.items():
            if c not in d: continue
            t = d[c][idx]; best = min(d.get("lines", (float("inf"),) * 2)[idx], d.get("search", (float("inf"),) * 2)[idx])
            comp += t < float("inf"); tot += min(t, 60)
            if best == float("inf"): continue
            ratios.append(t / best); beyond += t > 1.2 * best + 0.04; beyond2 += t > 2 * best
        print(f"{c} [{which}]: completed {comp}, total {tot:.1f} s; ratio to faster side median {statistics.median(ratios):.2f} p90 {q(ratios, .9):.2f} max {max(ratios):.2f}; beyond 1.2x+0.04 s: {beyond}; beyond 2x: {beyond2} (of {len(ratios)})")
for c in ("lines", "search"):
    ts = [d[c][0] for d in by.values() if c in d]
    print(c, "completed", sum(t < float("inf") for t in ts), "total", round(sum(min(t, 60) for t in ts), 1))
