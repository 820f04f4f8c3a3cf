// Donation (graph.aliasing_output = N on an argument: result N may live in
// its buffer, the caller gives up its contents) and scatter_nd stored in
// place (issue 14, items 6d-6e): lower-graph-to-te stores the updates into
// the data with a destination-passing TE; lower-te-to-gir writes a donated
// argument in place and returns it as the result, and copies an argument
// that is not donated (or whose old value is read later) once, with a remark.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir)' %s 2>&1 | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir)' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: lower-te-to-gir
// STATS: 1 dest-in-place
// STATS-NEXT: 2 dest-copies
//
// On every target the results equal the reference interpreter's, which runs
// on a copy of the donated input made before the run (the reduce reads the
// data before the scatter overwrites it in place): te, gir, the CPU, and the
// ablation scatter=select (one TE per output element, no destination).
// RUN: vtc-run %S/../../Dialect/te/Inputs/into/sc_donated_g.mlir --target=te --check | FileCheck %s --check-prefix=RES
// RUN: vtc-run %S/../../Dialect/te/Inputs/into/sc_donated_g.mlir --target=gir --check | FileCheck %s --check-prefix=RES
// RUN: vtc-run %S/../../Dialect/te/Inputs/into/sc_donated_g.mlir --target=cpu --check | FileCheck %s --check-prefix=RES
// RUN: vtc-run %S/../../Dialect/te/Inputs/into/sc_donated_g.mlir --target=cpu --check --pass-pipeline='builtin.module(lower-graph-to-te{scatter=select},lower-te-to-gir)' | FileCheck %s --check-prefix=RES
// RES-NOT: MISMATCH
// RES: check: ok (2 results match the reference interpreter)

// CHECK: donation.mlir:[[@LINE+14]]:{{[0-9]+}}: remark: lower-te-to-gir: destination #0 is copied once, not written in place: it is not a buffer this function allocated (an argument needs donation: graph.aliasing_output)
// CHECK: donation.mlir:[[@LINE+20]]:{{[0-9]+}}: remark: lower-te-to-gir: destination #0 is copied once, not written in place: its old value is read later (or by the compute itself)
// CHECK-LABEL: func.func @donated
// CHECK-SAME: %[[D:arg0]]: !gir.buffer<global, 4x3xf32> {graph.aliasing_output = 0 : i64}
// CHECK: gir.launch @donated_k{{[0-9]+}}[%{{.*}}](%{{.*}}, %arg2, %{{.*}}, %[[D]])
// CHECK-NOT: gir.launch
// CHECK: return %[[D]] : !gir.buffer<global, 4x3xf32>
func.func @donated(%d: tensor<4x3xf32> {graph.aliasing_output = 0}, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = graph.scatter_nd %d, %i, %u : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @not_donated
func.func @not_donated(%d: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = graph.scatter_nd %d, %i, %u : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// Donated, but the data is read after the scatter: copied once.
// CHECK-LABEL: func.func @read_after
func.func @read_after(%d: tensor<4x3xf32> {graph.aliasing_output = 0}, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = graph.scatter_nd %d, %i, %u : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %1 = graph.add %d, %0 : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// vtc-run --vtc=S runs VTC's pipeline (vtc-virtualize{strategy=S} and the
// views realised) on cpu or cuda; the decode workload with its caches
// donated still matches the reference; a wrong value or target is a usage
// error (exit 2).
// RUN: vtc-run %vtc_src/benchmarks/workloads/llama3-decode-kv.small-inplace.mlir --target=cpu --vtc=all --check | FileCheck %s --check-prefix=VTCALL
// VTCALL: check: ok (3 results match the reference interpreter)
// RUN: not vtc-run %vtc_src/benchmarks/workloads/llama3-decode-kv.small-inplace.mlir --target=cpu --vtc=some 2>&1 | FileCheck %s --check-prefix=VTCBAD
// VTCBAD: vtc-run: --vtc must be none, greedy or all, not 'some'
// RUN: not vtc-run %vtc_src/benchmarks/workloads/llama3-decode-kv.small-inplace.mlir --target=te --vtc=all 2>&1 | FileCheck %s --check-prefix=VTCTARGET
// VTCTARGET: vtc-run: --vtc takes --target=cpu or cuda and no --pass-pipeline
