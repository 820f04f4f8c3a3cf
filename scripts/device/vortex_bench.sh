#!/usr/bin/env bash
# Vortex's GEMM measurements on the device machine, from the repo root after
# scripts/device/pack.sh (the tools in .devkit/; with VTC_BASE_RUN, a
# baseline vtc-run beside them for a before/after in one run).
#   bash scripts/device/vortex_bench.sh checks   # gpu_checks.sh (correctness)
#   bash scripts/device/vortex_bench.sh gemm     # bench_gemm.py --variants (+ base)
#   bash scripts/device/vortex_bench.sh table6   # bench_gemm.py --table6 (vtc --sweep; no base)
#   bash scripts/device/vortex_bench.sh oracle   # bench_gemm.py --oracle (Fig. 15: choice vs every variant)
#   bash scripts/device/vortex_bench.sh workloads # bench_gpu.py gemm|conv rows (+ base)
#   bash scripts/device/vortex_bench.sh vtc      # VTC (issue 14): decode workloads checked and timed
#                                                # with strategy=none and =all, -inplace included
# Everything lands in $OUT (default ./gpu-out): the tables, and one
# logs.tar.gz with the rest (the device returns few files).
set -uo pipefail
out="${OUT:-gpu-out}"; mkdir -p "$out"
work="$(mktemp -d)"
[ -d .devkit/devbin ] || tar xf .devkit/tools.tar.xz -C .devkit
new="$PWD/.devkit/devbin/vtc-run"
base_args=()
[ -x .devkit/basebin/vtc-run ] && base_args=(--base-vtc-run "$PWD/.devkit/basebin/vtc-run")
dev="$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
export PYTHONUNBUFFERED=1
rc=0
for what in "$@"; do
  case "$what" in
    checks) OUT="$work/checks" bash scripts/device/gpu_checks.sh || rc=1 ;;
    gemm) python3 benchmarks/gpu/bench_gemm.py --vtc-run "$new" "${base_args[@]}" --out "$out" --runs 30 --variants \
            --device "$dev $(date -u +%F)" > "$work/gemm.log" 2>&1 || rc=1; tail -3 "$work/gemm.log" ;;
    table6) python3 benchmarks/gpu/bench_gemm.py --vtc-run "$new" --out "$out" --runs 20 --table6 \
              > "$work/table6.log" 2>&1 || rc=1; tail -2 "$work/table6.log" ;;
    oracle) python3 benchmarks/gpu/bench_gemm.py --vtc-run "$new" --out "$out" --runs 20 --oracle \
              > "$work/oracle.log" 2>&1 || rc=1; grep '^oracle' "$work/oracle.log" ;;
    workloads)
      python3 benchmarks/gpu/bench_gpu.py --vtc-run "$new" --workloads-only --only 'gemm|conv' --out "$out/wl-new.md" \
        > "$work/wl-new.log" 2>&1 || rc=1
      if [ ${#base_args[@]} -gt 0 ]; then
        python3 benchmarks/gpu/bench_gpu.py --vtc-run "${base_args[1]}" --workloads-only --only 'gemm|conv' --skip-compile \
          --out "$out/wl-base.md" > "$work/wl-base.log" 2>&1 || rc=1
      fi
      tail -3 "$work/wl-new.log" ;;
    vtc)
      gpu='te-split-reduction,lower-te-to-gir{hierarchy=gpu}'  # what vtc-run --vtc=S runs on cuda
      for s in none all; do
        pipe="builtin.module(vtc-virtualize{strategy=$s},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true},$gpu)"
        for f in benchmarks/workloads/{llama3,gemma2}-decode-kv.small*.mlir; do
          "$new" "$f" --target=cuda --check --pass-pipeline="$pipe" > "$work/check-$s-$(basename "$f").log" 2>&1 \
            && echo "PASS $s $f" || { echo "FAIL $s $f"; rc=1; }
        done
        python3 benchmarks/gpu/bench_gpu.py --vtc-run "$new" --workloads-only --only 'llama3|gemma2|yolo11|shufflenet|efficientvit' \
          --vtc-pipeline "$pipe" ${skip:-} --out "$out/vtc-$s.md" > "$work/vtc-$s.log" 2>&1 || rc=1
        skip=--skip-compile  # the peers' columns once
        tail -2 "$work/vtc-$s.log"
      done ;;
    *) echo "unknown step '$what'"; rc=2 ;;
  esac
done
tar -C "$work" -czf "$out/logs.tar.gz" . 2>/dev/null
exit $rc
