// lower-graph-to-te on reductions and the composites built on them: the
// reduction domain, combiner and init of each one-relies-on-many TE.
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @reduce
func.func @reduce(%x: tensor<2x3x4xf32>, %c: tensor<2x3x4xi1>) -> (tensor<2x4xf32>, tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<3xi1>) {
  // CHECK: te.compute(%arg0) shape () -> (2, 4) reduce () -> (3) combiner sum init 0.000000e+00 : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
  // CHECK-NEXT: te.load %arg0[(d0, d1, d2) -> (d0, d2, d1)]
  %0 = "graph.reduce_sum"(%x) {axes = [1], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  // mean: a sum, then a divide by the (static) count.
  // CHECK: %[[S:.*]] = te.compute(%arg0) shape () -> (2, 3, 1) reduce () -> (4) combiner sum
  // CHECK: te.load %arg0[(d0, d1, d2, d3) -> (d0, d1, d3)]
  // CHECK: te.compute(%[[S]]) shape () -> (2, 3, 1) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  // CHECK: %[[N:.*]] = arith.constant 4.000000e+00 : f32
  // CHECK-NEXT: arith.divf %{{.*}}, %[[N]]
  %1 = "graph.reduce_mean"(%x) {axes = [-1]} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  // CHECK: te.compute(%arg0) shape () -> (1, 1, 1) reduce () -> (2, 3, 4) combiner max init 0xFF800000
  // CHECK: te.load %arg0[(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5)]
  %2 = "graph.reduce_max"(%x) : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  // i1 (all): in i32, then cast back.
  // CHECK: %[[B:.*]] = te.compute(%arg1) shape () -> (3) reduce () -> (2, 4) combiner min init 1 : (tensor<2x3x4xi1>) -> tensor<3xi32>
  // CHECK: te.load %arg1[(d0, d1, d2) -> (d1, d0, d2)]
  // CHECK: arith.extui
  // CHECK: te.compute(%[[B]]) shape () -> (3) : (tensor<3xi32>) -> tensor<3xi1>
  // CHECK: arith.cmpi ne
  %3 = "graph.reduce_min"(%c) {axes = [0, 2], keepdims = false} : (tensor<2x3x4xi1>) -> tensor<3xi1>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<3xi1>
}

// softmax = reduce-max, exp(x - max), reduce-sum, divide.
// CHECK-LABEL: func.func @softmax
func.func @softmax(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[M:.*]] = te.compute(%arg0) shape () -> (2) reduce () -> (3) combiner max init 0xFF800000
  // CHECK: %[[E:.*]] = te.compute(%arg0, %[[M]]) shape () -> (2, 3)
  // CHECK: te.load %[[M]][(d0, d1) -> (d0)]
  // CHECK: arith.subf
  // CHECK-NEXT: math.exp
  // CHECK: %[[S:.*]] = te.compute(%[[E]]) shape () -> (2) reduce () -> (3) combiner sum init 0.000000e+00
  // CHECK: te.compute(%[[E]], %[[S]]) shape () -> (2, 3)
  // CHECK: arith.divf
  %0 = "graph.softmax"(%x) {axis = 1} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// layer_norm: sum, centred sum of squares, normalise * scale + bias.
// CHECK-LABEL: func.func @layer_norm
func.func @layer_norm(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // CHECK: %[[SUM:.*]] = te.compute(%arg0) shape () -> (2) reduce () -> (3, 4) combiner sum
  // CHECK: %[[VAR:.*]] = te.compute(%arg0, %[[SUM]]) shape () -> (2) reduce () -> (3, 4) combiner sum
  // CHECK: arith.constant 1.200000e+01 : f32
  // CHECK: arith.subf
  // CHECK-NEXT: arith.mulf
  // CHECK: te.compute(%arg0, %[[VAR]], %arg1, %arg2, %[[SUM]]) shape () -> (2, 3, 4)
  // CHECK: math.sqrt
  // CHECK: te.load %arg1[(d0, d1, d2) -> (d1, d2)]
  // CHECK: te.load %arg2[(d0, d1, d2) -> (d2)]
  %0 = "graph.layer_norm"(%x, %s, %b) {axis = 1, epsilon = 1.0e-5 : f64} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// rms_norm: sum of squares, then x / sqrt(ss / n + eps) * scale.
// CHECK-LABEL: func.func @rms_norm
func.func @rms_norm(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32> {
  // CHECK: %[[SS:.*]] = te.compute(%arg0) shape () -> (2) reduce () -> (4) combiner sum
  // CHECK: arith.mulf
  // CHECK: te.compute(%arg0, %[[SS]], %arg1) shape () -> (2, 4)
  // CHECK-NOT: combiner
  // CHECK: math.sqrt
  %0 = "graph.rms_norm"(%x, %s) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Half types: statistics in f32, the result rounded once.
// CHECK-LABEL: func.func @softmax_bf16
func.func @softmax_bf16(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  // CHECK: te.compute(%arg0) shape () -> (2) reduce () -> (3) combiner max {{.*}} -> tensor<2xf32>
  // CHECK: arith.extf %{{.*}} : bf16 to f32
  // CHECK: arith.truncf %{{.*}} : f32 to bf16
  %0 = "graph.softmax"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}
