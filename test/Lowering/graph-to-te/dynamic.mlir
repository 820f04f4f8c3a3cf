// lower-graph-to-te with dynamic shapes: the arguments' `?` dims become
// symbols once, at the top (te.dim); every TE takes the symbols its shape,
// reduction domain and inputs mention, and consumers reuse them.
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @chain
func.func @chain(%x: tensor<?x8xf32>, %w: tensor<8x?xf32>, %b: tensor<8xf32>) -> tensor<?x?xf32> {
  // CHECK-NEXT: %[[M:.*]] = te.dim %arg0, 0 : tensor<?x8xf32>
  // CHECK-NEXT: %[[N:.*]] = te.dim %arg1, 1 : tensor<8x?xf32>
  // CHECK-NEXT: %[[A:.*]] = te.compute(%arg0, %arg2) [%[[M]]] shape ()[s0] -> (s0, 8) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %0 = "graph.add"(%x, %b) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  // CHECK: %[[MM:.*]] = te.compute(%[[A]], %arg1) [%[[M]], %[[N]]] shape ()[s0, s1] -> (s0, s1) reduce ()[s0, s1] -> (8) combiner sum
  // CHECK: te.load %[[A]][(d0, d1, d2)[s0, s1] -> (d0, d2)]
  // CHECK: te.load %arg1[(d0, d1, d2)[s0, s1] -> (d2, d1)]
  %1 = "graph.matmul"(%0, %w) : (tensor<?x8xf32>, tensor<8x?xf32>) -> tensor<?x?xf32>
  // CHECK: te.compute(%[[MM]]) [%[[M]], %[[N]]] shape ()[s0, s1] -> (s1, s0)
  %2 = "graph.transpose"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK-NOT: te.dim
  // CHECK: return
  return %2 : tensor<?x?xf32>
}

