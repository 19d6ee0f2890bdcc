import sys, ast, re
def read(p):
    out = {}
    for line in open(p):
        m = re.match(r"(\S+) compiled \S+ build \S+ total (\S+) (\w+) \S+ (\{.*\})", line)
        if m: out[m[1]] = (float(m[2]), m[3], ast.literal_eval(m[4])["conflicts"])
    return out
runs = [read(p) for p in sys.argv[1:]]
names = sorted(set().union(*runs))
print("instance", *sys.argv[1:], sep="\t")
for n in names:
    print(n, *[f"{r[n][0]:.1f}s {r[n][1][0]} {r[n][2]}" if n in r else "-" for r in runs], sep="\t")
for r, p in zip(runs, sys.argv[1:]):
    common = [n for n in names if all(n in x for x in runs)]
    print(p, "solved", sum(r[n][1] == "LEAF" for n in common), "of", len(common), "time", round(sum(r[n][0] for n in common), 1))
