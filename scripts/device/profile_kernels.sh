#!/usr/bin/env bash
# Per-kernel profiles (vtc-run --bench-kernels) of the workloads whose call
# time the results files discuss, on the device machine after
# scripts/device/pack.sh: one file per row in $OUT/kernels-*.txt (the
# summary line and the 12 slowest kernels).
# Usage: bash scripts/device/profile_kernels.sh ["NAME|FILE|VTC-RUN ARGS" ...]
set -uo pipefail
out="${OUT:-gpu-out}"; mkdir -p "$out"
[ -x .devkit/devbin/vtc-run ] || tar xf .devkit/tools.tar.xz -C .devkit
run="$PWD/.devkit/devbin/vtc-run"
v2='builtin.module(lower-graph-to-te,souffle{global-sync=false},lower-te-to-gir{hierarchy=gpu})'
rows=("$@")
[ ${#rows[@]} -gt 0 ] || rows=(
  "bert-s128-V2|bert-layer.paper-s128|--pass-pipeline=$v2"
  "bert-s384-V2|bert-layer.paper-s384|--pass-pipeline=$v2"
  "lstm-V2|lstm-stack.paper|--pass-pipeline=$v2"
  "effnet-V2|efficientnet-se.paper|--pass-pipeline=$v2"
  "llama3-b16-inplace-all|llama3-decode-kv.paper-b16-inplace|--vtc=all"
  "llama3-b1-inplace-all|llama3-decode-kv.paper-b1-inplace|--vtc=all"
)
for r in "${rows[@]}"; do
  IFS='|' read -r name file args <<< "$r"
  "$run" "benchmarks/workloads/$file.mlir" --target=cuda --bench=10 --bench-kernels "$args" 2>/dev/null \
    | grep -E '^(bench-kernels|kernel):' | head -13 > "$out/kernels-$name.txt"
  head -1 "$out/kernels-$name.txt"
done
