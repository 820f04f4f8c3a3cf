func.func @main(%x: tensor<4x8xf32>, %y: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %r = "te.subprogram"(%x, %y) ({
  ^bb0(%a: tensor<4x8xf32>, %b: tensor<16x8xf32>):
    %p = te.compute(%a) shape () -> (4, 8) : (tensor<4x8xf32>) -> tensor<4x8xf32> {
    ^bb0(%i: index, %j: index):
      %u = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
      %s = arith.addf %u, %u : f32
      te.yield %s : f32
    }
    %q = te.compute(%b) shape () -> (16, 8) : (tensor<16x8xf32>) -> tensor<16x8xf32> {
    ^bb0(%i: index, %j: index):
      %u = te.load %b[(d0, d1) -> (d0, d1)] : tensor<16x8xf32> -> f32
      %s = arith.mulf %u, %u : f32
      te.yield %s : f32
    }
    %c = te.compute(%p, %q) shape () -> (4, 8) : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x8xf32> {
    ^bb0(%i: index, %j: index):
      %u = te.load %p[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
      %v = te.load %q[(d0, d1) -> (d0 + 12, d1)] : tensor<16x8xf32> -> f32
      %s = arith.subf %u, %v : f32
      te.yield %s : f32
    }
    "te.return"(%c) : (tensor<4x8xf32>) -> ()
  }) : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
