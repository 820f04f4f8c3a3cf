// lower-te-to-gir on run-time checks: a host te.assert becomes a host
// gir.assert in place (before the launches that follow it); a te.assert in
// a compute body becomes a kernel gir.assert ordered by the work item, in
// the scalar code of the work item (vector mode when its operands are the
// same for every lane, scalar mode when they are not).
// RUN: vtc-opt --lower-te-to-gir %s | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir %s | vtc-opt | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu' %s | FileCheck %s --check-prefix=GPU

// The index is uniform along the row: a vector kernel, one check per row.
// CHECK-LABEL: gir.kernel @embed_k0(%arg0: !gir.buffer<global, 10x32xf32>, %arg1: !gir.buffer<global, 3xi64>, %arg2: !gir.buffer<global, 3x32xf32>) parallel cpu group 1 lanes 16 {
// CHECK: gir.for %[[W:.*]] =
// CHECK: %[[K:.*]] = gir.extract
// CHECK-NEXT: %[[KI:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK-NEXT: gir.assert ult(%[[KI]], %{{.*}}, %[[KI]]) order %[[W]] "'graph.gather' op gather: index {2} is out of range for a dimension of size {1}"
// CHECK-NEXT: arith.cmpi ult, %[[KI]]
// CHECK-NEXT: %[[SAFE:.*]] = arith.select
// CHECK-NEXT: arith.muli %[[SAFE]]
// CHECK: gir.view %arg0[%{{.*}}] : !gir.buffer<global, 10x32xf32> -> !gir.slice<global, 1x16xf32>
// The host check stays where it was, before the launch.
// CHECK-LABEL: func.func @embed(%arg0: !gir.buffer<global, 10x32xf32>, %arg1: !gir.buffer<global, 3xi64>, %arg2: !gir.buffer<global, ?xf32>, %arg3: !gir.buffer<global, ?xf32>)
// CHECK: %[[N:.*]] = gir.dim %arg2, 0 : !gir.buffer<global, ?xf32>
// CHECK-NEXT: %[[M:.*]] = gir.dim %arg3, 0 : !gir.buffer<global, ?xf32>
// CHECK-NEXT: gir.assert eq(%[[N]], %[[M]]) "sizes {0} and {1}"
// CHECK-NEXT: gir.alloc
// CHECK: gir.launch @embed_k0
// GPU-LABEL: gir.kernel @embed_k0
// GPU-SAME: parallel gpu group 4 lanes 32
// GPU: gir.assert ult(%{{.*}}, %{{.*}}, %{{.*}}) order %{{.*}} "'graph.gather' op gather
func.func @embed(%table: tensor<10x32xf32>, %idx: tensor<3xi64>, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<3x32xf32> {
  %n = te.dim %a, 0 : tensor<?xf32>
  %m = te.dim %b, 0 : tensor<?xf32>
  te.assert eq(%n, %m) "sizes {0} and {1}"
  %y = te.compute(%table, %idx) shape () -> (3, 32) : (tensor<10x32xf32>, tensor<3xi64>) -> tensor<3x32xf32> {
  ^bb0(%i: index, %j: index):
    %k = te.load %idx[(d0, d1) -> (d0)] : tensor<3xi64> -> i64
    %ki = arith.index_cast %k : i64 to index
    %c10 = arith.constant 10 : index
    %c0 = arith.constant 0 : index
    te.assert ult(%ki, %c10, %ki) "'graph.gather' op gather: index {2} is out of range for a dimension of size {1}"
    %in = arith.cmpi ult, %ki, %c10 : index
    %safe = arith.select %in, %ki, %c0 : index
    %v = te.load %table[(d0, d1, d2) -> (d2, d1)](%safe) : tensor<10x32xf32> -> f32
    te.yield %v : f32
  }
  return %y : tensor<3x32xf32>
}

// The index moves with the innermost output index: the check differs per
// lane, so the kernel is scalar (lanes 1), one check per element.
// CHECK-LABEL: gir.kernel @pick_k0
// CHECK-SAME: parallel cpu group 1 lanes 1 {
// CHECK: gir.for %[[W:.*]] =
// CHECK: gir.assert ult(%{{.*}}, %{{.*}}, %{{.*}}) order %[[W]] "index {2} of {1}"
func.func @pick(%table: tensor<10xf32>, %idx: tensor<64xi64>) -> tensor<64xf32> {
  %y = te.compute(%table, %idx) shape () -> (64) : (tensor<10xf32>, tensor<64xi64>) -> tensor<64xf32> {
  ^bb0(%i: index):
    %k = te.load %idx[(d0) -> (d0)] : tensor<64xi64> -> i64
    %ki = arith.index_cast %k : i64 to index
    %c10 = arith.constant 10 : index
    %c0 = arith.constant 0 : index
    te.assert ult(%ki, %c10, %ki) "index {2} of {1}"
    %in = arith.cmpi ult, %ki, %c10 : index
    %safe = arith.select %in, %ki, %c0 : index
    %v = te.load %table[(d0, d1) -> (d1)](%safe) : tensor<10xf32> -> f32
    te.yield %v : f32
  }
  return %y : tensor<64xf32>
}

// Identical kernels that check for different ops (locations) stay apart.
// CHECK-LABEL: func.func @twice
// CHECK: gir.launch @twice_k0
// CHECK: gir.launch @twice_k1
func.func @twice(%table: tensor<10xf32>, %idx: tensor<64xi64>) -> (tensor<64xf32>, tensor<64xf32>) {
  %y = te.compute(%table, %idx) shape () -> (64) : (tensor<10xf32>, tensor<64xi64>) -> tensor<64xf32> {
  ^bb0(%i: index):
    %k = te.load %idx[(d0) -> (d0)] : tensor<64xi64> -> i64
    %ki = arith.index_cast %k : i64 to index
    %c10 = arith.constant 10 : index
    te.assert ult(%ki, %c10, %ki) "index {2} of {1}" loc("first.mlir":1:1)
    %v = te.load %table[(d0, d1) -> (d1)](%ki) : tensor<10xf32> -> f32
    te.yield %v : f32
  }
  %z = te.compute(%table, %idx) shape () -> (64) : (tensor<10xf32>, tensor<64xi64>) -> tensor<64xf32> {
  ^bb0(%i: index):
    %k = te.load %idx[(d0) -> (d0)] : tensor<64xi64> -> i64
    %ki = arith.index_cast %k : i64 to index
    %c10 = arith.constant 10 : index
    te.assert ult(%ki, %c10, %ki) "index {2} of {1}" loc("second.mlir":1:1)
    %v = te.load %table[(d0, d1) -> (d1)](%ki) : tensor<10xf32> -> f32
    te.yield %v : f32
  }
  return %y, %z : tensor<64xf32>, tensor<64xf32>
}
