#!/usr/bin/env bash
# The GPU checks, run on the device machine from the repo root after
# scripts/device/pack.sh (its tools travel in .devkit/): every op and small
# workload on --target=cuda against the reference interpreter, the CUDA unit
# tests, the lit tests that need a GPU (recorded for remote_lit.py check),
# and gemm_checks.py (every Vortex GEMM variant at the sizes).
# Logs go to $OUT (default ./gpu-out). Usage: bash scripts/device/gpu_checks.sh
set -uo pipefail
out="${OUT:-gpu-out}"; mkdir -p "$out"
{ [ -d .devkit/devbin ] || tar xf .devkit/tools.tar.xz -C .devkit; } && export PATH="$PWD/.devkit/devbin:$PATH"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/device.txt"
rc=0
for t in test_cuda test_cuda_exec test_gir_tensor_core; do
  [ -x ".devkit/devbin/$t" ] || continue
  echo "== $t"; ".devkit/devbin/$t" > "$out/$t.log" 2>&1 || { rc=1; echo "FAILED $t"; }; tail -2 "$out/$t.log"
done
echo "== lit (recorded)"
python3 scripts/device/remote_lit.py record --bin=.devkit/devbin "$out/lit" $(grep -rl 'REQUIRES: cuda-gpu' test) > "$out/lit.log" 2>&1 || rc=1
tail -3 "$out/lit.log"
echo "== cpu_check.py --target=cuda"
python3 test/tools/vtc-run/cpu_check.py .devkit/devbin/vtc-run --target=cuda -j 8 > "$out/cuda_check.log" 2>&1 || rc=1
tail -3 "$out/cuda_check.log"
echo "== gemm_checks.py (Vortex GEMMs: every variant, dynamic M, --check)"
python3 scripts/device/gemm_checks.py .devkit/devbin/vtc-run -j 8 > "$out/gemm_checks.log" 2>&1 || rc=1
grep FAIL "$out/gemm_checks.log" | head; tail -1 "$out/gemm_checks.log"
exit $rc
