// lower-te-to-gir with dynamic sizes: sizes in kernels are gir.dim of the
// buffers (static dims are constants), reduction extents and shapes come
// from the symbols (kernel parameters after the buffers); the host computes
// allocation sizes and the number of work items from the same symbols.
// RUN: vtc-opt --lower-te-to-gir %s | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir %s | vtc-opt | FileCheck %s

// A dynamic reduction extent along the row: the lanes run along the row
// (loop bound the symbol, step 16), the tail masked by `valid` and kept out
// of the accumulator by a lane select, combined by gir.reduce at the end.
// CHECK-LABEL: gir.kernel @row_max_dyn_k0(%arg0: !gir.buffer<global, ?x?xf32>, %arg1: !gir.buffer<global, ?x1xf32>, %arg2: index, %arg3: index) parallel cpu group 1 lanes 16 {
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[LD:.*]] = gir.dim %arg0, 1 : !gir.buffer<global, ?x?xf32>
// CHECK-DAG: %[[ROWS:.*]] = gir.dim %arg1, 0 : !gir.buffer<global, ?x1xf32>
// CHECK: gir.for %[[W:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[ACC:.*]] = gir.for %[[K:.*]] = %{{.*}} to %arg3 step %[[C16]] iter_args
// CHECK-NEXT: %[[REM:.*]] = arith.subi %arg3, %[[K]] : index
// CHECK-NEXT: %[[VAL:.*]] = arith.minui %[[C16]], %[[REM]] : index
// CHECK-NEXT: %[[RB:.*]] = arith.muli %[[W]], %[[LD]] : index
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[RB]], %[[K]] : index
// CHECK-NEXT: gir.view %arg0[%[[O]]] valid(%{{.*}}, %[[VAL]]) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x16xf32>
// CHECK: arith.maximumf
// CHECK-NEXT: arith.cmpi ult
// CHECK-NEXT: arith.select
// CHECK: gir.reduce max width %[[ACC]] : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 1x1xf32>
// CHECK-LABEL: func.func @row_max_dyn(
// CHECK: %[[M:.*]] = gir.dim %arg0, 0
// CHECK-NEXT: %[[N:.*]] = gir.dim %arg0, 1
// CHECK-NEXT: %[[OUT:.*]] = gir.alloc(%[[M]]) : !gir.buffer<global, ?x1xf32>
// CHECK-NEXT: %[[G:.*]] = arith.minui %[[M]], %{{.*}} : index
// CHECK-NEXT: gir.launch @row_max_dyn_k0[%[[G]]](%arg0, %[[OUT]], %[[M]], %[[N]])
func.func @row_max_dyn(%x: tensor<?x?xf32>) -> tensor<?x1xf32> {
  %m = te.dim %x, 0 : tensor<?x?xf32>
  %n = te.dim %x, 1 : tensor<?x?xf32>
  %y = te.compute(%x) [%m, %n] shape ()[s0, s1] -> (s0, 1) reduce ()[s0, s1] -> (s1) combiner max init 0xFF800000 : (tensor<?x?xf32>) -> tensor<?x1xf32> {
  ^bb0(%i: index, %z: index, %k: index):
    %a = te.load %x[(d0, d1, d2)[s0, s1] -> (d0, d2)] : tensor<?x?xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<?x1xf32>
}

// A flatten: the pair (d0 floordiv 8, d0 mod 8) over the dim of size 8 is
// the one index d0 into the two dims merged (the same element), so the
// load is one contiguous 1 x 16 slice per work item, masked at the tail.
// CHECK-LABEL: gir.kernel @flatten_dyn_k0
// CHECK: gir.for %[[W:.*]] =
// CHECK-NEXT: %[[O:.*]] = arith.muli %[[W]], %[[C16:.*]] : index
// CHECK: gir.view %arg0[%[[O]]] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, ?x8xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-LABEL: func.func @flatten_dyn(
// CHECK: %[[M:.*]] = gir.dim %arg0, 0
// CHECK-NEXT: %[[N:.*]] = arith.muli %[[M]], %{{.*}} : index
// CHECK-NEXT: gir.alloc(%[[N]]) : !gir.buffer<global, ?xf32>
func.func @flatten_dyn(%x: tensor<?x8xf32>) -> tensor<?xf32> {
  %m = te.dim %x, 0 : tensor<?x8xf32>
  %y = te.compute(%x) [%m] shape ()[s0] -> (s0 * 8) : (tensor<?x8xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %a = te.load %x[(d0)[s0] -> (d0 floordiv 8, d0 mod 8)] : tensor<?x8xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<?xf32>
}

// floordiv/mod by a constant of an index that is >= 0: unsigned division
// (a pair over a dim of another size than the divisor is not merged).
// CHECK-LABEL: gir.kernel @halves_dyn_k0
// CHECK: gir.for %[[W:.*]] =
// CHECK-NEXT: %[[R:.*]] = arith.divui %[[W]], %[[C4:.*]] : index
// CHECK-NEXT: %[[C:.*]] = arith.remui %[[W]], %[[C4]] : index
func.func @halves_dyn(%x: tensor<?x8xf32>) -> tensor<?xf32> {
  %m = te.dim %x, 0 : tensor<?x8xf32>
  %y = te.compute(%x) [%m] shape ()[s0] -> (s0 * 4) : (tensor<?x8xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %a = te.load %x[(d0)[s0] -> (d0 floordiv 4, d0 mod 4)] : tensor<?x8xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<?xf32>
}

// Padding with run-time bounds, both checked against gir.dim: the row's
// check is uniform (it masks the whole slice), the column's bounds the
// lanes (D1 - j of them; j is never negative, so no lower bound).
// CHECK-LABEL: gir.kernel @pad_dyn_k0
// CHECK-SAME: lanes 16 {
// CHECK-DAG: %[[D0:.*]] = gir.dim %arg0, 0
// CHECK-DAG: %[[D1:.*]] = gir.dim %arg0, 1
// CHECK: %[[I0:.*]] = arith.cmpi ult, %{{.*}}, %[[D0]] : index
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[J:.*]], %[[D1]] : index
// CHECK-NEXT: %[[REST:.*]] = arith.subi %[[D1]], %[[J]] : index
// CHECK-NEXT: %[[HI:.*]] = arith.select %[[LT]], %[[REST]], %{{.*}} : index
// CHECK: %[[W:.*]] = arith.minui %{{.*}}, %[[HI]] : index
// CHECK-NEXT: %[[N:.*]] = arith.select %[[I0]], %{{.*}}, %{{.*}} : index
// CHECK-NEXT: gir.view %arg0[%{{.*}}] valid(%[[N]], %[[W]]) {padding = 0.000000e+00 : f32} : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-LABEL: func.func @pad_dyn(
// CHECK: %[[M:.*]] = gir.dim %arg0, 0
// CHECK-NEXT: %[[N:.*]] = gir.dim %arg0, 1
// CHECK-NEXT: %[[M2:.*]] = arith.addi %[[M]], %{{.*}} : index
// CHECK-NEXT: gir.alloc(%[[M2]], %[[N]]) : !gir.buffer<global, ?x?xf32>
// A work item per row and 16-lane chunk of it.
// CHECK-NEXT: %[[CHUNKS:.*]] = arith.ceildivui %[[N]], %{{.*}} : index
// CHECK-NEXT: %[[ITEMS:.*]] = arith.muli %[[M2]], %[[CHUNKS]] : index
func.func @pad_dyn(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = te.dim %x, 0 : tensor<?x?xf32>
  %n = te.dim %x, 1 : tensor<?x?xf32>
  %y = te.compute(%x) [%m, %n] shape ()[s0, s1] -> (s0 + 2, s1) : (tensor<?x?xf32>) -> tensor<?x?xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1)[s0, s1] -> (d0 - 1, d1)] {padding = 0.0 : f32} : tensor<?x?xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<?x?xf32>
}
