// Three TEs in one subprogram; the middle one is f64, whose kernel has
// other lanes than the f32 ones' on the CPU (8 against 16): the merge is
// cut before and after it.
func.func @main(%x: tensor<4x32xf32>, %y: tensor<4x32xf64>) -> (tensor<4x32xf32>, tensor<4x32xf64>) {
  %r:2 = "te.subprogram"(%x, %y) ({
  ^bb0(%a: tensor<4x32xf32>, %b: tensor<4x32xf64>):
    %p = te.compute(%a) shape () -> (4, 32) : (tensor<4x32xf32>) -> tensor<4x32xf32> {
    ^bb0(%i: index, %j: index):
      %u = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x32xf32> -> f32
      %s = arith.addf %u, %u : f32
      te.yield %s : f32
    }
    %q = te.compute(%b) shape () -> (4, 32) : (tensor<4x32xf64>) -> tensor<4x32xf64> {
    ^bb0(%i: index, %j: index):
      %u = te.load %b[(d0, d1) -> (d0, d1)] : tensor<4x32xf64> -> f64
      %s = arith.mulf %u, %u : f64
      te.yield %s : f64
    }
    %c = te.compute(%p) shape () -> (4, 32) : (tensor<4x32xf32>) -> tensor<4x32xf32> {
    ^bb0(%i: index, %j: index):
      %u = te.load %p[(d0, d1) -> (d0, d1)] : tensor<4x32xf32> -> f32
      %s = arith.mulf %u, %u : f32
      te.yield %s : f32
    }
    "te.return"(%c, %q) : (tensor<4x32xf32>, tensor<4x32xf64>) -> ()
  }) : (tensor<4x32xf32>, tensor<4x32xf64>) -> (tensor<4x32xf32>, tensor<4x32xf64>)
  return %r#0, %r#1 : tensor<4x32xf32>, tensor<4x32xf64>
}
