// --time-passes and --pass-statistics: the report shapes (MLIR's), one row
// per pass instance, nested pipelines indented under "'op' Pipeline".

// RUN: vtc-opt --pass-pipeline='builtin.module(func.func(test-tag,test-count-ops),test-count-ops)' --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS:      ===-------------------------------------------------------------------------===
// STATS-NEXT: {{^ +}}... Pass statistics report ...
// STATS-NEXT: ===-------------------------------------------------------------------------===
// STATS-NEXT: 'func.func' Pipeline
// STATS-NEXT:   test-tag
// STATS-NEXT:     (S) 3 ops-tagged
// STATS-NEXT:   test-count-ops
// STATS-NEXT:     (S) 3 num-ops
// STATS-NEXT:     (S) 0 num-regions
// STATS-NEXT: test-count-ops
// STATS-NEXT:   (S) 6 num-ops
// STATS-NEXT:   (S) 3 num-regions
// STATS-NOT:  {{.}}

// With --split-input-file the counts of the chunks add up (5 + 1 ops).
// RUN: vtc-opt --split-input-file --test-count-ops --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT:      test-count-ops
// SPLIT-NEXT:   (S) 6 num-ops
// SPLIT-NEXT:   (S) 3 num-regions

// RUN: vtc-opt --pass-pipeline='builtin.module(func.func(test-tag,cse),canonicalize)' --time-passes %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// TIME:      ===-------------------------------------------------------------------------===
// TIME-NEXT: {{^ +}}... Execution time report ...
// TIME-NEXT: ===-------------------------------------------------------------------------===
// TIME-NEXT:   Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// TIME-EMPTY:
// TIME-NEXT:   ----Wall Time----  ----Name----
// TIME-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Parser
// TIME-NEXT:   {{.*}}  Verifier (input)
// TIME-NEXT:   {{.*}}  'func.func' Pipeline
// TIME-NEXT:   {{.*}}    test-tag
// TIME-NEXT:   {{.*}}    cse
// TIME-NEXT:   {{.*}}  canonicalize
// TIME-NEXT:   {{.*}}  Verifier (after each pass)
// TIME-NEXT:   {{.*}}  Output
// TIME-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \(100\.0%\)}}  Total

// Both together: statistics first, as mlir-opt.
// RUN: vtc-opt --test-count-ops --time-passes --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: Pass statistics report
// BOTH: Execution time report

func.func @f() {
  %0 = arith.constant 1 : i32
  return
}
func.func @g() {
  return
}

// -----

func.func private @h()
