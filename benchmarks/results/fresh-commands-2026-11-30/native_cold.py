"""Fresh-process CP-SAT native yardstick: import, read, build, solve, print JSON.
usage: native_cold.py FILE [--first]   (--first: no uniqueness proof)"""
import json, sys, time
t0 = time.perf_counter()
from futomip import io
from futomip.bench.cpsat import solve_native
p = io.load(sys.argv[1])
r = solve_native(p, unique="--first" not in sys.argv[2:])
print(json.dumps({"status": r.status, "unique": r.unique, "inner": round(time.perf_counter() - t0, 3)}))
