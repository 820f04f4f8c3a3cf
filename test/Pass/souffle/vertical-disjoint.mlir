// souffle-vertical{disjoint-reads}: a producer above max-dup-flops (a tanh)
// whose loads read disjoint boxes of it, each element once, from element-wise
// consumers (an LSTM cell's four gate quarters, read by its c and h TEs), is
// composed into all of them: no element is computed twice (@reduce: a
// reduction reads its half through a slice, which takes the tanh). Boxes
// that meet (@overlap: two slices sharing four columns) and a reduction
// reading the producer itself (@reduce_direct, te input) keep the producer;
// disjoint-reads=false is the ablation. The compiled CPU code computes what
// the reference interpreter does.
// RUN: vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical)' --pass-statistics 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{disjoint-reads=false})' | FileCheck %s --check-prefix=OFF
// RUN: vtc-run %s --target=cpu --check --pass-pipeline='builtin.module(lower-graph-to-te,souffle,lower-te-to-gir)' | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @main
// CHECK-NOT:   math.tanh
// CHECK:       %[[C:.*]] = te.compute(%arg0, %arg1) shape () -> (1, 8)
// CHECK-DAG:   te.load %arg0[(d0, d1) -> (d0, d1 + 8)]
// CHECK-DAG:   te.load %arg0[(d0, d1) -> (d0, d1 + 16)]
// CHECK:       math.tanh
// CHECK:       te.compute(%[[C]], %arg0, %arg1) shape () -> (1, 8)
// CHECK:       te.load %arg0[(d0, d1) -> (d0, d1 + 24)]
// CHECK:       math.tanh
// CHECK-NOT:   te.compute
// CHECK:       return
// CHECK-LABEL: func.func @overlap
// CHECK-COUNT-3: te.compute
// CHECK-NOT:   te.compute
// CHECK-LABEL: func.func @reduce
// CHECK-COUNT-2: te.compute
// CHECK-NOT:   te.compute
// CHECK-LABEL: func.func @reduce_direct
// CHECK-COUNT-3: te.compute
// CHECK-NOT:   te.compute

// STATS: souffle-vertical
// (three in @main, where the fourth load is the last use; one in @reduce)
// STATS: 4 compositions of a shared producer read in disjoint boxes

// OFF-LABEL: func.func @main
// OFF-COUNT-3: te.compute
// OFF-NOT:     te.compute
// OFF:         return

// EXEC: check: ok (2 results match the reference interpreter)

func.func @main(%x: tensor<1x32xf32>, %w: tensor<1x32xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %g = graph.add %x, %w : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
  %t = graph.tanh %g : (tensor<1x32xf32>) -> tensor<1x32xf32>
  %q:4 = graph.split %t {axis = 1, split = [8, 8, 8, 8]} : (tensor<1x32xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>)
  %a = graph.mul %q#0, %q#1 : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %c = graph.add %a, %q#2 : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %h = graph.mul %q#3, %c : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  return %c, %h : tensor<1x8xf32>, tensor<1x8xf32>
}

func.func @overlap(%x: tensor<1x16xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %t = graph.tanh %x : (tensor<1x16xf32>) -> tensor<1x16xf32>
  %lo = graph.slice %t {axes = [1], starts = [0], ends = [8]} : (tensor<1x16xf32>) -> tensor<1x8xf32>
  %mid = graph.slice %t {axes = [1], starts = [4], ends = [12]} : (tensor<1x16xf32>) -> tensor<1x8xf32>
  %a = graph.neg %lo : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %b = graph.abs %mid : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %a, %b : tensor<1x8xf32>, tensor<1x8xf32>
}

func.func @reduce(%x: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4x8xf32>) {
  %t = graph.tanh %x : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %q:2 = graph.split %t {axis = 1, split = [8, 8]} : (tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %s = graph.reduce_sum %q#0 {axes = [1], keepdims = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  %n = graph.neg %q#1 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %s, %n : tensor<4xf32>, tensor<4x8xf32>
}

func.func @reduce_direct(%arg0: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4x8xf32>) {
  %0 = te.compute(%arg0) shape () -> (4, 16) : (tensor<4x16xf32>) -> tensor<4x16xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %arg0[(d0, d1) -> (d0, d1)] : tensor<4x16xf32> -> f32
    %t = math.tanh %v : f32
    te.yield %t : f32
  }
  %1 = te.compute(%0) shape () -> (4) reduce () -> (8) combiner sum init 0.000000e+00 : (tensor<4x16xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %v = te.load %0[(d0, d1) -> (d0, d1)] : tensor<4x16xf32> -> f32
    te.yield %v : f32
  }
  %2 = te.compute(%0) shape () -> (4, 8) : (tensor<4x16xf32>) -> tensor<4x8xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %0[(d0, d1) -> (d0, d1 + 8)] : tensor<4x16xf32> -> f32
    %n = arith.negf %v : f32
    te.yield %n : f32
  }
  return %1, %2 : tensor<4xf32>, tensor<4x8xf32>
}
