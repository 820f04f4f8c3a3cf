// scatter_nd into a donated argument (graph.aliasing_output), its data read
// before the scatter (a reduce), with duplicate positions (1 twice): the
// compiled code writes the updates into the argument's buffer in place.
func.func @main(%d: tensor<4x3xf32> {graph.aliasing_output = 0}, %i: tensor<3x1xi64> {vtc.input = {value = dense<[[1], [3], [1]]> : tensor<3x1xi64>}}, %u: tensor<3x3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>) {
  %m = graph.reduce_sum %d {axes = [0], keepdims = false} : (tensor<4x3xf32>) -> tensor<3xf32>
  %0 = graph.scatter_nd %d, %i, %u : (tensor<4x3xf32>, tensor<3x1xi64>, tensor<3x3xf32>) -> tensor<4x3xf32>
  return %0, %m : tensor<4x3xf32>, tensor<3xf32>
}
