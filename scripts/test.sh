#!/usr/bin/env bash
# Runs every test of a build: C unit tests (ctest) and the lit suites, then
# prints one closing line `N passed, M failed`. Exit status 0 only if all pass.
# Usage: bash scripts/test.sh [build-dir]
set -uo pipefail
cd "$(dirname "$0")/.."
build="${1:-${VTC_BUILD_DIR:-build}}"
jobs="$(nproc)"

ctest_log="$(mktemp)"
lit_log="$(mktemp)"
trap 'rm -f "$ctest_log" "$lit_log"' EXIT

# ctest runs the unit tests and the numeric suites; lit runs separately so
# its per-test counts reach the closing line.
ctest --test-dir "$build" --output-on-failure -j "$jobs" -E '^lit$' 2>&1 | tee "$ctest_log"
/usr/bin/python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv -j "$jobs" "$build/test" 2>&1 | tee "$lit_log"

count() { grep -Eo "$1" "$2" | grep -Eo '[0-9]+' | head -n1; }
c_total=$(count 'tests failed out of [0-9]+' "$ctest_log"); c_total=${c_total:-0}
c_failed=$(count '[0-9]+ tests failed out of' "$ctest_log"); c_failed=${c_failed:-0}
l_passed=$(count 'Passed *: *[0-9]+' "$lit_log"); l_passed=${l_passed:-0}
l_xfail=$(count 'Expectedly Failed *: *[0-9]+' "$lit_log"); l_xfail=${l_xfail:-0}
l_skipped=$(count 'Unsupported *: *[0-9]+' "$lit_log"); l_skipped=${l_skipped:-0}
l_failed=0
for kind in 'Failed' 'Unexpectedly Passed' 'Unresolved' 'Timed Out'; do
  n=$(count "^ *$kind *: *[0-9]+" "$lit_log"); l_failed=$((l_failed + ${n:-0}))
done
if ! grep -q 'Total Discovered Tests' "$lit_log"; then l_failed=$((l_failed + 1)); fi

passed=$((c_total - c_failed + l_passed + l_xfail))
failed=$((c_failed + l_failed))
echo "$passed passed, $failed failed, $l_skipped skipped"
[ "$failed" -eq 0 ]
