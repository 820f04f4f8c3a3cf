// Sizes that only overflow once `?` dims are bound at run time, and
// buffers that do not fit in memory: a located error and exit 1 on every
// target (the compiled code once wrapped its byte count around or wrote
// through a NULL buffer; the reference kernels wrapped theirs), never a
// crash. The operands are empty (a dim of 0), so binding the others to
// 2^62 costs nothing.

// A matmul of ?x0 by 0x? whose result has 2^62 x 4 f32 elements.
// RUN: not vtc-run %s --entry=matmul --dim=0.0=4611686018427387904 --dim=1.1=4 --target=interp 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: not vtc-run %s --entry=matmul --dim=0.0=4611686018427387904 --dim=1.1=4 --target=te 2>&1 | FileCheck %s --check-prefix=MATMUL-TE
// RUN: not vtc-run %s --entry=matmul --dim=0.0=4611686018427387904 --dim=1.1=4 --target=gir 2>&1 | FileCheck %s --check-prefix=MATMUL-GIR
// RUN: not vtc-run %s --entry=matmul --dim=0.0=4611686018427387904 --dim=1.1=4 --target=cpu 2>&1 | FileCheck %s --check-prefix=MATMUL-CPU
// RUN: not vtc-run %s --entry=matmul --dim=0.0=3000000000 --dim=1.1=3000000000 --target=cpu 2>&1 | FileCheck %s --check-prefix=MATMUL-CPU2
// MATMUL: size-errors.mlir:[[@LINE+6]]:8: error: 'graph.matmul' op matmul: tensor size overflows
// MATMUL-TE: size-errors.mlir:[[@LINE+5]]:8: error: te interpreter: tensor size overflows
// MATMUL-GIR: size-errors.mlir:[[@LINE+4]]:8: error: gir interpreter: 'gir.alloc': tensor size overflows
// MATMUL-CPU: size-errors.mlir:[[@LINE+3]]:8: error: running @matmul on the CPU failed: 'gir.alloc': cannot allocate a buffer of 4611686018427387904x4 elements of 4 bytes: its size in bytes overflows int64
// MATMUL-CPU2: size-errors.mlir:[[@LINE+2]]:8: error: running @matmul on the CPU failed: 'gir.alloc': cannot allocate a buffer of 3000000000x3000000000 elements of 4 bytes: its size in bytes overflows int64
func.func @matmul(%a: tensor<?x0xf32>, %b: tensor<0x?xf32>) -> tensor<?x?xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<?x0xf32>, tensor<0x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// A sum over the empty axis of a ?x0 input: 2^62 results of 4 bytes (the
// reference kernel's accumulators were sized with a wrapped count).
// RUN: not vtc-run %s --entry=reduce --dim=0.0=4611686018427387904 --target=interp 2>&1 | FileCheck %s --check-prefix=REDUCE
// RUN: not vtc-run %s --entry=reduce --dim=0.0=4611686018427387904 --target=cpu 2>&1 | FileCheck %s --check-prefix=REDUCE-CPU
// REDUCE: size-errors.mlir:[[@LINE+3]]:8: error: 'graph.reduce_sum' op reduce_sum: a result of 4611686018427387904 elements is too large for the reference kernels (at most 2^31
// REDUCE-CPU: size-errors.mlir:[[@LINE+2]]:8: error: running @reduce on the CPU failed: 'gir.alloc': cannot allocate a buffer of 4611686018427387904 elements of 4 bytes: its size in bytes overflows int64
func.func @reduce(%a: tensor<?x0xf32>) -> tensor<?xf32> {
  %0 = "graph.reduce_sum"(%a) {axes = [1], keepdims = false} : (tensor<?x0xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Attention with empty heads (D = 0) and 2^62 keys: the reference kernel's
// per-key scores were sized with a wrapped count; the lowered scores do
// not fit either.
// RUN: not vtc-run %s --entry=attention --dim=1.2=4611686018427387904 --dim=2.2=4611686018427387904 --target=interp 2>&1 | FileCheck %s --check-prefix=ATTN
// RUN: not vtc-run %s --entry=attention --dim=1.2=4611686018427387904 --dim=2.2=4611686018427387904 --target=cpu 2>&1 | FileCheck %s --check-prefix=ATTN-CPU
// ATTN: size-errors.mlir:[[@LINE+3]]:8: error: 'graph.attention' op attention: out of memory
// ATTN-CPU: size-errors.mlir:[[@LINE+2]]:8: error: running @attention on the CPU failed: 'gir.alloc': cannot allocate a buffer of 1x1x2x4611686018427387904 elements of 4 bytes: its size in bytes overflows int64
func.func @attention(%q: tensor<1x1x2x0xf32>, %k: tensor<1x1x?x0xf32>, %v: tensor<1x1x?x0xf32>) -> tensor<1x1x2x0xf32> {
  %0 = "graph.attention"(%q, %k, %v) : (tensor<1x1x2x0xf32>, tensor<1x1x?x0xf32>, tensor<1x1x?x0xf32>) -> tensor<1x1x2x0xf32>
  return %0 : tensor<1x1x2x0xf32>
}

// A result that does not overflow but does not fit in memory (4 TB): the
// reference kernels stop at 2^31 elements, the runtimes at the machine's
// memory.
// RUN: not vtc-run %s --entry=huge --target=interp 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not vtc-run %s --entry=huge --target=te 2>&1 | FileCheck %s --check-prefix=HUGE-TE
// RUN: not vtc-run %s --entry=huge --target=cpu 2>&1 | FileCheck %s --check-prefix=HUGE-CPU
// HUGE: size-errors.mlir:[[@LINE+4]]:8: error: 'graph.expand' op expand: a result of 1000000000000 elements is too large for the reference kernels (at most 2^31
// HUGE-TE: size-errors.mlir:[[@LINE+3]]:8: error: te interpreter: the iteration domain is too large to interpret: 1000000000000 output elements
// HUGE-CPU: size-errors.mlir:[[@LINE+2]]:8: error: running @huge on the CPU failed: 'gir.alloc': cannot allocate a buffer of 1000000x1000000 elements of 4 bytes (4000000000000 bytes): out of memory
func.func @huge(%a: tensor<1x1xf32>) -> tensor<1000000x1000000xf32> {
  %0 = "graph.expand"(%a) {shape = [1000000, 1000000]} : (tensor<1x1xf32>) -> tensor<1000000x1000000xf32>
  return %0 : tensor<1000000x1000000xf32>
}

// A huge binding of an argument itself: the random input cannot be made.
// RUN: not vtc-run %s --entry=relu --dim=0.0=4611686018427387904 --dim=0.1=4 --target=cpu 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: not vtc-run %s --entry=relu --shape=0:4611686018427387904x2 --target=interp 2>&1 | FileCheck %s --check-prefix=ARG
// ARG: size-errors.mlir:[[@LINE+1]]:17: error: cannot make random argument %a (#0): tensor size overflows
func.func @relu(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "graph.relu"(%a) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// Work too large to interpret, from inputs that fit (84 MB): a 4096^2 image
// by a 2048^2 kernel is 3.5e13 flops, hours in the reference kernels; each
// interpreter refuses it before it runs.
// RUN: not vtc-run %s --entry=big_conv --target=interp 2>&1 | FileCheck %s --check-prefix=CONV
// RUN: not vtc-run %s --entry=big_conv --target=te 2>&1 | FileCheck %s --check-prefix=CONV-TE
// CONV: size-errors.mlir:[[@LINE+3]]:8: error: 'graph.conv2d' op is too large to interpret: 35218740215808 flops, more than the 68719476736 the reference interpreter runs per op
// CONV-TE: size-errors.mlir:[[@LINE+2]]:8: error: te interpreter: the iteration domain is too large to interpret: 4198401 output elements x 4194304 reduction points
func.func @big_conv(%a: tensor<1x1x4096x4096xf32>, %w: tensor<1x1x2048x2048xf32>) -> tensor<1x1x2049x2049xf32> {
  %0 = "graph.conv2d"(%a, %w) : (tensor<1x1x4096x4096xf32>, tensor<1x1x2048x2048xf32>) -> tensor<1x1x2049x2049xf32>
  return %0 : tensor<1x1x2049x2049xf32>
}
