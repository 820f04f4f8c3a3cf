// The interpreter frees each intermediate right after its last use and
// reports the peak of live intermediate bytes (inputs are not counted).
// RUN: vtc-run %s --trace 2>&1 | FileCheck %s
// RUN: vtc-run %s --entry=fanout --trace 2>&1 | FileCheck %s --check-prefix=FANOUT
// RUN: vtc-run %s --entry=unused --trace 2>&1 | FileCheck %s --check-prefix=UNUSED

// A chain of 64-byte tensors: at most two are live at once.
// CHECK:      #0 graph.relu -> tensor<4x4xf32> | live 64 bytes
// CHECK-NEXT: #1 graph.neg -> tensor<4x4xf32> | live 128 bytes | free %op0#0
// CHECK-NEXT: #2 graph.abs -> tensor<4x4xf32> | live 128 bytes | free %op1#0
// CHECK-NEXT: #3 graph.exp -> tensor<4x4xf32> | live 128 bytes | free %op2#0
// CHECK-NEXT: #4 func.return | live 64 bytes
// CHECK:      peak intermediate bytes: 128
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = "graph.relu"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = "graph.neg"(%0) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %2 = "graph.abs"(%1) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %3 = "graph.exp"(%2) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %3 : tensor<4x4xf32>
}

// Two branches stay live until they are joined; the shrinking reduction
// frees the 64-byte sum.
// FANOUT:      #0 graph.relu -> tensor<4x4xf32> | live 64 bytes
// FANOUT-NEXT: #1 graph.neg -> tensor<4x4xf32> | live 128 bytes
// FANOUT-NEXT: #2 graph.add -> tensor<4x4xf32> | live 192 bytes | free %op0#0 %op1#0
// FANOUT-NEXT: #3 graph.reduce_sum -> tensor<1x4xf32> | live 80 bytes | free %op2#0
// FANOUT-NEXT: #4 func.return | live 16 bytes
// FANOUT:      peak intermediate bytes: 192
func.func @fanout(%x: tensor<4x4xf32>) -> tensor<1x4xf32> {
  %0 = "graph.relu"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = "graph.neg"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %2 = "graph.add"(%0, %1) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %3 = "graph.reduce_sum"(%2) {axes = [0]} : (tensor<4x4xf32>) -> tensor<1x4xf32>
  return %3 : tensor<1x4xf32>
}

// A result nobody uses is freed as soon as it is made; a returned input is
// copied (the caller keeps its inputs); split's unused half dies at once.
// UNUSED:      #0 graph.exp -> tensor<4x4xf32> | live 64 bytes | free %op0#0
// UNUSED-NEXT: #1 graph.split -> tensor<2x4xf32>, tensor<2x4xf32> | live 64 bytes | free %op1#1
// UNUSED-NEXT: #2 func.return | live 96 bytes
// UNUSED:      result 0: tensor<2x4xf32>
// UNUSED-NEXT: result 1: tensor<4x4xf32>
// UNUSED-NEXT: peak intermediate bytes: 96
func.func @unused(%x: tensor<4x4xf32>) -> (tensor<2x4xf32>, tensor<4x4xf32>) {
  %0 = "graph.exp"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %1:2 = "graph.split"(%x) {axis = 0} : (tensor<4x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return %1#0, %x : tensor<2x4xf32>, tensor<4x4xf32>
}
