// RUN: not vtc-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=1 test-convergence=true})' 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: vtc-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=3 test-convergence=true})' | FileCheck %s --check-prefix=THREE
// RUN: vtc-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=1})' | FileCheck %s --check-prefix=THREE
// RUN: vtc-opt %s --canonicalize --pass-statistics 2>&1 | FileCheck %s --check-prefix=STATS

// A sweep that changes something is followed by another; with one sweep
// allowed the driver cannot see convergence, which test-convergence reports.
// ONE: error: canonicalizer failed to converge within 1 iterations
// THREE: func.func @f
// THREE-NEXT: %[[C:.*]] = arith.constant 6 : i32
// THREE-NEXT: return %[[C]]

// STATS: canonicalize
// STATS-NEXT: (S) 0 num-rewrites
// STATS-NEXT: (S) 2 num-folds
// STATS-NEXT: (S) 5 num-erased
func.func @f() -> i32 {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 2 : i32
  %2 = arith.constant 3 : i32
  %3 = arith.addi %0, %1 : i32
  %4 = arith.addi %3, %2 : i32
  return %4 : i32
}
