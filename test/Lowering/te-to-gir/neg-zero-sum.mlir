// A float sum of one step per lane (a row-reduce whose row fits the lanes)
// starts its register accumulator at -0.0, the identity of IEEE addition,
// so that the step's add folds away, and adds +0.0 once at the end: a sum
// of -0.0 terms only (|x| * -0.0 here) is +0.0, as te's init 0.0 gives.
// The FNV hash of the bytes tells -0.0 from +0.0: every target agrees with
// the te interpreter bit for bit.
// RUN: vtc-opt --lower-te-to-gir %s | FileCheck %s
// RUN: vtc-run %s --target=te | grep -o 'fnv=.*' > %t.te
// RUN: vtc-run %s --target=gir | grep -o 'fnv=.*' > %t.gir
// RUN: vtc-run %s --target=cpu | grep -o 'fnv=.*' > %t.cpu
// RUN: diff %t.te %t.gir
// RUN: diff %t.te %t.cpu
// A sum that is -0.0 (init -0.0) hashes differently: the check can fail.
// RUN: sed 's/init 0.0/init -0.0/' %s > %t.neg.mlir
// RUN: vtc-run %t.neg.mlir --target=te | grep -o 'fnv=.*' > %t.negte
// RUN: not diff %t.te %t.negte

// CHECK-LABEL: gir.kernel @main_k0
// CHECK: %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: gir.broadcast %[[NZ]] : f32 -> !gir.slice<register, 1x16xf32>
// CHECK: %[[R:.*]] = gir.reduce sum width
// CHECK-NEXT: gir.elementwise(%[[R]])
// CHECK-NEXT: ^bb0(%[[S:.*]]: f32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: arith.addf %[[S]], %[[Z]] : f32
func.func @main(%x: tensor<4x16xf32>) -> tensor<4xf32> {
  %m = arith.constant -0.0 : f32
  %y = te.compute(%x) shape () -> (4) reduce () -> (16) combiner sum init 0.0 : (tensor<4x16xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<4x16xf32> -> f32
    %b = math.absf %a : f32
    %c = arith.mulf %b, %m : f32
    te.yield %c : f32
  }
  return %y : tensor<4xf32>
}
