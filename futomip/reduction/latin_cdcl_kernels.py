"""A clause-learning (CDCL) search over a CNF, as kernels: the learning side of a Latin completion.

The split search of ``latin_split`` does not learn: on QWH completions of orders 50-60 it
misses instances that CP-SAT, with clause learning, completes in seconds (docs/measurements.md,
29 Nov).  The three-dimensional assignment formulation of a Latin completion is also a CNF
(``latin_cdcl`` builds it: a variable per cell and value, "exactly one" per cell and per group
and value), and a plain CDCL search on it, as in MiniSat, completes those instances.  This is
such a search, over flat integer arrays, so that ``futomip.compiled`` hands it to numba (one
source, also run interpreted by the tests):

    literals:    2 v for "variable v is true", 2 v + 1 for "false"; a value per variable
                 (UNSET, 0 or 1), its decision level, its reason and its saved phase
    propagation: binary clauses (the "at most one" pairs, most of the CNF) as a static
                 implication list per literal (``bstart``, ``blits``: p true forces each q);
                 longer clauses (the "at least one" clauses, learnt clauses, the leaves'
                 blocking clauses) with two watched literals, the watches of a literal kept
                 as a linked list of entries 2 c + k (clause c's literal at position k)
    conflicts:   first unique implication point, with MiniSat's local minimisation (a
                 literal goes when every premise of its reason is in the clause or fixed at
                 level 0) or (``I_MINIMISE``) its recursive one (the premises' own reasons
                 too), a backjump to the clause's second highest level
    decisions:   the unassigned variable of highest activity (VSIDS: each variable met in a
                 conflict's analysis gains ``var_inc``, which grows by 1/``DECAY`` per
                 conflict), a binary heap; in its target phase (``I_TARGETS``, CaDiCaL's: its
                 value on the longest conflict-free trail since the last restart), else its
                 saved phase
    restarts:    after ``unit`` x luby(k) conflicts, or (``I_RESTART_MODE``) Glucose's: when
                 the last 50 conflicts' LBD is high against all so far, unless the trail is
                 much longer than of late (``note_conflict``); at a restart, when the learnt clauses
                 number ``max_learnt``, the half with the highest LBD (literal block distance,
                 Audemard and Simon) goes, except those of LBD <= 2, and the store is
                 compacted (clauses satisfied at level 0 go, literals false there too)
    leaves:      every variable set without a conflict is a model; ``search`` returns LEAF
                 and the next call first adds the clause "not all these decisions" (a model's
                 decisions imply the whole model by unit propagation, so that clause removes
                 exactly this model and no other), so no model comes twice and the end
                 (a conflict at level 0) means every model has been returned

The arrays (created by ``latin_cdcl``): ``ints`` (the counters and sizes, ``I_...``), ``fl``
(floats: ``F_VAR_INC``), ``var`` (rows ``V_...`` by variable), ``act`` (activities),
``trail``, ``lim`` (where each level starts on the trail), ``heap``, ``bstart``/``blits``,
``cl`` (rows ``CL_...`` by clause), ``lits``, ``whead`` (by literal), ``wlink`` (by watch
entry), ``out`` (scratch: the learnt clause), ``stamp`` (by level, for the LBD), ``scratch``
(two halves of the number of variables: recursive minimisation's walk) and ``queue`` (Glucose's
windows).  Nothing is
allocated in a kernel: ``search`` returns ``GROW`` when the store may not hold one more clause
of every variable, and the caller grows the arrays and calls again.

Must not import anything from futomip but ``futomip.compiled``.
"""

from __future__ import annotations

from ..compiled import inline_kernel, kernel

__all__ = ["search"]

UNSET = -1
NO_REASON = -1
NO_CONFLICT, BINARY_CONFLICT = -1, -2

# What ``search`` returns (the first three as ``latin_search_kernels``'s PAUSED, LEAF, DONE).
PAUSED, LEAF, DONE, GROW = 0, 1, 2, 4

