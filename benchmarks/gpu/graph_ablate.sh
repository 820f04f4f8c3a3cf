#!/usr/bin/env bash
# CUDA graphs on and off in one device call: each workload through
# vtc-run's default GPU pipeline, timed with --bench=N (CUDA events around
# each call) with --cuda-graphs=off (one host launch per kernel), auto (the
# binding replayed as one graph whose kernels run one after another) and
# concurrent (the same graph, each kernel waiting only for the kernels whose
# buffers it uses: --cuda-graph-concurrent), alternating, ROUNDS times. Prints one line per run: the
# median and the kernel launches of a call.
# Usage: bash benchmarks/gpu/graph_ablate.sh VTC_RUN WORKLOAD...
#   e.g. bash benchmarks/gpu/graph_ablate.sh .devkit/devbin/vtc-run bert-layer.paper-s128
# WORKLOAD is a file stem of benchmarks/workloads/. RUNS (default 50) sets N,
# ROUNDS (default 2) the alternations.
set -uo pipefail
cd "$(dirname "$0")/../.."
run=$1
shift
for w in "$@"; do
  for r in $(seq "${ROUNDS:-2}"); do
    for g in off auto concurrent; do
      mode=(--cuda-graphs=$g)
      [ $g = concurrent ] && mode=(--cuda-graphs=auto --cuda-graph-concurrent)
      line=$("$run" "benchmarks/workloads/$w.mlir" --target=cuda "${mode[@]}" --bench="${RUNS:-50}" \
               --report-launches 2>&1 | grep -E 'median|kernel launches|error' | sed 's/ over .*//' | tr '\n' ' ')
      echo "$w graphs=$g round $r: $line"
    done
  done
done
