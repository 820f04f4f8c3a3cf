// A transpose (data movement) feeding a matmul (compute): two kernels of
// different classes for vtc-run --bench-kernels.
func.func @main(%a: tensor<64x32xf32>, %b: tensor<64x16xf32>) -> tensor<32x16xf32> {
  %t = "graph.transpose"(%a) {perm = [1, 0]} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %c = "graph.matmul"(%t, %b) : (tensor<32x64xf32>, tensor<64x16xf32>) -> tensor<32x16xf32>
  return %c : tensor<32x16xf32>
}
