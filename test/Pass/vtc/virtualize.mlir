// vtc-virtualize = vtc-select + annotation (issue 14, item 5), on Fig. 6's
// graph: the split writes its input piecewise (a stored into q, the cache
// and v), the reshape stores b into c, the scatter_nd works in place and
// stores c by index. The pass is idempotent, its output parses and
// verifies, and strategy=none annotates nothing.
// RUN: vtc-opt --vtc-virtualize %s -o %t1.mlir 2>/dev/null
// RUN: FileCheck %s < %t1.mlir
// RUN: vtc-opt --vtc-virtualize %t1.mlir -o %t2.mlir 2>/dev/null
// RUN: diff %t1.mlir %t2.mlir
// RUN: vtc-opt '--vtc-virtualize=strategy=none' %s 2>/dev/null | FileCheck %s --check-prefix=NONE

func.func @fig6(%x: tensor<2x64xf32>, %w: tensor<64x192xf32>, %cache: tensor<8x2x32xf32> {graph.aliasing_output = 1 : i64},
                %pos: tensor<2x1xi64>) -> (tensor<2x64xf32>, tensor<8x2x32xf32>, tensor<2x64xf32>) {
  %a = graph.matmul %x, %w : (tensor<2x64xf32>, tensor<64x192xf32>) -> tensor<2x192xf32>
  // CHECK: graph.split
  // CHECK-SAME: vtc.composed = ["matmul.0 -> split.0#0: [0, ?) x [0, 64): S = [64, 1], b(I) = 0", "matmul.0 -> arg2: [0, ?) x [64, 128): index-dependent (positions from the index tensor)", "matmul.0 -> split.0#2: [0, ?) x [128, 192): S = [64, 1], b(I) = -128"]
  // CHECK-SAME: vtc.views = [{base = 0 : i64, bias = [0, 0], hi = [2, 64], kind = "write", lo = [0, 0], map = affine_map<(d0, d1) -> (d0, d1)>, virtual = 0 : i64}, {base = 1 : i64, bias = [0, -64], hi = [2, 128], kind = "write", lo = [0, 64], map = affine_map<(d0, d1) -> (d0, d1)>, virtual = 0 : i64}, {base = 2 : i64, bias = [0, -128], hi = [2, 192], kind = "write", lo = [0, 128], map = affine_map<(d0, d1) -> (d0, d1)>, virtual = 0 : i64}]
  // CHECK-SAME: vtc.virtual = "write"
  %qkv:3 = graph.split %a {axis = 1, split = [64, 64, 64]} : (tensor<2x192xf32>) -> (tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>)
  // CHECK: graph.reshape
  // CHECK-SAME: vtc.views = [{base = 0 : i64, bias = [0, 0, 0], kind = "write", map = affine_map<(d0, d1) -> (d0, d1 floordiv 32, d1 mod 32)>, virtual = 0 : i64}]
  // CHECK-SAME: vtc.virtual = "write"
  %c = graph.reshape %qkv#1 {shape = [2, 2, 32]} : (tensor<2x64xf32>) -> tensor<2x2x32xf32>
  // CHECK: graph.scatter_nd
  // CHECK-SAME: vtc.views = [{base = 0 : i64, bias = [0, 0, 0], kind = "in_place", map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>, virtual = 0 : i64}, {base = 0 : i64, kind = "write", virtual = 2 : i64}]
  // CHECK-SAME: vtc.virtual = "in_place"
  %d = graph.scatter_nd %cache, %pos, %c : (tensor<8x2x32xf32>, tensor<2x1xi64>, tensor<2x2x32xf32>) -> tensor<8x2x32xf32>
  return %qkv#0, %d, %qkv#2 : tensor<2x64xf32>, tensor<8x2x32xf32>, tensor<2x64xf32>
}
// NONE-NOT: vtc.virtual
