// lower-graph-to-te on attention: QK^T, scale + causal mask, the four
// softmax TEs, PV; grouped-query heads read kv head h floordiv (Hq / Hkv).
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @attention
func.func @attention(%q: tensor<1x4x3x8xf32>, %k: tensor<1x2x5x8xf32>, %v: tensor<1x2x5x6xf32>) -> tensor<1x4x3x6xf32> {
  // S = Q K^T over D = 8
  // CHECK: %[[S:.*]] = te.compute(%arg0, %arg1) shape () -> (1, 4, 3, 5) reduce () -> (8) combiner sum
  // CHECK-DAG: te.load %arg0[(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)]
  // CHECK-DAG: te.load %arg1[(d0, d1, d2, d3, d4) -> (d0, d1 floordiv 2, d3, d4)]
  // scale 1/sqrt(8), causal: key j visible when j <= i + Skv - Sq = i + 2
  // CHECK: %[[P:.*]] = te.compute(%[[S]]) shape () -> (1, 4, 3, 5) :
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %[[I:.*]]: index, %[[J:.*]]: index):
  // CHECK: arith.constant 0.353553385 : f32
  // CHECK: %[[OFF:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[LIM:.*]] = arith.addi %[[I]], %[[OFF]] : index
  // CHECK: %[[VIS:.*]] = arith.cmpi sle, %[[J]], %[[LIM]] : index
  // CHECK-NEXT: arith.select %[[VIS]]
  // softmax over the keys
  // CHECK: %[[M:.*]] = te.compute(%[[P]]) shape () -> (1, 4, 3) reduce () -> (5) combiner max
  // CHECK: %[[E:.*]] = te.compute(%[[P]], %[[M]])
  // CHECK: math.exp
  // CHECK: %[[Z:.*]] = te.compute(%[[E]]) shape () -> (1, 4, 3) reduce () -> (5) combiner sum
  // CHECK: %[[W:.*]] = te.compute(%[[E]], %[[Z]]) shape () -> (1, 4, 3, 5)
  // CHECK: arith.divf
  // O = P V over the 5 keys
  // CHECK: te.compute(%[[W]], %arg2) shape () -> (1, 4, 3, 6) reduce () -> (5) combiner sum
  // CHECK-DAG: te.load %[[W]][(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)]
  // CHECK-DAG: te.load %arg2[(d0, d1, d2, d3, d4) -> (d0, d1 floordiv 2, d4, d3)]
  %0 = "graph.attention"(%q, %k, %v) {causal = true} : (tensor<1x4x3x8xf32>, tensor<1x2x5x8xf32>, tensor<1x2x5x6xf32>) -> tensor<1x4x3x6xf32>
  return %0 : tensor<1x4x3x6xf32>
}

// Dynamic sequence lengths: the mask compares j + Sq <= i + Skv with both
// lengths read from rank-0 TEs of the symbols (a body cannot see symbols).
// CHECK-LABEL: func.func @attention_dynamic
func.func @attention_dynamic(%q: tensor<1x2x?x4xf16>, %k: tensor<1x2x?x4xf16>) -> tensor<1x2x?x4xf16> {
  // CHECK-DAG: %[[SQ:.*]] = te.dim %arg0, 2
  // CHECK-DAG: %[[SKV:.*]] = te.dim %arg1, 2
  // CHECK: te.compute(%arg0, %arg1) [%[[SQ]], %[[SKV]]] shape ()[s0, s1] -> (1, 2, s0, s1) reduce ()[s0, s1] -> (4) combiner sum {{.*}} -> tensor<1x2x?x?xf32>
  // CHECK: te.compute() [%[[SQ]]] shape ()[s0] -> () reduce ()[s0] -> (s0) combiner sum init 0 : () -> tensor<i64>
  // CHECK: te.compute() [%[[SKV]]] shape ()[s0] -> () reduce ()[s0] -> (s0) combiner sum init 0 : () -> tensor<i64>
  // CHECK: te.compute(%{{.*}}, %{{.*}}, %{{.*}}) [%[[SQ]], %[[SKV]]] shape ()[s0, s1] -> (1, 2, s0, s1) : (tensor<1x2x?x?xf32>, tensor<i64>, tensor<i64>)
  // CHECK: arith.cmpi sle
  // The result is rounded to f16 once, by a last TE.
  // CHECK: te.compute(%{{.*}}) [%[[SQ]]] shape ()[s0] -> (1, 2, s0, 4) : (tensor<1x2x?x4xf32>) -> tensor<1x2x?x4xf16>
  // CHECK: arith.truncf
  %0 = "graph.attention"(%q, %k, %k) {causal = true, scale = 0.5 : f64} : (tensor<1x2x?x4xf16>, tensor<1x2x?x4xf16>, tensor<1x2x?x4xf16>) -> tensor<1x2x?x4xf16>
  return %0 : tensor<1x2x?x4xf16>
}
