func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %e = te.compute() shape () -> (2, 8) : () -> tensor<2x8xf32> {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f32
    te.yield %z : f32
  }
  %p = te.compute(%a) shape () -> (2, 3) into(%e[(d0, d1) -> (d0, d1)]) : (tensor<2x3xf32>) -> (tensor<2x8xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<2x3xf32> -> f32
    te.yield %x : f32
  }
  %r = te.compute(%b) shape () -> (2, 5) into(%p[(d0, d1) -> (d0, d1 + 3)]) : (tensor<2x5xf32>) -> (tensor<2x8xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %b[(d0, d1) -> (d0, d1)] : tensor<2x5xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<2x8xf32>
}
