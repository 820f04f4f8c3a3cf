// A pass failure is reported at the op the pass ran on; the pipeline stops
// there, nothing is printed, and the exit code is 1.

// RUN: vtc-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(test-fail{message="stop here"}))' %s
// RUN: not vtc-opt --pass-pipeline='builtin.module(func.func(test-fail{message="stop here"}),test-tag)' --print-ir-after-all %s 2>&1 | FileCheck %s
// CHECK:     pass-failure.mlir:[[@LINE+3]]:1: error: stop here
// CHECK-NOT: IR Dump
// expected-error@+1 {{stop here}}
func.func @g() {
  return
}

// -----

// It also stops at the first failing op: @i is not reached.
// expected-error@+1 {{stop here}}
func.func private @h()
func.func private @i()
