func.func @main(%a0: tensor<2x1x2xi64>) -> (tensor<2x3x4xi64>) {
  %r = "graph.tile"(%a0) {repeats = [1, 3, 2]} : (tensor<2x1x2xi64>) -> tensor<2x3x4xi64>
  return %r : tensor<2x3x4xi64>
}
