// lower-te-to-gir{widen-reductions}: a bf16 reduction accumulates in f32
// and its body's arithmetic runs there too: the loaded bf16 slices are
// widened once (arith.extf), the product is an f32 one, and the step is one
// math.fma into the accumulator. widen-reductions=false keeps the body in
// bf16 (each product rounded to bf16, then widened for the sum).
// RUN: vtc-opt --lower-te-to-gir='contractions=naive' %s | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir='contractions=naive widen-reductions=false' %s | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: gir.kernel @dot_k0
// CHECK: gir.elementwise(
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[A:.*]]: bf16, %[[B:.*]]: bf16):
// CHECK-NEXT: %[[WA:.*]] = arith.extf %[[A]] : bf16 to f32
// CHECK-NEXT: %[[WB:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK-NEXT: %[[S:.*]] = math.fma %[[WA]], %[[WB]], %[[ACC]] : f32
// CHECK-NEXT: gir.yield %[[S]] : f32
// OFF-LABEL: gir.kernel @dot_k0
// OFF: ^bb0(%[[ACC:.*]]: f32, %[[A:.*]]: bf16, %[[B:.*]]: bf16):
// OFF-NEXT: %[[P:.*]] = arith.mulf %[[A]], %[[B]] : bf16
// OFF-NEXT: %[[W:.*]] = arith.extf %[[P]] : bf16 to f32
// OFF-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[W]] : f32
// OFF-NEXT: gir.yield %[[S]] : f32
func.func @dot(%a: tensor<4x256xbf16>, %b: tensor<4x256xbf16>) -> tensor<4xbf16> {
  %y = te.compute(%a, %b) shape () -> (4) reduce () -> (256) combiner sum init 0.0 : (tensor<4x256xbf16>, tensor<4x256xbf16>) -> tensor<4xbf16> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x256xbf16> -> bf16
    %w = te.load %b[(d0, d1) -> (d0, d1)] : tensor<4x256xbf16> -> bf16
    %p = arith.mulf %x, %w : bf16
    te.yield %p : bf16
  }
  return %y : tensor<4xbf16>
}
