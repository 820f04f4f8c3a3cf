// te.subprogram (Souffle 5.4): TEs that become one kernel, isolated from
// above, yielding their escaping tensors with te.return. It round-trips in
// the generic form, the te interpreter runs it (results as without it), and
// malformed ones are located errors.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-run %s --target=te | FileCheck %s --check-prefix=RES
// RUN: vtc-run %s --target=cpu | FileCheck %s --check-prefix=RES
// CHECK:      %[[D:.*]] = te.dim %arg0, 0
// CHECK-NEXT: %[[R:.*]]:2 = "te.subprogram"(%arg0, %[[D]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<4x8xf32>, %[[N:.*]]: index):
// CHECK-NEXT: %[[C:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %[[P:.*]] = te.compute(%[[A]]) shape
// CHECK:      %[[Q:.*]] = te.compute(%[[P]]) shape
// CHECK:      "te.return"(%[[P]], %[[Q]]) : (tensor<4x8xf32>, tensor<4xf32>) -> ()
// CHECK-NEXT: }) : (tensor<4x8xf32>, index) -> (tensor<4x8xf32>, tensor<4xf32>)
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
// RES: result 0: tensor<4x8xf32> sum=64 abs_sum=64
// RES: result 1: tensor<4xf32> sum=64 abs_sum=64
func.func @main(%x: tensor<4x8xf32> {vtc.input = {value = dense<1.0> : tensor<4x8xf32>}}) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %n = te.dim %x, 0 : tensor<4x8xf32>
  %r:2 = "te.subprogram"(%x, %n) ({
  ^bb0(%a: tensor<4x8xf32>, %m: index):
    %two = arith.constant 2.0 : f32
    %p = te.compute(%a) shape () -> (4, 8) : (tensor<4x8xf32>) -> tensor<4x8xf32> {
    ^bb0(%i: index, %j: index):
      %u = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
      %s = arith.mulf %u, %two : f32
      te.yield %s : f32
    }
    %q = te.compute(%p) shape () -> (4) reduce () -> (8) combiner sum init 0.0 : (tensor<4x8xf32>) -> tensor<4xf32> {
    ^bb0(%i: index, %k: index):
      %u = te.load %p[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
      te.yield %u : f32
    }
    "te.return"(%p, %q) : (tensor<4x8xf32>, tensor<4xf32>) -> ()
  }) : (tensor<4x8xf32>, index) -> (tensor<4x8xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<4xf32>
}
