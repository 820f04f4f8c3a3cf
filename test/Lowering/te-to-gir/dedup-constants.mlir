// lower-te-to-gir{dedup-constants}: kernels that print the same but for an
// index constant (here the row a composed slice reads) share one kernel,
// the constant its parameter and each launch passing its value. Row 1's
// offset constant is also the loop step (one `arith.constant 1` serves
// both), which a run-time value cannot replace, so that kernel stays apart.
// auto (the default) is on for both hierarchies; off is the ablation.
// RUN: vtc-opt %s --pass-statistics --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical,lower-te-to-gir)' 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: vtc-opt %s --pass-statistics --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical,lower-te-to-gir{dedup-constants=off})' 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// RUN: vtc-opt %s --pass-statistics --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical,lower-te-to-gir{hierarchy=gpu})' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: vtc-opt %s --pass-statistics --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical,lower-te-to-gir{hierarchy=gpu dedup-constants=off})' 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// RUN: vtc-opt %s --pass-statistics --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical,lower-te-to-gir{hierarchy=gpu dedup-constants=on})' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: vtc-run %s --entry=rows --target=cpu --check --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical,lower-te-to-gir)' | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --entry=rows --target=gir --check --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical,lower-te-to-gir{hierarchy=gpu dedup-constants=on})' | FileCheck %s --check-prefix=EXEC

// CHECK: gir.kernel @rows_k0(%arg0: !gir.buffer<global, 4x8xf32>, %arg1: !gir.buffer<global, 1x8xf32>) parallel
// CHECK: gir.kernel @rows_k1(%arg0: !gir.buffer<global, 4x8xf32>, %arg1: !gir.buffer<global, 1x8xf32>, %[[ROW:arg[0-9]+]]: index) parallel
// CHECK: arith.addi %{{arg[0-9]+}}, %[[ROW]] : index
// CHECK-NOT: gir.kernel
// CHECK: func.func @rows
// CHECK: gir.launch @rows_k0[%{{[0-9]+}}](%arg0, %{{[0-9]+}}) :
// CHECK: %[[TWO:[0-9]+]] = arith.constant 2 : index
// CHECK-NEXT: gir.launch @rows_k1[%{{[0-9]+}}](%arg0, %{{[0-9]+}}, %[[TWO]]) : (!gir.buffer<global, 4x8xf32>, !gir.buffer<global, 1x8xf32>, index)
// CHECK: %[[THREE:[0-9]+]] = arith.constant 3 : index
// CHECK-NEXT: gir.launch @rows_k1[%{{[0-9]+}}](%arg0, %{{[0-9]+}}, %[[THREE]])

// STATS: (S) 1 constant-shared-kernels
// OFF: (S) 0 constant-shared-kernels
// EXEC: check: ok (3 results match the reference interpreter)
func.func @rows(%x: tensor<4x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) {
  %a = graph.slice %x {axes = [0], starts = [1], ends = [2]} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %b = graph.slice %x {axes = [0], starts = [2], ends = [3]} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %c = graph.slice %x {axes = [0], starts = [3], ends = [4]} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %ea = graph.exp %a : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %eb = graph.exp %b : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %ec = graph.exp %c : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %ea, %eb, %ec : tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>
}
