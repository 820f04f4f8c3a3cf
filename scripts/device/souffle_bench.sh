#!/usr/bin/env bash
# Souffle (issue 15) on the device machine, from the repo root after
# scripts/device/pack.sh: Table 4's V0/V2/V3 of the paper workloads timed by
# vtc-run --bench (one line each in $OUT/souffle-table4.txt), V3 checked
# against the reference, and bench_gpu.py's peers (eager, torch.compile)
# beside V3 in $OUT/souffle-v3.md.
set -uo pipefail
out="${OUT:-gpu-out}"; mkdir -p "$out"
[ -x .devkit/devbin/vtc-run ] || tar xf .devkit/tools.tar.xz -C .devkit
run="$PWD/.devkit/devbin/vtc-run"
gpu='lower-te-to-gir{hierarchy=gpu}'
declare -A V=([V0]="builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu fuse-softmax=false})"
              [V2]="builtin.module(lower-graph-to-te,souffle{global-sync=false},$gpu)"
              [V3]="builtin.module(lower-graph-to-te,souffle{global-sync=true},$gpu)")
rows="${SOUFFLE_ROWS:-lstm-stack.paper bert-layer.paper-s128 bert-layer.paper-s384 efficientnet-se.paper}"
table="$out/souffle-table4.txt"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1) $(date -u +%F)" > "$table"
for w in $rows; do
  for v in V0 V2 V3; do
    check=; [ "$v" = V3 ] && check=--check
    log="$out/$w-$v.log"
    "$run" "benchmarks/workloads/$w.mlir" --target=cuda --bench=20 $check --report-launches \
      --pass-pipeline="${V[$v]}" > "$log" 2>&1
    rc=$?
    b="$(grep -m1 "^bench: " "$log" | sed 's/.*median \([0-9.]*\) ms.*compile \([0-9.]*\) ms.*/\1 ms (compile \2 ms)/')"
    l="$(grep -m1 '^kernel launches:' "$log")"
    c="$(grep -m1 -E '^check: (ok|.*MISMATCH)' "$log")"
    w2="$(grep -c "do not fit the GPU at once" "$log")"
    echo "$w $v rc=$rc $b | $l | $c | phase-split warnings: $w2" | tee -a "$table"
  done
done
grep -v "remark\|note:\|^ *\^\|^  " "$out"/*-V3.log | grep -i "warning\|error" | head -20
gzip -f "$out"/*.log
if [ -z "${SKIP_PEERS:-}" ]; then
  python3 benchmarks/gpu/bench_gpu.py --vtc-run "$run" --workloads-only \
    --only "${SOUFFLE_PEER_ROWS:-^(lstm-stack.paper|bert-layer.paper-s128|bert-layer.paper-s384|efficientnet-se.paper)$}" \
    --vtc-pipeline "${V[V3]}" --out "$out/souffle-v3.md" > "$out/souffle-v3-peers.log" 2>&1
  tail -12 "$out/souffle-v3.md"
fi
