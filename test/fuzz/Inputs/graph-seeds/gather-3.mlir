func.func @main(%a0: tensor<?x3xf32>, %a1: tensor<?xi64>) -> (tensor<?x?xf32>) {
  %r = "graph.gather"(%a0, %a1) {axis = 0} : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
