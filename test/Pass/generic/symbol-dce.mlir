// RUN: vtc-opt %s --allow-unregistered-dialect --split-input-file --symbol-dce | FileCheck %s
// RUN: vtc-opt %s --allow-unregistered-dialect --split-input-file --symbol-dce --pass-statistics 2>&1 | FileCheck %s --check-prefix=STATS
// The same expectations hold for MLIR's own symbol-dce:
// RUN: %if mlir-opt %{ mlir-opt %s --allow-unregistered-dialect --split-input-file --symbol-dce | FileCheck %s %}

// Private symbols that nothing references are erased; public ones are roots.
// CHECK-LABEL: module attributes {test.simple}
// CHECK-NOT: func.func private @dead
// CHECK: func.func @public
// CHECK-NOT: func.func private @dead
module attributes {test.simple} {
  func.func private @dead() {
    return
  }
  func.func @public() {
    return
  }
}

// -----

// Liveness follows call chains from the public roots; a dead chain goes
// entirely, even when its members reference each other.
// CHECK-LABEL: module attributes {test.chain}
// CHECK: func.func @main
// CHECK: func.func private @live1
// CHECK: func.func private @live2
// CHECK-NOT: @dead
module attributes {test.chain} {
  func.func @main() {
    call @live1() : () -> ()
    return
  }
  func.func private @live1() {
    call @live2() : () -> ()
    return
  }
  func.func private @live2() {
    return
  }
  func.func private @dead1() {
    call @dead2() : () -> ()
    return
  }
  func.func private @dead2() {
    call @dead1() : () -> ()
    return
  }
}

// -----

// References inside attributes (arrays, dictionaries) count, and
// declarations are symbols too.
// CHECK-LABEL: module attributes {test.attrs}
// CHECK: func.func private @in_array()
// CHECK: func.func private @in_dict()
// CHECK-NOT: @unused
module attributes {test.attrs} {
  func.func private @in_array()
  func.func private @in_dict()
  func.func private @unused()
  func.func @user() attributes {refs = [@in_array], dict = {key = @in_dict}} {
    return
  }
}

// -----

// Nested symbol tables: a private nested module is dead unless referenced;
// references with nested names (@m::@f) keep the path alive; symbols inside
// a live nested module follow the same rules.
// CHECK-LABEL: module attributes {test.nested}
// CHECK: module @live_mod
// CHECK-NEXT: func.func private @used
// CHECK-NOT: @unused_inner
// CHECK: func.func @main
// CHECK-NOT: @dead_mod
module attributes {test.nested} {
  module @live_mod attributes {sym_visibility = "private"} {
    func.func private @used() {
      return
    }
    func.func private @unused_inner() {
      return
    }
  }
  module @dead_mod attributes {sym_visibility = "private"} {
    func.func @inner() {
      return
    }
  }
  func.func @main() attributes {ref = @live_mod::@used} {
    return
  }
}

// -----

// References held in the regions of unregistered ops count (as in MLIR 19).
// CHECK-LABEL: module attributes {test.unregistered}
// CHECK-NEXT: func.func private @g()
// CHECK-NEXT: func.func @f()
module attributes {test.unregistered} {
  func.func private @g()
  func.func private @h()
  func.func @f() {
    "test.table"() ({
      "test.ref"() {callee = @g} : () -> ()
    }) : () -> ()
    return
  }
}

// Statistics add up over the split chunks: 1 + 2 + 1 + 3 (@dead_mod and its
// @inner, @unused_inner) + 1.
// STATS: symbol-dce
// STATS-NEXT: (S) 8 num-dce'd
