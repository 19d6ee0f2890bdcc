#!/bin/bash
cd /work/runs/s30
PY=/work/main/.venv/bin/python
for d in snapA snapC; do FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s30/$d $PY $d/benchmarks/qwh_bench.py /work/runs/s29/hard/Fqwh50-1.pls --configs default --time-limit 100 > warm-$d.log 2>&1; done
FILES="$(ls W/*/*.pls | sort -V) $(ls /work/runs/s29/V/*/*.pls | sort -V) $(ls /work/runs/s29/hard/*.pls | grep -v 'Fqwh45-1\|Gqwh50-1\|Gqwh55-1')"
i=0
for f in $FILES; do
  i=$((i+1))
  if [ $((i % 2)) = 0 ]; then order="snapA snapC"; else order="snapC snapA"; fi
  for d in $order; do
    FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s30/$d $PY $d/benchmarks/qwh_bench.py $f --configs default --time-limit 60 --jsonl ab2-$d.jsonl >> ab2-$d.log 2>&1
  done
  case $f in NONE) $PY snapA/benchmarks/qwh_bench.py $f --configs cpsat --time-limit 60 --jsonl cpsat2.jsonl >> cpsat2.log 2>&1;; esac
done
echo ALLDONE >> ab-snapC.log
for d in snapA snapC; do FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s30/$d $PY $d/benchmarks/qwh_bench.py /work/shared/corpus/latin-qcp-minizinc-benchmarks/QCP/qcp-*_ext.mzn --configs default --time-limit 60 --jsonl qcp-$d.jsonl > qcp-$d.log 2>&1; done
echo ALLDONE2 >> ab2-snapC.log
