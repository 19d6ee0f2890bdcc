#!/bin/bash
# The learning twin in the LP's order (A) against its own order (B: activities 0, phases false), same code otherwise.
cd /work/runs/s29
PY=/work/main/.venv/bin/python
FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s29/snapC $PY snapC/benchmarks/qwh_bench.py hard/Fqwh50-1.pls --configs highs-learn --time-limit 200 > warm-snapC.log 2>&1
FILES="$(ls V/*/*.pls | sort -V) $(ls hard/*.pls | grep -v 'Fqwh45-1\|Gqwh50-1\|Gqwh55-1')"
i=0
for f in $FILES; do
  i=$((i+1))
  if [ $((i % 2)) = 0 ]; then order="A B"; else order="B A"; fi
  for d in $order; do
    if [ $d = B ]; then export X_NOPREFER=1; else unset X_NOPREFER; fi
    FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s29/snapC $PY snapC/benchmarks/qwh_bench.py $f --configs highs-learn --time-limit 60 --jsonl pref-$d.jsonl >> pref-$d.log 2>&1
  done
done
unset X_NOPREFER
for d in A B; do if [ $d = B ]; then export X_NOPREFER=1; fi; FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s29/snapC $PY snapC/benchmarks/qwh_bench.py /work/shared/corpus/latin-qcp-minizinc-benchmarks/QCP/qcp-*_ext.mzn --configs highs-learn --time-limit 60 --jsonl qcppref-$d.jsonl > qcppref-$d.log 2>&1; done
echo ALLDONE >> pref-B.log
