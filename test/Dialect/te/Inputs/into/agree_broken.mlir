// Two updates stored at one position (index 1 twice) with different values
// under stores_agree: the te interpreter reports the broken promise.
func.func @main(%data: tensor<5x4xf32>, %idx: tensor<3x1xi64> {vtc.input = {value = dense<[[1], [3], [1]]> : tensor<3x1xi64>}}, %upd: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %r = te.compute(%idx, %upd) shape () -> (3, 4) into(%data[(d0, d1, d2) -> (d2, d1)]) {stores_agree} : (tensor<3x1xi64>, tensor<3x4xf32>) -> (tensor<5x4xf32>) {
  ^bb0(%i: index, %j: index):
    %u = te.load %upd[(d0, d1) -> (d0, d1)] : tensor<3x4xf32> -> f32
    %p = te.load %idx[(d0, d1) -> (d0, 0)] : tensor<3x1xi64> -> i64
    %pi = arith.index_cast %p : i64 to index
    te.yield %u, %pi : f32, index
  }
  return %r : tensor<5x4xf32>
}
