// Verifier errors of the non-element-wise ops added for ONNX.
// RUN: vtc-opt --split-input-file --verify-diagnostics %s

func.func @f(%a: tensor<1x2x4x4xf32>) {
  // expected-error@+1 {{'graph.max_pool2d' op requires attribute 'kernel_shape'}}
  %0 = "graph.max_pool2d"(%a) : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return
}
// -----
func.func @f(%a: tensor<1x2x4x4xf32>) {
  // expected-error@+1 {{'graph.avg_pool2d' op a window of 5 does not fit dim 2 of size 4 with pads 0, 0}}
  %0 = "graph.avg_pool2d"(%a) {kernel_shape = [5, 1]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.max_pool2d' op the input must have rank 4 (NCHW), but has rank 2}}
  %0 = "graph.max_pool2d"(%a) {kernel_shape = [1, 1]} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.argmax' op result type tensor<2x1xf32> is incompatible with the inferred type tensor<2x1xi64>}}
  %0 = "graph.argmax"(%a) {axis = 1} : (tensor<2x4xf32>) -> tensor<2x1xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'graph.gather_elements' op indices have rank 1, but data has rank 2}}
  %0 = "graph.gather_elements"(%a, %i) : (tensor<2x4xf32>, tensor<2xi64>) -> tensor<2xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>, %i: tensor<3x4xi64>) {
  // expected-error@+1 {{'graph.gather_elements' op indices dim 0 (3) exceeds data's (2)}}
  %0 = "graph.gather_elements"(%a, %i) {axis = 1} : (tensor<2x4xf32>, tensor<3x4xi64>) -> tensor<3x4xf32>
  return
}
// -----
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.cumsum' op axis 2 is out of range}}
  %0 = "graph.cumsum"(%a) {axis = 2} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}
// -----
func.func @f(%a: tensor<1x2x4x4xf32>) {
  // expected-error@+1 {{'graph.resize' op mode must be "nearest" or "linear", but is "cubic"}}
  %0 = "graph.resize"(%a) {mode = "cubic", scales = [1.0, 1.0, 2.0, 2.0], sizes = [1, 2, 8, 8]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  return
}
// -----
func.func @f(%a: tensor<1x2x4x4xf32>) {
  // expected-error@+1 {{'graph.resize' op scales has 2 entries and sizes 4}}
  %0 = "graph.resize"(%a) {scales = [2.0, 2.0], sizes = [1, 2, 8, 8]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  return
}
