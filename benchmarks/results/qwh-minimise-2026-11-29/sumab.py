import json, statistics, sys
def load(f): return [json.loads(l) for l in open(f)]
A = {d['instance']: d for d in load('ab-snapA.jsonl')}
B = {d['instance']: d for d in load('ab-snapB.jsonl')}
cp = {}
try: cp = {d['instance']: d for d in load('cpsat-V.jsonl')}
except FileNotFoundError: pass
def pq(xs, p):
    xs = sorted(xs); return xs[min(len(xs)-1, int(round(p*(len(xs)-1))))]
for group, pick in (("V (fresh, seed 331n)", lambda n: n.startswith('V')), ("dev hard (F/G/H)", lambda n: not n.startswith('V'))):
    names = sorted(n for n in A if n in B and pick(n))
    sa = [n for n in names if A[n]['status'] == 'solved']; sb = [n for n in names if B[n]['status'] == 'solved']
    ta = sum(A[n]['seconds'] if A[n]['status']=='solved' else 60 for n in names)
    tb = sum(B[n]['seconds'] if B[n]['status']=='solved' else 60 for n in names)
    both = [n for n in names if n in sa and n in sb]
    r = [B[n]['seconds']/A[n]['seconds'] for n in both]
    print(group, len(names), "| old solved", len(sa), "new", len(sb), "| total old %.1f new %.1f" % (ta, tb), "| new/old median %.2f p10 %.2f p90 %.2f" % (statistics.median(r), pq(r,.1), pq(r,.9)) if r else "")
    print("   old misses", sorted(set(names)-set(sa)), "new misses", sorted(set(names)-set(sb)))
    if cp:
        c = [n for n in names if n in cp and cp[n]['status']=='solved']
        if c: print("   CP-SAT completes", len(c), "; old", sum(n in sa for n in c), "new", sum(n in sb for n in c))
for n in sorted(set(A)&set(B)):
    print(n, A[n]['status'][:5], round(A[n]['seconds'],1), B[n]['status'][:5], round(B[n]['seconds'],1), (cp[n]['status'][:5], round(cp[n]['seconds'],1)) if n in cp else "")