# ``ints``: sizes, the state of the search and its counters.
(I_VARS, I_CLAUSES, I_LITS_USED, I_LEVEL, I_TRAIL, I_QHEAD, I_HEAP, I_CONFLICTS, I_DECISIONS,
 I_RESTARTS, I_LEARNT, I_RUN_CONFLICTS, I_RUN, I_UNIT, I_MAX_LEARNT, I_PENDING, I_CONF_A, I_CONF_B,
 I_DEPTH, I_STAMP, I_REDUCTIONS, I_PROPAGATIONS, I_RESTART_MODE, I_LBD_SUM, I_LBD_COUNT, I_LBD_TOTAL,
 I_TRAIL_SUM, I_TRAIL_COUNT, I_TARGETS, I_BEST_TRAIL, I_MINIMISE) = range(31)
INTS = 31
MINIMISE_LOCAL, MINIMISE_RECURSIVE = 1, 2
RESTART_LUBY, RESTART_GLUCOSE = 0, 1
LBD_WINDOW, TRAIL_WINDOW = 50, 5000
"""Glucose's restarts (Audemard and Simon): the LBDs of the last ``LBD_WINDOW`` conflicts
against all so far, and the trail sizes of the last ``TRAIL_WINDOW`` conflicts for blocking."""
QUEUE = LBD_WINDOW + TRAIL_WINDOW
F_VAR_INC = 0
FLOATS = 1
V_VALUE, V_LEVEL, V_REASON, V_PHASE, V_HPOS, V_SEEN, V_TARGET = range(7)
VAR_ROWS = 7
CL_START, CL_SIZE, CL_LBD, CL_KIND = range(4)
CL_ROWS = 4
KIND_PROBLEM, KIND_LEARNT, KIND_BLOCKING = 0, 1, 2

DECAY = 0.95
"""VSIDS: the activity increment grows by 1/DECAY per conflict (MiniSat's value)."""
LEARNT_STEP = 300
"""``max_learnt`` grows by this much after each reduction of the learnt clauses (Glucose's rule)."""
KEEP_LBD = 2
"""Learnt clauses of LBD at most this ("glue" clauses) are never deleted."""
LBD_BUCKETS = 64


@inline_kernel(refcounts=False)
def luby(i):
    """The i-th term (from 1) of Luby's sequence 1 1 2 1 1 2 4 ..."""
    size, power = 1, 1
    while size < i:
        power += 1
        size = 2 * size + 1
    while size != i:
        size = (size - 1) >> 1
        power -= 1
        if i > size:
            i -= size
    return 1 << (power - 1)


@inline_kernel(refcounts=False)
def heap_up(var, act, heap, i):
    v = heap[i]
    while i > 0:
        parent = (i - 1) >> 1
        if act[heap[parent]] >= act[v]:
            break
        heap[i] = heap[parent]
        var[V_HPOS, heap[i]] = i
        i = parent
    heap[i] = v
    var[V_HPOS, v] = i


@inline_kernel(refcounts=False)
def heap_down(var, act, heap, size, i):
    v = heap[i]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and act[heap[child + 1]] > act[heap[child]]:
            child += 1
        if act[heap[child]] <= act[v]:
            break
        heap[i] = heap[child]
        var[V_HPOS, heap[i]] = i
        i = child
    heap[i] = v
    var[V_HPOS, v] = i


@inline_kernel(refcounts=False)
def heap_insert(ints, var, act, heap, v):
    size = ints[I_HEAP]
    heap[size] = v
    var[V_HPOS, v] = size
    ints[I_HEAP] = size + 1
    heap_up(var, act, heap, size)


@inline_kernel(refcounts=False)
def heap_pop(ints, var, act, heap):
    size = ints[I_HEAP] - 1
    v = heap[0]
    ints[I_HEAP] = size
    var[V_HPOS, v] = -1
    if size > 0:
        heap[0] = heap[size]
        var[V_HPOS, heap[0]] = 0
        heap_down(var, act, heap, size, 0)
    return v