// A TE with a static shape takes no symbols; a dynamic reduction extent is a
// symbol of the reduce map; a mean over it divides by a rank-0 count TE.
// CHECK-LABEL: func.func @reduce_dynamic
func.func @reduce_dynamic(%x: tensor<3x?xf32>) -> tensor<3x1xf32> {
  // CHECK: %[[K:.*]] = te.dim %arg0, 1
  // CHECK: %[[C:.*]] = te.compute() [%[[K]]] shape ()[s0] -> () reduce ()[s0] -> (s0) combiner sum init 0 : () -> tensor<i64>
  // CHECK: %[[S:.*]] = te.compute(%arg0) [%[[K]]] shape ()[s0] -> (3, 1) reduce ()[s0] -> (s0) combiner sum
  // CHECK: te.compute(%[[S]], %[[C]]) shape () -> (3, 1) : (tensor<3x1xf32>, tensor<i64>) -> tensor<3x1xf32>
  // CHECK: arith.sitofp
  // CHECK: arith.divf
  %0 = "graph.reduce_mean"(%x) {axes = [1]} : (tensor<3x?xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// Output dims that are expressions of symbols (conv2d over a dynamic height).
// CHECK-LABEL: func.func @conv_dynamic
func.func @conv_dynamic(%x: tensor<1x2x?x7xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x?x4xf32> {
  // CHECK: te.compute(%arg0, %arg1) [%{{.*}}] shape ()[s0] -> (1, 3, (s0 - 1) floordiv 2 + 1, 4) reduce ()[s0] -> (2, 3, 3)
  %0 = "graph.conv2d"(%x, %w) {strides = [2, 2], pads = [1, 1, 1, 1]} : (tensor<1x2x?x7xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x?x4xf32>
  return %0 : tensor<1x3x?x4xf32>
}

// A reshape of a dynamic dim: the dims group as the mapping interface
// groups them; the dynamic group passes d0 through, the static group is
// delinearised by static sizes.
// CHECK-LABEL: func.func @reshape_dynamic
func.func @reshape_dynamic(%x: tensor<?x2x4xf32>, %z: tensor<?x1x6xf32>) -> (tensor<?x8xf32>, tensor<?x2x4xf32>, tensor<?x3x2xf32>, tensor<3x8xf32>) {
  // CHECK: %[[N:.*]] = te.dim %arg0, 0 : tensor<?x2x4xf32>
  // CHECK: %[[M:.*]] = te.dim %arg1, 0 : tensor<?x1x6xf32>
  // %3's type fixes the dim its 0 copies: checked before any TE runs.
  // CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
  // CHECK-NEXT: te.assert eq(%[[N]], %[[C3]]) "'graph.reshape' op dimension 0 of the result is {0} at run time, but its type says {1}"
  // CHECK: %[[R:.*]] = te.compute(%arg0) [%[[N]]] shape ()[s0] -> (s0, 8) : (tensor<?x2x4xf32>) -> tensor<?x8xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg0[(d0, d1)[s0] -> (d0, d1 floordiv 4, d1 mod 4)] : tensor<?x2x4xf32> -> f32
  %0 = "graph.reshape"(%x) {shape = [0, -1]} : (tensor<?x2x4xf32>) -> tensor<?x8xf32>
  // CHECK: te.compute(%[[R]]) [%[[N]]] shape ()[s0] -> (s0, 2, 4) : (tensor<?x8xf32>) -> tensor<?x2x4xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %[[R]][(d0, d1, d2)[s0] -> (d0, d1 * 4 + d2)]
  %1 = "graph.reshape"(%0) {shape = [0, 2, 4]} : (tensor<?x8xf32>) -> tensor<?x2x4xf32>
  // A unit dim groups with the static dims after it.
  // CHECK: te.compute(%arg1) [%[[M]]] shape ()[s0] -> (s0, 3, 2)
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg1[(d0, d1, d2)[s0] -> (d0, 0, d1 * 2 + d2)]
  %2 = "graph.reshape"(%z) {shape = [-1, 3, 2]} : (tensor<?x1x6xf32>) -> tensor<?x3x2xf32>
  // A static result fixes the dynamic dim it copies (3).
  // CHECK: te.compute(%arg0) [%[[N]]] shape ()[s0] -> (3, 8) : (tensor<?x2x4xf32>) -> tensor<3x8xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg0[(d0, d1)[s0] -> (d0, d1 floordiv 4, d1 mod 4)]
  %3 = "graph.reshape"(%x) {shape = [0, -1]} : (tensor<?x2x4xf32>) -> tensor<3x8xf32>
  return %0, %1, %2, %3 : tensor<?x8xf32>, tensor<?x2x4xf32>, tensor<?x3x2xf32>, tensor<3x8xf32>
}

// A dynamic dim merged with or split into static ones (or other dynamic
// ones): the result's `?` sizes come from the `shape` entries (0 copies, -1
// is the element count over the rest, a floordiv where a constant does not
// divide it), and the load map is the row-major linearise/delinearise over
// the finest groups whose products provably agree; strides, floordivs and
// mods may be symbols.
// CHECK-LABEL: func.func @reshape_merge_split
func.func @reshape_merge_split(%a: tensor<?x8xf32>, %c: tensor<2x?xf32>, %d: tensor<?xf32>, %e: tensor<?x6xf32>, %f: tensor<?x?xf32>, %g: tensor<?x?x4xf32>, %k: tensor<2x?x3xf32>, %s: tensor<?x3xf32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<?x4xf32>, tensor<4x?xf32>, tensor<?x4xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<6x?xf32>, tensor<2x6xf32>, tensor<?x2x2xf32>) {
  // CHECK: %[[A:.*]] = te.dim %arg0, 0 : tensor<?x8xf32>
  // CHECK-NEXT: %[[C:.*]] = te.dim %arg1, 1 : tensor<2x?xf32>
  // CHECK-NEXT: %[[D:.*]] = te.dim %arg2, 0 : tensor<?xf32>
  // CHECK-NEXT: %[[E:.*]] = te.dim %arg3, 0 : tensor<?x6xf32>
  // CHECK-NEXT: %[[F0:.*]] = te.dim %arg4, 0 : tensor<?x?xf32>
  // CHECK-NEXT: %[[F1:.*]] = te.dim %arg4, 1 : tensor<?x?xf32>
  // CHECK-NEXT: %[[G0:.*]] = te.dim %arg5, 0 : tensor<?x?x4xf32>
  // CHECK-NEXT: %[[G1:.*]] = te.dim %arg5, 1 : tensor<?x?x4xf32>
  // CHECK-NEXT: %[[K:.*]] = te.dim %arg6, 1 : tensor<2x?x3xf32>
  // CHECK-NEXT: %[[S:.*]] = te.dim %arg7, 0 : tensor<?x3xf32>
  // The element counts the reshapes need, checked before any TE with the
  // reference kernel's message (a multiple of 4 for a -1 next to a 4, 12 for
  // [2, 6]); the others hold by construction.
  // CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
  // CHECK-NEXT: te.assert divisible(%[[D]], %[[C4]]) "'graph.reshape' op reshape: cannot reshape [{0}] into [?,4]"
  // CHECK-NEXT: %[[C6:.*]] = arith.constant 6 : index
  // CHECK-NEXT: %[[E6:.*]] = arith.muli %[[E]], %[[C6]] : index
  // CHECK-NEXT: te.assert divisible(%[[E6]], %[[C4]], %[[E]]) "'graph.reshape' op reshape: cannot reshape [{2},6] into [?,4]"
  // CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
  // CHECK-NEXT: %[[S3:.*]] = arith.muli %[[S]], %[[C3]] : index
  // CHECK-NEXT: %[[C12:.*]] = arith.constant 12 : index
  // CHECK-NEXT: te.assert eq(%[[S3]], %[[C12]], %[[S]]) "'graph.reshape' op reshape: cannot reshape [{2},3] into [2,6]"
  // A static inner dim merged into a dynamic one.
  // CHECK-NEXT: te.compute(%arg0) [%[[A]]] shape ()[s0] -> (s0 * 8) : (tensor<?x8xf32>) -> tensor<?xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg0[(d0)[s0] -> (d0 floordiv 8, d0 mod 8)]
  %0 = "graph.reshape"(%a) {shape = [-1]} : (tensor<?x8xf32>) -> tensor<?xf32>
  // The dynamic dim is the inner one: delinearised by a symbol.
  // CHECK: te.compute(%arg1) [%[[C]]] shape ()[s0] -> (s0 * 2) : (tensor<2x?xf32>) -> tensor<?xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg1[(d0)[s0] -> (d0 floordiv s0, d0 mod s0)]
  %1 = "graph.reshape"(%c) {shape = [-1]} : (tensor<2x?xf32>) -> tensor<?xf32>
  // A dynamic dim split into a dynamic and a static one: the size is
  // s0 floordiv 4 (the input must hold a multiple of 4 elements).
  // CHECK: te.compute(%arg2) [%[[D]]] shape ()[s0] -> (s0 floordiv 4, 4) : (tensor<?xf32>) -> tensor<?x4xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg2[(d0, d1)[s0] -> (d0 * 4 + d1)]
  %2 = "graph.reshape"(%d) {shape = [-1, 4]} : (tensor<?xf32>) -> tensor<?x4xf32>
  // CHECK: te.compute(%arg2) [%[[D]]] shape ()[s0] -> (4, s0 floordiv 4) : (tensor<?xf32>) -> tensor<4x?xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg2[(d0, d1)[s0] -> (d0 * (s0 floordiv 4) + d1)]
  %3 = "graph.reshape"(%d) {shape = [4, -1]} : (tensor<?xf32>) -> tensor<4x?xf32>
  // No finer group than the whole: 6 * s0 elements as rows of 4.
  // CHECK: te.compute(%arg3) [%[[E]]] shape ()[s0] -> ((s0 * 3) floordiv 2, 4) : (tensor<?x6xf32>) -> tensor<?x4xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg3[(d0, d1)[s0] -> ((d0 * 4 + d1) floordiv 6, (d0 * 4 + d1) mod 6)]
  %4 = "graph.reshape"(%e) {shape = [-1, 4]} : (tensor<?x6xf32>) -> tensor<?x4xf32>
  // Two dynamic dims merged; then a copied one kept apart from a merge.
  // CHECK: te.compute(%arg4) [%[[F0]], %[[F1]]] shape ()[s0, s1] -> (s0 * s1) : (tensor<?x?xf32>) -> tensor<?xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg4[(d0)[s0, s1] -> (d0 floordiv s1, d0 mod s1)]
  %5 = "graph.reshape"(%f) {shape = [-1]} : (tensor<?x?xf32>) -> tensor<?xf32>
  // CHECK: te.compute(%arg5) [%[[G0]], %[[G1]]] shape ()[s0, s1] -> (s0, s1 * 4) : (tensor<?x?x4xf32>) -> tensor<?x?xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg5[(d0, d1)[s0, s1] -> (d0, d1 floordiv 4, d1 mod 4)]
  %6 = "graph.reshape"(%g) {shape = [0, -1]} : (tensor<?x?x4xf32>) -> tensor<?x?xf32>
  // Symbolic strides on both sides of one group.
  // CHECK: te.compute(%arg6) [%[[K]]] shape ()[s0] -> (6, s0) : (tensor<2x?x3xf32>) -> tensor<6x?xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg6[(d0, d1)[s0] -> ((d0 * s0 + d1) floordiv (s0 * 3), ((d0 * s0 + d1) floordiv 3) mod s0, (d0 * s0 + d1) mod 3)]
  %7 = "graph.reshape"(%k) {shape = [6, -1]} : (tensor<2x?x3xf32>) -> tensor<6x?xf32>
  // A static result fixes the one dynamic input dim (4).
  // CHECK: te.compute(%arg7) [%[[S]]] shape ()[s0] -> (2, 6) : (tensor<?x3xf32>) -> tensor<2x6xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg7[(d0, d1)[s0] -> (d0 * 2 + d1 floordiv 3, d1 mod 3)]
  %8 = "graph.reshape"(%s) {shape = [2, 6]} : (tensor<?x3xf32>) -> tensor<2x6xf32>
  // A reshape of a reshape: the inferred size is an expression of s0.
  // CHECK: te.compute(%{{.*}}) [%[[A]]] shape ()[s0] -> (s0 * 2, 2, 2) : (tensor<?xf32>) -> tensor<?x2x2xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %{{.*}}[(d0, d1, d2)[s0] -> (d0 * 4 + d1 * 2 + d2)]
  %9 = "graph.reshape"(%0) {shape = [-1, 2, 2]} : (tensor<?xf32>) -> tensor<?x2x2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?xf32>, tensor<?xf32>, tensor<?x4xf32>, tensor<4x?xf32>, tensor<?x4xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<6x?xf32>, tensor<2x6xf32>, tensor<?x2x2xf32>
}

// graph.flatten with a dynamic dim on either side of the axis.
// CHECK-LABEL: func.func @flatten_dynamic
func.func @flatten_dynamic(%h: tensor<3x?x4xf32>, %i: tensor<?x?x3xf32>, %j: tensor<3x4x?xf32>) -> (tensor<3x?xf32>, tensor<?x4xf32>, tensor<?x3xf32>, tensor<?x1xf32>) {
  // CHECK: %[[H:.*]] = te.dim %arg0, 1
  // CHECK: %[[I0:.*]] = te.dim %arg1, 0
  // CHECK: %[[I1:.*]] = te.dim %arg1, 1
  // CHECK: %[[J:.*]] = te.dim %arg2, 2
  // CHECK: te.compute(%arg0) [%[[H]]] shape ()[s0] -> (3, s0 * 4) : (tensor<3x?x4xf32>) -> tensor<3x?xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg0[(d0, d1)[s0] -> (d0, d1 floordiv 4, d1 mod 4)]
  %0 = "graph.flatten"(%h) {axis = 1} : (tensor<3x?x4xf32>) -> tensor<3x?xf32>
  // CHECK: te.compute(%arg0) [%[[H]]] shape ()[s0] -> (s0 * 3, 4) : (tensor<3x?x4xf32>) -> tensor<?x4xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg0[(d0, d1)[s0] -> (d0 floordiv s0, d0 mod s0, d1)]
  %1 = "graph.flatten"(%h) {axis = 2} : (tensor<3x?x4xf32>) -> tensor<?x4xf32>
  // CHECK: te.compute(%arg1) [%[[I0]], %[[I1]]] shape ()[s0, s1] -> (s0 * s1, 3) : (tensor<?x?x3xf32>) -> tensor<?x3xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg1[(d0, d1)[s0, s1] -> (d0 floordiv s1, d0 mod s1, d1)]
  %2 = "graph.flatten"(%i) {axis = -1} : (tensor<?x?x3xf32>) -> tensor<?x3xf32>
  // CHECK: te.compute(%arg2) [%[[J]]] shape ()[s0] -> (s0 * 12, 1) : (tensor<3x4x?xf32>) -> tensor<?x1xf32>
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: te.load %arg2[(d0, d1)[s0] -> (d0 floordiv (s0 * 4), (d0 floordiv s0) mod 4, d0 mod s0)]
  %3 = "graph.flatten"(%j) {axis = 3} : (tensor<3x4x?xf32>) -> tensor<?x1xf32>
  return %0, %1, %2, %3 : tensor<3x?xf32>, tensor<?x4xf32>, tensor<?x3xf32>, tensor<?x1xf32>
}

// A concat along a dynamic axis: a select chain on d0 < offset, the dynamic
// offset (s0) loaded from a rank-0 size TE because a body cannot see
// symbols; the later input reads at d0 - s0 (symbols are allowed in maps).
// CHECK-LABEL: func.func @concat_dynamic
func.func @concat_dynamic(%x: tensor<?x2xbf16>, %y: tensor<1x2xbf16>) -> (tensor<?x2xbf16>, tensor<?x2xbf16>) {
  // CHECK: %[[N:.*]] = te.dim %arg0, 0 : tensor<?x2xbf16>
  // CHECK: %[[S:.*]] = te.compute() [%[[N]]] shape ()[s0] -> () reduce ()[s0] -> (s0) combiner sum init 0 : () -> tensor<i64>
  // CHECK: te.compute(%arg0, %arg1, %[[S]]) [%[[N]]] shape ()[s0] -> (s0 + 1, 2) : (tensor<?x2xbf16>, tensor<1x2xbf16>, tensor<i64>) -> tensor<?x2xbf16>
  // CHECK-NEXT: ^bb0(%[[I:.*]]: index, %{{.*}}: index):
  // CHECK-NEXT: %[[B:.*]] = te.load %arg1[(d0, d1)[s0] -> (d0 - s0, d1)] {padding = 0.000000e+00 : bf16}
  // CHECK-NEXT: %[[A:.*]] = te.load %arg0[(d0, d1)[s0] -> (d0, d1)] {padding = 0.000000e+00 : bf16}
  // CHECK-NEXT: %[[L:.*]] = te.load %[[S]][(d0, d1)[s0] -> ()] : tensor<i64> -> i64
  // CHECK-NEXT: %[[LI:.*]] = arith.index_cast %[[L]] : i64 to index
  // CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[I]], %[[LI]] : index
  // CHECK-NEXT: %[[V:.*]] = arith.select %[[C]], %[[A]], %[[B]] : bf16
  // CHECK-NEXT: te.yield %[[V]] : bf16
  %0 = "graph.concat"(%x, %y) {axis = 0} : (tensor<?x2xbf16>, tensor<1x2xbf16>) -> tensor<?x2xbf16>
  // A static offset is a constant; the size TE of s0 + 1 is a new one.
  // CHECK: %[[S1:.*]] = te.compute() [%[[N]]] shape ()[s0] -> () reduce ()[s0] -> (s0 + 1) combiner sum
  // CHECK: te.compute(%arg1, %arg0, %[[S1]]) [%[[N]]] shape ()[s0] -> (s0 + 2, 2)
  // CHECK: te.load %arg1[(d0, d1)[s0] -> (d0 - s0 - 1, d1)]
  // CHECK: te.load %arg0[(d0, d1)[s0] -> (d0 - 1, d1)]
  // CHECK: te.load %[[S1]]
  // CHECK: te.load %arg1[(d0, d1)[s0] -> (d0, d1)]
  // CHECK: %[[ONE:.*]] = arith.constant 1 : index
  // CHECK: arith.cmpi slt, %{{.*}}, %[[ONE]] : index
  %1 = "graph.concat"(%y, %x, %y) {axis = 0} : (tensor<1x2xbf16>, tensor<?x2xbf16>, tensor<1x2xbf16>) -> tensor<?x2xbf16>
  return %0, %1 : tensor<?x2xbf16>, tensor<?x2xbf16>
}
