// VTC Fig. 5: a split on axis 0 makes contiguous results (Type I); on
// another axis each row of a result is one contiguous chunk: partial when
// the chunk reaches the transfer unit (h100: 128 B, a warp's coalesced
// access; skylake-avx512: a 64 B line), Type II below it.
// RUN: vtc-opt '--vtc-print-rules=target=h100' %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,GPU
// RUN: vtc-opt '--vtc-print-rules=target=skylake-avx512' %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,CPU

func.func @fig5(%m: tensor<64x64xf32>) {
  // CHECK: rule read: result 0 -> operand 0: Type I, d = 1, chunk 4096 B
  // CHECK: rule read: result 1 -> operand 0: Type I, d = 1, chunk 12288 B
  // CHECK: rule read: result 1 -> operand 0: S = [64, 1], b(I) = 1024
  // CHECK: rule write: operand 0 -> result 0: Type I, d = 1, chunk 4096 B
  %a:2 = graph.split %m {axis = 0, split = [16, 48]} : (tensor<64x64xf32>) -> (tensor<16x64xf32>, tensor<48x64xf32>)
  // 32 floats a row: 128 B.
  // CHECK: rule read: result 0 -> operand 0: partial, d = 2, chunk 128 B
  // CHECK: rule read: result 1 -> operand 0: partial, d = 2, chunk 128 B
  // CHECK: rule read: result 1 -> operand 0: S = [64, 1], b(I) = 32
  // CHECK: rule write: operand 0 -> result 1: partial, d = 2, chunk 128 B
  // CHECK: rule write: operand 0 -> result 1: [0, ?) x [32, 64): S = [32, 1], b(I) = -32
  %b:2 = graph.split %m {axis = 1, split = [32, 32]} : (tensor<64x64xf32>) -> (tensor<64x32xf32>, tensor<64x32xf32>)
  // 16 floats a row: 64 B, below a warp's 128 B, a whole x86 line.
  // GPU: rule read: result 0 -> operand 0: Type II, d = 2, chunk 64 B
  // CPU: rule read: result 0 -> operand 0: partial, d = 2, chunk 64 B
  // CHECK: rule read: result 1 -> operand 0: partial, d = 2, chunk 192 B
  %c:2 = graph.split %m {axis = 1, split = [16, 48]} : (tensor<64x64xf32>) -> (tensor<64x16xf32>, tensor<64x48xf32>)
  // 1 float a row: Type II everywhere.
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 2, chunk 4 B
  %d:2 = graph.split %m {axis = 1, split = [1, 63]} : (tensor<64x64xf32>) -> (tensor<64x1xf32>, tensor<64x63xf32>)
  return
}
