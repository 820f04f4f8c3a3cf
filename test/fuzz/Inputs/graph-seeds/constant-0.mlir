func.func @main(%x: tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xi1>) {
  %c = "graph.constant"() {value = dense<1.5> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %m = "graph.constant"() {value = dense<[[true, false, true], [false, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %0 = "graph.mul"(%x, %c) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  return %0, %m : tensor<2x3xbf16>, tensor<2x3xi1>
}
