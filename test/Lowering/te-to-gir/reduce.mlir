// lower-te-to-gir on reductions: a register accumulator (a slice of the
// output chunk) initialised to `init` by gir.broadcast, carried by one
// gir.for per reduction axis (outermost first: te's row-major order), the
// body and the combiner fused into one gir.elementwise per step.
// RUN: vtc-opt --lower-te-to-gir %s | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir %s | vtc-opt | FileCheck %s

// The output's innermost index is the row: 8 lanes (8 outputs) reading a
// column of the input with stride 100 per reduction step.
// CHECK-LABEL: gir.kernel @row_sum_k0
// CHECK-SAME: lanes 8 {
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = gir.broadcast %[[Z]] : f32 -> !gir.slice<register, 1x8xf32>
// CHECK: gir.for
// CHECK: %[[ACC:.*]] = gir.for %[[K:.*]] = %[[C0]] to %[[C100]] step %[[C1]] iter_args(%[[A:.*]] = %[[INIT]]) -> (!gir.slice<register, 1x8xf32>) {
// CHECK-NEXT: %[[V:.*]] = gir.view %arg0[%[[K]]] : !gir.buffer<global, 8x100xf32> -> !gir.slice<global, 8x1xf32, 100>
// CHECK-NEXT: %[[R:.*]] = gir.copy %[[V]] : !gir.slice<global, 8x1xf32, 100> -> !gir.slice<register, 8x1xf32>
// CHECK-NEXT: %[[T:.*]] = gir.sync warp %[[R]] : !gir.slice<register, 8x1xf32> -> !gir.slice<register, 1x8xf32>
// CHECK-NEXT: %[[N:.*]] = gir.elementwise(%[[A]], %[[T]]) : (!gir.slice<register, 1x8xf32>, !gir.slice<register, 1x8xf32>) -> !gir.slice<register, 1x8xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: gir.yield %[[S]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: gir.yield %[[N]] : !gir.slice<register, 1x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[O:.*]] = gir.view %arg1[%{{.*}}] : !gir.buffer<global, 8xf32> -> !gir.slice<global, 1x8xf32>
// CHECK-NEXT: gir.copy %[[ACC]] to %[[O]] : !gir.slice<register, 1x8xf32> -> !gir.slice<global, 1x8xf32>
func.func @row_sum(%x: tensor<8x100xf32>) -> tensor<8xf32> {
  %y = te.compute(%x) shape () -> (8) reduce () -> (100) combiner sum init 0.0 : (tensor<8x100xf32>) -> tensor<8xf32> {
  ^bb0(%i: index, %k: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<8x100xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<8xf32>
}

// A kept dimension of 1 innermost: one lane; max combines with NaN
// propagation (arith.maximumf), from -inf.
// CHECK-LABEL: gir.kernel @row_max_k0
// CHECK-SAME: lanes 1 {
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: gir.broadcast %[[NINF]] : f32 -> !gir.slice<register, 1x1xf32>
// CHECK: gir.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (!gir.slice<register, 1x1xf32>) {
// CHECK: %[[E:.*]] = gir.extract
// CHECK-NEXT: gir.elementwise(%[[A]], %[[E]]) : (!gir.slice<register, 1x1xf32>, f32) -> !gir.slice<register, 1x1xf32> {
// CHECK: arith.maximumf
func.func @row_max(%x: tensor<8x100xf32>) -> tensor<8x1xf32> {
  %y = te.compute(%x) shape () -> (8, 1) reduce () -> (100) combiner max init 0xFF800000 : (tensor<8x100xf32>) -> tensor<8x1xf32> {
  ^bb0(%i: index, %z: index, %k: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<8x100xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<8x1xf32>
}

// Two reduction axes: nested loops, the accumulator threaded through both;
// integers combine with arith.addi.
// CHECK-LABEL: gir.kernel @channel_sum_k0
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[INIT:.*]] = gir.broadcast %[[Z]] : i32 -> !gir.slice<register, 1x16xi32>
// CHECK: %[[OUTER:.*]] = gir.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (!gir.slice<register, 1x16xi32>) {
// CHECK-NEXT: %[[INNER:.*]] = gir.for %[[H:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (!gir.slice<register, 1x16xi32>) {
// CHECK: gir.view %arg0[%{{.*}}] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, 2x24x5xi32> -> !gir.slice<global, 16x1xi32, 5>
// CHECK: gir.elementwise(%[[B]], %{{.*}})
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: gir.yield %{{.*}} : !gir.slice<register, 1x16xi32>
// CHECK-NEXT: }
// CHECK-NEXT: gir.yield %[[INNER]] : !gir.slice<register, 1x16xi32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[O:.*]] = gir.view %arg1
// CHECK-NEXT: gir.copy %[[OUTER]] to %[[O]]
func.func @channel_sum(%x: tensor<2x24x5xi32>) -> tensor<24xi32> {
  %y = te.compute(%x) shape () -> (24) reduce () -> (2, 5) combiner sum init 0 : (tensor<2x24x5xi32>) -> tensor<24xi32> {
  ^bb0(%c: index, %n: index, %h: index):
    %a = te.load %x[(d0, d1, d2) -> (d1, d0, d2)] : tensor<2x24x5xi32> -> i32
    te.yield %a : i32
  }
  return %y : tensor<24xi32>
}
