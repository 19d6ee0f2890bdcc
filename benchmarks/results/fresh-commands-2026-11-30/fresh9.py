"""Fresh commands per puzzle, configs rotating: default, highs pinned, cpsat lines, native cold CP-SAT.
usage: fresh9.py [--first] [--configs default,highs,cpsat-lines,native] OUT.jsonl SNAPSHOT FILE...
(--first: the first solution, no --unique; --configs: which of the four, in that rotation)"""
import argparse, json, os, subprocess, sys, time

parser = argparse.ArgumentParser()
parser.add_argument("--first", action="store_true")
parser.add_argument("--configs", default="default,highs,cpsat-lines,native")
parser.add_argument("out")
parser.add_argument("snap")
parser.add_argument("files", nargs="+")
args = parser.parse_args()
py = sys.executable
here = os.path.dirname(os.path.abspath(__file__))
ask = [] if args.first else ["--unique"]
base = [py, "-m", "futomip"]
every = {
    "default": lambda f: base + [f, *ask, "--json", "--time-limit", "60"],
    "highs": lambda f: base + [f, *ask, "--json", "--time-limit", "60", "--backend", "highspy", "--solver", "highs"],
    "cpsat-lines": lambda f: base + [f, *ask, "--json", "--time-limit", "60", "--backend", "ortools", "--solver", "cpsat", "--reduce", "lines"],
    "native": lambda f: [py, os.path.join(here, "native_cold.py"), f] + (["--first"] if args.first else []),
}
configs = [(name, every[name]) for name in args.configs.split(",")]
for i, f in enumerate(args.files):
    for j in range(len(configs)):
        name, mk = configs[(i + j) % len(configs)]
        env = dict(os.environ, PYTHONPATH=args.snap)
        t = time.perf_counter()
        p = subprocess.run(mk(f), capture_output=True, text=True, env=env, cwd=args.snap)
        wall = time.perf_counter() - t
        try:
            d = json.loads(p.stdout)
            rec = {"status": d["status"], "unique": d.get("unique"), "seconds": d.get("seconds"), "inner": d.get("inner"),
                   "schedule": {k: d["schedule"].get(k) for k in ("answered_by", "search_seconds", "solver_seconds")}
                   if d.get("schedule") else None}
        except Exception:
            rec = {"status": "error", "err": p.stderr[-300:]}
        rec.update(instance=os.path.basename(f), config=name, wall=round(wall, 3), rc=p.returncode)
        with open(args.out, "a") as h:
            h.write(json.dumps(rec) + "\n")
        print(rec, flush=True)
