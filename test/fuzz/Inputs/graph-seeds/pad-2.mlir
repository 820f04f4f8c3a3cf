func.func @main(%a0: tensor<3x4xf32>) -> (tensor<7x8xf32>) {
  %r = "graph.pad"(%a0) {pads = [2, 1, 2, 3], mode = "reflect"} : (tensor<3x4xf32>) -> tensor<7x8xf32>
  return %r : tensor<7x8xf32>
}