@inline_kernel(refcounts=False)
def bump(ints, fl, var, act, heap, v):
    act[v] += fl[F_VAR_INC]
    if act[v] > 1e100:
        for u in range(ints[I_VARS]):
            act[u] *= 1e-100
        fl[F_VAR_INC] *= 1e-100
    if var[V_HPOS, v] >= 0:
        heap_up(var, act, heap, var[V_HPOS, v])


@inline_kernel(refcounts=False)
def is_false(var, lit):
    return var[V_VALUE, lit >> 1] == (lit & 1)


@inline_kernel(refcounts=False)
def is_true(var, lit):
    return var[V_VALUE, lit >> 1] == 1 - (lit & 1)


@inline_kernel(refcounts=False)
def assign(ints, var, trail, lit, level, reason):
    v = lit >> 1
    var[V_VALUE, v] = 1 - (lit & 1)
    var[V_LEVEL, v] = level
    var[V_REASON, v] = reason
    trail[ints[I_TRAIL]] = lit
    ints[I_TRAIL] += 1


@inline_kernel(refcounts=False)
def backtrack(ints, var, act, trail, lim, heap, level):
    """Undo every level above ``level`` (saving the phases, the variables back in the heap)."""
    if ints[I_LEVEL] <= level:
        return
    start = lim[level + 1]
    for t in range(ints[I_TRAIL] - 1, start - 1, -1):
        v = trail[t] >> 1
        var[V_PHASE, v] = var[V_VALUE, v]
        var[V_VALUE, v] = UNSET
        var[V_REASON, v] = NO_REASON
        if var[V_HPOS, v] < 0:
            heap_insert(ints, var, act, heap, v)
    ints[I_TRAIL] = start
    ints[I_QHEAD] = start
    ints[I_LEVEL] = level


@inline_kernel(refcounts=False)
def watch(cl, lits, whead, wlink, c):
    """Link clause c's watch entries (its literals at positions 0 and 1)."""
    start = cl[CL_START, c]
    for k in range(2):
        entry = 2 * c + k
        lit = lits[start + k]
        wlink[entry] = whead[lit]
        whead[lit] = entry


@inline_kernel(refcounts=False)
def add_clause(ints, cl, lits, whead, wlink, out, size, kind, lbd):
    """Store ``out[:size]`` (size >= 2) as clause ``kind`` and watch its first two literals."""
    c = ints[I_CLAUSES]
    start = ints[I_LITS_USED]
    for j in range(size):
        lits[start + j] = out[j]
    cl[CL_START, c] = start
    cl[CL_SIZE, c] = size
    cl[CL_LBD, c] = lbd
    cl[CL_KIND, c] = kind
    ints[I_CLAUSES] = c + 1
    ints[I_LITS_USED] = start + size
    if kind == KIND_LEARNT:
        ints[I_LEARNT] += 1
    watch(cl, lits, whead, wlink, c)
    return c


@kernel(refcounts=False)
def propagate(ints, var, trail, bstart, blits, cl, lits, whead, wlink):
    """Unit propagation from the trail's queue: NO_CONFLICT, BINARY_CONFLICT (its two literals
    in ``ints[I_CONF_A]``, ``ints[I_CONF_B]``) or the conflicting clause."""
    level = ints[I_LEVEL]
    while ints[I_QHEAD] < ints[I_TRAIL]:
        p = trail[ints[I_QHEAD]]
        ints[I_QHEAD] += 1
        ints[I_PROPAGATIONS] += 1
        false_lit = p ^ 1
        for k in range(bstart[p], bstart[p + 1]):
            q = blits[k]
            value = var[V_VALUE, q >> 1]
            if value == UNSET:
                assign(ints, var, trail, q, level, -2 - false_lit)
            elif value == (q & 1):
                ints[I_CONF_A] = false_lit
                ints[I_CONF_B] = q
                ints[I_QHEAD] = ints[I_TRAIL]
                return BINARY_CONFLICT
        previous = -1
        entry = whead[false_lit]
        while entry != -1:
            following = wlink[entry]
            c = entry >> 1
            k = entry & 1
            start = cl[CL_START, c]
            other = lits[start + 1 - k]
            if is_true(var, other):
                previous = entry
                entry = following
                continue
            moved = False
            for j in range(start + 2, start + cl[CL_SIZE, c]):
                q = lits[j]
                if not is_false(var, q):
                    lits[j] = false_lit
                    lits[start + k] = q
                    if previous == -1:
                        whead[false_lit] = following
                    else:
                        wlink[previous] = following
                    wlink[entry] = whead[q]
                    whead[q] = entry
                    moved = True
                    break
            if moved:
                entry = following
                continue
            previous = entry
            if is_false(var, other):
                ints[I_QHEAD] = ints[I_TRAIL]
                return c
            assign(ints, var, trail, other, level, c)
            entry = following
    return NO_CONFLICT


