// --dump-ptx compiles for sm_90 and writes the PTX before the GPU is opened,
// so the whole GPU compilation (lower-te-to-gir{hierarchy=gpu}, gir-to-llvm
// for NVPTX, the host plan) runs here without a GPU; then, still without
// one, exit 3. A module without kernels writes a comment.
// RUN: env VTC_CUDA_LIBRARY=/nonexistent/libcuda.so.1 %python %S/Inputs/expect_exit.py 3 vtc-run %s --target=cuda --dump-ptx=%t.ptx 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: vtc-run: error: no CUDA driver
// RUN: FileCheck %s < %t.ptx
// CHECK: .target sm_90
// CHECK: .visible .entry main_k0(
// CHECK: .maxntid 128, 1, 1
// CHECK: .visible .entry main_k1(

// A compile error comes first (exit 1) and no GPU is needed to see it.
// RUN: env VTC_CUDA_LIBRARY=/nonexistent/libcuda.so.1 %python %S/Inputs/expect_exit.py 1 vtc-run %s --target=cuda --dump-ptx=%t.ptx --pass-pipeline=lower-graph-to-te 2>&1 | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: cuda-dump-ptx.mlir:[[@LINE+3]]:1: error: 'func.func' op has a value of type tensor<4x8xf32>: host code on the GPU target holds only scalars and global buffers
// PARTIAL: error: cannot compile @main for the GPU: the host code of @main cannot run on the GPU target (see the diagnostics above)

func.func @main(%x: tensor<4x8xf32>, %y: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = "graph.add"(%x, %y) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %1 = "graph.reduce_sum"(%0) {axes = [1], keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %2 = "graph.sub"(%0, %1) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}
