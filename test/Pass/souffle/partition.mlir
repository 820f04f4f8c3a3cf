// souffle-partition and souffle-print-partition (Souffle 5.4, Algorithm 1
// lines 2-9): runs of TEs in program order become te.subprograms; cuts at a
// compute-intensive TE whose grid exceeds one wave (here a 4096x4096 GEMM:
// about 1024 blocks of 128x128 against 2 x 132 on an H100), at max-stages,
// and around TEs of dynamic shape, each with a remark.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,souffle-print-partition)' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PRINT
// PRINT: partition.mlir:[[@LINE+24]]:8: remark: souffle-partition: subprogram of 3 TEs, 2 dependence levels (1 device barriers), largest compute-intensive grid 0 of 264 blocks in a wave; model: 6.4 us of launches saved, 1.2 us of barriers
// PRINT: partition.mlir:[[@LINE+31]]:8: remark: souffle-partition: cut before this op: a compute-intensive TE whose grid exceeds one wave
// PRINT: partition.mlir:[[@LINE+28]]:8: remark: souffle-partition: subprogram of 2 TEs
// PRINT: partition.mlir:[[@LINE+29]]:8: remark: souffle-partition: grid of about 1024 blocks, beyond one wave of 264: a kernel of its own
// PRINT: partition.mlir:[[@LINE+29]]:8: remark: souffle-partition: subprogram of 2 TEs
// PRINT: partition.mlir:[[@LINE+33]]:8: remark: souffle-partition: a TE of dynamic shape stays a kernel of its own
// PRINT: souffle-print-partition
// PRINT-NEXT: 10 TEs
// PRINT-NEXT: 3 subprograms
// PRINT-NEXT: 7 TEs in subprograms
// PRINT-NEXT: 6 dependence levels
// PRINT-NEXT: 1 cuts: compute-intensive grid beyond a wave
//
// The printer leaves the IR alone:
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,souffle-print-partition)' %s 2>/dev/null | FileCheck %s --check-prefix=SAME
// SAME-NOT: te.subprogram
//
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,souffle-partition{max-stages=2})' %s 2>/dev/null | FileCheck %s
// RUN: not vtc-opt --pass-pipeline='builtin.module(souffle-partition{gpu=tpu})' %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not vtc-opt --pass-pipeline='builtin.module(souffle-partition{max-stages=1})' %s 2>&1 | FileCheck %s --check-prefix=BAD1
// BAD: error: souffle-partition: gpu='tpu' is not a known GPU
// BAD1: error: souffle-partition: max-stages must be >= 2

func.func @chain(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = graph.relu %x : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %b = graph.exp %y : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = graph.add %a, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}
func.func @big(%x: tensor<4096x64xf32>, %w: tensor<64x4096xf32>) -> tensor<4096x4096xf32> {
  %a = graph.relu %x : (tensor<4096x64xf32>) -> tensor<4096x64xf32>
  %b = graph.exp %a : (tensor<4096x64xf32>) -> tensor<4096x64xf32>
  %m = graph.matmul %b, %w : (tensor<4096x64xf32>, tensor<64x4096xf32>) -> tensor<4096x4096xf32>
  %c = graph.relu %m : (tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %d = graph.exp %c : (tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %d : tensor<4096x4096xf32>
}
func.func @dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %a = graph.relu %x : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %b = graph.exp %a : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %b : tensor<?x8xf32>
}

// With max-stages=2 the chain's first two TEs share a subprogram, the third
// reads its results:
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:  %[[S:.*]]:2 = "te.subprogram"(%arg0, %arg1) ({
// CHECK:       "te.return"(%{{.*}}, %{{.*}}) : (tensor<64x64xf32>, tensor<64x64xf32>) -> ()
// CHECK:       te.compute(%[[S]]#0, %[[S]]#1)
// CHECK-LABEL: func.func @big
// CHECK-NEXT:  %[[A:.*]] = "te.subprogram"(%arg0)
// CHECK:       %[[M:.*]] = te.compute(%[[A]], %arg1) shape () -> (4096, 4096) reduce () -> (64)
// CHECK-NEXT:  ^bb0
// CHECK:       "te.subprogram"(%[[M]])
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT:   te.subprogram
