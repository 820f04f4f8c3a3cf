// vtc-opt's input and output: a file, stdin (no argument or `-`), -o FILE
// (`-o=FILE` too), and the exit codes.

// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt < %s | FileCheck %s
// RUN: vtc-opt - < %s | FileCheck %s
// RUN: vtc-opt %s -o %t.out && FileCheck %s < %t.out
// RUN: vtc-opt -o=%t.out2 %s && FileCheck %s < %t.out2
// RUN: vtc-opt --o %t.out3 %s && FileCheck %s < %t.out3
// CHECK:      module {
// CHECK-NEXT:   func.func @f() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// Diagnostics name the input: the file, or <stdin>.
// RUN: not vtc-opt --test-fail %s 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: io.mlir:{{[0-9]+}}:1: error: test-fail: failing as asked
// RUN: not vtc-opt --test-fail < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: <stdin>:{{[0-9]+}}:1: error: test-fail: failing as asked

// On failure nothing is written to -o.
// RUN: rm -f %t.none && not vtc-opt --test-fail %s -o %t.none 2>/dev/null
// RUN: not ls %t.none

// A missing input, a second input, an unwritable output.
// RUN: not vtc-opt %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: vtc-opt: cannot read '{{.*}}does-not-exist': No such file or directory
// RUN: not vtc-opt %s %s 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: vtc-opt: more than one input file
// RUN: not vtc-opt %s -o %t.no/such/dir/out 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: vtc-opt: cannot write '{{.*}}out'
// RUN: not vtc-opt %s -o 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: vtc-opt: '--o' needs a value
// RUN: not vtc-opt --verify-each=maybe %s 2>&1 | FileCheck %s --check-prefix=BADBOOL
// BADBOOL: vtc-opt: invalid value 'maybe' for '--verify-each': expected true or false

// An empty input is an empty module.
// RUN: echo "" | vtc-opt | FileCheck %s --check-prefix=EMPTY
// EMPTY: module {

// RUN: vtc-opt --version | FileCheck %s --check-prefix=VERSION
// VERSION: vtc-opt version {{[0-9]+\.[0-9]+\.[0-9]+}}

func.func @f() {
  return
}