@inline_kernel(refcounts=False)
def premise_redundant(var, cl, lits, lit):
    """Whether every premise of ``lit``'s reason is seen (in the clause) or fixed at level 0."""
    v = lit >> 1
    reason = var[V_REASON, v]
    if reason == NO_REASON:
        return False
    if reason <= -2:
        u = (-2 - reason) >> 1
        return var[V_SEEN, u] == 1 or var[V_LEVEL, u] == 0
    start = cl[CL_START, reason]
    for j in range(start, start + cl[CL_SIZE, reason]):
        u = lits[j] >> 1
        if u != v and var[V_SEEN, u] == 0 and var[V_LEVEL, u] > 0:
            return False
    return True


@inline_kernel(refcounts=False)
def minimise_recursive(var, cl, lits, out, scratch, size):
    """MiniSat's recursive minimisation of ``out[1:size]`` (its ``ccmin_mode`` 2): a literal
    goes when the premises of its reason are, recursively through their own reasons, in the
    clause or fixed at level 0.  A walk stops at a decision or at a premise whose level no
    literal of the clause has (the "abstract levels", a bit per level modulo 32: such a
    premise cannot be implied by the clause's literals).  Variables a successful walk met stay
    seen (known redundant, no second walk) until the end; a failed walk unmarks its own.
    ``scratch``: the walk's stack in its first half, the variables to unmark in its second.
    Returns the size kept; the dropped literals are swapped behind the kept ones."""
    half = scratch.shape[0] // 2
    abstract = 0
    for j in range(1, size):
        abstract |= 1 << (var[V_LEVEL, out[j] >> 1] & 31)
    marked = 0
    kept = 1
    for j in range(1, size):
        redundant = var[V_REASON, out[j] >> 1] != NO_REASON
        if redundant:
            first_marked = marked
            scratch[0] = out[j] >> 1
            depth = 1
            while depth > 0 and redundant:
                depth -= 1
                v = scratch[depth]
                reason = var[V_REASON, v]
                if reason <= -2:
                    begin, end = -1, 0  # the one premise of a binary implication
                else:
                    begin = cl[CL_START, reason]
                    end = begin + cl[CL_SIZE, reason]
                for position in range(begin, end):
                    u = (-2 - reason) >> 1 if position < 0 else lits[position] >> 1
                    if u == v or var[V_SEEN, u] == 1 or var[V_LEVEL, u] == 0:
                        continue
                    if var[V_REASON, u] != NO_REASON and ((abstract >> (var[V_LEVEL, u] & 31)) & 1) == 1:
                        var[V_SEEN, u] = 1
                        scratch[depth] = u
                        depth += 1
                        scratch[half + marked] = u
                        marked += 1
                    else:
                        redundant = False
                        break
            if not redundant:
                for t in range(first_marked, marked):
                    var[V_SEEN, scratch[half + t]] = 0
                marked = first_marked
        if not redundant:
            out[kept], out[j] = out[j], out[kept]
            kept += 1
    for t in range(marked):
        var[V_SEEN, scratch[half + t]] = 0
    return kept


