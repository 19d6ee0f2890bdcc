import json, statistics, glob
def load(f):
    out = {}
    for l in open(f):
        d = json.loads(l); out[d['instance']] = d
    return out
cp = {}
for f in glob.glob('/work/main/benchmarks/results/*/*.jsonl') + ['cpsat.jsonl']:
    for l in open(f):
        try: d = json.loads(l)
        except Exception: continue
        if d.get('config') == 'cpsat' and d.get('time_limit') == 60.0:
            cp.setdefault(d['instance'], d)
runs = {'A1 reduced': load('ab-snapA.jsonl'), 'B none': load('ab-snapB.jsonl'),
        'A2 reduced': load('ab2-snapA.jsonl'), 'C as given': load('ab2-snapC.jsonl')}
names = sorted(set.intersection(*[set(r) for r in runs.values()]))
def t(d): return d['seconds'] if d['status'] == 'solved' else 60.0
def pq(xs, p):
    xs = sorted(xs); return xs[min(len(xs)-1, int(round(p*(len(xs)-1))))]
target = [n for n in names if n in cp and cp[n]['status'] == 'solved']
print(len(names), 'instances;', len(target), 'completed by CP-SAT alone;', sum(n in cp for n in names), 'with a CP-SAT record')
for k, r in runs.items():
    solved = [n for n in names if r[n]['status'] == 'solved']
    ts = [t(r[n]) for n in names]
    print(f"{k:11s} completed {len(solved)}/{len(names)}, of CP-SAT's {sum(n in solved for n in target)}/{len(target)}, total {sum(ts):.1f} s, median {statistics.median(ts):.2f}, p90 {pq(ts,.9):.1f}, misses {sorted(set(names)-set(solved))}")
for a, b in (('A1 reduced', 'B none'), ('A2 reduced', 'C as given')):
    r = [t(runs[b][n]) / t(runs[a][n]) for n in names]
    print(f"{b}/{a}: median {statistics.median(r):.2f} p10 {pq(r,.1):.2f} p90 {pq(r,.9):.2f}")
print('instance  cpsat  A1  B  A2  C')
for n in names:
    print(n, (round(t(cp[n]),1) if n in cp else '-'), *[round(t(runs[k][n]),1) for k in runs])
