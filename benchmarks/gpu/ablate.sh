#!/usr/bin/env bash
# An ablation in one device call: each workload through the default GPU
# pipeline (vtc-run's, for the H200) with one lower-te-to-gir option set to
# each of its values, timed with vtc-run --target=cuda --bench=N and checked
# against the reference interpreter (--check). Prints one line per run.
# Usage: bash benchmarks/gpu/ablate.sh VTC_RUN OPTION VALUES WORKLOAD...
#   e.g. bash benchmarks/gpu/ablate.sh .devkit/devbin/vtc-run epilogue true,false bert-layer.paper-s128
# WORKLOAD is a file stem of benchmarks/workloads/. RUNS (default 50) sets N.
set -uo pipefail
cd "$(dirname "$0")/../.."
run=$1 option=$2 values=$3
shift 3
front='graph-batch-matmuls,vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false},te-split-reduction'
for w in "$@"; do
  for v in ${values//,/ }; do
    p="builtin.module($front,lower-te-to-gir{hierarchy=gpu gpu=h200 $option=$v})"
    line=$("$run" "benchmarks/workloads/$w.mlir" --target=cuda --pass-pipeline="$p" --bench="${RUNS:-50}" --check 2>&1 |
           grep -E 'median|^check: (ok|MISMATCH)|error' | sed 's/ over .*compile/, compile/' | tr '\n' ' ')
    echo "$w $option=$v: $line"
  done
done
