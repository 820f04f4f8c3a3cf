// graph.aliasing_output (donation) is checked by the vtc passes: located
// errors on the argument.
// RUN: vtc-opt --split-input-file --verify-diagnostics --vtc-build-vtog %s -o /dev/null

// expected-error@+1 {{graph.aliasing_output = 0: argument 0 of type tensor<4x8xf32> cannot hold result 0 of type tensor<4x8xf16>}}
func.func @type_mismatch(%c: tensor<4x8xf32> {graph.aliasing_output = 0 : i64}) -> tensor<4x8xf16> {
  %0 = graph.cast %c {to = f16} : (tensor<4x8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

// expected-error@+1 {{graph.aliasing_output = 0: result 0 is already donated argument 0's buffer}}
func.func @two_on_one(%a: tensor<4xf32> {graph.aliasing_output = 0 : i64}, %b: tensor<4xf32> {graph.aliasing_output = 0 : i64}) -> tensor<4xf32> {
  %0 = graph.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error@+1 {{graph.aliasing_output of argument 0 must be one integer: a donated buffer holds one result}}
func.func @two_results(%a: tensor<4xf32> {graph.aliasing_output = [0, 1]}) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = graph.relu %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %0 : tensor<4xf32>, tensor<4xf32>
}

// -----

// expected-error@+1 {{graph.aliasing_output = 2 of argument 0: the function has 1 results}}
func.func @out_of_range(%a: tensor<4xf32> {graph.aliasing_output = 2 : i64}) -> tensor<4xf32> {
  %0 = graph.relu %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
