// te-print-dependence on hand-written TEs: Souffle's dependence class (5.2)
// with the maps and reduction domain, and the compute-to-memory ratio (5.3).
// RUN: vtc-opt --te-print-dependence %s -o /dev/null 2>&1 | FileCheck %s

// A GEMM (Souffle's TE0): one-relies-on-many over rk, compute-intensive.
// 2 flops per point (mulf + the sum) * 64*64*64 points; 3 * 4096 elements of 4 bytes.
// CHECK: remark: te @gemm #0: one-relies-on-many
// CHECK: remark: te @gemm #0: domain [0 <= d0 < 64, 0 <= d1 < 64], reduction [0 <= d2 < 64] combiner sum
// CHECK: remark: te @gemm #0: input 0 tensor<64x64xf32>: (d0, d1, d2) -> (d0, d2) (affine)
// CHECK: remark: te @gemm #0: input 1 tensor<64x64xf32>: (d0, d1, d2) -> (d2, d1) (affine)
// CHECK: remark: te @gemm #0: flops 524288 (2 per point), bytes 49152, compute-to-memory 10.7 flops/byte, 42.7 flops/element: compute-intensive
func.func @gemm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %c = te.compute(%a, %b) shape () -> (64, 64) reduce () -> (64) combiner sum init 0.0
         : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a[(d0, d1, d2) -> (d0, d2)] : tensor<64x64xf32> -> f32
    %y = te.load %b[(d0, d1, d2) -> (d2, d1)] : tensor<64x64xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<64x64xf32>
}

// Softmax as four TEs: reduce-max and reduce-sum are one-relies-on-many and
// memory-intensive; exp(x - max) and the division are one-relies-on-one, the
// row value broadcast by a map that drops d1.
// CHECK: remark: te @softmax #0: one-relies-on-many
// CHECK: remark: te @softmax #0: domain [0 <= d0 < 8], reduction [0 <= d1 < 32] combiner max
// CHECK: remark: te @softmax #0: input 0 tensor<8x32xf32>: (d0, d1) -> (d0, d1) (affine)
// CHECK: remark: te @softmax #0: flops 256 (1 per point), bytes 1056, compute-to-memory 0.242 flops/byte, 0.97 flops/element: memory-intensive
// CHECK: remark: te @softmax #1: one-relies-on-one
// CHECK: remark: te @softmax #1: domain [0 <= d0 < 8, 0 <= d1 < 32]
// CHECK: remark: te @softmax #1: input 0 tensor<8x32xf32>: (d0, d1) -> (d0, d1) (affine)
// CHECK: remark: te @softmax #1: input 1 tensor<8xf32>: (d0, d1) -> (d0) (affine)
// CHECK: remark: te @softmax #1: flops 512 (2 per point), bytes 2080, compute-to-memory 0.246 flops/byte, 0.985 flops/element: memory-intensive
// CHECK: remark: te @softmax #2: one-relies-on-many
// CHECK: remark: te @softmax #2: domain [0 <= d0 < 8], reduction [0 <= d1 < 32] combiner sum
// CHECK: remark: te @softmax #3: one-relies-on-one
// CHECK: remark: te @softmax #3: domain [0 <= d0 < 8, 0 <= d1 < 32]
// CHECK: remark: te @softmax #3: input 0 tensor<8x32xf32>: (d0, d1) -> (d0, d1) (affine)
// CHECK: remark: te @softmax #3: input 1 tensor<8xf32>: (d0, d1) -> (d0) (affine)
// CHECK: remark: te @softmax #3: flops 256 (1 per point)
func.func @softmax(%x: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %mx = te.compute(%x) shape () -> (8) reduce () -> (32) combiner max init 0xFF800000
          : (tensor<8x32xf32>) -> tensor<8xf32> {
  ^bb0(%i: index, %k: index):
    %v = te.load %x[(d0, d1) -> (d0, d1)] : tensor<8x32xf32> -> f32
    te.yield %v : f32
  }
  %e = te.compute(%x, %mx) shape () -> (8, 32) : (tensor<8x32xf32>, tensor<8xf32>) -> tensor<8x32xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %x[(d0, d1) -> (d0, d1)] : tensor<8x32xf32> -> f32
    %m = te.load %mx[(d0, d1) -> (d0)] : tensor<8xf32> -> f32
    %d = arith.subf %v, %m : f32
    %r = math.exp %d : f32
    te.yield %r : f32
  }
  %s = te.compute(%e) shape () -> (8) reduce () -> (32) combiner sum init 0.0
         : (tensor<8x32xf32>) -> tensor<8xf32> {
  ^bb0(%i: index, %k: index):
    %v = te.load %e[(d0, d1) -> (d0, d1)] : tensor<8x32xf32> -> f32
    te.yield %v : f32
  }
  %y = te.compute(%e, %s) shape () -> (8, 32) : (tensor<8x32xf32>, tensor<8xf32>) -> tensor<8x32xf32> {
  ^bb0(%i: index, %j: index):
    %v = te.load %e[(d0, d1) -> (d0, d1)] : tensor<8x32xf32> -> f32
    %t = te.load %s[(d0, d1) -> (d0)] : tensor<8xf32> -> f32
    %r = arith.divf %v, %t : f32
    te.yield %r : f32
  }
  return %y : tensor<8x32xf32>
}

