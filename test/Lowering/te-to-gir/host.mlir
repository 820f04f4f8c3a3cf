// lower-te-to-gir's host code: tensor arguments and results become global
// buffers; each TE's output is allocated right before its launch, freed
// after its last use unless returned; a result the caller could not own (an
// argument, a buffer returned twice) is a fresh copy (a flat copy kernel);
// splat constants fold into the kernels that read them (no parameter), other
// constants are filled by a kernel.
// (min-unit-work=0: a launch's units as its work items give them; min-unit-work.mlir tests the cap.)
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{min-unit-work=0})' %s | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{min-unit-work=0})' %s | vtc-opt | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-te-to-gir{dedup-kernels=false min-unit-work=0})' %s | FileCheck %s --check-prefix=NODEDUP
// NODEDUP: gir.launch @host_k3[

// The splat 0.5 is a constant in the scaling kernel, not a parameter.
// CHECK-LABEL: gir.kernel @host_k0(%arg0: !gir.buffer<global, 4x8xf32>, %arg1: !gir.buffer<global, 4x8xf32>) parallel cpu group 1 lanes 8 {
// CHECK: %[[H:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: gir.elementwise(%{{.*}}, %[[H]]) : (!gir.slice<register, 1x8xf32>, f32)
// CHECK-LABEL: gir.kernel @host_k1(
// CHECK: math.exp
// The copies: the whole buffer in 16-lane chunks.
// CHECK-LABEL: gir.kernel @host_k2(%arg0: !gir.buffer<global, 4x8xf32>, %arg1: !gir.buffer<global, 4x8xf32>) parallel cpu group 1 lanes 16 {
// CHECK: %[[V:.*]] = gir.view %arg0[%{{.*}}] : !gir.buffer<global, 4x8xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: %[[R:.*]] = gir.copy %[[V]]
// CHECK-NEXT: %[[O:.*]] = gir.view %arg1[%{{.*}}] : !gir.buffer<global, 4x8xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: gir.copy %[[R]] to %[[O]]
// The second copy kernel came out the same: host_k2 serves both copies.
// CHECK-NOT: gir.kernel @host_k3(
// The dense [1.0, 2.0]: selects on the element index.
// CHECK-LABEL: gir.kernel @host_k4(%arg0: !gir.buffer<global, 2xf32>) parallel cpu group 1 lanes 2 {
// CHECK: gir.elementwise(%{{.*}}) : (index) -> !gir.slice<register, 1x2xf32> {
// CHECK: arith.cmpi eq
// CHECK: arith.select
// CHECK-LABEL: func.func @host(%arg0: !gir.buffer<global, 4x8xf32>) -> (!gir.buffer<global, 4x8xf32>, !gir.buffer<global, 4x8xf32>, !gir.buffer<global, 4x8xf32>, !gir.buffer<global, 2xf32>) {
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[CST:.*]] = gir.alloc() : !gir.buffer<global, 2xf32>
// CHECK-NEXT: gir.launch @host_k4[%[[C1]]](%[[CST]]) : (!gir.buffer<global, 2xf32>)
// CHECK-NEXT: %[[A:.*]] = gir.alloc() : !gir.buffer<global, 4x8xf32>
// CHECK-NEXT: gir.launch @host_k0[%[[C4]]](%arg0, %[[A]])
// CHECK-NEXT: %[[B:.*]] = gir.alloc() : !gir.buffer<global, 4x8xf32>
// CHECK-NEXT: gir.launch @host_k1[%[[C4]]](%[[A]], %[[B]])
// CHECK-NEXT: gir.free %[[A]] : !gir.buffer<global, 4x8xf32>
// CHECK-NEXT: %[[B2:.*]] = gir.alloc() : !gir.buffer<global, 4x8xf32>
// CHECK-NEXT: gir.launch @host_k2[%[[C2]]](%[[B]], %[[B2]])
// CHECK-NEXT: %[[X:.*]] = gir.alloc() : !gir.buffer<global, 4x8xf32>
// CHECK-NEXT: gir.launch @host_k2[%[[C2]]](%arg0, %[[X]])
// CHECK-NEXT: return %[[B]], %[[B2]], %[[X]], %[[CST]] :
// CHECK-NOT: gir.free
func.func @host(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2xf32>) {
  %half = arith.constant dense<0.5> : tensor<f32>
  %cst = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a = te.compute(%x, %half) shape () -> (4, 8) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %x[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    %h = te.load %half[(d0, d1) -> ()] : tensor<f32> -> f32
    %m = arith.mulf %v, %h : f32
    te.yield %m : f32
  }
  %b = te.compute(%a) shape () -> (4, 8) : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    %e = math.exp %v : f32
    te.yield %e : f32
  }
  return %b, %b, %x, %cst : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2xf32>
}

// Dynamic sizes on the host: a te.dim of an intermediate is a gir.dim of
// its buffer; a function without TEs just changes its signature.
// CHECK-LABEL: func.func @dim_of_intermediate(%arg0: !gir.buffer<global, ?xf32>) -> index {
// CHECK: %[[N:.*]] = gir.dim %arg0, 0 : !gir.buffer<global, ?xf32>
// CHECK: %[[T:.*]] = gir.alloc(%[[N]]) : !gir.buffer<global, ?xf32>
// CHECK: gir.launch @dim_of_intermediate_k0[%{{.*}}](%arg0, %[[T]], %[[N]])
// CHECK-NEXT: %[[M:.*]] = gir.dim %[[T]], 0 : !gir.buffer<global, ?xf32>
// CHECK-NEXT: gir.free %[[T]] : !gir.buffer<global, ?xf32>
// CHECK-NEXT: return %[[M]] : index
func.func @dim_of_intermediate(%x: tensor<?xf32>) -> index {
  %n = te.dim %x, 0 : tensor<?xf32>
  %y = te.compute(%x) [%n] shape ()[s0] -> (s0) : (tensor<?xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %a = te.load %x[(d0)[s0] -> (d0)] : tensor<?xf32> -> f32
    te.yield %a : f32
  }
  %m = te.dim %y, 0 : tensor<?xf32>
  return %m : index
}

// CHECK-LABEL: func.func private @external(!gir.buffer<global, 2x?xf16>) -> !gir.buffer<global, 3xi64>
func.func private @external(tensor<2x?xf16>) -> tensor<3xi64>
