// lower-te-to-gir{hierarchy=gpu} on small work items: a KV-cache concat
// whose rows (16 f16) are shorter than the register, and attention scores
// q . k over K rows of 64 (a row-reduce with lanes along the 64-element row
// now that a static row of at least 32 takes the lanes: before, the lanes
// ran over the outputs and read each K row one element at a time, 64 times).
// With items-per-step=N a unit's step takes up to N consecutive items (N
// dividing the extent of the items' fastest dim: 5 of the concat's 15 rows,
// 5 of the 25 scores), decomposing their indices once: an inner gir.for of
// N trips. items-per-step=1 is the ablation; out of [0, 64] a located
// error. The default (0) takes it only with at least 65536 steps left, so
// these small tensors keep one item per step. The gir interpreter runs the
// GPU kernels against the reference interpreter in every mode.
// RUN: vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu contractions=naive items-per-step=8})' | FileCheck %s
// RUN: vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu contractions=naive})' | FileCheck %s --check-prefix=AUTO
// RUN: not vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu items-per-step=65})' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: vtc-run %s --target=gir --check --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu contractions=naive items-per-step=8})' | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --check --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu contractions=naive items-per-step=1})' | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=cpu --check | FileCheck %s --check-prefix=EXEC

// The concat: 2 x 3 x 15 rows of 16; 5 rows per step (the largest divisor
// of 15 up to 8), their indices decomposed once per step.
// CHECK-LABEL: gir.kernel @main_k0
// CHECK-DAG:     %[[FIVE:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[STEPS:.*]] = arith.constant 18 : index
// CHECK:         arith.ceildivui %[[STEPS]], %{{.*}} : index
// CHECK:         gir.for %[[S:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           %[[FIRST:.*]] = arith.muli %[[S]], %[[FIVE]] : index
// CHECK:           gir.for %[[R:.*]] = %{{.*}} to %[[FIVE]] step
// CHECK:             arith.addi %[[FIRST]], %[[R]] : index
// The scores: one output per item, the lanes along a K row of 64; 5 of a
// head's 25 positions per step (25 = 5 x 5, as 1025: no group of outputs shares q).
// CHECK-LABEL: gir.kernel @main_k1
// CHECK-DAG:     %[[FIVE2:.*]] = arith.constant 5 : index
// CHECK:         gir.for %{{.*}} = %{{.*}} to %[[FIVE2]] step
// CHECK:           gir.for {{.*}} iter_args({{.*}}) -> (!gir.slice<register, 1x64xf32>)
// CHECK:           gir.reduce sum width %{{.*}} : !gir.slice<register, 1x64xf32> -> !gir.slice<register, 1x1xf32>

// AUTO-LABEL: gir.kernel @main_k0
// AUTO-NOT:    arith.constant 5 : index
// AUTO-LABEL: gir.kernel @main_k1
// AUTO-NOT:    arith.constant 5 : index
// AUTO:          gir.reduce sum width %{{.*}} : !gir.slice<register, 1x64xf32> -> !gir.slice<register, 1x1xf32>

// BAD: error: lower-te-to-gir: items-per-step must be in [0, 64] (got 65)

// EXEC: check: ok (2 results match the reference interpreter)

func.func @main(%past: tensor<2x3x14x16xf16>, %new: tensor<2x3x1x16xf16>, %q: tensor<2x3x1x64xf16>,
                %k: tensor<2x3x25x64xf16>) -> (tensor<2x3x15x16xf16>, tensor<2x3x1x25xf16>) {
  %cache = graph.concat %past, %new {axis = 2} : (tensor<2x3x14x16xf16>, tensor<2x3x1x16xf16>) -> tensor<2x3x15x16xf16>
  %kt = graph.transpose %k {perm = [0, 1, 3, 2]} : (tensor<2x3x25x64xf16>) -> tensor<2x3x64x25xf16>
  %s = graph.matmul %q, %kt : (tensor<2x3x1x64xf16>, tensor<2x3x64x25xf16>) -> tensor<2x3x1x25xf16>
  return %cache, %s : tensor<2x3x15x16xf16>, tensor<2x3x1x25xf16>
}
