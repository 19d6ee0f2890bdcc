"""A/B per puzzle from fresh_non.py output: wall ratio B/A, medians, tails; statuses."""
import json, sys, statistics as st
from collections import defaultdict
a, b = sys.argv[2], sys.argv[3]
rows = [json.loads(l) for l in open(sys.argv[1])]
by = defaultdict(dict)
for r in rows:
    by[r["puzzle"]][r["config"]] = r
ratios, wa, wb, bad = [], [], [], []
for p, d in by.items():
    if a in d and b in d:
        for c in (a, b):
            if d[c]["status"] not in ("solved", "infeasible"):
                bad.append((p, c, d[c]["status"]))
        wa.append(d[a]["wall"]); wb.append(d[b]["wall"]); ratios.append(d[b]["wall"] / d[a]["wall"])
q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p * len(xs)))]
print(f"n={len(ratios)} {a}: total {sum(wa):.1f} med {st.median(wa):.2f} p90 {q(wa,.9):.2f} max {max(wa):.2f} | "
      f"{b}: total {sum(wb):.1f} med {st.median(wb):.2f} p90 {q(wb,.9):.2f} max {max(wb):.2f}")
print(f"ratio {b}/{a}: med {st.median(ratios):.3f} p10 {q(ratios,.1):.3f} p90 {q(ratios,.9):.3f}  faster {sum(r<1 for r in ratios)}/{len(ratios)}")
print("not decided:", bad)
