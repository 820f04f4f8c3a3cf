// The non-element-wise graph ops added for ONNX (issue 12): pools, argmax,
// argmin, cumsum, gather_elements, reduce_prod: round trip, inferred types,
// cost, and verifier errors (the second run).
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s --graph-infer-shapes | FileCheck %s --check-prefix=INFER
// RUN: vtc-opt %s --graph-infer-shapes --graph-print-cost -o /dev/null 2>&1 | FileCheck %s --check-prefix=COST

// CHECK-LABEL: func.func @ops
// INFER-LABEL: func.func @ops
// INFER-SAME: -> (tensor<1x2x4x3xf32>, tensor<1x2x4x3xf32>, tensor<1x2x6xi64>, tensor<1x6x7xi64>, tensor<1x6x7xf32>, tensor<1x3x4xf32>, tensor<1x1x7xf32>)
func.func @ops(%x: tensor<1x2x7x6xf32>, %y: tensor<1x6x7xf32>, %i: tensor<1x3x4xi64>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?xi64>, tensor<?x?x?xi64>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  // CHECK: graph.max_pool2d %{{.*}} {kernel_shape = [3, 3], pads = [1, 1, 1, 1], strides = [2, 2]}
  // INFER: graph.max_pool2d{{.*}} -> tensor<1x2x4x3xf32>
  // COST: remark: flops 216, bytes read 336, bytes written 96
  %0 = "graph.max_pool2d"(%x) {kernel_shape = [3, 3], strides = [2, 2], pads = [1, 1, 1, 1]} : (tensor<1x2x7x6xf32>) -> tensor<?x?x?x?xf32>
  // ceil_mode: rows ceil((7 - 2) / 2) + 1 = 4, cols ceil((6 - 2) / 2) + 1 = 3
  // INFER: graph.avg_pool2d{{.*}} -> tensor<1x2x4x3xf32>
  %1 = "graph.avg_pool2d"(%x) {kernel_shape = [2, 2], strides = [2, 2], ceil_mode = true, count_include_pad = 1} : (tensor<1x2x7x6xf32>) -> tensor<?x?x?x?xf32>
  // INFER: graph.argmax{{.*}} -> tensor<1x2x6xi64>
  %2 = "graph.argmax"(%x) {axis = 2, keepdims = false} : (tensor<1x2x7x6xf32>) -> tensor<?x?x?xi64>
  // INFER: graph.argmin{{.*}} -> tensor<1x6x7xi64>
  %3 = "graph.argmin"(%y) {axis = 0, select_last_index = 1} : (tensor<1x6x7xf32>) -> tensor<?x?x?xi64>
  // INFER: graph.cumsum{{.*}} -> tensor<1x6x7xf32>
  %4 = "graph.cumsum"(%y) {axis = -1, exclusive = 1, reverse = 1} : (tensor<1x6x7xf32>) -> tensor<?x?x?xf32>
  // INFER: graph.gather_elements{{.*}} -> tensor<1x3x4xf32>
  %5 = "graph.gather_elements"(%y, %i) {axis = 1} : (tensor<1x6x7xf32>, tensor<1x3x4xi64>) -> tensor<?x?x?xf32>
  // INFER: graph.reduce_prod{{.*}} -> tensor<1x1x7xf32>
  %6 = "graph.reduce_prod"(%y) {axes = [1]} : (tensor<1x6x7xf32>) -> tensor<?x?x?xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?xi64>, tensor<?x?x?xi64>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>
}
