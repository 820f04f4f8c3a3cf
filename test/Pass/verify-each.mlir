// The IR is verified after each pass (on by default): a pass that leaves
// invalid IR is reported with the verifier's error and the pass's name, and
// the pipeline stops. --verify-each=false / --no-verify-each turn it off.

// RUN: vtc-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(test-break-ir))' %s

// expected-error@+2 {{'func.func' op is invalid after running pass 'test-break-ir'}}
// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @f() {
  return
}

// The pipeline stops at the failing pass: nothing after it runs.
// RUN: not vtc-opt --pass-pipeline='builtin.module(func.func(test-break-ir),test-tag)' --print-ir-after-all %s 2>&1 | FileCheck %s --check-prefix=STOP
// STOP:     error: empty block: expect at least a terminator
// STOP:     error: 'func.func' op is invalid after running pass 'test-break-ir'
// STOP-NOT: IR Dump

// Without verification the broken IR goes through (and is printed).
// RUN: vtc-opt --split-input-file --no-verify-each --pass-pipeline='builtin.module(func.func(test-break-ir))' %s | FileCheck %s --check-prefix=NOVERIFY
// RUN: vtc-opt --split-input-file --verify-each=false --pass-pipeline='builtin.module(func.func(test-break-ir))' %s | FileCheck %s --check-prefix=NOVERIFY
// NOVERIFY:      func.func @f() {
// NOVERIFY-NEXT: }

