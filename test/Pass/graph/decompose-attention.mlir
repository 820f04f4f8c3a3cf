// graph-decompose-attention: the IR after the rewrite, and the same numbers
// as the undecomposed op in the reference interpreter (f32, 1e-5 relative).
// RUN: vtc-opt --graph-decompose-attention %s | FileCheck %s
// RUN: vtc-opt --graph-decompose-attention %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: %python %S/Inputs/compare_outputs.py %s gqa_causal 'builtin.module(graph-decompose-attention)'
// RUN: %python %S/Inputs/compare_outputs.py %s more_queries_than_keys 'builtin.module(graph-decompose-attention)'
// RUN: %python %S/Inputs/compare_outputs.py %s plain 'builtin.module(graph-decompose-attention)'

// Grouped-query (8 query heads over 2 KV heads) with a causal mask.
// CHECK-LABEL: func.func @gqa_causal
// CHECK: graph.unsqueeze %arg1 {axes = [2]} : (tensor<1x2x6x4xf32>) -> tensor<1x2x1x6x4xf32>
// CHECK: graph.expand {{.*}} {shape = [1, 2, 4, 6, 4]}
// CHECK: graph.reshape {{.*}} {shape = [1, 8, 6, 4]} : (tensor<1x2x4x6x4xf32>) -> tensor<1x8x6x4xf32>
// CHECK: graph.transpose {{.*}} {perm = [0, 1, 3, 2]} : (tensor<1x8x6x4xf32>) -> tensor<1x8x4x6xf32>
// CHECK: graph.matmul {{.*}} : (tensor<1x8x3x4xf32>, tensor<1x8x4x6xf32>) -> tensor<1x8x3x6xf32>
// CHECK: graph.constant dense<5.000000e-01> : tensor<f32>
// CHECK: graph.mul
// CHECK: graph.constant dense<{{\[}}[true, true, true, true, false, false], [true, true, true, true, true, false], [true, true, true, true, true, true]]> : tensor<3x6xi1>
// CHECK: graph.where
// CHECK: graph.softmax %{{[0-9]+}} : (tensor<1x8x3x6xf32>) -> tensor<1x8x3x6xf32>
// CHECK: graph.matmul {{.*}} : (tensor<1x8x3x6xf32>, tensor<1x8x6x4xf32>) -> tensor<1x8x3x4xf32>
// CHECK-NOT: graph.attention
func.func @gqa_causal(%q: tensor<1x8x3x4xf32>, %k: tensor<1x2x6x4xf32>, %v: tensor<1x2x6x4xf32>) -> tensor<1x8x3x4xf32> {
  %0 = "graph.attention"(%q, %k, %v) {causal = true} : (tensor<1x8x3x4xf32>, tensor<1x2x6x4xf32>, tensor<1x2x6x4xf32>) -> tensor<1x8x3x4xf32>
  return %0 : tensor<1x8x3x4xf32>
}

// Causal with more queries than keys: the first query row sees no key and
// yields zeros, as the op does.
// CHECK-LABEL: func.func @more_queries_than_keys
// CHECK: graph.constant dense<{{\[}}[false], [true], [true]]> : tensor<3x1xi1>
// CHECK: graph.where
// CHECK-NEXT: return
func.func @more_queries_than_keys(%q: tensor<2x1x3x4xf32>, %k: tensor<2x1x2x4xf32>, %v: tensor<2x1x2x5xf32>) -> tensor<2x1x3x5xf32> {
  %0 = "graph.attention"(%q, %k, %v) {causal = true, scale = 0.3 : f64} : (tensor<2x1x3x4xf32>, tensor<2x1x2x4xf32>, tensor<2x1x2x5xf32>) -> tensor<2x1x3x5xf32>
  return %0 : tensor<2x1x3x5xf32>
}

// No mask, no head repeat.
// CHECK-LABEL: func.func @plain
// CHECK-NOT: graph.where
// CHECK-NOT: graph.attention
func.func @plain(%q: tensor<2x3x5x8xf32>, %k: tensor<2x3x7x8xf32>, %v: tensor<2x3x7x8xf32>) -> tensor<2x3x5x8xf32> {
  %0 = "graph.attention"(%q, %k, %v) : (tensor<2x3x5x8xf32>, tensor<2x3x7x8xf32>, tensor<2x3x7x8xf32>) -> tensor<2x3x5x8xf32>
  return %0 : tensor<2x3x5x8xf32>
}

// A dynamic sequence length with a causal mask stays whole, with a remark.
// CHECK-LABEL: func.func @dynamic_causal
// CHECK: graph.attention
// REMARK: remark: 'graph.attention' kept whole: a causal mask needs static sequence lengths
func.func @dynamic_causal(%q: tensor<1x2x?x4xf32>, %k: tensor<1x2x?x4xf32>, %v: tensor<1x2x?x4xf32>) -> tensor<1x2x?x4xf32> {
  %0 = "graph.attention"(%q, %k, %v) {causal = true} : (tensor<1x2x?x4xf32>, tensor<1x2x?x4xf32>, tensor<1x2x?x4xf32>) -> tensor<1x2x?x4xf32>
  return %0 : tensor<1x2x?x4xf32>
}
