#!/usr/bin/env bash
# Runs the parser fuzzer, seeded with every .mlir test (split on `// -----`)
# and the regression inputs. Usage: run.sh FUZZER RUNS [SEED] [MAX_SECONDS]
# CI uses a fixed seed and run count so a run is reproducible; explore with
# other seeds locally (each crash lands in $FUZZ_ARTIFACTS, default
# ./fuzz-artifacts; add it to test/fuzz/regressions/ with its fix).
# Fails on any crash, leak, timeout or printed IR that does not parse back.
set -euo pipefail
fuzzer="$1"; runs="${2:-200000}"; seed="${3:-1}"; max_seconds="${4:-300}"
here="$(cd "$(dirname "$0")" && pwd)"
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
find "$here/.." -name '*.mlir' -size -64k -exec cp {} "$corpus/" \; 2>/dev/null || true
cp "$here"/regressions/*.input "$corpus/" 2>/dev/null || true
for f in "$corpus"/*.mlir; do
  awk -v base="$f" '/^\/\/ -----/ { n++; next } { print > (base "." n ".seed") }' "$f"
done
artifacts="${FUZZ_ARTIFACTS:-fuzz-artifacts}"
mkdir -p "$artifacts"
export ASAN_OPTIONS=detect_leaks=1
"$fuzzer" "$corpus" -artifact_prefix="$artifacts/" -seed="$seed" -runs="$runs" -max_total_time="$max_seconds" \
  -timeout=10 -rss_limit_mb=4096 -max_len=8192 -print_final_stats=1 -dict="$here/mlir.dict" 2>&1 | tail -n 25
