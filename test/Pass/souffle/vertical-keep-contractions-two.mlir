// souffle-vertical{into-ci=true keep-contractions=true} on a GEMM both of
// whose operands come through a transpose then reshape: each composed load
// would leave the contraction form (A through (k floordiv 16, m, k mod 16),
// B through (k mod 4, k floordiv 4, n)), so the GEMM keeps its loads of the
// two reshapes, one refusal (and remark) each. Composition goes one load at
// a time and undoes each that leaves the form; the refusals survive each
// undo, so the pass ends (with two such loads it once tried them in turn
// forever). Both pipelines compute what the reference interpreter does.
// RUN: vtc-opt %s --pass-statistics --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true keep-contractions=true})' 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: vtc-run %s --target=cpu --check --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true keep-contractions=true},lower-te-to-gir)' | FileCheck %s --check-prefix=EXEC

// CHECK: %[[A:.*]] = te.compute(%arg0) shape () -> (8, 64)
// CHECK: %[[B:.*]] = te.compute(%arg1) shape () -> (64, 32)
// CHECK: te.compute(%[[A]], %[[B]]) shape () -> (8, 32) reduce () -> (64) combiner sum
// CHECK-NEXT: ^bb0
// CHECK-NEXT: te.load %[[A]][(d0, d1, d2) -> (d0, d2)]
// CHECK-NEXT: te.load %[[B]][(d0, d1, d2) -> (d2, d1)]
// REMARK-COUNT-2: remark: souffle-vertical: not composed: composing this load would leave the contraction form
// REMARK: {{^}}souffle-vertical{{$}}
// REMARK: (S) {{ *}}2 compositions
// REMARK: (S) {{ *}}2 refused: would leave the contraction form
// EXEC: check: ok (1 results match the reference interpreter)

func.func @main(%x: tensor<4x8x16xf32>, %w: tensor<4x16x32xf32>) -> tensor<8x32xf32> {
  %t = graph.transpose %x {perm = [1, 0, 2]} : (tensor<4x8x16xf32>) -> tensor<8x4x16xf32>
  %r = graph.reshape %t {shape = [8, 64]} : (tensor<8x4x16xf32>) -> tensor<8x64xf32>
  %wt = graph.transpose %w {perm = [1, 0, 2]} : (tensor<4x16x32xf32>) -> tensor<16x4x32xf32>
  %wr = graph.reshape %wt {shape = [64, 32]} : (tensor<16x4x32xf32>) -> tensor<64x32xf32>
  %y = graph.matmul %r, %wr : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}