// Data movement: a transpose is one-relies-on-one with a permutation map and
// no flops; a depth_to_space-like reshuffle has a quasi-affine map.
// CHECK: remark: te @movement #0: one-relies-on-one
// CHECK: remark: te @movement #0: domain [0 <= d0 < 16, 0 <= d1 < 4]
// CHECK: remark: te @movement #0: input 0 tensor<4x16xf16>: (d0, d1) -> (d1, d0) (affine)
// CHECK: remark: te @movement #0: flops 0 (0 per point), bytes 256, compute-to-memory 0 flops/byte, 0 flops/element: memory-intensive
// CHECK: remark: te @movement #1: one-relies-on-one
// CHECK: remark: te @movement #1: domain [0 <= d0 < 8, 0 <= d1 < 8]
// CHECK: remark: te @movement #1: input 0 tensor<4x16xf16>: (d0, d1) -> (d0 floordiv 2, (d0 mod 2) * 8 + d1) (quasi-affine)
func.func @movement(%x: tensor<4x16xf16>) -> (tensor<16x4xf16>, tensor<8x8xf16>) {
  %t = te.compute(%x) shape () -> (16, 4) : (tensor<4x16xf16>) -> tensor<16x4xf16> {
  ^bb0(%i: index, %j: index):
    %v = te.load %x[(d0, d1) -> (d1, d0)] : tensor<4x16xf16> -> f16
    te.yield %v : f16
  }
  %r = te.compute(%x) shape () -> (8, 8) : (tensor<4x16xf16>) -> tensor<8x8xf16> {
  ^bb0(%i: index, %j: index):
    %v = te.load %x[(d0, d1) -> (d0 floordiv 2, (d0 mod 2) * 8 + d1)] : tensor<4x16xf16> -> f16
    te.yield %v : f16
  }
  return %t, %r : tensor<16x4xf16>, tensor<8x8xf16>
}

// Gather: the index tensor through an affine map, the table through an
// index-dependent one (its row comes from data). Index arithmetic is free.
// CHECK: remark: te @gather #0: one-relies-on-one
// CHECK: remark: te @gather #0: domain [0 <= d0 < 6, 0 <= d1 < 16]
// CHECK: remark: te @gather #0: input 1 tensor<6xi64>: (d0, d1) -> (d0) (affine)
// CHECK: remark: te @gather #0: input 0 tensor<100x16xf32>: (d0, d1, d2) -> (d2, d1) (affine, index-dependent on 1 operand)
// CHECK: remark: te @gather #0: flops 0 (0 per point), bytes 6832, compute-to-memory 0 flops/byte, 0 flops/element: memory-intensive
func.func @gather(%t: tensor<100x16xf32>, %idx: tensor<6xi64>) -> tensor<6x16xf32> {
  %c = te.compute(%t, %idx) shape () -> (6, 16) : (tensor<100x16xf32>, tensor<6xi64>) -> tensor<6x16xf32> {
  ^bb0(%i: index, %j: index):
    %e = te.load %idx[(d0, d1) -> (d0)] : tensor<6xi64> -> i64
    %ei = arith.index_cast %e : i64 to index
    %v = te.load %t[(d0, d1, d2) -> (d2, d1)](%ei) : tensor<100x16xf32> -> f32
    te.yield %v : f32
  }
  return %c : tensor<6x16xf32>
}

// A padded convolution: the input load is marked padded.
// CHECK: remark: te @conv1d #0: one-relies-on-many
// CHECK: remark: te @conv1d #0: domain [0 <= d0 < 10], reduction [0 <= d1 < 3] combiner sum
// CHECK: remark: te @conv1d #0: input 0 tensor<10xf32>: (d0, d1) -> (d0 + d1 - 1) (affine, padded)
func.func @conv1d(%x: tensor<10xf32>, %w: tensor<3xf32>) -> tensor<10xf32> {
  %c = te.compute(%x, %w) shape () -> (10) reduce () -> (3) combiner sum init 0.0
         : (tensor<10xf32>, tensor<3xf32>) -> tensor<10xf32> {
  ^bb0(%i: index, %k: index):
    %a = te.load %x[(d0, d1) -> (d0 + d1 - 1)] {padding = 0.0 : f32} : tensor<10xf32> -> f32
    %b = te.load %w[(d0, d1) -> (d1)] : tensor<3xf32> -> f32
    %p = arith.mulf %a, %b : f32
    te.yield %p : f32
  }
  return %c : tensor<10xf32>
}

// Dynamic sizes: the counts are symbolic and the ratio is dynamic.
// CHECK: remark: te @dynamic #0: one-relies-on-many
// CHECK: remark: te @dynamic #0: domain [0 <= d0 < s0, 0 <= d1 < 16], reduction [0 <= d2 < 8] combiner sum
// CHECK: remark: te @dynamic #0: input 0 tensor<?x8xf32>: (d0, d1, d2)[s0] -> (d0, d2) (affine)
// CHECK: remark: te @dynamic #0: input 1 tensor<8x16xf32>: (d0, d1, d2)[s0] -> (d2, d1) (affine)
// CHECK: remark: te @dynamic #0: flops 256*s0 (2 per point), bytes 32*dim(in0, 0) + 512 + 64*s0, compute-to-memory dynamic
func.func @dynamic(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>) -> tensor<?x16xf32> {
  %m = te.dim %a, 0 : tensor<?x8xf32>
  %c = te.compute(%a, %b) [%m] shape ()[s0] -> (s0, 16) reduce ()[s0] -> (8) combiner sum init 0.0
         : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x16xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x8xf32> -> f32
    %y = te.load %b[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<8x16xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<?x16xf32>
}
