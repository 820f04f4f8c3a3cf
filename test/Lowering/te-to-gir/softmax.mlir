// lower-te-to-gir fuses the four TEs of a softmax along the last axis (max,
// exp(x - max), sum, divide) into one kernel (softmax.c): a group of units
// owns a row and walks it three times. On a GPU the group's 4 warps split
// the row and meet in shared memory behind block syncs, and the last walk
// recomputes exp(x - max) / sum; on a CPU one unit owns a row, the sum walk
// stores exp(x - max) into y and the last walk divides y in place. A GPU row
// of at most 16 chunks per warp (here 300 = one 128-chunk per warp of 4)
// stays in registers: loaded once, the three walks unrolled on them.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' %s | FileCheck %s --check-prefix=GPU
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir)' %s | FileCheck %s --check-prefix=CPU
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{fuse-softmax=false})' %s | FileCheck %s --check-prefix=OFF

// GPU-LABEL: gir.kernel @rows_k0(%arg0: !gir.buffer<global, ?x?xf32>, %arg1: !gir.buffer<global, ?x?xf32>) parallel gpu group 4 lanes 32 {
// GPU: %[[SH:.*]] = gir.alloc() : !gir.buffer<shared, 4xf32>
// GPU: %[[W:.*]] = gir.id unit_in_group
// GPU: %[[K0:.*]] = arith.muli %[[W]], %{{.*}} : index
// GPU: gir.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step
// The max walk: chunks w*128, w*128 + 512, ..., the tail padded with -inf.
// GPU: gir.for %{{.*}} = %[[K0]] to %{{.*}} step %{{.*}} iter_args
// GPU: gir.view %arg0[%{{.*}}] valid(%{{.*}}, %{{.*}}) {padding = 0xFF800000 : f32}
// GPU: arith.cmpf ogt
// GPU-NEXT: arith.select
// GPU: gir.reduce max width
// GPU: gir.sync block %[[SH]]
// GPU: gir.reduce max width %{{.*}} : !gir.slice<register, 1x4xf32> -> !gir.slice<register, 1x1xf32>
// GPU: gir.sync block %[[SH]]
// GPU: math.exp
// GPU: arith.addf
// GPU: gir.reduce sum width %{{.*}} : !gir.slice<register, 1x4xf32>
// GPU: math.exp
// GPU: arith.divf
// GPU: gir.copy %{{.*}} to %{{.*}} : !gir.slice<register, 1x128xf32> -> !gir.slice<global, 1x128xf32>
// GPU-LABEL: gir.kernel @main_k0(%arg0: !gir.buffer<global, ?x300xf32>, %arg1: !gir.buffer<global, ?x300xf32>) parallel gpu group 4 lanes 32 {
// GPU: gir.for
// GPU-NOT: gir.for
// GPU: gir.copy %{{.*}} : !gir.slice<global, 1x128xf32> -> !gir.slice<register, 1x128xf32>
// GPU-NOT: gir.view %arg0
// GPU: gir.sync block
// GPU: math.exp
// GPU: arith.divf
// GPU-LABEL: func.func @main(
// One group per row: units = min(rows x 4, max-units), in groups of 4.
// GPU: gir.dim %arg0, 0
// GPU: arith.minui
// GPU: arith.ceildivui
// GPU: gir.launch @main_k0[

// CPU-LABEL: gir.kernel @rows_k0({{.*}}) parallel cpu group 1 lanes 16 {
// CPU-NOT: gir.sync
// CPU: arith.cmpf ogt
// CPU: math.exp
// CPU: gir.copy %{{.*}} to %{{.*}} : !gir.slice<register, 1x16xf32> -> !gir.slice<global, 1x16xf32>
// CPU: arith.addf
// CPU: arith.divf
// CPU-NOT: math.exp
// CPU-NOT: gir.kernel @rows_k1
// CPU-LABEL: gir.kernel @main_k0(

// OFF: gir.kernel @rows_k3(

func.func @rows(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = "graph.softmax"(%x) {axis = 1} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @main(%x: tensor<?x300xf32>) -> tensor<?x300xf32> {
  %y = "graph.softmax"(%x) {axis = 1} : (tensor<?x300xf32>) -> tensor<?x300xf32>
  return %y : tensor<?x300xf32>
}
