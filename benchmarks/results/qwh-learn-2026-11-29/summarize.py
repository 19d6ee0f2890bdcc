import json, statistics, sys
def load(f):
    return [json.loads(l) for l in open(f)]
def q(xs, p):
    xs = sorted(xs); 
    if not xs: return float('nan')
    k = min(len(xs)-1, max(0, int(round(p*(len(xs)-1))))); return xs[k]
def table(rows, cp, configs, title):
    print(title)
    base = {n for n, (st, s) in cp.items() if st == 'solved'}
    for c in configs:
        got = {d['instance']: d for d in rows if d['config'] == c and d['instance'] in base}
        done = [n for n in base if n in got and got[n]['status'] == 'solved']
        ratio = [got[n]['seconds'] / cp[n][1] for n in done]
        total = sum(min(got[n]['seconds'], 60) if got[n]['status']=='solved' else 60 for n in base if n in got)
        r50 = [n for n in base if int(''.join(ch for ch in n.split('qwh')[1].split('-')[0])) >= 50]
        d50 = [n for n in r50 if n in done]
        print(f"  {c:14s} completed {len(done)}/{len(base)} (orders 50-60: {len(d50)}/{len(r50)}), x CP-SAT median {statistics.median(ratio):.2f} p90 {q(ratio,.9):.2f} max {max(ratio):.2f}, total {total:.1f} s (misses {sorted(set(base)-set(done))})")
old = {d['instance']: (d['status'], d['seconds']) for d in load('/work/main/benchmarks/results/qwh-twin-2026-11-29/highs-twin.jsonl') if d['config']=='cpsat'}
table(load('learn28.jsonl'), old, ['highs-twin','highs-learn'], "28 QWH (CP-SAT from the twenty-seventh session's run)")
L = load('abL.jsonl'); G = [dict(d, config='highs-learn-glucose') for d in load('abG.jsonl')]
cpG = {d['instance']: (d['status'], d['seconds']) for d in L if d['config']=='cpsat'}
table(L + G, cpG, ['highs-twin','highs-learn','highs-learn-glucose'], "12 fresh QWH G (CP-SAT side by side)")
