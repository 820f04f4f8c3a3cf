#!/usr/bin/env bash
# CPU rKernel epilogues on and off: each workload through vtc-run's default
# CPU pipeline with lower-te-to-gir{epilogue=true|false}, timed with
# --bench=N (RUNS, default 20) and checked against the reference (--check),
# alternating, ROUNDS (default 2) times. Prints one line per run.
# Usage: bash benchmarks/cpu/epilogue_ablate.sh VTC_RUN WORKLOAD...
set -uo pipefail
cd "$(dirname "$0")/../.."
run=$1
shift
front='graph-batch-matmuls,vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false}'
for w in "$@"; do
  for r in $(seq "${ROUNDS:-2}"); do
    for e in true false; do
      line=$("$run" "benchmarks/workloads/$w.mlir" --target=cpu --bench="${RUNS:-20}" --check \
               --pass-pipeline="builtin.module($front,lower-te-to-gir{epilogue=$e})" 2>&1 |
             grep -E 'median|^check: (ok|MISMATCH)|error' | sed 's/ over .*compile/, compile/' | tr '\n' ' ')
      echo "$w epilogue=$e round $r: $line"
    done
  done
done
