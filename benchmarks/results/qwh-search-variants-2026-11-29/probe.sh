#!/bin/bash
# The probes of this folder: the split search alone (--schedule search, HiGHS pair), TL seconds
# (30), every variant on an instance before the next.  VARIANTS holds "LABEL@ENV@ARGS" items
# (commas for spaces in ARGS):
#   VARIANTS="dual=0@FUTOMIP_DUAL=0@ dual=1@FUTOMIP_DUAL=1@"   (dual1.log, dual2.log: the
#     experiment's code read FUTOMIP_DUAL; the kept code has no such switch)
#   VARIANTS="lp:100@@--restarts,lp:100 lp:1000@@--restarts,lp:1000"   (unit.log)
#   bash probe.sh FILES... > out.log
for f in "$@"; do
 for v in $VARIANTS; do
  label=${v%%@*}; rest=${v#*@}; envs=${rest%%@*}; args=${rest#*@}
  out=$(env $envs FUTOMIP_COMPILE=1 futomip solve "$f" --backend highspy --solver highs --schedule search \
        ${args//,/ } --time-limit ${TL:-30} --json 2>/dev/null)
  echo "$out" | python3 -c "
import json, sys
d = json.load(sys.stdin)
s = (d.get('reduction') or {}).get('search') or {}
print('$f', '$label', d.get('status'), round(d['seconds']['total'], 2), {k: s.get(k) for k in ('nodes', 'restarts', 'depth')})"
 done
done
