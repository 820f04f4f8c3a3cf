// lower-te-to-gir on a matmul TE: lanes over the output row, a register
// accumulator over k; A's element is a scalar (it does not move with the
// output column), B's row chunk a contiguous slice, the step one math.fma
// (rounded once; fma=false: mulf then addf) in one gir.elementwise.
// contractions=naive:
// with static sizes the default (vortex) launches only the rKernel the model
// picks, and the plain kernel goes.
// RUN: vtc-opt --lower-te-to-gir='contractions=naive group-shared-loads=false' %s | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir='contractions=naive group-shared-loads=false' %s | vtc-opt | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir='contractions=naive group-shared-loads=false fma=false' %s | FileCheck %s --check-prefix=NOFMA
// NOFMA-LABEL: gir.kernel @matmul_k0
// NOFMA: ^bb0(%[[C:.*]]: f32, %[[X:.*]]: f32, %[[Y:.*]]: f32):
// NOFMA-NEXT: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// NOFMA-NEXT: %[[S:.*]] = arith.addf %[[C]], %[[P]] : f32
// NOFMA-NOT: math.fma
// The default (vortex): static sizes fold the model's choice into one launch
// of one rKernel, no host gir.switch and no plain kernel; `?` sizes keep the
// run-time switch over the variants with the plain kernel as its default.
// RUN: vtc-opt --lower-te-to-gir %s | FileCheck %s --check-prefix=VORTEX
// VORTEX: gir.kernel @matmul_k{{[1-9][0-9]*}}(
// VORTEX-NOT: gir.kernel @matmul_k0(
// VORTEX: func.func @matmul(
// VORTEX-NOT: gir.switch
// VORTEX: gir.launch @matmul_k{{[1-9][0-9]*}}[
// VORTEX-NOT: gir.launch
// VORTEX: return
// VORTEX: gir.kernel @linear_k0(
// VORTEX: func.func @linear(
// VORTEX: gir.switch
// VORTEX: default {
// VORTEX: gir.launch @linear_k0[

// The default groups the rows that read one row of B (B[k, n] ignores m,
// vtc_te_find_load_group): four rows per work item, B's slice loaded once
// per k for four accumulators, each row stored 48 elements after the last;
// 12 work items instead of 48. (@linear's M is `?`: no group.)
// RUN: vtc-opt --lower-te-to-gir='contractions=naive' %s | FileCheck %s --check-prefix=GROUP
// RUN: vtc-opt --lower-te-to-gir='contractions=naive' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=GSTAT
// GSTAT: 1 grouped-kernels
// GROUP-LABEL: gir.kernel @matmul_k0(
// GROUP-DAG: %[[C4:.*]] = arith.constant 4 : index
// GROUP-DAG: %[[C12:.*]] = arith.constant 12 : index
// GROUP-DAG: %[[C48:.*]] = arith.constant 48 : index
// GROUP: arith.ceildivui %[[C12]], %{{.*}} : index
// GROUP: gir.for %[[W:.*]] =
// GROUP-NEXT: %[[I:.*]] = arith.divui %[[W]], %{{.*}} : index
// GROUP: %[[R0:.*]] = arith.muli %[[I]], %[[C4]] : index
// GROUP: %[[RO:.*]] = arith.muli %[[R0]], %[[C48]] : index
// GROUP-NEXT: %[[OFF:.*]] = arith.addi %[[RO]], %{{.*}} : index
// GROUP: %[[ACC:.*]]:4 = gir.for %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}, %[[A2:.*]] = %{{.*}}, %[[A3:.*]] = %{{.*}}) -> (!gir.slice<register, 1x16xf32>, !gir.slice<register, 1x16xf32>, !gir.slice<register, 1x16xf32>, !gir.slice<register, 1x16xf32>) {
// GROUP-COUNT-4: gir.view %arg0[%{{.*}}] : !gir.buffer<global, 16x32xf32> -> !gir.slice<global, 1x1xf32>
// GROUP: %[[B:.*]] = gir.copy %{{.*}} : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
// GROUP-NOT: gir.view %arg1
// GROUP: gir.elementwise(%[[A0]], %{{.*}}, %[[B]])
// GROUP: gir.elementwise(%[[A1]], %{{.*}}, %[[B]])
// GROUP: gir.elementwise(%[[A2]], %{{.*}}, %[[B]])
// GROUP: gir.elementwise(%[[A3]], %{{.*}}, %[[B]])
// GROUP: gir.yield
// GROUP: }
// GROUP: %[[V0:.*]] = gir.view %arg2[%[[OFF]]]
// GROUP-NEXT: gir.copy %[[ACC]]#0 to %[[V0]]
// GROUP-NEXT: %[[O1:.*]] = arith.addi %[[OFF]], %[[C48]] : index
// GROUP-NEXT: %[[V1:.*]] = gir.view %arg2[%[[O1]]]
// GROUP-NEXT: gir.copy %[[ACC]]#1 to %[[V1]]

