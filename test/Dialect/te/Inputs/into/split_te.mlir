func.func @main(%x: tensor<2x16xf32>) -> (tensor<2x5xf32>, tensor<2x11xf32>) {
  %p0 = te.compute() shape () -> (2, 5) : () -> tensor<2x5xf32> {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f32
    te.yield %z : f32
  }
  %q0 = te.compute() shape () -> (2, 11) : () -> tensor<2x11xf32> {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f32
    te.yield %z : f32
  }
  %r:2 = te.compute(%x) shape () -> (2, 16) into(%p0[(d0, d1) -> (d0, d1)] if [0:2, 0:5], %q0[(d0, d1) -> (d0, d1 - 5)] if [0:2, 5:16]) : (tensor<2x16xf32>) -> (tensor<2x5xf32>, tensor<2x11xf32>) {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<2x16xf32> -> f32
    %b = arith.mulf %a, %a : f32
    te.yield %b : f32
  }
  return %r#0, %r#1 : tensor<2x5xf32>, tensor<2x11xf32>
}
