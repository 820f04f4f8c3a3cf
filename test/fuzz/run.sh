#!/usr/bin/env bash
# Runs a fuzzer, seeded with .mlir files (each split on `// -----`) and the
# regression inputs of its target.
#   run.sh FUZZER RUNS [SEED] [MAX_SECONDS] [DICT] [SEED_PATH...]
# FUZZER is build-fuzz/test/fuzz/fuzz_<target>; DICT defaults to mlir.dict,
# the seed paths (.mlir files or folders searched for them) to all of test/.
# The regression inputs are regressions/*.input for the parser and
# regressions/<target>/*.input for the others. The ONNX importer's fuzzer
# (fuzz_onnx) is seeded with libonnx-testdata's small models instead.
# CI uses a fixed seed and run count so a run is reproducible; explore with
# other seeds locally (each crash lands in $FUZZ_ARTIFACTS, default
# ./fuzz-artifacts; add it to the target's regressions with its fix).
# Fails on any crash, leak, timeout or (parser) printed IR that does not
# parse back, (graph) disagreement of the two interpreters.
set -euo pipefail
fuzzer="$1"; runs="${2:-200000}"; seed="${3:-1}"; max_seconds="${4:-300}"
here="$(cd "$(dirname "$0")" && pwd)"
dict="${5:-$here/mlir.dict}"
shift $(( $# < 5 ? $# : 5 ))
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=("$here/..")
target="$(basename "$fuzzer")"; target="${target#fuzz_}"
regressions="$here/regressions"; [ "$target" = parser ] || regressions="$here/regressions/$target"
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
max_len=8192
dict_args=(-dict="$dict")
if [ "$target" = onnx ]; then
  max_len=65536
  dict_args=()
  i=0
  for m in /usr/share/libonnx-testdata/data/*/*/model.onnx; do
    if [ "$(stat -c %s "$m")" -lt 65536 ]; then cp "$m" "$corpus/seed$((i++)).onnx"; fi
  done
else
  for p in "${paths[@]}"; do
    find "$p" -name '*.mlir' -size -64k -exec cp {} "$corpus/" \; 2>/dev/null || true
  done
  cp "$regressions"/*.input "$corpus/" 2>/dev/null || true
  for f in "$corpus"/*.mlir; do
    [ -e "$f" ] || continue
    awk -v base="$f" '/^\/\/ -----/ { n++; next } { print > (base "." n ".seed") }' "$f"
  done
fi
artifacts="${FUZZ_ARTIFACTS:-fuzz-artifacts}"
mkdir -p "$artifacts"
export ASAN_OPTIONS=detect_leaks=1
"$fuzzer" "$corpus" -artifact_prefix="$artifacts/" -seed="$seed" -runs="$runs" -max_total_time="$max_seconds" \
  -timeout=10 -rss_limit_mb=4096 -max_len="$max_len" -print_final_stats=1 "${dict_args[@]}" 2>&1 | tail -n 25
