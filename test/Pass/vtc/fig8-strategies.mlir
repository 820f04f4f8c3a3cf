// VTC Fig. 8: three points-to graphs of Fig. 6's VTOG.
// Strategy 1 (greedy, cost model): a, b, c and d all live in the K cache
//   (a piecewise: its Q and V parts in the physical results q and v).
// Strategy 2 (type1: Type I edges only): b and the cache physical, c a view
//   of b, d the cache in place; a stays physical (its edges are partial).
// Strategy 3 (none): every tensor physical.
// RUN: vtc-opt '--vtc-print-strategy=strategy=greedy cost=model' --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=S1
// RUN: vtc-opt '--vtc-print-strategy=strategy=type1' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=S2
// RUN: vtc-opt '--vtc-print-strategy=strategy=none' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=S3
// RUN: vtc-opt '--vtc-print-strategy=strategy=all' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: vtc-opt '--vtc-print-strategy=objective=memory' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEM
// RUN: not vtc-opt '--vtc-select=cost=profile' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROFILE

// PROFILE: fig8-strategies.mlir:[[@LINE+1]]:1: error: vtc: cost=profile needs a latency oracle
func.func @fig8(%x: tensor<2x64xf32>, %w: tensor<64x192xf32>, %cache: tensor<8x2x32xf32> {graph.aliasing_output = 1 : i64},
                %pos: tensor<2x1xi64>) -> (tensor<2x64xf32>, tensor<8x2x32xf32>, tensor<2x64xf32>) {
  %a = graph.matmul %x, %w : (tensor<2x64xf32>, tensor<64x192xf32>) -> tensor<2x192xf32>
  %qkv:3 = graph.split %a {axis = 1, split = [64, 64, 64]} : (tensor<2x192xf32>) -> (tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>)
  %c = graph.reshape %qkv#1 {shape = [2, 2, 32]} : (tensor<2x64xf32>) -> tensor<2x2x32xf32>
  %d = graph.scatter_nd %cache, %pos, %c : (tensor<8x2x32xf32>, tensor<2x1xi64>, tensor<2x2x32xf32>) -> tensor<8x2x32xf32>
  return %qkv#0, %d, %qkv#2 : tensor<2x64xf32>, tensor<8x2x32xf32>, tensor<2x64xf32>
}

// S1: strategy matmul.0: virtual of split.0#0 e1 (write), split.0#1 e2 (write), split.0#2 e3 (write): partial, d = 2, chunk 256 B, w = 3.001 us
// S1: strategy matmul.0 map to split.0#0: [0, ?) x [0, 64): S = [64, 1], b(I) = 0
// S1: strategy matmul.0 map to arg2: [0, ?) x [64, 128): index-dependent (positions from the index tensor)
// S1: strategy matmul.0 map to split.0#2: [0, ?) x [128, 192): S = [64, 1], b(I) = -128
// S1: strategy split.0#0: physical
// S1: strategy split.0#1: virtual of reshape.0 e5 (write): partial, d = 2, chunk 256 B, w = 3 us
// S1: strategy split.0#1 map to arg2: index-dependent
// S1: strategy split.0#2: physical
// S1: strategy reshape.0: virtual of scatter_nd.0 e7 (write): partial, d = 2, chunk 256 B, w = 1.5 us
// S1: strategy scatter_nd.0: virtual of arg2 e6 (in_place): Type I, d = 1, chunk 2048 B, w = 1.501 us
// S1: strategy scatter_nd.0 map to arg2: S = [64, 32, 1], b(I) = 0
// S1: strategy total: saving 9.003 us, 4 virtual tensors, 3 data-movement ops eliminated, 9216 bytes of traffic and 4608 buffer bytes saved
// S1: (S) 8 edges
// S1-NEXT: (S) 2 conflicts
// S1-NEXT: (S) 4 virtualized
// S1-NEXT: (S) 3 dm-eliminated
// S1-NEXT: (S) 4608 bytes-saved

// S2: strategy matmul.0: physical
// S2: strategy split.0#1: physical
// S2: strategy reshape.0: virtual of split.0#1 e4 (read): Type I, d = 1, chunk 512 B
// S2: strategy scatter_nd.0: virtual of arg2 e6 (in_place): Type I, d = 1, chunk 2048 B
// S2: strategy total: saving 4.502 us, 2 virtual tensors, 1 data-movement ops eliminated

// S3-NOT: virtual of
// S3: strategy total: saving 0 us, 0 virtual tensors, 0 data-movement ops eliminated

// ALL: strategy total: saving 6 (forced edges), 4 virtual tensors, 3 data-movement ops eliminated

// MEM: strategy total: saving 4608 B, 4 virtual tensors, 3 data-movement ops eliminated
