import json, statistics
def load(f): return {d['instance']: d for d in map(json.loads, open(f))}
A = load('bound2-snapA-default.jsonl'); C = load('bound2-snapC-default.jsonl')
L = load('bound2-snapD-cpsat-lines.jsonl'); S = load('bound2-snapD-default-search.jsonl')
t = lambda d: d['seconds'] if d['status'] == 'solved' else 60.0
def pq(xs, p): xs = sorted(xs); return xs[min(len(xs)-1, int(round(p*(len(xs)-1))))]
names = [n for n in C if n in A and n in L and n in S]
print(len(names), 'instances (fresh processes)')
print('instance  before(reduced)  after(as given)  cpsat-lines  search-only')
for n in names: print(n, round(t(A[n]),2), round(t(C[n]),2), round(t(L[n]),2), round(t(S[n]),2))
for label, D in (('before (worker on the reduced domains)', A), ('after (worker on the puzzle as given)', C)):
    r = [t(D[n]) / min(t(L[n]), t(S[n])) for n in names]
    over = [n for n, x in zip(names, r) if x > 1.2 and t(D[n]) - min(t(L[n]), t(S[n])) > 0.04]
    over2 = [n for n, x in zip(names, r) if x > 2 and t(D[n]) - min(t(L[n]), t(S[n])) > 0.04]
    print(f"{label}: completed {sum(D[n]['status']=='solved' for n in names)}; ratio to the faster side median {statistics.median(r):.2f} p90 {pq(r,.9):.2f} max {max(r):.2f}; beyond 1.2x+0.04 s: {len(over)}; beyond 2x: {len(over2)}; total {sum(t(D[n]) for n in names):.1f} s")
print('cpsat-lines completed', sum(L[n]['status']=='solved' for n in names), 'total %.1f' % sum(t(L[n]) for n in names), '; search-only completed', sum(S[n]['status']=='solved' for n in names), 'total %.1f' % sum(t(S[n]) for n in names))
