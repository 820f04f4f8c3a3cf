func.func @main(%a: tensor<?x3xf32>) -> tensor<?x6xf32> {
  %0 = "graph.tile"(%a) {repeats = [2, 2]} : (tensor<?x3xf32>) -> tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}
