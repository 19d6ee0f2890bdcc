#!/bin/bash
# one arm in a block, back to back as a user's loop: block.sh OUT ARM(new|old) LIMIT FILES
source /work/main/.venv/bin/activate
unset PYTHONDONTWRITEBYTECODE
export FUTOMIP_COMPILE=1
out=$1; arm=$2; lim=$3; shift 3
if [ $arm = old ]; then P=/tmp/old17b; else P=/work/main; fi
for f in "$@"; do
  a=$(awk '/some/{print $5}' /proc/pressure/cpu | cut -d= -f2)
  p10=$(awk '/some/{print $2}' /proc/pressure/cpu | cut -d= -f2)
  s=$(date +%s.%N)
  j=$(cd /tmp && PYTHONPATH=$P timeout $((lim+30)) python -m futomip "$f" --time-limit $lim --json --backend highspy --solver highs 2>/dev/null | python -c "import json,sys
try:
  d=json.load(sys.stdin); print(json.dumps({'status':d['status'],'sched':d.get('schedule'),'total':d['seconds'].get('total')}))
except Exception as e: print(json.dumps({'status':'crash'}))")
  e=$(date +%s.%N)
  b=$(awk '/some/{print $5}' /proc/pressure/cpu | cut -d= -f2)
  echo "{\"file\":\"$f\",\"arm\":\"$arm\",\"wall\":$(printf "%.4f" $(echo "$e - $s" | bc)),\"stall\":$(echo "($b - $a)/1000000" | bc -l),\"p10_before\":$p10,\"r\":$j}" >> $out
done
