// A matmul whose K is `?` (0 included) with a bias and a ReLU after it: the
// input of cpu-epilogue.mlir's K = 0 and several-KC-block runs.
func.func @main(%x: tensor<?x?xf32>, %w: tensor<?x48xf32>, %b: tensor<48xf32>) -> tensor<?x48xf32> {
  %p = graph.matmul %x, %w : (tensor<?x?xf32>, tensor<?x48xf32>) -> tensor<?x48xf32>
  %s = graph.add %p, %b : (tensor<?x48xf32>, tensor<48xf32>) -> tensor<?x48xf32>
  %r = graph.relu %s : (tensor<?x48xf32>) -> tensor<?x48xf32>
  return %r : tensor<?x48xf32>
}