@kernel(refcounts=False)
def analyze(ints, fl, var, act, trail, heap, cl, lits, out, stamp, scratch, conflict):
    """The first-UIP clause of ``conflict`` in ``out``, minimised: (size, backjump level, LBD);
    ``out[0]`` is the asserting literal, ``out[1]`` one of the backjump level."""
    level = ints[I_LEVEL]
    pending = 0
    p = -1
    size = 1
    t = ints[I_TRAIL] - 1
    clause = conflict
    a, b = ints[I_CONF_A], ints[I_CONF_B]
    while True:
        if clause >= 0:
            start = cl[CL_START, clause]
            end = start + cl[CL_SIZE, clause]
        else:
            start, end = 0, 2 if p == -1 else 1
        for j in range(start, end):
            if clause >= 0:
                q = lits[j]
                if p != -1 and (q >> 1) == (p >> 1):
                    continue
            else:
                q = a if j == 0 else b
            u = q >> 1
            if var[V_SEEN, u] == 0 and var[V_LEVEL, u] > 0:
                var[V_SEEN, u] = 1
                bump(ints, fl, var, act, heap, u)
                if var[V_LEVEL, u] >= level:
                    pending += 1
                else:
                    out[size] = q
                    size += 1
        while var[V_SEEN, trail[t] >> 1] == 0:
            t -= 1
        p = trail[t]
        t -= 1
        var[V_SEEN, p >> 1] = 0
        pending -= 1
        if pending == 0:
            break
        reason = var[V_REASON, p >> 1]
        if reason >= 0:
            clause = reason
        else:
            clause = BINARY_CONFLICT
            a = -2 - reason
    out[0] = p ^ 1
    # Minimisation (recursive or local); the seen marks of the clause's literals are cleared
    # after, so the literals dropped are swapped behind those kept rather than overwritten.
    if ints[I_MINIMISE] == MINIMISE_RECURSIVE:
        kept = minimise_recursive(var, cl, lits, out, scratch, size)
    else:
        kept = 1
        for j in range(1, size):
            if not premise_redundant(var, cl, lits, out[j]):
                out[kept], out[j] = out[j], out[kept]
                kept += 1
    for j in range(1, size):
        var[V_SEEN, out[j] >> 1] = 0
    size = kept
    back = 0
    if size > 1:
        best = 1
        for j in range(2, size):
            if var[V_LEVEL, out[j] >> 1] > var[V_LEVEL, out[best] >> 1]:
                best = j
        out[1], out[best] = out[best], out[1]
        back = var[V_LEVEL, out[1] >> 1]
    ints[I_STAMP] += 1
    mark = ints[I_STAMP]
    lbd = 0
    for j in range(size):
        lv = var[V_LEVEL, out[j] >> 1]
        if stamp[lv] != mark:
            stamp[lv] = mark
            lbd += 1
    return size, back, lbd


