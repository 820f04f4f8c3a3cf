// VTC Fig. 6: the VTOG of the QKV projection's data movement. The split
// relates a (the matmul) and b, the reshape b and c, the scatter_nd c, d
// and the K cache (an argument donated to result 1, so d may live in it).
// Graph inputs and outputs are no views (Algorithm 1, line 10): q and v
// are results, so only a can be stored into them.
// RUN: vtc-opt --vtc-print-vtog --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s

func.func @fig6(%x: tensor<2x64xf32>, %w: tensor<64x192xf32>, %cache: tensor<8x2x32xf32> {graph.aliasing_output = 1 : i64},
                %pos: tensor<2x1xi64>) -> (tensor<2x64xf32>, tensor<8x2x32xf32>, tensor<2x64xf32>) {
  // CHECK: remark: vtog node arg2: tensor<8x2x32xf32>, 2048 bytes, input, donated to result 1
  // CHECK: remark: vtog node matmul.0: tensor<2x192xf32>, 1536 bytes
  // CHECK: remark: vtog node split.0#0: tensor<2x64xf32>, 512 bytes, result 0
  // CHECK: remark: vtog node split.0#1: tensor<2x64xf32>, 512 bytes
  // CHECK: remark: vtog node reshape.0: tensor<2x2x32xf32>, 512 bytes
  // CHECK: remark: vtog node scatter_nd.0: tensor<8x2x32xf32>, 2048 bytes, result 1
  %a = graph.matmul %x, %w : (tensor<2x64xf32>, tensor<64x192xf32>) -> tensor<2x192xf32>
  // CHECK: remark: vtog edge e0: split.0#1 -> matmul.0 (split read): partial, d = 2, chunk 256 B
  // CHECK: remark: vtog edge e0 map: S = [192, 1], b(I) = 64
  // CHECK: remark: vtog edge e1: matmul.0 -> split.0#0 (split write): partial, d = 2, chunk 256 B
  // CHECK: remark: vtog edge e1 map: [0, ?) x [0, 64): S = [64, 1], b(I) = 0
  // CHECK: remark: vtog edge e2: matmul.0 -> split.0#1 (split write): partial, d = 2, chunk 256 B
  // CHECK: remark: vtog edge e2 map: [0, ?) x [64, 128): S = [64, 1], b(I) = -64
  // CHECK: remark: vtog edge e3: matmul.0 -> split.0#2 (split write): partial, d = 2, chunk 256 B
  // CHECK: remark: vtog edge e3 map: [0, ?) x [128, 192): S = [64, 1], b(I) = -128
  %qkv:3 = graph.split %a {axis = 1, split = [64, 64, 64]} : (tensor<2x192xf32>) -> (tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>)
  // CHECK: remark: vtog edge e4: reshape.0 -> split.0#1 (reshape read): Type I, d = 1, chunk 512 B
  // CHECK: remark: vtog edge e5: split.0#1 -> reshape.0 (reshape write): Type I, d = 1, chunk 512 B
  %c = graph.reshape %qkv#1 {shape = [2, 2, 32]} : (tensor<2x64xf32>) -> tensor<2x2x32xf32>
  // CHECK: remark: vtog edge e6: scatter_nd.0 -> arg2 (scatter_nd in_place): Type I, d = 1, chunk 2048 B
  // CHECK: remark: vtog edge e6 map: S = [64, 32, 1], b(I) = 0
  // CHECK: remark: vtog edge e7: reshape.0 -> scatter_nd.0 (scatter_nd write): partial, d = 2, chunk 256 B
  // CHECK: remark: vtog edge e7 map: index-dependent (positions from the index tensor)
  %d = graph.scatter_nd %cache, %pos, %c : (tensor<8x2x32xf32>, tensor<2x1xi64>, tensor<2x2x32xf32>) -> tensor<8x2x32xf32>
  // b is either a view of a or stored into c; c a view of b or stored into the cache.
  // CHECK: remark: vtog conflict e0, e5: boxes overlap
  // CHECK: remark: vtog conflict e4, e7: boxes overlap
  // CHECK-NOT: vtog conflict
  return %qkv#0, %d, %qkv#2 : tensor<2x64xf32>, tensor<8x2x32xf32>, tensor<2x64xf32>
}

// CHECK: (S) 8 edges
// CHECK-NEXT: (S) 2 conflicts
