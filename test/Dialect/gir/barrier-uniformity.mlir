// Block and device barriers must not sit in a gir.for whose bounds depend
// on gir.id (the units of the scope would reach them a different number of
// times: a deadlock). A loop that varies only across groups is fine for a
// block barrier; loops with uniform bounds are fine for both.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s
// RUN: not vtc-opt --split-input-file %s 2>&1 | FileCheck %s
// CHECK: barrier-uniformity.mlir:[[@LINE+11]]:5: error: 'gir.sync' op 'device' barrier inside a gir.for whose bounds depend on gir.id

gir.kernel @k(%b: !gir.buffer<global, 64xf32>) parallel gpu group 2 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %g = gir.id group
  %n = arith.addi %g, %c2 : index
  // expected-note@+1 {{the loop}}
  gir.for %i = %c0 to %n step %c1 {
    // expected-error@+1 {{'gir.sync' op 'device' barrier inside a gir.for whose bounds depend on gir.id: the units of its scope would reach it a different number of times and deadlock}}
    gir.sync device
  }
}

// -----

// Through a loop-carried value of an enclosing loop, into a nested one.
gir.kernel @k(%b: !gir.buffer<global, 64xf32>) parallel gpu group 2 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %u = gir.id unit_in_group
  %r = gir.for %i = %c0 to %c4 step %c1 iter_args(%a = %c1) -> (index) {
    // expected-note@+1 {{the loop}}
    gir.for %j = %c0 to %a step %c1 {
      // expected-error@+1 {{'gir.sync' op 'block' barrier inside a gir.for whose bounds depend on gir.id}}
      gir.sync block
    }
    %a2 = arith.addi %a, %u : index
    gir.yield %a2 : index
  }
}

// -----

// Fine: uniform bounds for both; a group-dependent trip count for a block
// barrier (all units of a group agree).
gir.kernel @k(%b: !gir.buffer<global, 64xf32>, %n: index) parallel gpu group 2 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = gir.id group
  %u = gir.id unit
  %x = arith.muli %u, %c1 : index
  gir.for %i = %c0 to %n step %c1 {
    gir.sync device
    gir.sync block
  }
  gir.for %i = %c0 to %g step %c1 {
    gir.sync block
  }
}