@kernel(refcounts=False)
def reduce_and_compact(ints, var, trail, cl, lits, whead, wlink, out):
    """At level 0: delete half the learnt clauses (highest LBD first, none of LBD <= KEEP_LBD)
    when ``max_learnt`` is reached, drop clauses satisfied at level 0 and literals false
    there, pack the store and link the watches again.  Returns False when a clause lost every
    literal (no model); a clause left with one literal is put on the trail."""
    for j in range(LBD_BUCKETS):
        out[j] = 0
    deleting = ints[I_LEARNT] >= ints[I_MAX_LEARNT]
    quota = ints[I_LEARNT] // 2
    threshold, at_threshold = LBD_BUCKETS, 0
    if deleting:
        for c in range(ints[I_CLAUSES]):
            if cl[CL_KIND, c] == KIND_LEARNT and cl[CL_LBD, c] > KEEP_LBD:
                out[min(cl[CL_LBD, c], LBD_BUCKETS - 1)] += 1
        total = 0
        threshold = LBD_BUCKETS - 1
        while threshold > KEEP_LBD and total + out[threshold] <= quota:
            total += out[threshold]
            threshold -= 1
        at_threshold = quota - total  # clauses of LBD == threshold to delete as well
        ints[I_MAX_LEARNT] += LEARNT_STEP
        ints[I_REDUCTIONS] += 1
    for lit in range(2 * ints[I_VARS]):
        whead[lit] = -1
    for t in range(ints[I_TRAIL]):
        var[V_REASON, trail[t] >> 1] = NO_REASON  # level 0: no reason is read again
    kept, used, learnt = 0, 0, 0
    for c in range(ints[I_CLAUSES]):
        kind, lbd = cl[CL_KIND, c], cl[CL_LBD, c]
        if kind == KIND_LEARNT and deleting and lbd > KEEP_LBD:
            bucket = min(lbd, LBD_BUCKETS - 1)
            if bucket > threshold:
                continue
            if bucket == threshold and at_threshold > 0:
                at_threshold -= 1
                continue
        start, size = cl[CL_START, c], cl[CL_SIZE, c]
        satisfied = False
        n = 0
        for j in range(start, start + size):
            lit = lits[j]
            if is_true(var, lit):
                satisfied = True
                break
            if not is_false(var, lit):
                lits[used + n] = lit  # used + n <= j: packing never overtakes the reading
                n += 1
        if satisfied:
            continue
        if n == 0:
            return False
        if n == 1:
            assign(ints, var, trail, lits[used], 0, NO_REASON)
            continue
        cl[CL_START, kept] = used
        cl[CL_SIZE, kept] = n
        cl[CL_LBD, kept] = lbd
        cl[CL_KIND, kept] = kind
        if kind == KIND_LEARNT:
            learnt += 1
        watch(cl, lits, whead, wlink, kept)
        kept += 1
        used += n
    ints[I_CLAUSES] = kept
    ints[I_LITS_USED] = used
    ints[I_LEARNT] = learnt
    return True


@inline_kernel(refcounts=False)
def note_conflict(ints, queue, lbd, trail_size):
    """Glucose's restart bookkeeping after a conflict of LBD ``lbd`` with ``trail_size``
    literals set: a trail much longer than of late (1.4 x the mean of the last TRAIL_WINDOW)
    suggests a model is near, and empties the LBD window (no restart soon)."""
    position = ints[I_TRAIL_COUNT] % TRAIL_WINDOW
    if ints[I_TRAIL_COUNT] >= TRAIL_WINDOW:
        ints[I_TRAIL_SUM] -= queue[LBD_WINDOW + position]
    queue[LBD_WINDOW + position] = trail_size
    ints[I_TRAIL_SUM] += trail_size
    ints[I_TRAIL_COUNT] += 1
    if (ints[I_CONFLICTS] > 10000 and ints[I_LBD_COUNT] >= LBD_WINDOW and ints[I_TRAIL_COUNT] >= TRAIL_WINDOW
            and 5 * TRAIL_WINDOW * trail_size > 7 * ints[I_TRAIL_SUM]):
        ints[I_LBD_COUNT] = 0
        ints[I_LBD_SUM] = 0
    position = ints[I_LBD_COUNT] % LBD_WINDOW
    if ints[I_LBD_COUNT] >= LBD_WINDOW:
        ints[I_LBD_SUM] -= queue[position]
    queue[position] = lbd
    ints[I_LBD_SUM] += lbd
    ints[I_LBD_COUNT] += 1
    ints[I_LBD_TOTAL] += lbd


@inline_kernel(refcounts=False)
def restart_due(ints):
    """Luby: the run's conflicts reached ``unit`` x luby(run).  Glucose: the last LBD_WINDOW
    conflicts' mean LBD x 0.8 exceeds the mean over all conflicts."""
    if ints[I_RESTART_MODE] == RESTART_GLUCOSE:
        return (ints[I_LBD_COUNT] >= LBD_WINDOW
                and 4 * ints[I_LBD_SUM] * ints[I_CONFLICTS] > 5 * LBD_WINDOW * ints[I_LBD_TOTAL])
    return ints[I_RUN_CONFLICTS] >= ints[I_UNIT] * luby(ints[I_RUN])


