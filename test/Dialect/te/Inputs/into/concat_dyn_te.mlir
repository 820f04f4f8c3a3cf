func.func @main(%a: tensor<2x?xf32>, %b: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %n = te.dim %a, 1 : tensor<2x?xf32>
  %m = te.dim %b, 1 : tensor<2x?xf32>
  %e = te.compute() [%n, %m] shape ()[s0, s1] -> (2, s0 + s1) : () -> tensor<2x?xf32> {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f32
    te.yield %z : f32
  }
  %p = te.compute(%a) [%n, %m] shape ()[s0, s1] -> (2, s0) into(%e[(d0, d1)[s0, s1] -> (d0, d1)]) : (tensor<2x?xf32>) -> (tensor<2x?xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1)[s0, s1] -> (d0, d1)] : tensor<2x?xf32> -> f32
    te.yield %x : f32
  }
  %r = te.compute(%b) [%n, %m] shape ()[s0, s1] -> (2, s1) into(%p[(d0, d1)[s0, s1] -> (d0, d1 + s0)]) : (tensor<2x?xf32>) -> (tensor<2x?xf32>) {
  ^bb0(%i: index, %j: index):
    %x = te.load %b[(d0, d1)[s0, s1] -> (d0, d1)] : tensor<2x?xf32> -> f32
    te.yield %x : f32
  }
  return %r : tensor<2x?xf32>
}
