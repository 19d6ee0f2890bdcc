"""Fresh `python -m futomip FILE [--index I] --json` per (puzzle, config), configs rotating per puzzle.
usage: fresh_non.py OUT.jsonl LIMIT LIST CONFIG...   LIST: lines "path [index]";  CONFIG = name=snapdir[:extra,args]"""
import json, os, subprocess, sys, time
out, limit, lst = sys.argv[1:4]
configs = [c.split("=", 1) for c in sys.argv[4:]]
items = [l.split() for l in open(lst) if l.strip()]
py = sys.executable
for i, item in enumerate(items):
    for j in range(len(configs)):
        name, spec = configs[(i + j) % len(configs)]
        snap, _, extra = spec.partition(":")
        cmd = [py, "-m", "futomip", item[0], "--json", "--time-limit", limit] + (["--index", item[1]] if len(item) > 1 else []) \
            + [a for a in extra.split(",") if a]
        t = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=snap), cwd=snap)
        wall = time.perf_counter() - t
        try:
            d = json.loads(p.stdout)
            s = d.get("schedule") or {}
            rec = {"status": d["status"], "total": d["seconds"]["total"], "answered_by": s.get("answered_by"), "mode": s.get("mode")}
        except Exception:
            rec = {"status": "error", "err": p.stderr[-300:]}
        rec.update(puzzle=" ".join(item[1:]) or os.path.basename(item[0]), config=name, wall=round(wall, 3), rc=p.returncode,
                   at=time.strftime("%H:%M:%S"))
        with open(out, "a") as h:
            h.write(json.dumps(rec) + "\n")
        print(rec, flush=True)
