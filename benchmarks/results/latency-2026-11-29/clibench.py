"""CLI benchmark: fresh `python -m futomip FILE --json` per (instance, config), configs rotating per instance.
usage: clibench.py OUT.jsonl LIMIT CONFIG... -- FILES...   CONFIG = name=snapdir:extra args (comma separated)"""
import json, os, subprocess, sys, time
out, limit = sys.argv[1], sys.argv[2]
k = sys.argv.index("--")
configs = [c.split("=", 1) for c in sys.argv[3:k]]
files = sys.argv[k + 1:]
py = sys.executable
for i, f in enumerate(files):
    for j in range(len(configs)):
        name, spec = configs[(i + j) % len(configs)]
        snap, _, extra = spec.partition(":")
        cmd = [py, "-m", "futomip", f, "--json", "--time-limit", limit] + [a for a in extra.split(",") if a]
        env = dict(os.environ, PYTHONPATH=snap)
        t = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=snap)
        wall = time.perf_counter() - t
        try:
            d = json.loads(p.stdout)
            rec = {"status": d["status"], "total": d["seconds"]["total"], "answered_by": (d.get("schedule") or {}).get("answered_by")}
        except Exception as e:
            rec = {"status": "error", "err": p.stderr[-300:]}
        rec.update(instance=os.path.basename(f), config=name, wall=round(wall, 3), rc=p.returncode,
                   at=time.strftime("%H:%M:%S"))
        with open(out, "a") as h:
            h.write(json.dumps(rec) + "\n")
        print(rec, flush=True)
