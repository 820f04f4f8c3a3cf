// graph-batch-matmuls: independent matmuls that share their right operand
// become concat, one matmul, slices (Souffle 6.1, Fig. 3), the ops put in a
// topological order; dependent ones, batched or dynamic ones and functions
// that donate a buffer stay as they are. The numbers: the reference
// interpreter before and after, on the same inputs.
// RUN: vtc-opt %s --pass-pipeline='builtin.module(graph-batch-matmuls{remarks=true})' --pass-statistics 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: not vtc-opt %s --pass-pipeline='builtin.module(graph-batch-matmuls{min-group=1})' 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: %python %S/Inputs/compare_outputs.py %s two 'builtin.module(graph-batch-matmuls)'
// RUN: %python %S/Inputs/compare_outputs.py %s chain 'builtin.module(graph-batch-matmuls)'
// RUN: %python %S/Inputs/compare_outputs.py %s reorder 'builtin.module(graph-batch-matmuls)'
// RUN: vtc-run %vtc_src/benchmarks/workloads/lstm-stack.small.mlir --target=cpu --check \
// RUN:   --pass-pipeline='builtin.module(graph-batch-matmuls,lower-graph-to-te,lower-te-to-gir)' | FileCheck %s --check-prefix=LSTM
// RUN: vtc-opt %vtc_src/benchmarks/workloads/lstm-stack.paper.mlir --pass-statistics \
// RUN:   --pass-pipeline='builtin.module(graph-batch-matmuls)' 2>&1 >/dev/null | FileCheck %s --check-prefix=PAPER

// Two GEMVs of one weight, rows 1 and 2: one 3-row matmul.
// CHECK-LABEL: func.func @two
// CHECK-NEXT: %[[CAT:[0-9]+]] = graph.concat %arg0, %arg1 {axis = 0 : i64} : (tensor<1x4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %[[MM:[0-9]+]] = graph.matmul %[[CAT]], %arg2 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: %[[X:[0-9]+]] = graph.slice %[[MM]] {axes = [0], ends = [1], starts = [0]} : (tensor<3x5xf32>) -> tensor<1x5xf32>
// CHECK-NEXT: %[[Y:[0-9]+]] = graph.slice %[[MM]] {axes = [0], ends = [3], starts = [1]} : (tensor<3x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: return %[[X]], %[[Y]]
// REMARK: batch-matmuls.mlir:[[@LINE+2]]:8: remark: graph-batch-matmuls: 2 independent matmuls of this weight merged into one
func.func @two(%a: tensor<1x4xf32>, %b: tensor<2x4xf32>, %w: tensor<4x5xf32>) -> (tensor<1x5xf32>, tensor<2x5xf32>) {
  %x = graph.matmul %a, %w : (tensor<1x4xf32>, tensor<4x5xf32>) -> tensor<1x5xf32>
  %y = graph.matmul %b, %w : (tensor<2x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %x, %y : tensor<1x5xf32>, tensor<2x5xf32>
}

// A recurrence: the second matmul reads the first one's result; the third
// is independent of the first only, so it joins it.
// CHECK-LABEL: func.func @chain
// CHECK: graph.concat %arg0, %arg2 {axis = 0 : i64} : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: graph.matmul %{{[0-9]+}}, %arg1 : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[G1:[0-9]+]] = graph.slice %{{[0-9]+}} {axes = [0], ends = [1], starts = [0]}
// CHECK-NEXT: %[[T:[0-9]+]] = graph.tanh %[[G1]]
// CHECK-NEXT: graph.matmul %[[T]], %arg1 : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
// CHECK-NOT: graph.concat
// CHECK: return
// REMARK: batch-matmuls.mlir:[[@LINE+2]]:9: remark: graph-batch-matmuls: 2 independent matmuls of this weight merged into one
func.func @chain(%h0: tensor<1x4xf32>, %u: tensor<4x4xf32>, %x: tensor<1x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %g1 = graph.matmul %h0, %u : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
  %h1 = graph.tanh %g1 : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %g2 = graph.matmul %h1, %u : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
  %g3 = graph.matmul %x, %u : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
  %s = graph.add %g2, %g3 : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  return %s, %g1 : tensor<1x4xf32>, tensor<1x4xf32>
}

// The first matmul's user comes before the second matmul's operand in the
// program: after the merge it moves below the slice (a topological order),
// and what does not depend on the merge keeps its place.
// CHECK-LABEL: func.func @reorder
// CHECK-NEXT: %[[E:[0-9]+]] = graph.exp %arg0
// CHECK-NEXT: %[[N:[0-9]+]] = graph.neg %arg1
// CHECK-NEXT: graph.concat %arg0, %[[N]]
// CHECK-NEXT: graph.matmul
// CHECK-NEXT: %[[X:[0-9]+]] = graph.slice
// CHECK-NEXT: graph.relu %[[X]]
// CHECK-NEXT: graph.slice
// CHECK-NEXT: return
func.func @reorder(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %w: tensor<3x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %e = graph.exp %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %x = graph.matmul %a, %w : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %r = graph.relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %n = graph.neg %b : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %y = graph.matmul %n, %w : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  return %e, %r, %y : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// Left as they are: batched (rank 3) and dynamic matmuls, two weights.
// CHECK-LABEL: func.func @untouched
// CHECK-NOT: graph.concat
// CHECK: return
func.func @untouched(%a: tensor<2x1x4xf32>, %b: tensor<2x1x4xf32>, %w: tensor<2x4x4xf32>, %c: tensor<?x4xf32>,
                     %d: tensor<?x4xf32>, %v: tensor<4x4xf32>, %e: tensor<1x4xf32>, %v2: tensor<4x4xf32>)
    -> (tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) {
  %x = graph.matmul %a, %w : (tensor<2x1x4xf32>, tensor<2x4x4xf32>) -> tensor<2x1x4xf32>
  %y = graph.matmul %b, %w : (tensor<2x1x4xf32>, tensor<2x4x4xf32>) -> tensor<2x1x4xf32>
  %p = graph.matmul %c, %v : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  %q = graph.matmul %d, %v : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  %r = graph.matmul %e, %v : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
  %s = graph.matmul %e, %v2 : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
  return %x, %y, %p, %q, %r, %s : tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>
}

// A function that donates an argument's buffer keeps its program order.
// CHECK-LABEL: func.func @donated
// CHECK-NOT: graph.concat
// CHECK: return
// REMARK: batch-matmuls.mlir:[[@LINE+1]]:1: remark: graph-batch-matmuls: not merged: the function donates a buffer
func.func @donated(%a: tensor<1x4xf32>, %b: tensor<1x4xf32> {graph.aliasing_output = 0 : i64}, %w: tensor<4x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %x = graph.matmul %a, %w : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
  %y = graph.matmul %b, %w : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
  return %x, %y : tensor<1x4xf32>, tensor<1x4xf32>
}

// REMARK: graph-batch-matmuls
// REMARK-NEXT: (S) 3 groups merged
// REMARK-NEXT: (S) 6 matmuls merged
// REMARK-NEXT: (S) 1 functions skipped

// BADOPT: error: graph-batch-matmuls: min-group must be >= 2

// LSTM: check: ok (3 results match the reference interpreter)

// lstm-stack: the 100 steps' x_t W_l of each of the 10 layers.
// PAPER: (S)   10 groups merged
// PAPER-NEXT: (S) 1000 matmuls merged
