// lower-te-to-gir addresses a load's index pair (e floordiv c, e mod c)
// over a dim of static size c (a reshape's split index, composed into the
// load by VTC's views) as the one index e into the two dims merged: the
// same element of the row-major buffer, but linear in e, so the concat
// pieces read through the reshape below are one contiguous 1 x 32 slice per
// work item (as efficientvit's q and k: a scalar kernel before, one element
// per lane, 3 ms of a 9 ms call on the H200), masked where the piece ends.
// Both hierarchies compute what the reference interpreter does.
// RUN: vtc-opt %s --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false})' | FileCheck %s --check-prefix=TE
// RUN: vtc-opt %s --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false},lower-te-to-gir{hierarchy=gpu})' | FileCheck %s
// RUN: vtc-run %s --target=gir --check --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false},lower-te-to-gir{hierarchy=gpu})' | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=cpu --check | FileCheck %s --check-prefix=EXEC

// TE: te.load %arg1[(d0, d1, d2, d3) -> (d0, d1 * 3 + d2 - 6, d3 floordiv 8, d3 mod 8)] {padding
// TE: te.load %arg0[(d0, d1, d2, d3) -> (d0, d1 * 3 + d2, d3 floordiv 8, d3 mod 8)] {padding

// CHECK-LABEL: gir.kernel @main_k0
// CHECK:         gir.view %arg1[%{{.*}}] valid(%{{.*}}, %{{.*}}) {padding = 0.000000e+00 : f32} : !gir.buffer<global, 2x6x4x8xf32> -> !gir.slice<global, 1x32xf32>
// CHECK:         gir.view %arg0[%{{.*}}] valid(%{{.*}}, %{{.*}}) {padding = 0.000000e+00 : f32} : !gir.buffer<global, 2x6x4x8xf32> -> !gir.slice<global, 1x32xf32>
// CHECK-NOT:     gir.sync warp

// EXEC: check: ok (1 results match the reference interpreter)

func.func @main(%a: tensor<2x6x4x8xf32>, %b: tensor<2x6x4x8xf32>) -> tensor<2x4x2x32xf32> {
  %c = graph.concat %a, %b {axis = 1} : (tensor<2x6x4x8xf32>, tensor<2x6x4x8xf32>) -> tensor<2x12x4x8xf32>
  %r = graph.reshape %c {shape = [2, 4, 3, 32]} : (tensor<2x12x4x8xf32>) -> tensor<2x4x3x32xf32>
  %s = graph.slice %r {axes = [2], ends = [3], starts = [1]} : (tensor<2x4x3x32xf32>) -> tensor<2x4x2x32xf32>
  %y = graph.relu %s : (tensor<2x4x2x32xf32>) -> tensor<2x4x2x32xf32>
  return %y : tensor<2x4x2x32xf32>
}
