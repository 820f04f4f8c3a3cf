#!/usr/bin/env bash
# lstm-stack.paper on the device machine, from the repo root after
# scripts/device/pack.sh: Souffle's V2 and the launch-count steps since
# (graph-batch-matmuls, souffle-vertical's disjoint reads, kernels shared
# modulo index constants) timed by vtc-run --bench and checked against the
# reference, one line each in $OUT/lstm-gpu.txt; then bench_gpu.py's peers
# (eager cuDNN, torch.compile) beside the best of them in $OUT/lstm-peers.md.
set -uo pipefail
out="${OUT:-gpu-out}"; mkdir -p "$out"
[ -x .devkit/devbin/vtc-run ] || tar xf .devkit/tools.tar.xz -C .devkit
run="$PWD/.devkit/devbin/vtc-run"
w=benchmarks/workloads/lstm-stack.paper.mlir
gpu='lower-te-to-gir{hierarchy=gpu}'
split='te-split-reduction{bodies=any min-items=2048 min-chunk=512}'
names=(V2 "V2 disjoint-reads=false" "V2+batch dedup-constants=off" "V2+batch" "vtc-run default")
pipes=("builtin.module(lower-graph-to-te,souffle{global-sync=false},$gpu)"
       "builtin.module(lower-graph-to-te,souffle-horizontal,souffle-vertical{disjoint-reads=false},$split,$gpu)"
       "builtin.module(graph-batch-matmuls,lower-graph-to-te,souffle{global-sync=false},lower-te-to-gir{hierarchy=gpu dedup-constants=off})"
       "builtin.module(graph-batch-matmuls,lower-graph-to-te,souffle{global-sync=false},$gpu)"
       "")
table="$out/lstm-gpu.txt"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1) $(date -u +%F)" > "$table"
for i in "${!names[@]}"; do
  p=(); [ -n "${pipes[$i]}" ] && p=(--pass-pipeline="${pipes[$i]}")
  log="$out/lstm-$i.log"
  "$run" "$w" --target=cuda --bench=20 --check --report-launches "${p[@]}" > "$log" 2>&1
  rc=$?
  b="$(grep -m1 "^bench: " "$log" | sed 's/.*median \([0-9.]*\) ms.*compile \([0-9.]*\) ms.*/\1 ms (compile \2 ms)/')"
  l="$(grep -m1 '^kernel launches:' "$log")"
  c="$(grep -m1 -E '^check: (ok|.*MISMATCH)' "$log")"
  echo "${names[$i]} | rc=$rc $b | $l | $c" | tee -a "$table"
done
# Where V2+batch's call goes: each kernel between CUDA events, and the host's issue time.
"$run" "$w" --target=cuda --bench-kernels --pass-pipeline="${pipes[3]}" > "$out/lstm-kernels.log" 2>&1
grep -v "^  " "$out/lstm-kernels.log" | grep -iv "remark\|note:\|^ *\^" | tail -15
gzip -f "$out"/lstm-*.log
if [ -z "${SKIP_PEERS:-}" ]; then
  python3 benchmarks/gpu/bench_gpu.py --vtc-run "$run" --workloads-only --only '^lstm-stack.paper$' \
    --vtc-pipeline "${pipes[3]}" --out "$out/lstm-peers.md" > "$out/lstm-peers.log" 2>&1
  tail -6 "$out/lstm-peers.md"
fi
