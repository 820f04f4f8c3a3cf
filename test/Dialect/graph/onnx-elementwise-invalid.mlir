// Verifier errors of the element-wise ops added for ONNX.
// RUN: vtc-opt --split-input-file --verify-diagnostics %s

func.func @f(%a: tensor<2xi32>) {
  // expected-error@+1 {{'graph.is_nan' op operand must have element type one of f32, f16, bf16, f64, but has i32}}
  %0 = "graph.is_nan"(%a) : (tensor<2xi32>) -> tensor<2xi1>
  return
}
// -----
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'graph.is_nan' op result type tensor<2xf32> is incompatible with the inferred type tensor<2xi1>}}
  %0 = "graph.is_nan"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}
// -----
func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  // expected-error@+1 {{'graph.and' op lhs must have element type i1, but has f32}}
  %0 = "graph.and"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}
// -----
func.func @f(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{'graph.less' op rhs must have element type f32, but has i32}}
  %0 = "graph.less"(%a, %b) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>
  return
}
// -----
func.func @f(%a: tensor<2xi1>) {
  // expected-error@+1 {{'graph.less' op lhs must have element type one of f32, f16, bf16, f64, i32, i64, but has i1}}
  %0 = "graph.less"(%a, %a) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}
// -----
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'graph.elu' op attribute 'alpha' must be a float}}
  %0 = "graph.elu"(%a) {alpha = "x"} : (tensor<2xf32>) -> tensor<2xf32>
  return
}
