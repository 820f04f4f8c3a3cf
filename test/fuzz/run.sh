#!/usr/bin/env bash
# Runs the parser fuzzer, seeded with every .mlir test (split on `// -----`)
# and the regression inputs, or the ONNX importer's fuzzer (a FUZZER named
# *onnx*), seeded with libonnx-testdata's small models.
# Usage: run.sh FUZZER RUNS [SEED] [MAX_SECONDS]
# CI uses a fixed seed and run count so a run is reproducible; explore with
# other seeds locally (each crash lands in $FUZZ_ARTIFACTS, default
# ./fuzz-artifacts; add it to test/fuzz/regressions/ with its fix).
# Fails on any crash, leak, timeout or printed IR that does not parse back.
set -euo pipefail
fuzzer="$1"; runs="${2:-200000}"; seed="${3:-1}"; max_seconds="${4:-300}"
here="$(cd "$(dirname "$0")" && pwd)"
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
dict=(-dict="$here/mlir.dict")
max_len=8192
if [[ "$(basename "$fuzzer")" == *onnx* ]]; then
  # The ONNX importer's fuzzer: the small models of libonnx-testdata.
  dict=()
  max_len=65536
  i=0
  for m in /usr/share/libonnx-testdata/data/*/*/model.onnx; do
    if [ "$(stat -c %s "$m")" -lt 65536 ]; then cp "$m" "$corpus/seed$((i++)).onnx"; fi
  done
else
  find "$here/.." -name '*.mlir' -size -64k -exec cp {} "$corpus/" \; 2>/dev/null || true
  cp "$here"/regressions/*.input "$corpus/" 2>/dev/null || true
  for f in "$corpus"/*.mlir; do
    awk -v base="$f" '/^\/\/ -----/ { n++; next } { print > (base "." n ".seed") }' "$f"
  done
fi
artifacts="${FUZZ_ARTIFACTS:-fuzz-artifacts}"
mkdir -p "$artifacts"
export ASAN_OPTIONS=detect_leaks=1
"$fuzzer" "$corpus" -artifact_prefix="$artifacts/" -seed="$seed" -runs="$runs" -max_total_time="$max_seconds" \
  -timeout=10 -rss_limit_mb=4096 -max_len="$max_len" -print_final_stats=1 "${dict[@]}" 2>&1 | tail -n 25
