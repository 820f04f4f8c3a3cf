func.func @main(%a0: tensor<?x2x4xf32>) -> (tensor<3x8xf32>) {
  %r = "graph.reshape"(%a0) {shape = [0, -1]} : (tensor<?x2x4xf32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}
