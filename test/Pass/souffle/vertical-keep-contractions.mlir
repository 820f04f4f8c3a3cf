// souffle-vertical{into-ci=true keep-contractions=true} on a GEMM whose A
// is a transpose then reshape: composed into the GEMM, A's load indexes by
// floordiv and mod (no longer the contraction form Vortex's rKernels take),
// so with keep-contractions that load is left as it came, with a remark at
// it, and the transpose is composed into the reshape instead (the default); with
// keep-contractions=false A's views go into the GEMM. Both compute what the
// reference interpreter does.
// RUN: vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true keep-contractions=true})' 2>%t.remarks | FileCheck %s --check-prefix=KEEP
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true keep-contractions=false})' | FileCheck %s --check-prefix=INTO
// RUN: vtc-run %s --target=cpu --check --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true keep-contractions=true},lower-te-to-gir)' | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=cpu --check --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true keep-contractions=false},lower-te-to-gir)' | FileCheck %s --check-prefix=EXEC

// KEEP: %[[A:.*]] = te.compute(%arg0) shape () -> (8, 64) : (tensor<4x8x16xf32>) -> tensor<8x64xf32> {
// KEEP: te.load %arg0[(d0, d1) -> (d1 floordiv 16, d0, d1 mod 16)] : tensor<4x8x16xf32> -> f32
// KEEP: te.compute(%[[A]], %arg1) shape () -> (8, 32) reduce () -> (64) combiner sum
// KEEP: te.load %[[A]][(d0, d1, d2) -> (d0, d2)] : tensor<8x64xf32> -> f32
// KEEP: te.load %arg1[(d0, d1, d2) -> (d2, d1)] : tensor<64x32xf32> -> f32
// REMARK: :[[@LINE+9]]:8: remark: souffle-vertical: not composed: composing this load would leave the contraction form Vortex's rKernel needs, which this contraction keeps (compute-intensive, or its plain kernel would re-read its largest input)
// INTO: te.compute(%arg1, %arg0) shape () -> (8, 32) reduce () -> (64) combiner sum
// INTO: te.load %arg0[(d0, d1, d2) -> (d2 floordiv 16, d0, d2 mod 16)] : tensor<4x8x16xf32> -> f32
// INTO-NOT: te.compute
// EXEC: check: ok (1 results match the reference interpreter)

func.func @main(%x: tensor<4x8x16xf32>, %w: tensor<64x32xf32>) -> tensor<8x32xf32> {
  %t = graph.transpose %x {perm = [1, 0, 2]} : (tensor<4x8x16xf32>) -> tensor<8x4x16xf32>
  %r = graph.reshape %t {shape = [8, 64]} : (tensor<8x4x16xf32>) -> tensor<8x64xf32>
  %y = graph.matmul %r, %w : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}
