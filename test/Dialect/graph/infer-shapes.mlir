// graph-infer-shapes: `?` result dims refined from operands, static and
// dynamic, through chains of ops, func.call results and function signatures.
// RUN: vtc-opt --graph-infer-shapes --split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func @static_chain
// CHECK-SAME: -> (tensor<2x3x5xf32>, tensor<6x5xf32>)
func.func @static_chain(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> (tensor<?x?x?xf32>, tensor<?x?xf32>) {
  // CHECK: graph.matmul{{.*}} -> tensor<2x3x5xf32>
  %0 = graph.matmul %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<?x?x?xf32>
  // CHECK: graph.gelu{{.*}} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %1 = graph.gelu %0 : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  // CHECK: graph.reshape{{.*}} : (tensor<2x3x5xf32>) -> tensor<6x5xf32>
  %2 = graph.reshape %1 {shape = [-1, 5]} : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
  // CHECK: return %{{.*}}, %{{.*}} : tensor<2x3x5xf32>, tensor<6x5xf32>
  return %1, %2 : tensor<?x?x?xf32>, tensor<?x?xf32>
}

// -----

// A dynamic batch dim stays `?`; everything known is filled in.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-SAME: -> tensor<?x8x5xf32>
func.func @dynamic_batch(%a: tensor<?x8x4xf32>, %b: tensor<4x5xf32>) -> tensor<?x?x?xf32> {
  // CHECK: graph.matmul{{.*}} : (tensor<?x8x4xf32>, tensor<4x5xf32>) -> tensor<?x8x5xf32>
  %0 = graph.matmul %a, %b : (tensor<?x8x4xf32>, tensor<4x5xf32>) -> tensor<?x?x?xf32>
  // CHECK: graph.softmax{{.*}} : (tensor<?x8x5xf32>) -> tensor<?x8x5xf32>
  %1 = graph.softmax %0 : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// -----

// Broadcasting against a `?`: a known dim other than 1 wins; against 1 it stays `?`.
// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%a: tensor<?x4xf32>, %b: tensor<3x1xf32>, %c: tensor<1x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  // CHECK: graph.add{{.*}} : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  %0 = graph.add %a, %b : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<?x?xf32>
  // CHECK: graph.mul{{.*}} : (tensor<?x4xf32>, tensor<1x?xf32>) -> tensor<?x4xf32>
  %1 = graph.mul %a, %c : (tensor<?x4xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// Data movement with dynamic dims: the dims that move are tracked.
// CHECK-LABEL: func.func @movement
func.func @movement(%x: tensor<?x4x6xf32>, %y: tensor<?x4x2xf32>) {
  // CHECK: graph.transpose{{.*}} : (tensor<?x4x6xf32>) -> tensor<6x?x4xf32>
  %0 = graph.transpose %x {perm = [2, 0, 1]} : (tensor<?x4x6xf32>) -> tensor<?x?x?xf32>
  // CHECK: graph.split{{.*}} : (tensor<?x4x6xf32>) -> (tensor<?x4x2xf32>, tensor<?x4x4xf32>)
  %1:2 = graph.split %x {axis = -1, split = [2, 4]} : (tensor<?x4x6xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>)
  // CHECK: graph.concat{{.*}} -> tensor<?x4x8xf32>
  %2 = graph.concat %x, %y {axis = 2} : (tensor<?x4x6xf32>, tensor<?x4x2xf32>) -> tensor<?x?x?xf32>
  // CHECK: graph.slice{{.*}} : (tensor<?x4x6xf32>) -> tensor<?x2x3xf32>
  %3 = graph.slice %x {starts = [0, 1], ends = [4, 100], axes = [1, 2], steps = [2, 2]} : (tensor<?x4x6xf32>) -> tensor<?x?x?xf32>
  // CHECK: graph.unsqueeze{{.*}} : (tensor<?x4x6xf32>) -> tensor<?x1x4x6xf32>
  %4 = graph.unsqueeze %x {axes = [1]} : (tensor<?x4x6xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: graph.expand{{.*}} : (tensor<?x1x4x6xf32>) -> tensor<?x3x4x6xf32>
  %5 = graph.expand %4 {shape = [1, 3, 1, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: graph.reshape{{.*}} : (tensor<?x4x6xf32>) -> tensor<?x24xf32>
  %6 = graph.reshape %x {shape = [0, -1]} : (tensor<?x4x6xf32>) -> tensor<?x?xf32>
  // CHECK: graph.flatten{{.*}} : (tensor<?x4x6xf32>) -> tensor<?x24xf32>
  %7 = graph.flatten %x : (tensor<?x4x6xf32>) -> tensor<?x?xf32>
  // CHECK: graph.reduce_sum{{.*}} : (tensor<?x4x6xf32>) -> tensor<?x1x6xf32>
  %8 = graph.reduce_sum %x {axes = [1]} : (tensor<?x4x6xf32>) -> tensor<?x?x?xf32>
  return
}

// -----

// Refined signatures reach the callers, and from there the callers' ops.
// CHECK-LABEL: func.func @callee
// CHECK-SAME: -> tensor<2x8xf32>
func.func @callee(%x: tensor<2x8xf32>) -> tensor<?x?xf32> {
  %0 = graph.relu %x : (tensor<2x8xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// CHECK-LABEL: func.func @caller
// CHECK-SAME: -> tensor<8x2xf32>
func.func @caller(%x: tensor<2x8xf32>) -> tensor<?x?xf32> {
  // CHECK: call @callee(%{{.*}}) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %0 = func.call @callee(%x) : (tensor<2x8xf32>) -> tensor<?x?xf32>
  // CHECK: graph.transpose{{.*}} : (tensor<2x8xf32>) -> tensor<8x2xf32>
  %1 = graph.transpose %0 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// Declared static dims are kept where inference only knows `?`.
// CHECK-LABEL: func.func @keep_static
func.func @keep_static(%x: tensor<?x4xf32>) -> tensor<3x4xf32> {
  // CHECK: graph.relu{{.*}} : (tensor<?x4xf32>) -> tensor<3x4xf32>
  %0 = graph.relu %x : (tensor<?x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Compute ops with dynamic dims.
// CHECK-LABEL: func.func @compute_dynamic
func.func @compute_dynamic(%img: tensor<?x4x?x9xf32>, %w: tensor<8x2x3x3xf32>, %q: tensor<1x8x?x16xf32>,
                           %kv: tensor<1x2x?x16xf32>, %c: tensor<?x1xi1>, %x: tensor<3x?xf32>, %i: tensor<?xi64>) {
  // CHECK: graph.conv2d{{.*}} -> tensor<?x8x?x4xf32>
  %0 = graph.conv2d %img, %w {group = 2, strides = [2, 2]} : (tensor<?x4x?x9xf32>, tensor<8x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: graph.attention{{.*}} -> tensor<1x8x?x16xf32>
  %1 = graph.attention %q, %kv, %kv {causal = true} : (tensor<1x8x?x16xf32>, tensor<1x2x?x16xf32>, tensor<1x2x?x16xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: graph.where{{.*}} -> tensor<3x?xf32>
  %2 = graph.where %c, %x, %x : (tensor<?x1xi1>, tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  // CHECK: graph.reduce_max{{.*}} -> tensor<?xf32>
  %3 = graph.reduce_max %x {axes = [0], keepdims = false} : (tensor<3x?xf32>) -> tensor<?xf32>
  // CHECK: graph.gather{{.*}} -> tensor<3x?xf32>
  %4 = graph.gather %x, %i {axis = 1} : (tensor<3x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  // CHECK: graph.pad{{.*}} -> tensor<5x?xf32>
  %5 = graph.pad %x {pads = [1, 1, 1, 1]} : (tensor<3x?xf32>) -> tensor<?x?xf32>
  // CHECK: graph.cast{{.*}} -> tensor<3x?xf16>
  %6 = graph.cast %x {to = f16} : (tensor<3x?xf32>) -> tensor<?x?xf16>
  return
}
