"""Fresh commands per puzzle, configs rotating: default, highs pinned, cpsat lines, native cold CP-SAT.
usage: fresh9.py [--first] OUT.jsonl SNAPSHOT FILE...   (--first: the first solution, no --unique)"""
import json, os, subprocess, sys, time
args = sys.argv[1:]
first = args[0] == "--first"
out, snap, files = args[1 + first], args[2 + first], args[3 + first:]
py = sys.executable
here = os.path.dirname(os.path.abspath(__file__))
ask = [] if first else ["--unique"]
base = [py, "-m", "futomip"]
configs = [
    ("default", lambda f: base + [f, *ask, "--json", "--time-limit", "60"]),
    ("highs", lambda f: base + [f, *ask, "--json", "--time-limit", "60", "--backend", "highspy", "--solver", "highs"]),
    ("cpsat-lines", lambda f: base + [f, *ask, "--json", "--time-limit", "60", "--backend", "ortools", "--solver", "cpsat", "--reduce", "lines"]),
    ("native", lambda f: [py, os.path.join(here, "native_cold.py"), f] + (["--first"] if first else [])),
]
for i, f in enumerate(files):
    for j in range(len(configs)):
        name, mk = configs[(i + j) % len(configs)]
        env = dict(os.environ, PYTHONPATH=snap)
        t = time.perf_counter()
        p = subprocess.run(mk(f), capture_output=True, text=True, env=env, cwd=snap)
        wall = time.perf_counter() - t
        try:
            d = json.loads(p.stdout)
            rec = {"status": d["status"], "unique": d.get("unique")}
        except Exception:
            rec = {"status": "error", "err": p.stderr[-300:]}
        rec.update(instance=os.path.basename(f), config=name, wall=round(wall, 3), rc=p.returncode)
        with open(out, "a") as h:
            h.write(json.dumps(rec) + "\n")
        print(rec, flush=True)
