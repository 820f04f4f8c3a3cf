func.func @main(%a0: tensor<7xf32>) -> (tensor<7xi32>) {
  %r = "graph.cast"(%a0) {to = i32} : (tensor<7xf32>) -> tensor<7xi32>
  return %r : tensor<7xi32>
}
