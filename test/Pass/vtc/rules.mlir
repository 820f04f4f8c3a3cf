// Virtual tensor rules (VTC section 4.4) of the 16 data-movement ops, both
// directions, with their contiguity (Definitions 4-5; h100: 128 B transfer
// unit) and the base offset in Equation (1) form S.I + b(I).
// RUN: vtc-opt --vtc-print-rules %s -o /dev/null 2>&1 | FileCheck %s

func.func @rules(%x: tensor<2x3x4xf32>, %y: tensor<2x5x4xf32>, %kv: tensor<1x2x6x8xf32>, %idx: tensor<3xi64>,
                 %img: tensor<1x8x2x3xf32>, %d: tensor<?x4x8xf32>, %cache: tensor<4x16xf32>,
                 %sidx: tensor<2x1xi64>, %upd: tensor<2x16xf32>) {
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 4, chunk 4 B
  // CHECK-NEXT: transpose
  // CHECK: rule read: result 0 -> operand 0: S = [1, 12, 4], b(I) = 0
  // CHECK: rule write: operand 0 -> result 0: Type II, d = 4, chunk 4 B
  // CHECK: rule write: operand 0 -> result 0: S = [3, 1, 6], b(I) = 0
  %0 = graph.transpose %x {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  // A reshape keeps the order: Type I both ways.
  // CHECK: rule read: result 0 -> operand 0: Type I, d = 1, chunk 96 B
  // CHECK-NEXT: reshape
  // CHECK: rule read: result 0 -> operand 0: S = [4, 1], b(I) = 0
  // CHECK: rule write: operand 0 -> result 0: Type I, d = 1, chunk 96 B
  // CHECK: rule write: operand 0 -> result 0: S = [12, 4, 1], b(I) = 0
  %1 = graph.reshape %x {shape = [6, 4]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // A dynamic batch passes through a reshape: `?` maps to `?`.
  // CHECK: rule read: result 0 -> operand 0: Type I, d = 1, chunk 128 B
  // CHECK-NEXT: reshape
  // CHECK: rule read: result 0 -> operand 0: S = [32, 1], b(I) = 0
  // CHECK: rule write: operand 0 -> result 0: Type I, d = 1, chunk 128 B
  // CHECK: rule write: operand 0 -> result 0: S = [32, 8, 1], b(I) = 0
  %2 = graph.reshape %d {shape = [0, 32]} : (tensor<?x4x8xf32>) -> tensor<?x32xf32>
  // Split on axis 1: the results are partial views of the input; the input is piecewise over them.
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 2, chunk 16 B
  // CHECK-NEXT: split
  // CHECK: rule read: result 0 -> operand 0: S = [12, 4, 1], b(I) = 0
  // CHECK: rule read: result 1 -> operand 0: Type II, d = 2, chunk 32 B
  // CHECK: rule read: result 1 -> operand 0: S = [12, 4, 1], b(I) = 4
  // CHECK: rule write: operand 0 -> result 0: Type II, d = 2, chunk 16 B
  // CHECK: rule write: operand 0 -> result 0: [0, ?) x [0, 1) x [0, ?): S = [4, 4, 1], b(I) = 0
  // CHECK: rule write: operand 0 -> result 1: Type II, d = 2, chunk 32 B
  // CHECK: rule write: operand 0 -> result 1: [0, ?) x [1, 3) x [0, ?): S = [8, 4, 1], b(I) = -4
  %3:2 = graph.split %x {axis = 1, split = [1, 2]} : (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x2x4xf32>)
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 2, chunk 48 B
  // CHECK-NEXT: concat
  // CHECK: rule read: result 0 -> operand 0: [0, ?) x [0, 3) x [0, ?): S = [12, 4, 1], b(I) = 0
  // CHECK: rule read: result 0 -> operand 1: Type II, d = 2, chunk 80 B
  // CHECK: rule read: result 0 -> operand 1: [0, ?) x [3, 8) x [0, ?): S = [20, 4, 1], b(I) = -12
  // CHECK: rule write: operand 0 -> result 0: Type II, d = 2, chunk 48 B
  // CHECK: rule write: operand 0 -> result 0: S = [32, 4, 1], b(I) = 0
  // CHECK: rule write: operand 1 -> result 0: Type II, d = 2, chunk 80 B
  // CHECK: rule write: operand 1 -> result 0: S = [32, 4, 1], b(I) = 12
  %4 = graph.concat %x, %y {axis = 1} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x8x4xf32>
  // Grouped-query attention (Remark 2): the expanded heads read the KV head `d1 floordiv 4`.
  // CHECK: rule read: result 0 -> operand 0: Type I, d = 1, chunk 384 B
  // CHECK-NEXT: unsqueeze
  // CHECK: rule write: operand 0 -> result 0: Type I, d = 1, chunk 384 B
  // CHECK: rule write: operand 0 -> result 0: S = [96, 48, 8, 1], b(I) = 0
  %5 = graph.unsqueeze %kv {axes = [2]} : (tensor<1x2x6x8xf32>) -> tensor<1x2x1x6x8xf32>
  // CHECK: rule read: result 0 -> operand 0: partial, d = 4, chunk 192 B
  // CHECK-NEXT: expand
  // CHECK: rule read: result 0 -> operand 0: S = [0, 48, 0, 8, 1], b(I) = 0
  // CHECK-NOT: rule write
  %6 = graph.expand %5 {shape = [1, 2, 4, 6, 8]} : (tensor<1x2x1x6x8xf32>) -> tensor<1x2x4x6x8xf32>
  // The reshape's floordiv and mod cancel in Equation (1): Type I.
  // CHECK: rule read: result 0 -> operand 0: Type I, d = 1, chunk 1536 B
  // CHECK: rule read: result 0 -> operand 0: S = [0, 48, 8, 1], b(I) = 0
  // CHECK: rule write: operand 0 -> result 0: S = [0, 192, 48, 8, 1], b(I) = 0
  %7 = graph.reshape %6 {shape = [1, 8, 6, 8]} : (tensor<1x2x4x6x8xf32>) -> tensor<1x8x6x8xf32>
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 4, chunk 4 B
  // CHECK-NEXT: slice
  // CHECK: rule read: result 0 -> operand 0: S = [12, 4, -1], b(I) = 7
  // CHECK-NOT: rule write
  %8 = graph.slice %x {starts = [1, -1], ends = [3, -100], axes = [1, 2], steps = [1, -1]} : (tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  // Tile as Remark 2's expansion: S keeps the strides, b(I) subtracts whole repeats.
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 4, chunk 4 B
  // CHECK-NEXT: tile
  // CHECK: rule read: result 0 -> operand 0: S = [12, 4, 1], b(I) = (d1 floordiv 3) * -12 - (d2 floordiv 4) * 4
  // CHECK-NOT: rule write
  %9 = graph.tile %x {repeats = [1, 2, 3]} : (tensor<2x3x4xf32>) -> tensor<2x6x12xf32>
  // Pad: the interior reads the input, the rest is fill; the input can be stored into the interior.
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 2, chunk 48 B
  // CHECK-NEXT: pad
  // CHECK: rule read: result 0 -> operand 0: [0, 2) x [1, 4) x [0, 4): S = [12, 4, 1], b(I) = -4
  // CHECK: rule read: result 0 -> operand 0: otherwise: fill 0.5
  // CHECK: rule write: operand 0 -> result 0: Type II, d = 2, chunk 48 B
  // CHECK: rule write: operand 0 -> result 0: S = [20, 4, 1], b(I) = 4
  %10 = graph.pad %x {pads = [0, 1, 0, 0, 1, 0], value = 0.5 : f64} : (tensor<2x3x4xf32>) -> tensor<2x5x4xf32>
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 5, chunk 4 B
  // CHECK-NEXT: depth_to_space
  // CHECK: rule read: result 0 -> operand 0: S = [48, 6, 24, 12], b(I) = (d2 floordiv 2) * -45 - (d3 floordiv 2) * 23
  // CHECK: rule write: operand 0 -> result 0: Type II, d = 5, chunk 4 B
  // CHECK: rule write: operand 0 -> result 0: S = [48, 24, 12, 2], b(I) = (d1 floordiv 2) * -45 - ((d1 floordiv 2) mod 2) * 2
  %11 = graph.depth_to_space %img {blocksize = 2} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32>
  // space_to_depth is depth_to_space's inverse: the two rules swap.
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 5, chunk 4 B
  // CHECK-NEXT: space_to_depth
  // CHECK: rule read: result 0 -> operand 0: S = [48, 24, 12, 2], b(I) = (d1 floordiv 2) * -45 - ((d1 floordiv 2) mod 2) * 2
  // CHECK: rule write: operand 0 -> result 0: Type II, d = 5, chunk 4 B
  // CHECK: rule write: operand 0 -> result 0: S = [48, 6, 24, 12], b(I) = (d2 floordiv 2) * -45 - (d3 floordiv 2) * 23
  %12 = graph.space_to_depth %11 {blocksize = 2} : (tensor<1x2x4x6xf32>) -> tensor<1x8x2x3xf32>
  // CHECK: rule read: result 0 -> operand 0: Type I, d = 1, chunk 384 B
  // CHECK-NEXT: flatten
  // CHECK: rule read: result 0 -> operand 0: S = [48, 1], b(I) = 0
  // CHECK: rule write: operand 0 -> result 0: Type I, d = 1, chunk 384 B
  %13 = graph.flatten %kv {axis = 2} : (tensor<1x2x6x8xf32>) -> tensor<2x48xf32>
  // CHECK: rule read: result 0 -> operand 0: Type I, d = 1, chunk 384 B
  // CHECK-NEXT: squeeze
  // CHECK: rule read: result 0 -> operand 0: S = [48, 8, 1], b(I) = 0
  // CHECK: rule write: operand 0 -> result 0: Type I, d = 1, chunk 384 B
  // CHECK: rule write: operand 0 -> result 0: S = [0, 48, 8, 1], b(I) = 0
  %14 = graph.squeeze %kv {axes = [0]} : (tensor<1x2x6x8xf32>) -> tensor<2x6x8xf32>
  // CHECK: rule read: result 0 -> operand 0: Type I, d = 1, chunk 128 B
  // CHECK-NEXT: identity
  // CHECK: rule write: operand 0 -> result 0: Type I, d = 1, chunk 128 B
  %15 = graph.identity %d : (tensor<?x4x8xf32>) -> tensor<?x4x8xf32>
  // Gather: index-dependent; each gathered row of 4 floats stays whole.
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 3, chunk 16 B
  // CHECK-NEXT: gather
  // CHECK: rule read: result 0 -> operand 0: index-dependent (positions from the index tensor)
  // CHECK-NOT: rule write
  %16 = graph.gather %x, %idx {axis = 1} : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  // ScatterND: the result in place of data (Type I); the updates stored by index, a 64 B row each.
  // CHECK: rule in_place: result 0 -> operand 0: Type I, d = 1, chunk 256 B
  // CHECK-NEXT: scatter_nd
  // CHECK: rule in_place: result 0 -> operand 0: S = [16, 1], b(I) = 0
  // CHECK: rule write: operand 2 -> result 0: Type II, d = 2, chunk 64 B
  // CHECK: rule write: operand 2 -> result 0: index-dependent (positions from the index tensor)
  %17 = graph.scatter_nd %cache, %sidx, %upd : (tensor<4x16xf32>, tensor<2x1xi64>, tensor<2x16xf32>) -> tensor<4x16xf32>
  // A reshape whose `?` does not pass through has no map.
  // CHECK: rule read: result 0 -> operand 0: none (`?` dims with no map)
  // CHECK: rule write: operand 0 -> result 0: none (`?` dims with no map)
  %18 = graph.reshape %d {shape = [-1]} : (tensor<?x4x8xf32>) -> tensor<?xf32>
  return
}
