"""Wall times and ratios to the native yardstick per configuration.
usage: summ9.py [--first] FILE.jsonl...   (--first: a uniqueness answer is not required)"""
import json, sys, statistics as st
from collections import defaultdict
first = "--first" in sys.argv[1:]
rows = [json.loads(l) for f in sys.argv[1:] if f != "--first" for l in open(f)]
by = defaultdict(dict)
for r in rows:
    by[r["instance"]][r["config"]] = r
wall = defaultdict(list); ratios = defaultdict(list)
for k, d in by.items():
    if "native" not in d: continue
    for c, r in d.items():
        if r["status"] != "solved" or not first and r.get("unique") is not True: print("BAD", k, c, r)
        wall[c].append(r["wall"]); ratios[c].append(r["wall"] / d["native"]["wall"])
def q(xs, p): xs = sorted(xs); return xs[min(len(xs) - 1, int(p * len(xs)))]
for c in wall:
    print(f"{c:12s} n={len(wall[c])} wall med {st.median(wall[c]):.3f} p90 {q(wall[c],.9):.3f} p95 {q(wall[c],.95):.3f} max {max(wall[c]):.3f} | x native med {st.median(ratios[c]):.2f} p90 {q(ratios[c],.9):.2f} p95 {q(ratios[c],.95):.2f} max {max(ratios[c]):.2f}")
