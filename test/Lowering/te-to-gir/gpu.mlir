// lower-te-to-gir{hierarchy=gpu}: the same lowering with GPU kernels. A unit
// is a warp (lanes 32), a group 4 warps (a 128-thread block), a work item
// 32 lanes x 128 bits (128 f32, 256 f16), and the host launches
// ceildiv(min(items, max-units), group) groups, max-units being one wave of
// an H100's resident warps (132 SMs x 64 warps = 8448).
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' %s | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu group-size=8 vector-bits=2048})' %s | FileCheck %s --check-prefix=OPTS
// RUN: not vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu group-size=33})' %s 2>&1 | FileCheck %s --check-prefix=BIG

// CHECK-LABEL: gir.kernel @main_k0(%arg0: !gir.buffer<global, ?x300xf32>, %arg1: !gir.buffer<global, ?x300xf32>, %arg2: index) parallel gpu group 4 lanes 32 {
// CHECK: gir.view %arg0[%{{.*}}] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, ?x300xf32> -> !gir.slice<global, 1x128xf32>
// CHECK-LABEL: gir.kernel @main_k1(%arg0: !gir.buffer<global, ?x300xf16>, %arg1: !gir.buffer<global, ?x300xf16>, %arg2: index) parallel gpu group 4 lanes 32 {
// CHECK: !gir.slice<global, 1x256xf16>
// CHECK-LABEL: func.func @main(
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[MAXU:.*]] = arith.constant 8448 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[M:.*]] = gir.dim %arg0, 0
// CHECK: %[[ITEMS:.*]] = arith.muli %[[M]], %[[C3]] : index
// CHECK: %[[UNITS:.*]] = arith.minui %[[ITEMS]], %[[MAXU]] : index
// CHECK: %[[G:.*]] = arith.ceildivui %[[UNITS]], %[[C4]] : index
// CHECK: gir.launch @main_k0[%[[G]]]

// OPTS: parallel gpu group 8 lanes 32
// OPTS: !gir.slice<global, 1x64xf32>
// BIG: error: lower-te-to-gir: a GPU group has at most 32 warps, not 33

func.func @main(%x: tensor<?x300xf32>, %h: tensor<?x300xf16>) -> (tensor<?x300xf32>, tensor<?x300xf16>) {
  %y = "graph.relu"(%x) : (tensor<?x300xf32>) -> tensor<?x300xf32>
  %z = "graph.neg"(%h) : (tensor<?x300xf16>) -> tensor<?x300xf16>
  return %y, %z : tensor<?x300xf32>, tensor<?x300xf16>
}
