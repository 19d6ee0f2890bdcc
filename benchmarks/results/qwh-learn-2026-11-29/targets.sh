#!/bin/bash
cd /work/runs/s28
M=/work/runs/s27/qwhF
for f in $M/55/Fqwh55-2.pls $M/60/Fqwh60-2.pls QWHG/55/Gqwh55-3.pls QWHG/60/Gqwh60-1.pls /work/runs/s27/race/E25qwh60-0.pls $M/55/Fqwh55-0.pls QWHG/50/Gqwh50-2.pls; do
  FUTOMIP_TARGETS=0 PYTHONPATH=/work/wt28 FUTOMIP_COMPILE=1 /work/main/.venv/bin/python cdcl_try.py compiled $f >> t0.log 2>&1 &
  FUTOMIP_TARGETS=1 PYTHONPATH=/work/wt28 FUTOMIP_COMPILE=1 /work/main/.venv/bin/python cdcl_try.py compiled $f >> t1.log 2>&1 &
  wait
done
echo ALLDONE >> t1.log