// CHECK-LABEL: gir.kernel @matmul_k0(%arg0: !gir.buffer<global, 16x32xf32>, %arg1: !gir.buffer<global, 32x48xf32>, %arg2: !gir.buffer<global, 16x48xf32>) parallel cpu group 1 lanes 16 {
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C48:.*]] = arith.constant 48 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = gir.broadcast %[[Z]] : f32 -> !gir.slice<register, 1x16xf32>
// CHECK: gir.for %[[W:.*]] =
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[W]], %[[C3]] : index
// CHECK-NEXT: %[[CH:.*]] = arith.remui %[[W]], %[[C3]] : index
// CHECK-NEXT: %[[J0:.*]] = arith.muli %[[CH]], %{{.*}} : index
// CHECK: %[[ACC:.*]] = gir.for %[[K:.*]] = %{{.*}} to %[[C32]] step %{{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (!gir.slice<register, 1x16xf32>) {
// CHECK-NEXT: %[[AI:.*]] = arith.muli %[[I]], %[[C32]] : index
// CHECK-NEXT: %[[AO:.*]] = arith.addi %[[AI]], %[[K]] : index
// CHECK-NEXT: %[[AV:.*]] = gir.view %arg0[%[[AO]]] : !gir.buffer<global, 16x32xf32> -> !gir.slice<global, 1x1xf32>
// CHECK-NEXT: %[[AR:.*]] = gir.copy %[[AV]] : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>
// CHECK-NEXT: %[[AS:.*]] = gir.extract %[[AR]][0, 0] : !gir.slice<register, 1x1xf32>
// CHECK-NEXT: %[[BK:.*]] = arith.muli %[[K]], %[[C48]] : index
// CHECK-NEXT: %[[BO:.*]] = arith.addi %[[BK]], %[[J0]] : index
// CHECK-NEXT: %[[BV:.*]] = gir.view %arg1[%[[BO]]] : !gir.buffer<global, 32x48xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: %[[BR:.*]] = gir.copy %[[BV]] : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
// CHECK-NEXT: %[[N:.*]] = gir.elementwise(%[[A]], %[[AS]], %[[BR]]) : (!gir.slice<register, 1x16xf32>, f32, !gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
// CHECK-NEXT: ^bb0(%[[C:.*]]: f32, %[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = math.fma %[[X]], %[[Y]], %[[C]] : f32
// CHECK-NEXT: gir.yield %[[S]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: gir.yield %[[N]] : !gir.slice<register, 1x16xf32>
// CHECK-NEXT: }
// CHECK: gir.copy %[[ACC]] to %{{.*}} : !gir.slice<register, 1x16xf32> -> !gir.slice<global, 1x16xf32>
func.func @matmul(%a: tensor<16x32xf32>, %b: tensor<32x48xf32>) -> tensor<16x48xf32> {
  %c = te.compute(%a, %b) shape () -> (16, 48) reduce () -> (32) combiner sum init 0.0 : (tensor<16x32xf32>, tensor<32x48xf32>) -> tensor<16x48xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<16x32xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<32x48xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<16x48xf32>
}

// From graph: a dynamic batch of rows through the whole pipeline.
// CHECK-LABEL: gir.kernel @linear_k0(%arg0: !gir.buffer<global, ?x24xf32>, %arg1: !gir.buffer<global, 24x8xf32>, %arg2: !gir.buffer<global, ?x8xf32>, %arg3: index) parallel cpu group 1 lanes 8 {
// CHECK: %[[M:.*]] = gir.dim %arg2, 0 : !gir.buffer<global, ?x8xf32>
// CHECK-LABEL: func.func @linear(%arg0: !gir.buffer<global, ?x24xf32>, %arg1: !gir.buffer<global, 24x8xf32>) -> !gir.buffer<global, ?x8xf32> {
// CHECK: %[[M:.*]] = gir.dim %arg0, 0 : !gir.buffer<global, ?x24xf32>
// CHECK-NEXT: %[[OUT:.*]] = gir.alloc(%[[M]]) : !gir.buffer<global, ?x8xf32>
// CHECK: gir.launch @linear_k0[%{{.*}}](%arg0, %arg1, %[[OUT]], %[[M]])
func.func @linear(%x: tensor<?x24xf32>, %w: tensor<24x8xf32>) -> tensor<?x8xf32> {
  %m = te.dim %x, 0 : tensor<?x24xf32>
  %y = te.compute(%x, %w) [%m] shape ()[s0] -> (s0, 8) reduce ()[s0] -> (24) combiner sum init 0.0 : (tensor<?x24xf32>, tensor<24x8xf32>) -> tensor<?x8xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %a = te.load %x[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x24xf32> -> f32
    %b = te.load %w[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<24x8xf32> -> f32
    %p = arith.mulf %a, %b : f32
    te.yield %p : f32
  }
  return %y : tensor<?x8xf32>
}
