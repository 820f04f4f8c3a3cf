// souffle-vertical{producers=vtc-views}: a view whose tensor is returned
// (here a cache concat, a write view: the new row is stored into it) is not
// composed into its readers: it exists anyway, so reading it costs the
// bytes of its inputs, and the readers' loads stay free of its select. The
// transpose view of it still composes into the contraction, which then
// reads the returned cache as an N x K operand (no transpose TE).
// RUN: vtc-opt %s --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te)' | FileCheck %s --check-prefix=BEFORE
// RUN: vtc-opt %s --pass-statistics --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true})' 2>%t.err | FileCheck %s --check-prefix=AFTER
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// RUN: vtc-run %s --target=cpu --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --check --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true},lower-te-to-gir{hierarchy=gpu})' | FileCheck %s --check-prefix=EXEC

// BEFORE: %[[CACHE:.*]] = te.compute(%arg0, %{{.*}}) shape () -> (2, 4, 8) {vtc.view = "write"}
// BEFORE: %[[KT:.*]] = te.compute(%[[CACHE]]) shape () -> (2, 8, 4) {vtc.view = "read"}
// BEFORE: te.load %[[CACHE]][(d0, d1, d2) -> (d0, d2, d1)]
// BEFORE: te.compute(%arg2, %[[KT]]) shape () -> (2, 1, 4) reduce () -> (8)
// BEFORE: te.load %[[KT]][(d0, d1, d2, d3) -> (d0, d3, d2)]

// AFTER: %[[CACHE:.*]] = te.compute(%arg0, %{{.*}}) shape () -> (2, 4, 8) {vtc.view = "write"}
// AFTER: arith.select
// AFTER-NEXT: te.yield
// AFTER: te.compute(%arg2, %[[CACHE]]) shape () -> (2, 1, 4) reduce () -> (8)
// AFTER-NEXT: ^bb0
// AFTER-NEXT: te.load %arg2
// AFTER-NEXT: te.load %[[CACHE]][(d0, d1, d2, d3) -> (d0, d2, d3)]
// AFTER-NOT: arith.select
// AFTER: return

// STATS: remark: souffle-vertical: not composed: the view's tensor is returned, so it exists anyway
// STATS: (S) {{ *}}1 compositions
// STATS: (S) {{ *}}2 refused: returned view
// EXEC: check: ok (2 results match the reference interpreter)

func.func @main(%past: tensor<2x3x8xf32>, %x: tensor<2x1x8xf32>, %q: tensor<2x1x8xf32>) -> (tensor<2x1x4xf32>, tensor<2x4x8xf32>) {
  %new = graph.relu %x : (tensor<2x1x8xf32>) -> tensor<2x1x8xf32>
  %cache = graph.concat %past, %new {axis = 1} : (tensor<2x3x8xf32>, tensor<2x1x8xf32>) -> tensor<2x4x8xf32>
  %kt = graph.transpose %cache {perm = [0, 2, 1]} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %s = graph.matmul %q, %kt : (tensor<2x1x8xf32>, tensor<2x8x4xf32>) -> tensor<2x1x4xf32>
  return %s, %cache : tensor<2x1x4xf32>, tensor<2x4x8xf32>
}
