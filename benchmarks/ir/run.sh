#!/usr/bin/env bash
# Times parse + verify + print of a generated 1,000,000-op func/arith module
# in generic form: vtc-opt against mlir-opt-19, in the same run, median of
# REPEAT runs each, with the peak resident memory of each tool. Then checks
# that vtc-opt's output means the same as the input by having mlir-opt
# re-print both (identical text expected).
# Usage: benchmarks/ir/run.sh [build-dir] [ops] [repeat]
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${1:-build}"; ops="${2:-1000000}"; repeat="${3:-5}"
mlir_opt=/usr/lib/llvm-19/bin/mlir-opt
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

/usr/bin/python3 benchmarks/ir/gen.py --ops "$ops" > "$work/in.mlir" 2> "$work/count"
count=$(grep -Eo '[0-9]+' "$work/count")

# measure NAME CMD...: runs CMD $repeat times, records "seconds peak_kb" lines.
measure() {
  local name="$1"; shift
  : > "$work/$name.times"
  for _ in $(seq "$repeat"); do
    /usr/bin/time -f "%e %M" -o "$work/$name.one" "$@"
    cat "$work/$name.one" >> "$work/$name.times"
  done
}
median() { sort -n -k"$2" "$1" | awk -v k="$2" '{ v[NR] = $k } END { print v[int((NR + 1) / 2)] }'; }

measure vtc "$build/vtc-opt" --print-generic "$work/in.mlir" -o "$work/vtc.out"
measure mlir "$mlir_opt" --mlir-print-op-generic "$work/in.mlir" -o "$work/mlir.out"

vtc_s=$(median "$work/vtc.times" 1); vtc_kb=$(median "$work/vtc.times" 2)
mlir_s=$(median "$work/mlir.times" 1); mlir_kb=$(median "$work/mlir.times" 2)

"$mlir_opt" --mlir-print-op-generic "$work/vtc.out" -o "$work/vtc.reprinted"
if cmp -s "$work/vtc.reprinted" "$work/mlir.out"; then same=yes; else same=NO; fi

echo "| tool | ops | parse+verify+print (median of $repeat, s) | peak RSS (MiB) |"
echo "| --- | --- | --- | --- |"
awk -v c="$count" -v s="$vtc_s" -v k="$vtc_kb" 'BEGIN { printf "| vtc-opt --print-generic | %d | %.2f | %.0f |\n", c, s, k / 1024 }'
awk -v c="$count" -v s="$mlir_s" -v k="$mlir_kb" 'BEGIN { printf "| mlir-opt-19 --mlir-print-op-generic | %d | %.2f | %.0f |\n", c, s, k / 1024 }'
awk -v a="$vtc_s" -v b="$mlir_s" -v ka="$vtc_kb" -v kb="$mlir_kb" \
  'BEGIN { printf "\nvtc-opt / mlir-opt: time %.2fx, memory %.2fx (below 1 is better)\n", a / b, ka / kb }'
echo "vtc-opt output re-printed by mlir-opt equals mlir-opt's own output: $same"
[ "$same" = yes ]
