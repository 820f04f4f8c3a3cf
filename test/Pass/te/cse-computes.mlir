// cse merges te.computes that compute the same (as MLIR's CSE merges ops
// with isomorphic regions): same inputs, attributes and body, a value
// defined in one body standing for the one at the same place in the other.
// A body may hold te.asserts (VTC_TRAIT_CHECK): the merged-away copy would
// check the same values after the kept one did.
// RUN: vtc-opt %s --cse | FileCheck %s
// RUN: vtc-opt %s --cse --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: (S) 2 num-cse'd

// CHECK-LABEL: func.func @same
// CHECK: %[[A:.*]] = te.compute(%arg0)
// CHECK: te.assert ult
// CHECK-NOT: te.compute
// CHECK: return %[[A]], %[[A]]
func.func @same(%x: tensor<4x2xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  %a = te.compute(%x) shape () -> (4) : (tensor<4x2xi64>) -> tensor<4xi64> {
  ^bb0(%i: index):
    %v = te.load %x[(d0) -> (d0, 1)] : tensor<4x2xi64> -> i64
    %n = arith.index_cast %v : i64 to index
    %c8 = arith.constant 8 : index
    te.assert ult(%n, %c8, %n) "index {2} is out of range"
    te.yield %v : i64
  }
  %b = te.compute(%x) shape () -> (4) : (tensor<4x2xi64>) -> tensor<4xi64> {
  ^bb0(%j: index):
    %w = te.load %x[(d0) -> (d0, 1)] : tensor<4x2xi64> -> i64
    %m = arith.index_cast %w : i64 to index
    %d8 = arith.constant 8 : index
    te.assert ult(%m, %d8, %m) "index {2} is out of range"
    te.yield %w : i64
  }
  return %a, %b : tensor<4xi64>, tensor<4xi64>
}

// A different constant, a different assertion message, another input, or
// the body's values used in another order: four computes stay.
// CHECK-LABEL: func.func @different
// CHECK-COUNT-5: te.compute
// CHECK-NOT: te.compute
func.func @different(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = te.compute(%x, %y) shape () -> (4) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %p = te.load %x[(d0) -> (d0)] : tensor<4xf32> -> f32
    %q = te.load %y[(d0) -> (d0)] : tensor<4xf32> -> f32
    %r = arith.subf %p, %q : f32
    te.yield %r : f32
  }
  %b = te.compute(%x, %y) shape () -> (4) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %p = te.load %x[(d0) -> (d0)] : tensor<4xf32> -> f32
    %q = te.load %y[(d0) -> (d0)] : tensor<4xf32> -> f32
    %r = arith.subf %q, %p : f32
    te.yield %r : f32
  }
  %c = te.compute(%x, %x) shape () -> (4) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %p = te.load %x[(d0) -> (d0)] : tensor<4xf32> -> f32
    %q = te.load %x[(d0) -> (d0)] : tensor<4xf32> -> f32
    %r = arith.subf %p, %q : f32
    te.yield %r : f32
  }
  %d = te.compute(%x) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %p = te.load %x[(d0) -> (d0)] : tensor<4xf32> -> f32
    %k = arith.constant 2.0 : f32
    %r = arith.mulf %p, %k : f32
    te.yield %r : f32
  }
  %e = te.compute(%x) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %p = te.load %x[(d0) -> (d0)] : tensor<4xf32> -> f32
    %k = arith.constant 3.0 : f32
    %r = arith.mulf %p, %k : f32
    te.yield %r : f32
  }
  return %a, %b, %c, %d, %e : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// The llama3 decode graph: its K and V scatters each compute the last
// writer of kv_index; vtc-run's pipeline ends its front with cse, so the
// table is computed once (11 TEs, not 12) and the results still match the
// reference interpreter.
// RUN: vtc-opt %vtc_src/benchmarks/workloads/llama3-decode-kv.small-inplace.mlir --pass-pipeline='builtin.module(graph-batch-matmuls,vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false},cse)' | FileCheck %s --check-prefix=LLAMA
// LLAMA-COUNT-11: te.compute
// LLAMA-NOT: te.compute
// RUN: vtc-run %vtc_src/benchmarks/workloads/llama3-decode-kv.small-inplace.mlir --target=cpu --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %vtc_src/benchmarks/workloads/llama3-decode-kv.small-inplace.mlir --target=gir --check | FileCheck %s --check-prefix=EXEC
// EXEC: check: ok (3 results match the reference interpreter)
