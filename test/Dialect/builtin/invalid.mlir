// Malformed builtin ops.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s
// RUN: not vtc-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: invalid.mlir:[[@LINE+3]]:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'

// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'}}
module attributes {foo = 1 : i32} {
}

// -----

// expected-error@+1 {{'builtin.module' op expects the region's block to have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

module {
  // expected-note@+1 {{see existing symbol definition here}}
  module @x {}
  // expected-error@+1 {{redefinition of symbol named 'x'}}
  module @x {}
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{2 operands present, but expected 1}}
  %0 = builtin.unrealized_conversion_cast %a, %a : i32 to i64
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{expected 'to'}}
  %0 = builtin.unrealized_conversion_cast %a : i32 i64
  return
}
