"""Per-instance ratio of config B to config A (wall), medians/p90; completions."""
import json, sys, statistics
a, b = sys.argv[1], sys.argv[2]
R = {}
for f in sys.argv[3:]:
    for l in open(f):
        d = json.loads(l)
        R.setdefault(d['instance'], {})[d['config']] = d
r = []; ca = cb = 0; ta = tb = 0.0
for i, v in R.items():
    if a in v and b in v:
        sa, sb = v[a]['status'] == 'solved', v[b]['status'] == 'solved'
        ca += sa; cb += sb; ta += min(v[a]['wall'], 60); tb += min(v[b]['wall'], 60)
        if sa and sb: r.append(v[b]['wall'] / v[a]['wall'])
r.sort()
print(f"{b}/{a}: n {len(r)} median {statistics.median(r):.3f} p10 {r[len(r)//10]:.3f} p90 {r[9*len(r)//10]:.3f} max {r[-1]:.2f}; completed {ca} vs {cb}; wall total {ta:.1f} vs {tb:.1f}")
