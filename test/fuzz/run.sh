#!/usr/bin/env bash
# Runs the parser fuzzer for a bounded time, seeded with every .mlir test.
# Usage: run.sh FUZZER SECONDS. Fails on any crash, leak or timeout.
set -euo pipefail
fuzzer="$1"; seconds="${2:-60}"
here="$(cd "$(dirname "$0")" && pwd)"
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
find "$here/.." -name '*.mlir' -size -64k -exec cp {} "$corpus/" \; 2>/dev/null || true
# Split --split-input-file tests into separate seeds too.
for f in "$corpus"/*.mlir; do
  awk -v base="$f" '/^\/\/ -----/ { n++; next } { print > (base "." n ".seed") }' "$f"
done
export ASAN_OPTIONS=detect_leaks=1
"$fuzzer" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=8192 -print_final_stats=1 -dict="$here/mlir.dict" 2>&1 | tail -n 25
