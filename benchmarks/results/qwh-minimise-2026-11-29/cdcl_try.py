import sys, time, os
from futomip.io import load
from futomip.reduction.latin import board_of
from futomip.reduction.latin_cdcl import CdclCore
from futomip.reduction.latin_search_kernels import LEAF, DONE, PAUSED
mode = sys.argv[1]
from futomip.puzzles.latin import LatinSquare
_w = board_of(LatinSquare(5, ((1,0,0,0,0),)+((0,)*5,)*4)); _c = CdclCore(_w, _w.initial(), mode); _c.search(1000)
for path in sys.argv[2:]:
    p = load(path)
    board = board_of(p)
    masks = board.initial()
    dom = list(masks)
    board.propagate(dom, range(len(dom)))
    t0 = time.perf_counter()
    core = CdclCore(board, dom, mode)
    import futomip.reduction.latin_cdcl_kernels as K
    core.ints[K.I_RESTART_MODE] = int(os.environ.get("RM", "0")); core.ints[K.I_MINIMISE] = int(os.environ.get("MIN", "1")) if hasattr(K, "I_MINIMISE") else 0; int(os.environ.get("MODES", "0")) and core.switch_modes(int(os.environ["MODES"])); core.ints[K.I_MAX_LEARNT] = int(os.environ.get("MAXL", "2000")); core.ints[K.I_TARGETS] = int(os.environ.get("TGT", "1")); core.ints[K.I_UNIT] = int(os.environ.get("UNIT", "100"))
    if os.environ.get("LP"): core.prefer(__import__("json").load(open(os.environ["LP"]))[os.path.basename(path)])
    tb = time.perf_counter() - t0
    out = PAUSED
    while out == PAUSED and time.perf_counter() - t0 < float(os.environ.get("TL", "60")):
        out = core.search(10000)
    t = time.perf_counter() - t0
    ok = None
    if out == LEAF:
        m = core.masks()
        grid = [[m[r*board.n+c].bit_length() for c in range(board.n)] for r in range(board.n)]
        ok = p.verify(grid) if hasattr(p,'verify') else None
    print(os.path.basename(path), mode, core.compiled, f"build {tb:.2f} total {t:.2f}", {LEAF:'LEAF',DONE:'DONE',PAUSED:'PAUSED'}[out], ok, core.counters(), flush=True)