@kernel(refcounts=False)
def search(ints, fl, var, act, trail, lim, heap, bstart, blits, cl, lits, whead, wlink, out, stamp, scratch, queue,
           steps):
    """Up to ``steps`` conflicts and decisions: PAUSED (steps done), LEAF (every variable set:
    a model, read from ``var[V_VALUE]``), DONE (no model is left) or GROW (the store needs
    room; nothing was lost)."""
    n_vars = ints[I_VARS]
    if ints[I_PENDING] == 1:
        # The model returned last: the clause "not all its decisions" goes in first.
        level = ints[I_LEVEL]
        if level == 0:
            return DONE
        if ints[I_CLAUSES] + 1 > cl.shape[1] or ints[I_LITS_USED] + level > lits.shape[0]:
            return GROW
        ints[I_PENDING] = 0
        for d in range(level):
            out[d] = trail[lim[d + 1]] ^ 1
        backtrack(ints, var, act, trail, lim, heap, 0)
        if level == 1:
            assign(ints, var, trail, out[0], 0, NO_REASON)
        else:
            add_clause(ints, cl, lits, whead, wlink, out, level, KIND_BLOCKING, 0)
    while steps > 0:
        if ints[I_CLAUSES] + 1 > cl.shape[1] or ints[I_LITS_USED] + n_vars > lits.shape[0]:
            return GROW
        steps -= 1
        conflict = propagate(ints, var, trail, bstart, blits, cl, lits, whead, wlink)
        if conflict != NO_CONFLICT:
            ints[I_CONFLICTS] += 1
            ints[I_RUN_CONFLICTS] += 1
            if ints[I_LEVEL] == 0:
                return DONE
            if ints[I_TARGETS] == 1:
                # Target phases (CaDiCaL): the values of the longest conflict-free trail since
                # the last restart are the phases the next decisions take.
                consistent = lim[ints[I_LEVEL]]
                if consistent > ints[I_BEST_TRAIL]:
                    ints[I_BEST_TRAIL] = consistent
                    for t in range(consistent):
                        u = trail[t] >> 1
                        var[V_TARGET, u] = var[V_VALUE, u]
            size, back, lbd = analyze(ints, fl, var, act, trail, heap, cl, lits, out, stamp, scratch, conflict)
            note_conflict(ints, queue, lbd, ints[I_TRAIL])
            backtrack(ints, var, act, trail, lim, heap, back)
            if size == 1:
                assign(ints, var, trail, out[0], 0, NO_REASON)
            else:
                c = add_clause(ints, cl, lits, whead, wlink, out, size, KIND_LEARNT, lbd)
                assign(ints, var, trail, out[0], back, c)
            fl[F_VAR_INC] /= DECAY
            continue
        if restart_due(ints):
            ints[I_RUN_CONFLICTS] = 0
            ints[I_BEST_TRAIL] = 0
            ints[I_LBD_COUNT] = 0
            ints[I_LBD_SUM] = 0
            ints[I_RUN] += 1
            ints[I_RESTARTS] += 1
            backtrack(ints, var, act, trail, lim, heap, 0)
            if not reduce_and_compact(ints, var, trail, cl, lits, whead, wlink, out):
                return DONE
            continue
        v = -1
        while ints[I_HEAP] > 0:
            u = heap_pop(ints, var, act, heap)
            if var[V_VALUE, u] == UNSET:
                v = u
                break
        if v == -1:
            ints[I_PENDING] = 1
            return LEAF
        ints[I_DECISIONS] += 1
        level = ints[I_LEVEL] + 1
        ints[I_LEVEL] = level
        lim[level] = ints[I_TRAIL]
        if level > ints[I_DEPTH]:
            ints[I_DEPTH] = level
        phase = var[V_PHASE, v] if var[V_TARGET, v] < 0 else var[V_TARGET, v]
        assign(ints, var, trail, 2 * v + 1 - phase, level, NO_REASON)
    return PAUSED
