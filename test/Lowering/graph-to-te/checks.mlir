// lower-graph-to-te's run-time checks: the agreements an op's shape rule
// leaves to run time (a dynamic dim), asserted with the reference kernel's
// message ({k} is assert operand k), then the ones the lowering itself
// assumes (it reads an operand at the output's index: no broadcast of a
// dynamic dim); after the te.dims, before any te.compute; none where they
// provably hold or were asserted already.
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s
// runtime-checks=false is the ablation (what the checks cost): no asserts.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te{runtime-checks=false})' %s | FileCheck %s --check-prefix=OFF
// OFF-NOT: te.assert
// OFF: te.compute
// OFF-NOT: te.assert

// CHECK-LABEL: func.func @matmul
// CHECK: %[[K0:.*]] = te.dim %arg0, 1 : tensor<5x?xf32>
// CHECK-NEXT: %[[K1:.*]] = te.dim %arg1, 0 : tensor<?x3xf32>
// CHECK-NEXT: te.assert eq(%[[K0]], %[[K1]]) "'graph.matmul' op matmul: contraction dimensions differ: {0} vs {1}"
// CHECK-NEXT: te.compute
func.func @matmul(%a: tensor<5x?xf32>, %b: tensor<?x3xf32>) -> tensor<5x3xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<5x?xf32>, tensor<?x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// Broadcasting: numpy's rule with the kernel's message (the whole shapes,
// dynamic dims as arguments), then equality (compiled code does not
// broadcast a dynamic dim). Both ops' checks come before both TEs.
// CHECK-LABEL: func.func @add
// CHECK: %[[A0:.*]] = te.dim %arg0, 0 : tensor<?x3xf32>
// CHECK-NEXT: %[[C0:.*]] = te.dim %arg2, 0 : tensor<?x?xf32>
// CHECK-NEXT: %[[C1:.*]] = te.dim %arg2, 1 : tensor<?x?xf32>
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: te.assert broadcastable(%[[A0]], %[[C4]]) "'graph.add' op add: shapes [{0},3] and [4,3] do not broadcast"
// CHECK-NEXT: te.assert eq(%[[A0]], %[[C4]]) "'graph.add' op dimension 0 of an operand is {0} at run time where the result's dimension 0 is {1}: compiled code broadcasts only dimensions that are 1 in the operand's type"
// CHECK-NEXT: te.assert broadcastable(%[[C0]], %[[A0]], %[[C1]]) "'graph.mul' op mul: shapes [{0},{2}] and [{1},3] do not broadcast"
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: te.assert broadcastable(%[[C1]], %[[C3]], %[[C0]], %[[A0]]) "'graph.mul' op mul: shapes [{2},{0}] and [{3},3] do not broadcast"
// CHECK-NEXT: te.assert eq(%[[C1]], %[[C3]])
// CHECK-NEXT: te.assert eq(%[[A0]], %[[C0]])
// CHECK-NEXT: te.compute(%arg0, %arg1)
func.func @add(%a: tensor<?x3xf32>, %b: tensor<4x3xf32>, %c: tensor<?x?xf32>) -> (tensor<4x3xf32>, tensor<?x?xf32>) {
  %0 = "graph.add"(%a, %b) : (tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %1 = "graph.mul"(%c, %a) : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<?x?xf32>
}

// The same symbol on both sides: nothing to check.
// CHECK-LABEL: func.func @proven
// CHECK-NOT: te.assert
// CHECK: return
func.func @proven(%a: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "graph.add"(%a, %a) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = "graph.relu"(%0) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %2 = "graph.sub"(%1, %a) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %2 : tensor<?x3xf32>
}

// Concat: every input against input 0 in the dims other than the axis.
// CHECK-LABEL: func.func @concat
// CHECK: %[[R0:.*]] = te.dim %arg0, 0 : tensor<?x2xf32>
// CHECK-NEXT: %[[R1:.*]] = te.dim %arg1, 0 : tensor<?x3xf32>
// CHECK-NEXT: te.assert eq(%[[R1]], %[[R0]]) "'graph.concat' op concat: input 1 has size {0} in dimension 0, expected {1}"
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: te.assert eq(%[[C4]], %[[R0]]) "'graph.concat' op concat: input 2 has size 4 in dimension 0, expected {1}"
func.func @concat(%a: tensor<?x2xf32>, %b: tensor<?x3xf32>, %c: tensor<4x1xf32>) -> tensor<4x6xf32> {
  %0 = "graph.concat"(%a, %b, %c) {axis = 1} : (tensor<?x2xf32>, tensor<?x3xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// A size defined by a func.call is checked after its te.dim, still before
// the op's TE.
// CHECK-LABEL: func.func @after_call
// CHECK: %[[N:.*]] = te.dim %arg0, 0 : tensor<?xf32>
// CHECK: %[[R:.*]] = call @make
// CHECK-NEXT: %[[M:.*]] = te.dim %[[R]], 0 : tensor<?xf32>
// CHECK-NEXT: te.assert broadcastable(%[[N]], %[[M]]) "'graph.add' op add: shapes [{0}] and [{1}] do not broadcast"
// CHECK-NEXT: te.assert eq(%[[M]], %[[N]])
// CHECK-NEXT: te.compute
func.func private @make(tensor<?xf32>) -> tensor<?xf32>
func.func @after_call(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "graph.relu"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = func.call @make(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "graph.add"(%0, %1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
