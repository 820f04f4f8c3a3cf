func.func @main(%a0: tensor<?x1x?xf32>) -> (tensor<?x?x?xf32>) {
  %r = "graph.sigmoid"(%a0) : (tensor<?x1x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
