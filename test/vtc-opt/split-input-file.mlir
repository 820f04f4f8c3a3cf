// --split-input-file: each chunk between `// -----` lines is parsed, run and
// printed on its own; the outputs are joined by `// -----`; diagnostics keep
// the line numbers of the original file; a failing chunk does not stop the
// others, but the exit code is 1.

// RUN: vtc-opt --split-input-file --test-tag-func %s | FileCheck %s
// CHECK:      module {
// CHECK-NEXT:   func.func @a() attributes {test.tag = "tagged"} {
// CHECK:      {{^}}}
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @b() attributes {test.tag = "tagged"}
// CHECK-NEXT: }
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @c() attributes {test.tag = "tagged"}
// CHECK-NEXT: }
// CHECK-NOT:  {{.}}

// Without the option it is one module (the markers are comments).
// RUN: vtc-opt %s | FileCheck %s --check-prefix=WHOLE
// WHOLE:      module {
// WHOLE-NEXT:   func.func @a() {
// WHOLE:        func.func private @b()
// WHOLE-NEXT:   func.func private @c()
// WHOLE-NEXT: }

// A failing chunk: its error has its line in this file; the other chunks
// are still printed; exit 1.
// RUN: not vtc-opt --split-input-file --pass-pipeline='builtin.module(func.func(test-fail))' %s 2>&1 | FileCheck %s --check-prefix=ERRS
// ERRS:      split-input-file.mlir:44:1: error: test-fail: failing as asked
// ERRS-NEXT: func.func @a() {
// ERRS:      split-input-file.mlir:50:1: error: test-fail: failing as asked
// ERRS-NEXT: func.func private @b()
// ERRS:      split-input-file.mlir:54:1: error: test-fail: failing as asked
// ERRS-NEXT: func.func private @c()
// RUN: not vtc-opt --split-input-file %S/Inputs/split-one-bad.mlir 2>/dev/null | FileCheck %s --check-prefix=PARTIAL
// PARTIAL:      func.func private @ok1()
// PARTIAL:      // -----
// PARTIAL-NEXT: // -----
// PARTIAL-NEXT: module {
// PARTIAL-NEXT:   func.func private @ok2()

func.func @a() {
  return
}

// -----

func.func private @b()

  // -----   (markers may be indented and followed by text)

func.func private @c()
